// The fast FMAC paths (adder.hpp, multiplier.hpp, fused.hpp) against the slow reference models kept unchanged in
// reference.hpp, bit for bit including every flag, on fixed seeds (style.md §7.8 "keep a slow reference path beside
// each fast one ... cross-tested on fixed seeds"). std::mt19937 is specified bit for bit, so the operand streams are
// the same on every host.
//
// Sizes: the optimised build runs a few million pairs per sweep; the unoptimised sanitizer build a tenth of that.
// A long sweep (e.g. 100 million) is run by hand on the optimised build:
//   GCVU_FLOAT_SWEEP=100000000 build/release/tests/gcvu_tests --gtest_filter='VuFloatFastPath.*'

#include <array>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/vu/float/float_unit.hpp"
#include "emu/vu/float/reference.hpp"

#include "tests/vu/sweep_size.hpp"

namespace gcvu::vu {
namespace {

long sweep_size() { return test::sweep_size("GCVU_FLOAT_SWEEP", 2'000'000); }

std::string show(const FmacResult& r) { return fmt::format("{:08X} mac {:X} sticky {:X}", r.value, r.mac, r.sticky); }

bool same(const FmacResult& a, const FmacResult& b) {
  return a.value == b.value && a.mac == b.mac && a.sticky == b.sticky;
}

// Patterns at the edges of the format: zeros, denormals, the smallest and largest normals, exponent 255.
constexpr std::array<uint32_t, 16> kSpecials = {0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x80800001,
                                                0x3F800000, 0xBF800000, 0x3F7FFFFF, 0x3F800001, 0x7F7FFFFF, 0x7F800000,
                                                0xFF800001, 0x7FFFFFFF, 0xFFFFFFFF, 0x40000000};

// A mix of operand kinds: uniform bit patterns, specials, normals of moderate exponent, short significands (the
// constants programs use), and operands near the overflow and underflow edges of a product.
uint32_t operand(std::mt19937& rng) {
  const uint32_t kind = rng() % 8;
  const uint32_t sign = rng() & kSignBit;
  switch (kind) {
    case 0: return rng();
    case 1: return kSpecials[rng() % kSpecials.size()] ^ (rng() & kSignBit);
    case 2:  // short significand: only the top few fraction bits set
      return sign | ((100u + rng() % 56) << 23) | (rng() & 0x7F0000u);
    case 3:  // exponent near the top (products overflow, sums saturate)
      return sign | ((192u + rng() % 64) << 23) | (rng() & kFractionMask);
    case 4:  // exponent near the bottom (products and differences underflow)
      return sign | ((1u + rng() % 64) << 23) | (rng() & kFractionMask);
    default: return sign | ((100u + rng() % 56) << 23) | (rng() & kFractionMask);
  }
}

// Random b whose exponent is 0..27 below a's: the adder's alignment region (d = 0, 1, 24, 25, 26 all occur).
uint32_t aligned_partner(std::mt19937& rng, uint32_t a) {
  const uint32_t exp = exponent_of(a);
  const uint32_t delta = rng() % 28;
  const uint32_t e = exp > delta ? exp - delta : rng() % 2;
  uint32_t fraction = rng() & kFractionMask;
  if (rng() % 4 == 0) fraction = a & kFractionMask;  // equal significands: cancellations and exact doublings
  return (rng() & kSignBit) | (e << 23) | fraction;
}

TEST(VuFloatFastPath, AddMatchesReference) {
  std::mt19937 rng(20250701);
  const long n = sweep_size();
  for (long i = 0; i < n; ++i) {
    const uint32_t a = operand(rng);
    const uint32_t b = (i % 3 == 0) ? operand(rng) : aligned_partner(rng, a);
    ASSERT_PRED2(same, add(a, b), reference::add(a, b))
        << fmt::format("{:08X} + {:08X}: fast {}, reference {}", a, b, show(add(a, b)), show(reference::add(a, b)));
    ASSERT_PRED2(same, sub(b, a), reference::sub(b, a))
        << fmt::format("{:08X} - {:08X}: fast {}, reference {}", b, a, show(sub(b, a)), show(reference::sub(b, a)));
  }
}

TEST(VuFloatFastPath, AddSpecialsExhaustively) {
  for (uint32_t a : kSpecials) {
    for (uint32_t b : kSpecials) {
      for (uint32_t flip : {0u, kSignBit}) {
        ASSERT_PRED2(same, add(a, b ^ flip), reference::add(a, b ^ flip)) << fmt::format("{:08X} + {:08X}", a, b);
      }
    }
  }
}

// The tree's bit 15 depends only on the low 16 bits of both significands; the branch-free decode must agree with
// the reference's window-by-window decode everywhere. All 2^16 ft windows against random fs, then random pairs.
TEST(VuFloatFastPath, BoothTreeBit15MatchesReference) {
  std::mt19937 rng(20250702);
  for (uint32_t y = 0; y < 0x10000u; ++y) {
    const uint32_t x = kHiddenBit | (rng() & kFractionMask);
    const uint32_t ys = kHiddenBit | (rng() & 0x7F0000u) | y;
    ASSERT_EQ(detail::booth_tree_bit15(x, ys), reference::detail::booth_tree_bit15(x, ys))
        << fmt::format("x {:06X} y {:06X}", x, ys);
  }
  const long n = sweep_size();
  for (long i = 0; i < n; ++i) {
    const uint32_t x = kHiddenBit | (rng() & kFractionMask);
    const uint32_t y = kHiddenBit | (rng() & kFractionMask);
    ASSERT_EQ(detail::booth_tree_bit15(x, y), reference::detail::booth_tree_bit15(x, y))
        << fmt::format("x {:06X} y {:06X}", x, y);
  }
}

void expect_mul_matches(uint32_t fs, uint32_t ft) {
  ASSERT_PRED2(same, mul(fs, ft), reference::mul(fs, ft))
      << fmt::format("{:08X} * {:08X}: fast {}, reference {}", fs, ft, show(mul(fs, ft)), show(reference::mul(fs, ft)));
}

TEST(VuFloatFastPath, MulMatchesReference) {
  std::mt19937 rng(20250703);
  const long n = sweep_size();
  for (long i = 0; i < n; ++i) {
    const uint32_t fs = operand(rng);
    const uint32_t ft = operand(rng);
    expect_mul_matches(fs, ft);
    expect_mul_matches(ft, fs);
  }
}

// The inverse of an odd x modulo 2^23 (Newton's iteration doubles the correct low bits each step).
uint32_t inverse_mod_2_23(uint32_t x) {
  uint32_t inv = x;  // correct to 3 bits for odd x
  for (int i = 0; i < 4; ++i) inv *= 2 - x * inv;
  return inv & 0x7FFFFFu;
}

// Pairs aimed at the fast path's bound: for an odd fs significand x, ft's low 23 bits are chosen so that the exact
// product's low 23 bits are a chosen t (E = x*y = t mod 2^23), with t concentrated just below and at 2^15 (the
// boundary where the fast path stops trusting the truncated product), and spread over [0, 2^15) where the tree
// decides. Every such pair is checked in both operand orders and with exponents that make the product overflow or
// underflow only after the 1-bit normalisation.
TEST(VuFloatFastPath, MulNearTheTruncationBoundary) {
  std::mt19937 rng(20250704);
  const long n = sweep_size();
  long tree_consulted = 0;
  long tree_lowered = 0;
  for (long i = 0; i < n; ++i) {
    const uint32_t x = kHiddenBit | (rng() & kFractionMask) | 1u;
    uint32_t t = 0;
    switch (i % 4) {
      case 0: t = rng() & 0x7FFFu; break;                      // tree territory
      case 1: t = 0x8000u - 1 - (rng() % 64); break;           // just below the bound
      case 2: t = 0x8000u + (rng() % 64); break;               // at and just above the bound
      default: t = (rng() % 64) | ((rng() & 1) << 22); break;  // near 0 and near 2^22
    }
    // y = 2^23 + f with f = t * x^-1 (mod 2^23), so x * y = x * 2^23 + x * f = t (mod 2^23).
    const uint32_t y = kHiddenBit | ((t * inverse_mod_2_23(x)) & kFractionMask);
    const uint64_t exact = uint64_t{x} * y;
    ASSERT_EQ(exact & 0x7FFFFFu, t) << fmt::format("construction: x {:06X} y {:06X}", x, y);
    const uint32_t exp_s = 1u + rng() % 254;
    uint32_t exp_t = 1u + rng() % 254;
    if (i % 8 == 0) exp_t = 127u + 128u - exp_s + rng() % 3;  // overflow only after normalisation, or not
    if (i % 8 == 1) exp_t = 127u + 1u - exp_s - (rng() % 2);  // underflow edge
    if (exp_t < 1 || exp_t > 255) exp_t = 127;
    const uint32_t fs = (rng() & kSignBit) | (exp_s << 23) | (x & kFractionMask);
    const uint32_t ft = (rng() & kSignBit) | (exp_t << 23) | (y & kFractionMask);
    expect_mul_matches(fs, ft);
    expect_mul_matches(ft, fs);
    if (t < 0x8000u && (y & 0xFFFFu) != 0) {
      ++tree_consulted;
      tree_lowered += reference::detail::significand_product(x, y) != exact;
    }
  }
  EXPECT_GT(tree_consulted, n / 3);
  EXPECT_GT(tree_lowered, 0);  // the Booth loss happens in the region the bound hands to the tree
}

// Products of short significands (1.0 * x, x * 0.5, 3.0 * x, ...): every fs-constant product has clear low bits
// and goes to the tree; every ft-constant product takes the y-low-bits-zero shortcut.
TEST(VuFloatFastPath, MulShortConstants) {
  std::mt19937 rng(20250705);
  const long n = sweep_size() / 4;
  for (long i = 0; i < n; ++i) {
    const uint32_t c = (rng() & kSignBit) | ((120u + rng() % 16) << 23) | (rng() & 0x7E0000u);
    const uint32_t x = operand(rng);
    expect_mul_matches(c, x);
    expect_mul_matches(x, c);
  }
}

TEST(VuFloatFastPath, MaddMsubMatchReference) {
  std::mt19937 rng(20250706);
  const long n = sweep_size();
  for (long i = 0; i < n; ++i) {
    const uint32_t fs = operand(rng);
    const uint32_t ft = operand(rng);
    const FmacResult product = reference::mul(fs, ft);
    // ACC near the product often, so the final add cancels, aligns by a few bits or saturates.
    const uint32_t acc = (i % 2 == 0) ? operand(rng) : aligned_partner(rng, product.value);
    const bool acc_overflowed = rng() % 8 == 0;
    ASSERT_PRED2(same, madd(acc, acc_overflowed, fs, ft), reference::madd(acc, acc_overflowed, fs, ft))
        << fmt::format("{:08X} + {:08X} * {:08X} (acc O {})", acc, fs, ft, acc_overflowed);
    ASSERT_PRED2(same, msub(acc, acc_overflowed, fs, ft), reference::msub(acc, acc_overflowed, fs, ft))
        << fmt::format("{:08X} - {:08X} * {:08X} (acc O {})", acc, fs, ft, acc_overflowed);
  }
}

}  // namespace
}  // namespace gcvu::vu
