#pragma once
// The slow reference models of the FMAC lane ops: ADD/SUB, MUL, MADD/MSUB, exactly as first written from vu1.md §1
// (the adder's guard-bit rule, the Booth/CSA multiplier tree bit by bit, the two-step multiply-add). They pass
// every row of shared/vectors/vu-float-hw.tsv and vu-float-model.tsv and are kept unchanged as the definition the
// fast paths in adder.hpp, multiplier.hpp and fused.hpp are cross-tested against (tests/vu/float_fast_path_test.cpp,
// style.md §7.8 "keep a slow reference path beside each fast one"). Do not optimise this file; optimise the fast
// paths and let the sweeps hold them to this.
//
// The rules and flag semantics are described in adder.hpp, multiplier.hpp and fused.hpp.

#include <bit>
#include <cstdint>
#include <utility>

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu::reference {

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

namespace detail {

constexpr FmacResult multiply_accumulate(uint32_t acc, bool acc_overflowed, uint32_t fs, uint32_t ft,
                                         uint32_t product_sign_flip) {
  const FmacResult product = mul(fs, ft);
  FmacResult out;
  if ((product.mac & kMacO) != 0) {
    const uint32_t value = product.value ^ product_sign_flip;
    out = fmac_result(value, static_cast<uint8_t>(kMacO | (sign_of(value) ? kMacS : 0)));
  } else if (acc_overflowed) {
    out = fmac_result(acc, static_cast<uint8_t>(kMacO | (sign_of(acc) ? kMacS : 0)));
  } else {
    out = add(acc, product.value ^ product_sign_flip);
  }
  out.sticky = static_cast<uint8_t>(out.mac | product.mac);
  return out;
}

}  // namespace detail

// ACC + fs*ft.
constexpr FmacResult madd(uint32_t acc, bool acc_overflowed, uint32_t fs, uint32_t ft) {
  return detail::multiply_accumulate(acc, acc_overflowed, fs, ft, 0);
}

// ACC - fs*ft. OPMSUB is msub on the cross-product operand lanes (fs.yzx, ft.zxy), which the caller selects.
constexpr FmacResult msub(uint32_t acc, bool acc_overflowed, uint32_t fs, uint32_t ft) {
  return detail::multiply_accumulate(acc, acc_overflowed, fs, ft, kSignBit);
}

}  // namespace gcvu::vu::reference
