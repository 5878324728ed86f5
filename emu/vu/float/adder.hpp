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

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu {

namespace detail {

// The uncommon ends of add, kept out of line so the hot path inlines small: an exact cancellation, a cancellation
// of leading bits (the normalising shift needs a bit scan), and an exponent outside [1, 255].
constexpr FmacResult add_uncommon(uint32_t sign, uint32_t exp_a, uint32_t sum) {
  const uint8_t sign_flag = static_cast<uint8_t>(sign >> 30);  // kMacS
  if (sum == 0) return fmac_result(0, kMacZ);  // an exact cancellation gives +0
  const int top = std::bit_width(sum) - 1;     // 24 when the exponent is unchanged
  const int exp = static_cast<int>(exp_a) + top - 24;
  if (exp > 255) return fmac_result(sign | kMaxMagnitude, static_cast<uint8_t>(kMacO | sign_flag));
  if (exp <= 0) return fmac_result(sign, static_cast<uint8_t>(kMacU | kMacZ | sign_flag));
  const uint32_t significand = (sum << (31 - top)) >> 8;  // leading one to bit 31, then to bit 23: truncates
  return fmac_result(sign | ((static_cast<uint32_t>(exp - 1) << 23) + significand), sign_flag);
}

}  // namespace detail

// The fast path (the reference model is reference::add in reference.hpp; tests/vu/float_fast_path_test.cpp holds
// this to it bit for bit, flags included). Only predictable branches stay on the way: both operands zero, a
// cancellation of the leading bits, and the result's exponent leaving [1, 255]. The rest is straight-line:
//  * a zero or denormal b is an aligned addend of 0, so the sum is a's significand and the result is a itself;
//  * a shift of 26 or more leaves nothing of b's 25 bits, so the shift is clamped to 31 instead of tested;
//  * a subtraction is an add of the two's complement, selected by a mask from the sign difference;
//  * normalising is a right shift by 0, 1 or 2 when the leading one is at bit 23, 24 or 25 (the common case), and
//    otherwise a shift of the leading one to bit 31 and back down to bit 23, which truncates exactly as the
//    reference's two-way shift does (the leading one sits at bit 25 at most, so nothing is lost on the left).
[[gnu::always_inline]] constexpr FmacResult add(uint32_t a, uint32_t b) {
  // Masks rather than conditionals: the order and the sign difference are coin flips on real data, and a
  // compiler that turns them into branches pays a misprediction on every other op.
  const uint32_t swap = 0u - static_cast<uint32_t>((a & kMagnitudeMask) < (b & kMagnitudeMask));
  const uint32_t big_operand = a ^ ((a ^ b) & swap);
  const uint32_t small_operand = b ^ ((a ^ b) & swap);
  const uint32_t exp_a = exponent_of(big_operand);
  const uint32_t exp_b = exponent_of(small_operand);
  if (exp_a == 0) [[unlikely]] {  // both zero (|a| >= |b|): -0 only when both are negative
    const uint32_t value = a & b & kSignBit;
    return fmac_result(value, zero_sign_flags(value));
  }
  const uint32_t sign = sign_of(big_operand);
  const uint32_t shift = exp_a - exp_b;
  const uint32_t big = significand_of(big_operand) << 1;  // one guard bit: the hidden bit lands at bit 24
  const uint32_t small_mask = 0u - static_cast<uint32_t>(exp_b != 0);
  const uint32_t small = ((significand_of(small_operand) << 1) & small_mask) >> (shift < 31 ? shift : 31);
  const uint32_t negate = 0u - ((a ^ b) >> 31);
  const uint32_t sum = big + ((small ^ negate) - negate);  // zero only for an exact cancellation

  // The sum's leading one is at bit 23, 24 or 25 except after a cancellation (opposite signs, d <= 1): same signs
  // give [2^24, 2^26); opposite signs with d >= 2 leave more than 2^24 - 2^23. Those three positions are two
  // compares, which avoids a bit scan on the common path (BSR is slow on some cores without LZCNT).
  const uint8_t sign_flag = static_cast<uint8_t>(sign >> 30);  // kMacS
  static_assert(kMacS == (kSignBit >> 30));
  if (sum >= (1u << 23)) [[likely]] {
    const uint32_t above = static_cast<uint32_t>(sum >= (1u << 24)) + static_cast<uint32_t>(sum >= (1u << 25));
    const uint32_t exp = exp_a + above - 1;  // the result's exponent; the leading one is at bit 23 + above
    if (exp - 1 < 255u) [[likely]] {
      // The hidden bit at bit 23 adds the 1 taken off the exponent field.
      return fmac_result(sign | (((exp - 1) << 23) + (sum >> above)), sign_flag);
    }
  }
  return detail::add_uncommon(sign, exp_a, sum);
}

// a - b is a + (b with its sign flipped): for two zeros it is -0 only when a is negative and b positive.
constexpr FmacResult sub(uint32_t a, uint32_t b) { return add(a, b ^ kSignBit); }

}  // namespace gcvu::vu
