#pragma once
// FTOI0/4/12/15 and ITOF0/4/12/15: conversions between PS2 floats and 32-bit two's-complement fixed point with
// 0, 4, 12 or 15 fraction bits. vu1.md §1 "FTOI/ITOF". They leave MAC and status alone, so they return bare values.

#include <bit>
#include <cstdint>

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu {

// The fraction-bit counts the FTOI/ITOF variants use.
enum class FixedPoint : unsigned { k0 = 0, k4 = 4, k12 = 12, k15 = 15 };

// FTOIn: scale by 2^n (exact: the exponent grows by n), then truncate toward zero. A scaled exponent field of 0x9E
// or more (|x| >= 2^31, which includes every exponent-255 value) saturates to 0x7FFFFFFF or 0x80000000 by sign.
// Zero and denormal inputs give 0.
constexpr uint32_t ftoi(uint32_t x, FixedPoint format) {
  const uint32_t exp = exponent_of(x);
  const uint32_t scaled_exp = exp + static_cast<unsigned>(format);
  // |x| * 2^n = significand * 2^(scaled_exp - 150): the significand moved up 8 places, then down by
  // 158 - scaled_exp (at least 1 below saturation; shifts of 32 and more leave nothing, and are clamped to 63).
  // Branch-free: signs and magnitudes of real data are coin flips to a branch predictor.
  const uint32_t down = 158 - scaled_exp;
  const auto magnitude = static_cast<uint32_t>((uint64_t{significand_of(x)} << 8) >> (down < 63 ? down : 63));
  const uint32_t negative = 0u - (x >> 31);
  uint32_t value = (magnitude ^ negative) - negative;
  value = exp == 0 ? 0 : value;
  return scaled_exp >= 0x9E ? kMagnitudeMask + (x >> 31) : value;
}

// ITOFn: the integer's magnitude is truncated toward zero to 24 significant bits (not rounded: 7FFFFFFF gives
// 4EFFFFFF), then scaled by 2^-n (exact). 0x80000000 is -2^31.
constexpr uint32_t itof(uint32_t bits, FixedPoint format) {
  if (bits == 0) return 0;
  const uint32_t sign = sign_of(bits);
  const uint32_t magnitude = sign != 0 ? 0u - bits : bits;
  const int top = std::bit_width(magnitude) - 1;
  const uint32_t fraction = (top >= 23 ? magnitude >> (top - 23) : magnitude << (23 - top)) & kFractionMask;
  const uint32_t exp = static_cast<uint32_t>(127 + top) - static_cast<unsigned>(format);
  return sign | (exp << 23) | fraction;
}

}  // namespace gcvu::vu
