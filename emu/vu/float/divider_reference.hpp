#pragma once
// The reference model of the FDIV unit: the 25-step carry-save SRT division and square root exactly as first
// written from vu1.md §1 "DIV/SQRT" (it passes every DIV/SQRT/RSQRT row of shared/vectors). It is kept unchanged as
// the definition the fast paths in divider.cpp are cross-tested against (tests/vu/divider_cross_test.cpp), and it
// generates the reciprocal table (reciprocal_table.hpp). Do not optimise this file; optimise divider.cpp.
//
// The special cases and flags are described in divider.hpp.

#include <cstdint>

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu::reference {

// The 25-digit SRT quotient of two 24-bit significands (both in [2^23, 2^24)): in [2^23, 2^25], the quotient
// 2^24 * dividend / divisor truncated or one unit above (the digit path decides which).
uint32_t divide_significands(uint32_t dividend, uint32_t divisor);

// The 25-digit SRT square root of a radicand in [2^24, 2^26) (a significand shifted once, or twice for an even
// biased exponent); the significand of the root is bits 2-25 of the result.
uint32_t sqrt_significand(uint32_t radicand);

FdivResult div(uint32_t fs, uint32_t ft);
FdivResult sqrt(uint32_t ft);
FdivResult rsqrt(uint32_t fs, uint32_t ft);

// The DIV result from the quotient of the significands: shift out a 26th bit, then overflow (±0x7FFFFFFF, no
// flag) and underflow (±0) on the exponent. Shared by the reference and the fast paths, which differ only in how
// they obtain the quotient. `fs` and `ft` are non-zero in exponent here except that a zero fs gives ±0.
constexpr FdivResult pack_quotient(uint32_t fs, uint32_t ft, uint32_t quotient) {
  const uint32_t sign = sign_of(fs ^ ft);
  int exp = static_cast<int>(exponent_of(fs)) - static_cast<int>(exponent_of(ft)) + 126;
  if (quotient >= (1u << 24)) {
    quotient >>= 1;
    ++exp;
  }
  if (exp > 255) return FdivResult{sign | kMaxMagnitude, 0};
  if (is_zero(fs) || exp < 1) return FdivResult{sign, 0};
  return FdivResult{sign | (static_cast<uint32_t>(exp) << 23) | (quotient & kFractionMask), 0};
}

// The SQRT result from a way to take the root of the radicand (sqrt_significand, or the fast path's): the I flag
// for a negative ft, 0 for a zero exponent, the radicand shifted once more for an even biased exponent (an odd
// unbiased one) so the exponent halves evenly, and the root's bits 2-25 as the significand. Shared like
// pack_quotient.
template <typename RootOf>
constexpr FdivResult sqrt_with(uint32_t ft, RootOf root_of) {
  const uint8_t flags = sign_of(ft) != 0 ? kFdivI : 0;
  const uint32_t exp = exponent_of(ft);
  if (exp == 0) return FdivResult{0, flags};
  uint32_t radicand = significand_of(ft) << 1;
  if ((exp & 1) == 0) radicand <<= 1;
  const uint32_t root = root_of(radicand);
  const uint32_t result_exp = (exp + 127) >> 1;
  return FdivResult{(result_exp << 23) | ((root >> 2) & kFractionMask), flags};
}

}  // namespace gcvu::vu::reference
