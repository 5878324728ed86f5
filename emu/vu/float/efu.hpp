#pragma once
// The EFU ops (result in P). Each is microcode over the same primitives as the FMAC and FDIV units (separately
// rounded PS2 ADD/MUL/DIV/SQRT steps, MUL keeping its operand order); they write only P and set no flags.
// Compositions and constants: vu1.md §1 "EFU ops" and "EATAN, EATANxy, EATANxz, EEXP: a construction ...".
// Scalar ops take the fs field selected by fsf; the vector ones take fs.x, fs.y, fs.z (and fs.w for ESUM).

#include <cstdint>

namespace gcvu::vu {

uint32_t esadd(uint32_t x, uint32_t y, uint32_t z);   // (x*x + y*y) + z*z
uint32_t ersadd(uint32_t x, uint32_t y, uint32_t z);  // 1 / ESADD
uint32_t eleng(uint32_t x, uint32_t y, uint32_t z);   // sqrt(ESADD)
uint32_t erleng(uint32_t x, uint32_t y, uint32_t z);  // 1 / sqrt(ESADD)
uint32_t esum(uint32_t x, uint32_t y, uint32_t z, uint32_t w);  // ((x + y) + z) + w
uint32_t ercpr(uint32_t x);   // 1 / x
uint32_t esqrt(uint32_t x);   // sqrt(|x|)
uint32_t ersqrt(uint32_t x);  // 1 / sqrt(|x|)
uint32_t esin(uint32_t x);    // sin(x) by an odd series in x
uint32_t eatan(uint32_t x);   // atan(x) = pi/4 + atan((x - 1) / (x + 1))
uint32_t eatanxy(uint32_t x, uint32_t y);  // atan(y / x) = pi/4 + atan((y - x) / (x + y))
uint32_t eatanxz(uint32_t x, uint32_t z);  // atan(z / x), as eatanxy
uint32_t eexp(uint32_t x);    // e^-x = 1 / p(x)^4 with p a series for e^(x/4)

}  // namespace gcvu::vu
