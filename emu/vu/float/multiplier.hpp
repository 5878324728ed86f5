#pragma once
// The PS2 float multiplier: MUL (and MULA, the bc/i/q forms). vu1.md §1 "MUL".
//
// The significands go through a radix-4 Booth multiplier whose carry-save tree drops some low partial-product
// bits. Only the low 16 bits of the tree matter to the result: the exact 48-bit product is kept, bit 15 is
// recomputed from the lossy tree, and when the two disagree the product is 0x8000 lower. So a PS2 product is the
// truncated exact product or 1 ulp below it, never above. The Booth recoding is applied to the second operand (ft),
// which makes MUL non-commutative (00800000*7FFFFFFF = 40FFFFFE but 7FFFFFFF*00800000 = 40FFFFFF) and makes
// 1.0*x differ from x when x has low fraction bits set, while x*1.0 = x.
//
// Other rules: a zero or denormal operand gives ±0 with the XOR of the signs; an exponent above 255 saturates to
// ±0x7FFFFFFF with O; one below 1 flushes to ±0 with U and Z.

#include <cstdint>

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu {

namespace detail {

// Bit 15 of the product as the PS2's tree computes it: the same rows and the same tree as
// reference::detail::booth_tree_bit15 (reference.hpp documents the wiring), with the Booth digit decode made
// branch-free. For the window w = y[2i+1] y[2i] y[2i-1] = b2 b1 b0:
//   |digit| = 1  <=>  b0 != b1               (windows 1, 2, 5, 6)
//   |digit| = 2  <=>  b0 == b1 and b2 != b1  (windows 3, 4)
//   negative     <=>  b2 and not (b1 and b0) (windows 4, 5, 6; window 7 is -0: no row and no +1)
// and a negative row's one's complement over bits >= 2i is an XOR with that mask, because the magnitude has no
// bits below 2i. Only bits 0-15 of the rows reach bit 15 (compressors and adds only carry upwards).
// The decoded digit flags of all eight windows at once, digit i's at bit 2i: W0, W1, W2 are the window words
// shifted so that bit 2i holds b0, b1, b2.
struct BoothDigits {
  uint32_t one;
  uint32_t two;
  uint32_t negative;
};

constexpr BoothDigits booth_digits(uint32_t y) {
  const uint32_t w0 = y << 1;  // y[-1] = 0
  const uint32_t w1 = y;
  const uint32_t w2 = y >> 1;
  const uint32_t one = w0 ^ w1;
  return BoothDigits{one, (w2 ^ w1) & ~one, w2 & ~(w1 & w0)};
}

// Row `place / 2` (place = 2i) from the decoded flags: the magnitude 0, x or 2x at bit 2i, one's-complemented over
// bits >= 2i when negative.
constexpr uint32_t booth_row_bits(uint32_t x, const BoothDigits& d, unsigned place) {
  const uint32_t one = 0u - ((d.one >> place) & 1);
  const uint32_t two = 0u - ((d.two >> place) & 1);
  const uint32_t negative = 0u - ((d.negative >> place) & 1);
  return (((x & one) | ((x << 1) & two)) << place) ^ ((~0u << place) & negative);
}

constexpr uint32_t booth_tree_bit15(uint32_t x, uint32_t y) {
  const BoothDigits d = booth_digits(y);
  const uint32_t rows[8] = {booth_row_bits(x, d, 0),  booth_row_bits(x, d, 2),  booth_row_bits(x, d, 4),
                            booth_row_bits(x, d, 6),  booth_row_bits(x, d, 8),  booth_row_bits(x, d, 10),
                            booth_row_bits(x, d, 12), booth_row_bits(x, d, 14)};
  const uint32_t one_5 = d.negative & (1u << 10);
  const uint32_t one_6 = d.negative & (1u << 12);
  const uint32_t one_7 = d.negative & (1u << 14);

  const auto compress = [](uint32_t p, uint32_t q, uint32_t r, uint32_t& carry) {
    carry = ((p & q) | (p & r) | (q & r)) << 1;
    return p ^ q ^ r;
  };
  uint32_t carry_1a = 0;
  uint32_t carry_1b = 0;
  uint32_t carry_2a = 0;
  uint32_t carry_2b = 0;
  uint32_t carry_3 = 0;
  uint32_t carry_4 = 0;
  const uint32_t sum_1a = compress(rows[1], rows[2], rows[3], carry_1a);
  const uint32_t sum_1b = compress(rows[4] & ~0x7FFu, rows[5] & ~0xFFFu, rows[6], carry_1b);
  carry_1b |= one_6 | (rows[5] & 0x800u);
  const uint32_t row7 = rows[7] | ((rows[5] & 0x400u) + one_5);
  const uint32_t sum_2a = compress(rows[0], sum_1a, carry_1a, carry_2a);
  const uint32_t sum_2b = compress(row7, sum_1b, carry_1b, carry_2b);
  const uint32_t sum_3 = compress(carry_2a, sum_2b, carry_2b, carry_3);
  const uint32_t sum_4 = compress(sum_2a, sum_3, carry_3, carry_4);
  carry_4 += one_7;
  // The final adder sees bits 15 and up of both words, so its bit 15 is their XOR (nothing carries in).
  return ((sum_4 ^ carry_4) >> 15) & 1;
}

// The PS2 product of the significands x (fs) and y (ft, Booth-recoded), given their exact product: `exact`, or
// `exact - 0x8000` when the tree's bit 15 disagrees with the exact one.
constexpr uint64_t booth_product(uint32_t x, uint32_t y, uint64_t exact) {
  const uint32_t exact_bit15 = static_cast<uint32_t>(exact >> 15) & 1;
  return exact_bit15 == booth_tree_bit15(x, y) ? exact : exact - 0x8000u;
}

}  // namespace detail

// The fast path (the reference model is reference::mul in reference.hpp; tests/vu/float_fast_path_test.cpp holds
// this to it bit for bit, flags included). One 64-bit multiply gives the exact product E; the tree is consulted
// only when its answer can matter.
//
// The bound. The model's product is P = E or P = E - 2^15, and the result keeps only P's bits from 23 up (from 24
// up when P >= 2^47, the one-bit normalisation). If E mod 2^23 >= 2^15 (some bit 15-22 of E is set), subtracting
// 2^15 borrows nothing out of bit 22, so E and E - 2^15 agree in every bit from 23 up; and since 2^47 is a
// multiple of 2^23 they also fall on the same side of 2^47, so both normalise alike and give the same result: the
// truncated exact product, whatever the tree says. Separately, if y's low 16 bits are zero every Booth window
// (y bits 15 down to -1) is 000, so every row and +1 is zero and the tree's bit 15 is 0, and E = x * y is a
// multiple of 2^16 so E's bit 15 is 0 too: they agree and P = E (this covers x * 1.0, x * 0.5, x * 3.0, ...).
// Only the remaining products (E's bits 15-22 all clear and y's low 16 bits not all clear: about 1 in 256 random
// operand pairs, and every 1.0 * x, 0.5 * x, ...) run the tree.
[[gnu::always_inline]] constexpr FmacResult mul(uint32_t fs, uint32_t ft) {
  const uint32_t sign = sign_of(fs ^ ft);
  const uint8_t sign_flag = static_cast<uint8_t>(sign >> 30);  // kMacS
  static_assert(kMacS == (kSignBit >> 30));
  const uint32_t exp_s = exponent_of(fs);
  const uint32_t exp_t = exponent_of(ft);
  if (exp_s == 0 || exp_t == 0) [[unlikely]] return fmac_result(sign, static_cast<uint8_t>(kMacZ | sign_flag));
  const uint32_t x = significand_of(fs);
  const uint32_t y = significand_of(ft);
  uint64_t product = static_cast<uint64_t>(x) * y;
  if ((product & 0x7F8000u) == 0 && (y & 0xFFFFu) != 0) [[unlikely]] product = detail::booth_product(x, y, product);

  const uint32_t carry = static_cast<uint32_t>(product >> 47);  // the product is in [2^46, 2^48)
  const uint32_t significand = static_cast<uint32_t>(product >> (23 + carry));  // hidden bit at bit 23
  const int exp = static_cast<int>(exp_s + exp_t + carry) - 127;
  if (static_cast<unsigned>(exp - 1) >= 255u) [[unlikely]] {
    if (exp > 255) return fmac_result(sign | kMaxMagnitude, static_cast<uint8_t>(kMacO | sign_flag));
    return fmac_result(sign, static_cast<uint8_t>(kMacU | kMacZ | sign_flag));
  }
  // The hidden bit adds the 1 taken off the exponent field.
  return fmac_result(sign | ((static_cast<uint32_t>(exp - 1) << 23) + significand), sign_flag);
}

}  // namespace gcvu::vu
