#pragma once
// A 16 KiB summary of the reciprocal table (reciprocal_table.hpp) that answers most divisors without reading it.
// The 1 MiB table is read at near-random divisors, so at most DIVs of a demo frame its line was a cache miss (the
// whole of vu::div's ~3 % of a cold frame). Whether the SRT rounds 1.0 / x up has no closed form, but it depends
// strongly on the truncated quotient's last bits, the remainder's size and the divisor's top bits: grouped by those
// 16 bits, the 2^23 divisors of 81 % of them sit in groups whose round-up bits all agree. The generator
// (tools/reciprocal_table_main.cpp) writes each group's common bit, or "undecided" where its divisors disagree, so
// the summary is exact by construction; tests/vu/divider_cross_test.cpp checks it against the table at every divisor.

#include <array>
#include <cstddef>
#include <cstdint>

namespace gcvu::vu {

inline constexpr size_t kReciprocalGroups = size_t{1} << 16;
inline constexpr size_t kReciprocalGroupWords = kReciprocalGroups / 32;  // two bits a group

// What a group's divisors have in common.
enum class ReciprocalGroup : uint8_t {
  kUndecided = 0,  // some round up, some not: read the table
  kTruncated = 1,  // none rounds up
  kRoundsUp = 2,   // all round up
};

// The group of a significand `divisor` in [2^23, 2^24): the top 5 bits of the remainder of 2^47 / divisor (below
// the divisor, so under 2^24), the top 6 fraction bits of the divisor, and the low 5 bits of the truncated quotient
// (truncated_reciprocal; one division gives both).
constexpr uint32_t reciprocal_group(uint32_t divisor) {
  constexpr uint64_t kNumerator = uint64_t{1} << 47;
  const auto remainder = static_cast<uint32_t>(kNumerator % divisor);
  const auto truncated = static_cast<uint32_t>(kNumerator / divisor);
  return ((remainder >> 19) << 11) | (((divisor >> 17) & 63) << 5) | (truncated & 31);
}

// Two bits per group (a ReciprocalGroup), group g at bits 2 * (g % 32) of word g / 32.
extern const std::array<uint64_t, kReciprocalGroupWords> kReciprocalGroupAnswers;

inline ReciprocalGroup reciprocal_group_answer(uint32_t group) {
  return static_cast<ReciprocalGroup>((kReciprocalGroupAnswers[group >> 5] >> ((group & 31) * 2)) & 3);
}

}  // namespace gcvu::vu
