#pragma once
// The value a PS2 float bit pattern stands for, as a double (exact: every PS2 float is a double). PS2 floats have
// no infinities or NaNs: exponent 255 is an ordinary exponent (reference/vu1.md §1), and denormals read as zero.

#include <cmath>
#include <cstdint>

namespace gcvu::harness::debug {

inline double ps2_float_value(uint32_t bits) {
  const int exponent = static_cast<int>((bits >> 23) & 0xff);
  if (exponent == 0) return (bits >> 31) != 0 ? -0.0 : 0.0;
  const double mantissa = 1.0 + static_cast<double>(bits & 0x7fffff) / 8388608.0;
  const double magnitude = std::ldexp(mantissa, exponent - 127);
  return (bits >> 31) != 0 ? -magnitude : magnitude;
}

}  // namespace gcvu::harness::debug
