#pragma once
// The PS2 float adder: ADD, SUB (and ADDA/SUBA, the bc/i/q forms: same lane op). vu1.md §1 "ADD/SUB".
//
// Rules it implements:
//  * operands are ordered so |a| >= |b| (compared as integer magnitudes); d = exp(a) - exp(b);
//  * the adder keeps exactly one guard bit: b's significand is shifted right by d below a 1-bit extension of a's,
//    the bits shifted out are lost, the aligned sum is formed as an integer and the result is truncated (so
//    1.0 - 2^-25 = 1.0, unlike IEEE round-toward-zero); d > 24 leaves only a;
//  * a zero or denormal b leaves a unchanged; two zero operands give -0 only when both are negative;
//  * an exact cancellation gives +0;
//  * an exponent above 255 saturates to ±0x7FFFFFFF with a's sign and sets O; one below 1 flushes to ±0 with a's
//    sign and sets U and Z. (Reliquary keeps the fraction with exponent 0 instead; gcvu follows the
//    TellowKrinkle model, which the hardware tables and the model vectors agree with.)

#include <bit>
#include <cstdint>
#include <utility>

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu {

constexpr FmacResult add(uint32_t a, uint32_t b) {
  if ((a & kMagnitudeMask) < (b & kMagnitudeMask)) std::swap(a, b);
  const uint32_t exp_a = exponent_of(a);
  const uint32_t exp_b = exponent_of(b);
  if (exp_b == 0) {
    const uint32_t value = exp_a != 0 ? a : (a & b & kSignBit);
    return fmac_result(value, zero_sign_flags(value));
  }
  if (a == (b ^ kSignBit)) return fmac_result(0, kMacZ);

  // Significands with one guard bit: the hidden bit lands at bit 24.
  const uint32_t shift = exp_a - exp_b;
  const uint32_t big = significand_of(a) << 1;
  const uint32_t small = shift > 25 ? 0 : (significand_of(b) << 1) >> shift;
  const uint32_t sum = sign_of(a) == sign_of(b) ? big + small : big - small;  // non-zero: |a| > |b| here

  const int top = std::bit_width(sum) - 1;  // 24 when the exponent is unchanged
  const int exp = static_cast<int>(exp_a) + top - 24;
  const uint32_t sign = sign_of(a);
  if (exp > 255) return fmac_result(sign | kMaxMagnitude, static_cast<uint8_t>(kMacO | (sign ? kMacS : 0)));
  if (exp <= 0) return fmac_result(sign, static_cast<uint8_t>(kMacU | kMacZ | (sign ? kMacS : 0)));
  const uint32_t fraction = (top >= 23 ? sum >> (top - 23) : sum << (23 - top)) & kFractionMask;
  const uint32_t value = sign | (static_cast<uint32_t>(exp) << 23) | fraction;
  return fmac_result(value, zero_sign_flags(value));
}

// a - b is a + (b with its sign flipped): for two zeros it is -0 only when a is negative and b positive.
constexpr FmacResult sub(uint32_t a, uint32_t b) { return add(a, b ^ kSignBit); }

}  // namespace gcvu::vu
