#include "harness/frame/lod_choice.hpp"

#include "emu/vu/float/float_unit.hpp"
#include "harness/frame/float_word.hpp"

namespace gcvu::harness::frame {

namespace {

int32_t fixed(uint32_t value) {
  return static_cast<int32_t>(vu::ftoi(vu::mul(value, float_word(1024.0f)).value, vu::FixedPoint::k0));
}

uint32_t band(uint32_t dist, uint32_t low, uint32_t high) {
  const uint32_t ratio = vu::div(vu::sub(dist, low).value, vu::sub(high, low).value).value;
  return vu::mini(vu::max(ratio, 0), vu::kOne);
}

}  // namespace

const char* lod_mode_name(LodMode mode) {
  switch (mode) {
    case LodMode::kLod2: return "LOD 2";
    case LodMode::kLod1Collapse: return "LOD 1 collapse";
    case LodMode::kLod1Morph: return "LOD 1 morph";
    case LodMode::kLod0Collapse: return "LOD 0 collapse";
    case LodMode::kLod0Morph: return "LOD 0 morph";
    case LodMode::kLod0: return "LOD 0";
  }
  return "?";
}

int lod_of(LodMode mode) {
  switch (mode) {
    case LodMode::kLod2: return 2;
    case LodMode::kLod1Collapse:
    case LodMode::kLod1Morph: return 1;
    default: return 0;
  }
}

LodChoice choose_lod(const std::array<float, 3>& eye, const std::array<float, 4>& sphere, float lod_distance) {
  const uint32_t l = float_word(lod_distance);
  const uint32_t d0 = vu::mul(l, float_word(6.0f)).value;
  const uint32_t d1 = vu::mul(l, float_word(4.0f)).value;
  const uint32_t d2 = vu::mul(l, float_word(2.0f)).value;
  std::array<uint32_t, 3> delta{};
  for (size_t axis = 0; axis < 3; ++axis) delta[axis] = vu::sub(float_word(sphere[axis]), float_word(eye[axis])).value;
  const uint32_t dist2 = vu::add(vu::add(vu::mul(delta[0], delta[0]).value, vu::mul(delta[1], delta[1]).value).value,
                                 vu::mul(delta[2], delta[2]).value)
                             .value;
  const uint32_t dist = vu::sqrt(dist2).value;
  LodChoice choice;
  choice.near_fixed = fixed(vu::sub(dist, float_word(sphere[3])).value);
  choice.far_fixed = fixed(vu::add(dist, float_word(sphere[3])).value);
  const int32_t t0 = fixed(d0), t1 = fixed(d1), t2 = fixed(d2);
  const int32_t near = choice.near_fixed, far = choice.far_fixed;
  if (near >= t0) {
    choice.mode = LodMode::kLod2;
  } else if (far >= t0) {
    choice.mode = LodMode::kLod1Collapse;
    choice.w01 = vu::kOne;
  } else if (near >= t1) {
    choice.mode = LodMode::kLod1Morph;
    choice.w01 = band(dist, d1, d0);
  } else if (far >= t1) {
    choice.mode = LodMode::kLod0Collapse;
    choice.w01 = band(dist, d1, d0);
    choice.w0 = vu::kOne;
  } else if (far >= t2) {
    choice.mode = LodMode::kLod0Morph;
    choice.w0 = band(dist, d2, d1);
  } else {
    choice.mode = LodMode::kLod0;
  }
  return choice;
}

}  // namespace gcvu::harness::frame
