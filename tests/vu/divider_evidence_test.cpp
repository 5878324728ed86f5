// Exhaustive evidence for the fast divider's shortcuts (divider.cpp). The DISABLED_ ones are run once by hand on the
// optimised build, not in CI (a few seconds each):
//   build/release/tests/gcvu_tests --gtest_also_run_disabled_tests --gtest_filter='VuDividerEvidence.*'
// With GCVU_DIVIDER_SWEEP=100000000, VuDividerCross.* is the random part (10^8 pairs biased to the shortcuts' edges).

#include <cstdint>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/vu/float/divider.hpp"
#include "emu/vu/float/divider_reference.hpp"

namespace gcvu::vu {
namespace {

bool same_fdiv_result(const FdivResult& a, const FdivResult& b) { return a.value == b.value && a.flags == b.flags; }

// 1.0 over every significand (the reciprocal table), at exponent 127 and at a random sign and exponent.
TEST(VuDividerEvidence, DISABLED_EveryReciprocal) {
  std::mt19937 rng(1);
  for (uint32_t fraction = 0; fraction <= kFractionMask; ++fraction) {
    const uint32_t ft = 0x3F800000u | fraction;
    ASSERT_TRUE(same_fdiv_result(div(kOne, ft), reference::div(kOne, ft))) << fmt::format("1.0 / {:08X}", ft);
    const uint32_t fs = (rng() & 0xFF800000u);
    const uint32_t other = (rng() & 0xFF800000u) | fraction;
    ASSERT_TRUE(same_fdiv_result(div(fs, other), reference::div(fs, other)))
        << fmt::format("{:08X} / {:08X}", fs, other);
  }
}

// Every significand over 1.0 (the divisor whose remainder may reach -D: the model gives 2a or 2a + 1).
TEST(VuDividerEvidence, DISABLED_EveryDividendOverOne) {
  for (uint32_t fraction = 0; fraction <= kFractionMask; ++fraction) {
    const uint32_t fs = 0x3F800000u | fraction;
    ASSERT_TRUE(same_fdiv_result(div(fs, kOne), reference::div(fs, kOne))) << fmt::format("{:08X} / 1.0", fs);
  }
}

// Every SQRT input class: 2^23 significands x both exponent parities, with either sign. Run in CI (about 3 s in
// release): it is the only evidence for root_of's claim that the model's half-root is the floor or one more.
TEST(VuDividerEvidence, EverySqrtInput) {
  for (uint32_t i = 0; i < (1u << 24); ++i) {
    const uint32_t ft =
        ((i & (1u << 23)) != 0 ? 0x3F800000u : 0x40000000u) | (i & kFractionMask) | ((i & 1) != 0 ? kSignBit : 0);
    ASSERT_TRUE(same_fdiv_result(sqrt(ft), reference::sqrt(ft))) << fmt::format("sqrt {:08X}", ft);
  }
}

}  // namespace
}  // namespace gcvu::vu
