#pragma once
// Which way the SRT divider rounds each reciprocal: bit f says whether reference::divide_significands(2^23, 2^23 + f)
// (1.0 over the significand 1 + f/2^23) is one above the truncated quotient floor(2^47 / (2^23 + f)). Microcode
// divides almost only 1.0 by something (DIV Q, VF00w, VFnw; ERCPR, ERSQRT, EEXP), and whether the digit path lands
// above or below has no closed form, so the 2^23 answers are computed once, at build time, by the reference model
// itself (tools/reciprocal_table_main.cpp writes the generated definition): 1 MiB of constant data, exact by
// construction; tests/vu/divider_cross_test.cpp samples it against the model and the evidence tool checks all of it.
// divider.cpp reads it only for the divisors its summary by group (reciprocal_groups.hpp) leaves undecided.

#include <array>
#include <cstddef>
#include <cstdint>

namespace gcvu::vu {

inline constexpr size_t kReciprocalTableWords = (size_t{1} << 23) / 64;

// Bit (f % 64) of word f / 64 is set when the reciprocal of significand 2^23 + f rounds up.
extern const std::array<uint64_t, kReciprocalTableWords> kReciprocalRoundsUp;

// floor(2^47 / divisor) for a significand in [2^23, 2^24): 1.0 over it, truncated to the 25-digit quotient's
// units; the quotient the table's bit is relative to.
constexpr uint32_t truncated_reciprocal(uint32_t divisor) {
  return static_cast<uint32_t>((uint64_t{1} << 47) / divisor);
}

inline bool reciprocal_rounds_up(uint32_t fraction) {
  return ((kReciprocalRoundsUp[fraction >> 6] >> (fraction & 63)) & 1) != 0;
}

}  // namespace gcvu::vu
