#pragma once
// The FDIV unit: DIV, SQRT, RSQRT (result in Q). vu1.md §1 "DIV/SQRT" and its special-case table.
//
// The divider is a radix-2 SRT with a carry-save partial remainder, run for 25 iterations (algorithm reference
// DOI 10.1109/ARITH.1995.465363); its quotient digits are chosen from a cheap estimate of the remainder, so results
// are sometimes rounded up (40490FDA/3FB504F2 = 400E2C19). The same bits come out of EE div.s and VU DIV.
// FDIV never sets O or U: exponent overflow gives ±0x7FFFFFFF and underflow ±0, silently.
//
// These are the fast versions: an exact integer quotient where it decides the result, a build-time table for
// 1.0 / x, and the SRT model for the rest (divider.cpp argues why each shortcut is exact). The model itself is
// reference::div/sqrt/rsqrt in divider_reference.hpp; tests/vu/divider_cross_test.cpp holds the two together.

#include <cstdint>

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu {

// Q = fs / ft. Sign = XOR of the signs. ft zero (or denormal): ±0x7FFFFFFF, with I if fs is zero too (0/0),
// else D. fs zero (or denormal) over a non-zero ft: ±0, no flags.
FdivResult div(uint32_t fs, uint32_t ft);

// Q = sqrt(|ft|): the sign bit is ignored for the value but sets I (so 807FFFFF gives 0 with I). A zero or
// denormal ft gives +0.
FdivResult sqrt(uint32_t ft);

// Q = fs / sqrt(|ft|), as two separately rounded steps: div(fs, sqrt(ft)). I = SQRT's I (ft's sign bit) or DIV's
// I (fs zero and ft zero); D = DIV's D (ft zero, fs non-zero). The zero-divisor result takes fs's sign, as the
// composition gives; hardware rows exist only for a positive fs (reliquary always answers +0x7FFFFFFF: unverified).
FdivResult rsqrt(uint32_t fs, uint32_t ft);

}  // namespace gcvu::vu
