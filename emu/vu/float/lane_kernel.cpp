#include "emu/vu/float/lane_kernel.hpp"

#include <cstring>

#include "emu/vu/float/compare.hpp"
#include "emu/vu/float/convert_vector.hpp"
#include "emu/vu/float/ps2_float.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

namespace {

template <LaneKernelOp kOp, bool kBroadcast, FixedPoint kFixed>
void kernel(const uint32_t* fs, const uint32_t* ft, uint32_t* dest, uint32_t fields) {
  Vec4 a;
  std::memcpy(a.data(), fs, sizeof(a));
  Vec4 result{};
  if constexpr (kOp == LaneKernelOp::kMax || kOp == LaneKernelOp::kMini) {
    Vec4 b;
    if constexpr (kBroadcast) {
      b = broadcast(*ft);
    } else {
      std::memcpy(b.data(), ft, sizeof(b));
    }
    for (int lane = 0; lane < 4; ++lane) {
      result[lane] = kOp == LaneKernelOp::kMax ? max(a[lane], b[lane]) : mini(a[lane], b[lane]);
    }
  } else if constexpr (kOp == LaneKernelOp::kAbs) {
    for (int lane = 0; lane < 4; ++lane) result[lane] = a[lane] & kMagnitudeMask;
  } else if constexpr (kOp == LaneKernelOp::kItof) {
    result = itof4(a, kFixed);
  } else {
    result = ftoi4(a, kFixed);
  }
  for (int lane = 0; lane < 4; ++lane) {
    if (has_lane(static_cast<FieldMask>(fields), lane)) dest[lane] = result[lane];
  }
}

template <LaneKernelOp kOp>
LaneKernel by_fixed(FixedPoint fixed) {
  switch (fixed) {
    case FixedPoint::k0: return &kernel<kOp, false, FixedPoint::k0>;
    case FixedPoint::k4: return &kernel<kOp, false, FixedPoint::k4>;
    case FixedPoint::k12: return &kernel<kOp, false, FixedPoint::k12>;
    case FixedPoint::k15: return &kernel<kOp, false, FixedPoint::k15>;
  }
  return nullptr;
}

}  // namespace

LaneKernel lane_kernel(LaneKernelOp op, bool broadcast, FixedPoint fixed) {
  switch (op) {
    case LaneKernelOp::kMax:
      return broadcast ? &kernel<LaneKernelOp::kMax, true, FixedPoint::k0>
                       : &kernel<LaneKernelOp::kMax, false, FixedPoint::k0>;
    case LaneKernelOp::kMini:
      return broadcast ? &kernel<LaneKernelOp::kMini, true, FixedPoint::k0>
                       : &kernel<LaneKernelOp::kMini, false, FixedPoint::k0>;
    case LaneKernelOp::kAbs: return &kernel<LaneKernelOp::kAbs, false, FixedPoint::k0>;
    case LaneKernelOp::kItof: return by_fixed<LaneKernelOp::kItof>(fixed);
    case LaneKernelOp::kFtoi: return by_fixed<LaneKernelOp::kFtoi>(fixed);
  }
  return nullptr;
}

uint32_t clip_kernel(const uint32_t* fs, const uint32_t* ft) { return clip(fs[0], fs[1], fs[2], ft[3]); }

}  // namespace gcvu::vu
