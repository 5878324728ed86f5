// Seeded sweeps that hold the fast float paths against slow, independent formulations of the documented rules
// (style.md §7.8 "keep a slow reference path beside each fast one"). std::mt19937 is specified bit for bit, so the
// operand streams are the same on every host.

#include <bit>
#include <cstdint>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/vu/float/float_unit.hpp"

namespace gcvu::vu {
namespace {

constexpr int kSweep = 200000;

// vu1.md's wording of the adder, taken literally: order by magnitude; d > 24 leaves a; otherwise clear b's low
// (d-1) fraction bits, align, add exactly (64-bit) and truncate to 24 significant bits.
uint32_t reference_add(uint32_t a, uint32_t b) {
  if ((a & kMagnitudeMask) < (b & kMagnitudeMask)) std::swap(a, b);
  if (is_zero(b)) return is_zero(a) ? (a & b & kSignBit) : a;
  if (a == (b ^ kSignBit)) return 0;
  const int d = static_cast<int>(exponent_of(a) - exponent_of(b));
  if (d > 24) return a;
  uint64_t small = significand_of(b);
  if (d > 1) small &= ~((uint64_t{1} << (d - 1)) - 1);
  const uint64_t big = uint64_t{significand_of(a)} << 32;  // a's hidden bit at bit 55
  small <<= 32 - d;
  const uint64_t sum = sign_of(a) == sign_of(b) ? big + small : big - small;
  const int top = 63 - std::countl_zero(sum);
  const int exp = static_cast<int>(exponent_of(a)) + top - 55;
  if (exp > 255) return sign_of(a) | kMaxMagnitude;
  if (exp <= 0) return sign_of(a);
  return sign_of(a) | (static_cast<uint32_t>(exp) << 23) | (static_cast<uint32_t>(sum >> (top - 23)) & kFractionMask);
}

// Random operands whose exponents are close (0..26 apart), the adder's interesting region, plus some far ones.
uint32_t near(std::mt19937& rng, uint32_t base) {
  const uint32_t exp = exponent_of(base);
  const uint32_t delta = rng() % 28;
  const uint32_t e = exp > delta ? exp - delta : 1;
  return (rng() & kSignBit) | (e << 23) | (rng() & kFractionMask);
}

TEST(VuFloatReference, AdderMatchesTheLiteralGuardBitRule) {
  std::mt19937 rng(20240601);
  for (int i = 0; i < kSweep; ++i) {
    const uint32_t a = rng();
    const uint32_t b = (i % 4 == 0) ? rng() : near(rng, a);
    ASSERT_EQ(add(a, b).value, reference_add(a, b)) << fmt::format("{:08X} + {:08X}", a, b);
    ASSERT_EQ(add(b, a).value, add(a, b).value) << fmt::format("{:08X} + {:08X} is order-dependent", a, b);
  }
}

// In [1, 2) x [1, 2): the PS2 product is the truncated exact product or one ulp below it, never above.
TEST(VuFloatReference, MultiplierIsTruncatedOrOneUlpBelow) {
  std::mt19937 rng(20240602);
  int below = 0;
  for (int i = 0; i < kSweep; ++i) {
    const uint32_t a = kOne | (rng() & kFractionMask);
    const uint32_t b = kOne | (rng() & kFractionMask);
    const uint64_t exact = uint64_t{significand_of(a)} * significand_of(b);
    const bool carry = exact >= (uint64_t{1} << 47);
    const uint32_t truncated = ((127u + carry) << 23) | (static_cast<uint32_t>(exact >> (23 + carry)) & kFractionMask);
    const uint32_t got = mul(a, b).value;
    ASSERT_TRUE(got == truncated || got == truncated - 1) << fmt::format("{:08X} * {:08X} = {:08X}", a, b, got);
    below += got != truncated;
    ASSERT_EQ(mul(a, kOne).value, a) << "x*1.0 must be x: 1.0 has no non-zero Booth digit";
  }
  EXPECT_GT(below, 0);  // the Booth loss does happen
}

// The SRT divider and square root: the truncated exact result or one ulp above it ("sometimes rounded up").
TEST(VuFloatReference, DividerIsTruncatedOrOneUlpAbove) {
  std::mt19937 rng(20240603);
  int above = 0;
  for (int i = 0; i < kSweep; ++i) {
    const uint32_t a = kOne | (rng() & kFractionMask);
    const uint32_t b = kOne | (rng() & kFractionMask);
    const uint64_t ma = significand_of(a);
    const uint64_t mb = significand_of(b);
    const bool at_least_one = ma >= mb;
    const uint64_t q = (ma << (at_least_one ? 23 : 24)) / mb;
    const uint32_t truncated = ((at_least_one ? 127u : 126u) << 23) | (static_cast<uint32_t>(q) & kFractionMask);
    const uint32_t got = div(a, b).value;
    ASSERT_TRUE(got == truncated || got == truncated + 1) << fmt::format("{:08X} / {:08X} = {:08X}", a, b, got);
    above += got != truncated;

    // sqrt of [1, 2): floor(sqrt(m * 2^23)) by bisection on integers.
    const uint64_t radicand = ma << 23;
    uint64_t root = 0;
    for (int bit = 24; bit >= 0; --bit) {
      const uint64_t candidate = root | (uint64_t{1} << bit);
      if (candidate * candidate <= radicand) root = candidate;
    }
    const uint32_t sqrt_truncated = (127u << 23) | (static_cast<uint32_t>(root) & kFractionMask);
    const uint32_t sqrt_got = sqrt(a).value;
    ASSERT_TRUE(sqrt_got == sqrt_truncated || sqrt_got == sqrt_truncated + 1)
        << fmt::format("sqrt {:08X} = {:08X}", a, sqrt_got);
  }
  EXPECT_GT(above, 0);
}

}  // namespace
}  // namespace gcvu::vu
