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

// A carry-save pair: the value is sum + carry (carry already shifted into place).
struct CarrySave {
  uint32_t sum;
  uint32_t carry;
};

// A 3:2 compressor row: full adders on every column.
constexpr CarrySave compress(uint32_t a, uint32_t b, uint32_t c) {
  return CarrySave{a ^ b ^ c, ((a & b) | (a & c) | (b & c)) << 1};
}

// Booth radix-4 partial product `digit` (0..7) of x * y, kept to 32 bits: y's bits 2i+1, 2i, 2i-1 select
// 0, ±x or ±2x, placed at bit 2i. A negative digit is the one's complement of the shifted magnitude in bits >= 2i,
// with its +1 returned separately in `negate_one` (bit 2i) because the tree adds it somewhere else (or not at all).
struct BoothRow {
  uint32_t bits;
  uint32_t negate_one;
};

constexpr BoothRow booth_row(uint32_t x, uint32_t y, unsigned digit) {
  const unsigned window = ((y << 1) >> (2 * digit)) & 7;  // y[2i+1] y[2i] y[2i-1], with y[-1] = 0
  const unsigned place = 2 * digit;
  uint32_t magnitude = 0;
  if (window == 1 || window == 2 || window == 5 || window == 6) magnitude = x << place;         // |digit| = 1
  if (window == 3 || window == 4) magnitude = x << (place + 1);                                 // |digit| = 2
  const bool negative = window >= 4 && window <= 6;  // window 7 is -0: no row and no +1
  if (!negative) return BoothRow{magnitude, 0};
  return BoothRow{~magnitude & (~0u << place), 1u << place};
}

// Bit 15 of the product as the PS2's tree computes it. The tree, for rows r0..r7 (r_i at bit 2i):
//   level 1: A = compress(r1, r2, r3); B = compress(r4 without bits 8-10, r5 without bits 10-11, r6);
//            r5's bit 11 and r6's +1 (bit 12) are wired into B.carry; r5's bit 10 plus r5's +1 go into r7's
//            empty bits 10-11; r4's bits 8-10 and the +1s of r0..r4 are never added.
//   level 2: C = compress(r0, A.sum, A.carry); D = compress(r7, B.sum, B.carry).
//   level 3: E = compress(C.carry, D.sum, D.carry).
//   level 4: F = compress(C.sum, E.sum, E.carry); r7's +1 (bit 14) joins F.carry.
//   The final adder sees only bits 15 and up of F, so carries out of bits 0-14 are lost.
constexpr uint32_t booth_tree_bit15(uint32_t x, uint32_t y) {
  BoothRow rows[8] = {};
  for (unsigned digit = 0; digit < 8; ++digit) rows[digit] = booth_row(x, y, digit);

  const CarrySave level1a = compress(rows[1].bits, rows[2].bits, rows[3].bits);
  CarrySave level1b = compress(rows[4].bits & ~0x7FFu, rows[5].bits & ~0xFFFu, rows[6].bits);
  level1b.carry |= rows[6].negate_one | (rows[5].bits & 0x800u);
  const uint32_t row7 = rows[7].bits | ((rows[5].bits & 0x400u) + rows[5].negate_one);

  const CarrySave level2a = compress(rows[0].bits, level1a.sum, level1a.carry);
  const CarrySave level2b = compress(row7, level1b.sum, level1b.carry);
  const CarrySave level3 = compress(level2a.carry, level2b.sum, level2b.carry);
  CarrySave level4 = compress(level2a.sum, level3.sum, level3.carry);
  level4.carry += rows[7].negate_one;

  const uint32_t high = (level4.sum & ~0x7FFFu) + (level4.carry & ~0x7FFFu);
  return (high >> 15) & 1;
}

// The PS2 product of two 24-bit significands (fs, then ft which is Booth-recoded): the exact 48-bit product,
// lowered by 0x8000 when the tree's bit 15 disagrees with the exact one.
constexpr uint64_t significand_product(uint32_t fs_significand, uint32_t ft_significand) {
  const uint64_t exact = static_cast<uint64_t>(fs_significand) * ft_significand;
  const uint32_t exact_bit15 = static_cast<uint32_t>(exact >> 15) & 1;
  return exact_bit15 == booth_tree_bit15(fs_significand, ft_significand) ? exact : exact - 0x8000u;
}

}  // namespace detail

constexpr FmacResult mul(uint32_t fs, uint32_t ft) {
  const uint32_t sign = sign_of(fs ^ ft);
  const uint8_t sign_flag = sign != 0 ? kMacS : 0;
  if (is_zero(fs) || is_zero(ft)) return fmac_result(sign, static_cast<uint8_t>(kMacZ | sign_flag));
  int exp = static_cast<int>(exponent_of(fs) + exponent_of(ft)) - 127;
  uint32_t significand =
      static_cast<uint32_t>(detail::significand_product(significand_of(fs), significand_of(ft)) >> 23);
  if (significand > 0xFFFFFFu) {
    significand >>= 1;
    ++exp;
  }
  if (exp > 255) return fmac_result(sign | kMaxMagnitude, static_cast<uint8_t>(kMacO | sign_flag));
  if (exp <= 0) return fmac_result(sign, static_cast<uint8_t>(kMacU | kMacZ | sign_flag));
  return fmac_result(sign | (static_cast<uint32_t>(exp) << 23) | (significand & kFractionMask), sign_flag);
}

}  // namespace gcvu::vu
