#pragma once
// MAX, MINI and CLIP: comparisons done on the bit patterns, not through the adder. They leave MAC and status
// alone. vu1.md §1 "MAX/MINI" and "CLIP".

#include <cstdint>

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu {

namespace detail {

// Maps a sign-magnitude pattern to a signed integer with the same order (-0 sorts just below +0).
constexpr int32_t ordered_key(uint32_t x) {
  return static_cast<int32_t>(sign_of(x) != 0 ? x ^ kMagnitudeMask : x);
}

// The magnitude CLIP compares: a zero or denormal counts as 0, exponent 255 compares like any other.
constexpr uint32_t clip_magnitude(uint32_t x) { return is_zero(x) ? 0 : x & kMagnitudeMask; }

}  // namespace detail

// MAX/MINI compare as sign-magnitude integers and return one operand unchanged (denormals pass through).
constexpr uint32_t max(uint32_t fs, uint32_t ft) {
  return detail::ordered_key(fs) >= detail::ordered_key(ft) ? fs : ft;
}
constexpr uint32_t mini(uint32_t fs, uint32_t ft) {
  return detail::ordered_key(fs) < detail::ordered_key(ft) ? fs : ft;
}

// Clip judgement bits for one of x, y, z: bit 0 = value > +|w|, bit 1 = value < -|w| (magnitude compare with
// denormals as 0; so ±0 against ±0 gives 0 and a denormal never exceeds w = 0).
inline constexpr uint32_t kClipPositive = 1;
inline constexpr uint32_t kClipNegative = 2;

constexpr uint32_t clip_judgement(uint32_t value, uint32_t w) {
  if (detail::clip_magnitude(value) <= detail::clip_magnitude(w)) return 0;
  return sign_of(value) != 0 ? kClipNegative : kClipPositive;
}

// CLIP fs.xyz, ft.w: the 6-bit judgement +x, -x, +y, -y, +z, -z in bits 0-5.
constexpr uint32_t clip(uint32_t x, uint32_t y, uint32_t z, uint32_t w) {
  return clip_judgement(x, w) | (clip_judgement(y, w) << 2) | (clip_judgement(z, w) << 4);
}

// The clip flag register after one more CLIP: the history shifts left 6 and keeps 24 bits (4 judgements).
constexpr uint32_t push_clip_history(uint32_t history, uint32_t judgement) {
  return ((history << 6) | (judgement & 0x3F)) & 0xFFFFFF;
}

}  // namespace gcvu::vu
