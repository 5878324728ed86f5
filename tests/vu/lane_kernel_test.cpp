// The compiled code's flagless upper-op kernels (emu/vu/float/lane_kernel.hpp) against the scalar definitions
// (compare.hpp max/mini, convert.hpp itof/ftoi, ABS's magnitude mask): a fixed-seed cross-check between two of our
// own paths, over every dest mask, the broadcast form and a destination that is also an operand.

#include <array>
#include <cstdint>
#include <random>

#include <gtest/gtest.h>

#include "emu/vu/float/compare.hpp"
#include "emu/vu/float/convert.hpp"
#include "emu/vu/float/divider.hpp"
#include "emu/vu/float/fdiv_kernel.hpp"
#include "emu/vu/float/lane_kernel.hpp"
#include "emu/vu/float/ps2_float.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {
namespace {

// Mostly floats with a few interesting exponents (zero, denormal, 255, near FTOI's saturation) and equal magnitudes
// of either sign, so MAX/MINI's ties and ±0 come up.
uint32_t lane_operand(std::mt19937& rng) {
  static constexpr uint32_t kExponents[] = {0, 1, 126, 127, 128, 0x9c, 0x9d, 0x9e, 0xfe, 0xff};
  const uint32_t exp = rng() % 3 == 0 ? rng() % 256 : kExponents[rng() % std::size(kExponents)];
  const uint32_t fraction = rng() % 5 == 0 ? 0 : rng() & kFractionMask;
  return (rng() & kSignBit) | (exp << 23) | fraction;
}

uint32_t lane_reference(LaneKernelOp op, FixedPoint fixed, uint32_t a, uint32_t b) {
  switch (op) {
    case LaneKernelOp::kMax: return max(a, b);
    case LaneKernelOp::kMini: return mini(a, b);
    case LaneKernelOp::kAbs: return a & kMagnitudeMask;
    case LaneKernelOp::kItof: return itof(a, fixed);
    case LaneKernelOp::kFtoi: return ftoi(a, fixed);
  }
  return 0;
}

TEST(VuLaneKernel, EveryOpFormAndDestMaskMatchesTheScalarDefinitions) {
  std::mt19937 rng(0x1a9e);
  constexpr LaneKernelOp kOps[] = {LaneKernelOp::kMax, LaneKernelOp::kMini, LaneKernelOp::kAbs, LaneKernelOp::kItof,
                                   LaneKernelOp::kFtoi};
  constexpr FixedPoint kFormats[] = {FixedPoint::k0, FixedPoint::k4, FixedPoint::k12, FixedPoint::k15};
  for (LaneKernelOp op : kOps) {
    for (FixedPoint fixed : kFormats) {
      for (bool broadcast : {false, true}) {
        const LaneKernel kernel = lane_kernel(op, broadcast, fixed);
        ASSERT_NE(kernel, nullptr);
        for (int n = 0; n < 4000; ++n) {
          Vec4 fs;
          Vec4 ft;
          Vec4 dest;
          for (int lane = 0; lane < 4; ++lane) {
            fs[lane] = lane_operand(rng);
            ft[lane] = rng() % 4 == 0 ? fs[lane] ^ kSignBit : lane_operand(rng);
            dest[lane] = static_cast<uint32_t>(rng());
          }
          const auto fields = static_cast<FieldMask>(n % 16);
          const int bc = static_cast<int>(rng() % 4);
          const int alias = static_cast<int>(rng() % 3);  // 0: its own dest, 1: dest is fs, 2: dest is ft
          Vec4 want = alias == 1 ? fs : alias == 2 ? ft : dest;
          for (int lane = 0; lane < 4; ++lane) {
            if (has_lane(fields, lane)) want[lane] = lane_reference(op, fixed, fs[lane], broadcast ? ft[bc] : ft[lane]);
          }
          Vec4* target = alias == 1 ? &fs : alias == 2 ? &ft : &dest;
          kernel(fs.data(), broadcast ? &ft[static_cast<size_t>(bc)] : ft.data(), target->data(), fields);
          ASSERT_EQ(*target, want) << "op " << static_cast<int>(op) << " fixed " << static_cast<int>(fixed)
                                   << " broadcast " << broadcast << " case " << n;
        }
      }
    }
  }
}

// CLIP's kernel and the FDIV kernels (fdiv_kernel.hpp) against the functions the interpreter calls.
TEST(VuLaneKernel, ClipAndFdivKernelsMatchTheScalarDefinitions) {
  std::mt19937 rng(0xc11f);
  const FdivKernel div_fn = fdiv_kernel(FdivKernelOp::kDiv);
  const FdivKernel sqrt_fn = fdiv_kernel(FdivKernelOp::kSqrt);
  const FdivKernel rsqrt_fn = fdiv_kernel(FdivKernelOp::kRsqrt);
  const auto packed = [](const FdivResult& r) { return r.value | uint64_t{r.flags} << 32; };
  for (int n = 0; n < 20000; ++n) {
    Vec4 fs;
    Vec4 ft;
    for (int lane = 0; lane < 4; ++lane) {
      fs[lane] = lane_operand(rng);
      ft[lane] = rng() % 4 == 0 ? fs[lane] ^ kSignBit : lane_operand(rng);
    }
    ASSERT_EQ(clip_kernel(fs.data(), ft.data()), clip(fs[0], fs[1], fs[2], ft[3])) << "case " << n;
    ASSERT_EQ(div_fn(fs[0], ft[1]), packed(div(fs[0], ft[1]))) << "case " << n;
    ASSERT_EQ(sqrt_fn(fs[0], ft[1]), packed(sqrt(ft[1]))) << "case " << n;
    ASSERT_EQ(rsqrt_fn(fs[0], ft[1]), packed(rsqrt(fs[0], ft[1]))) << "case " << n;
  }
}

}  // namespace
}  // namespace gcvu::vu
