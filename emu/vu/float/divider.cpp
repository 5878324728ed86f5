#include "emu/vu/float/divider.hpp"

#include <cmath>

#include "emu/vu/float/divider_reference.hpp"
#include "emu/vu/float/reciprocal_groups.hpp"
#include "emu/vu/float/reciprocal_table.hpp"

namespace gcvu::vu {

namespace {

// Whether the SRT rounds 1.0 / divisor up: from the divisor's group when all of the group agrees (a 16 KiB summary
// that stays in cache), else from the 1 MiB table (likely a cache miss).
bool rounds_up_reciprocal(uint32_t divisor) {
  const ReciprocalGroup answer = reciprocal_group_answer(reciprocal_group(divisor));
  if (answer == ReciprocalGroup::kUndecided) return reciprocal_rounds_up(divisor & kFractionMask);
  return answer == ReciprocalGroup::kRoundsUp;
}

// The fast quotient of two significands a, b in [2^23, 2^24): the same value as reference::divide_significands, or
// one that pack_quotient turns into the same result.
//
// Why it is exact. Let D be the divisor and R_j the value of the carry-save remainder after step j's subtraction
// (before doubling). The digit estimate reads E = R_j - (sum & carry & 0xFFFFFF), so R_j - 2^24 < E <= R_j, and with
// 2^25 as 1.0 and D in [1, 2): digit +1 (E >= 1/4) needs R_j >= 1/4; digit -1 (E < -1/2) needs R_j < 0; digit 0
// leaves R_j in [-1/2, 1/2) (E's top byte then is 0 or -1 and the low 24 bits sum to under 2^25). So from
// R_0 = A - D in (-D, D), every step keeps R in [-D, D): 2R - D >= 1/2 - D, 2R + D < D, |2R| <= 1 <= D. R reaches -D
// only from -D (digit -1) or from -1/2 with a zero digit when D = 1 exactly. With q the 25-digit quotient,
// q*D + R_24 = 2^24*A, so q = T - R_24/D with T = 2^24*a/b: for b != 2^23, q is floor(T) or floor(T)+1, and exactly
// T when T is an integer; for b = 2^23 (T = 2a), q is 2a or 2a+1. Then:
//  - an exact T (b != 2^23) is the quotient;
//  - for a >= b the quotient has 26 bits and pack_quotient drops the last: floor(T) and floor(T)+1 agree after the
//    shift when floor(T) is even (this covers b = 2^23);
//  - for a = 2^23 (1.0 over b) the neighbour is read from the reciprocal table, which the reference computed, or
//    from its summary by group (reciprocal_groups.hpp), built from the table;
//  - anything else runs the SRT model.
// Evidence: tests/vu/divider_evidence_test.cpp (exhaustive over b for a = 2^23 and over a for b = 2^23, and 10^8
// pairs biased to these boundaries), and the fixed-seed cross-test in tests/vu/divider_cross_test.cpp.
uint32_t quotient_of(uint32_t dividend, uint32_t divisor) {
  if (dividend == kHiddenBit) {
    return truncated_reciprocal(divisor) + (rounds_up_reciprocal(divisor) ? 1 : 0);
  }
  const uint64_t numerator = uint64_t{dividend} << 24;
  const auto truncated = static_cast<uint32_t>(numerator / divisor);
  const bool exact = numerator == uint64_t{truncated} * divisor && divisor != kHiddenBit;
  const bool last_bit_dropped_alike = dividend >= divisor && (truncated & 1) == 0;
  if (exact || last_bit_dropped_alike) return truncated;
  return reference::divide_significands(dividend, divisor);
}

// The fast square root of a radicand in [2^24, 2^26): the same value as reference::sqrt_significand, or one whose
// bits 2-25 (the result's significand) are the same. The model's root is even (its digits weigh 2^25 .. 2^1), and
// half of it is floor(sqrt(radicand * 2^24)) or one more: checked over the whole input space (every significand at
// both exponent parities, tests/vu/divider_evidence_test.cpp). The significand drops that half's last bit, so both
// neighbours give the same result when the floor is even. The floor is exact: radicand * 2^24 < 2^50 is a double,
// IEEE sqrt rounds correctly, and for a non-square x <= n^2 - 1 (n <= 2^25) sqrt(x) <= n - 2^-26, several units
// (2^-28 here) below n, so it never rounds up to n.
uint32_t root_of(uint32_t radicand) {
  const uint64_t scaled = uint64_t{radicand} << 24;
  const auto half_root = static_cast<uint32_t>(std::sqrt(static_cast<double>(scaled)));
  if ((half_root & 1) == 0) return half_root << 1;
  return reference::sqrt_significand(radicand);
}

}  // namespace

FdivResult div(uint32_t fs, uint32_t ft) {
  if (is_zero(ft)) {
    return FdivResult{sign_of(fs ^ ft) | kMaxMagnitude, is_zero(fs) ? kFdivI : kFdivD};
  }
  return reference::pack_quotient(fs, ft, quotient_of(significand_of(fs), significand_of(ft)));
}

FdivResult sqrt(uint32_t ft) { return reference::sqrt_with(ft, root_of); }

FdivResult rsqrt(uint32_t fs, uint32_t ft) {
  const FdivResult root = sqrt(ft);
  FdivResult quotient = div(fs, root.value);
  quotient.flags |= root.flags;
  return quotient;
}

}  // namespace gcvu::vu
