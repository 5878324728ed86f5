// The vector FMAC ops (vector_ops_sse2.hpp) against the lane-by-lane reference (vector_ops_scalar.hpp), bit for bit:
// the four values, the MAC register value and the sticky bits, on fixed seeds (std::mt19937 is specified bit for
// bit, so the operand streams are the same on every host), plus the format's edges exhaustively.
//
// Sizes: the optimised build runs a few million 4-lane cases per op; the unoptimised sanitizer build a tenth.
// A long sweep is run by hand on the optimised build:
//   GCVU_VECTOR_SWEEP=50000000 build/release/tests/gcvu_tests --gtest_filter='VuVectorOps.*'

#include <emmintrin.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/common/cpu_features.hpp"
#include "emu/vu/float/vector_ops.hpp"
#include "emu/vu/float/vector_ops_avx2.hpp"
#include "emu/vu/float/vector_ops_scalar.hpp"
#include "emu/vu/float/vector_ops_sse2.hpp"

#include "tests/vu/sweep_size.hpp"

namespace gcvu::vu {
namespace {

long sweep_size() { return test::sweep_size("GCVU_VECTOR_SWEEP", 1'000'000); }

std::string show(const Vec4& v) { return fmt::format("{:08X} {:08X} {:08X} {:08X}", v[0], v[1], v[2], v[3]); }
std::string show(const Vec4Result& r) {
  return fmt::format("[{}] mac {:04X} sticky {:X}", show(r.value), r.mac, r.sticky);
}
bool same(const Vec4Result& a, const Vec4Result& b) {
  return a.value == b.value && a.mac == b.mac && a.sticky == b.sticky;
}

// Zeros, denormals, exponents 1, 254 and 255, 1.0 and its neighbours, the saturation value.
constexpr std::array<uint32_t, 20> kEdges = {0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00400000,
                                             0x00800000, 0x80800001, 0x00FFFFFF, 0x3F800000, 0xBF800000,
                                             0x3F7FFFFF, 0x3F800001, 0x7F000000, 0x7F7FFFFF, 0x7F800000,
                                             0xFF800001, 0x7FFFFFFF, 0xFFFFFFFF, 0x40000000, 0x1F800000};

// A mix of operand kinds: uniform patterns, edges, short significands, exponents near the top and the bottom.
uint32_t operand(std::mt19937& rng) {
  const uint32_t sign = rng() & kSignBit;
  switch (rng() % 8) {
    case 0: return rng();
    case 1: return kEdges[rng() % kEdges.size()] ^ (rng() & kSignBit);
    case 2: return sign | ((100u + rng() % 56) << 23) | (rng() & 0x7F0000u);
    case 3: return sign | ((192u + rng() % 64) << 23) | (rng() & kFractionMask);
    case 4: return sign | ((rng() % 64) << 23) | (rng() & kFractionMask);
    default: return sign | ((100u + rng() % 56) << 23) | (rng() & kFractionMask);
  }
}

// b within 0..27 exponent steps of a, sometimes with a's significand: alignment shifts 0, 1, 24, 25, 26 and
// cancellations.
uint32_t partner(std::mt19937& rng, uint32_t a) {
  const uint32_t exp = exponent_of(a);
  const uint32_t delta = rng() % 28;
  const uint32_t e = exp > delta ? exp - delta : rng() % 2;
  uint32_t fraction = rng() & kFractionMask;
  if (rng() % 4 == 0) fraction = a & kFractionMask;
  if (rng() % 8 == 0) fraction ^= 1u << (rng() % 23);
  return (rng() & kSignBit) | (e << 23) | fraction;
}

// The inverse of an odd x modulo 2^23 (Newton's iteration doubles the correct low bits each step).
uint32_t inverse_mod_2_23(uint32_t x) {
  uint32_t inv = x;
  for (int i = 0; i < 4; ++i) inv *= 2 - x * inv;
  return inv & kFractionMask;
}

// A pair whose exact significand product has low 23 bits t, t near the fast path's bound 2^15 or in the tree's
// range below it (as in float_fast_path_test.cpp), with exponents at the product's overflow and underflow edges.
std::array<uint32_t, 2> near_boundary(std::mt19937& rng) {
  const uint32_t x = kHiddenBit | (rng() & kFractionMask) | 1u;
  uint32_t t = 0;
  switch (rng() % 4) {
    case 0: t = rng() & 0x7FFFu; break;
    case 1: t = 0x8000u - 1 - (rng() % 64); break;
    case 2: t = 0x8000u + (rng() % 64); break;
    default: t = (rng() % 64) | ((rng() & 1) << 22); break;
  }
  const uint32_t y = kHiddenBit | ((t * inverse_mod_2_23(x)) & kFractionMask);
  const uint32_t exp_s = 1u + rng() % 254;
  uint32_t exp_t = 1u + rng() % 254;
  switch (rng() % 4) {
    case 0: exp_t = 127u + 128u - exp_s + rng() % 3; break;  // overflow only after normalisation, or not
    case 1: exp_t = 127u + 1u - exp_s - (rng() % 2); break;  // underflow edge
    default: break;
  }
  if (exp_t < 1 || exp_t > 255) exp_t = 127;
  const uint32_t fs = (rng() & kSignBit) | (exp_s << 23) | (x & kFractionMask);
  const uint32_t ft = (rng() & kSignBit) | (exp_t << 23) | (y & kFractionMask);
  if (rng() % 2 == 0) return {ft, fs};
  return {fs, ft};
}

struct Case {
  Vec4 acc;
  Vec4 fs;
  Vec4 ft;
  FieldMask acc_overflow;
  FieldMask fields;
};

// A random 4-lane case; `kind` picks how the lanes are drawn.
Case random_case(std::mt19937& rng, long i) {
  Case c{};
  for (int lane = 0; lane < 4; ++lane) {
    switch (i % 4) {
      case 0:  // independent operands
        c.fs[lane] = operand(rng);
        c.ft[lane] = operand(rng);
        c.acc[lane] = operand(rng);
        break;
      case 1:  // the adder's alignment region, and an ACC near the product
        c.fs[lane] = operand(rng);
        c.ft[lane] = partner(rng, c.fs[lane]);
        c.acc[lane] = partner(rng, mul(c.fs[lane], c.ft[lane]).value);
        break;
      case 2: {  // MUL near its truncation bound
        const auto pair = near_boundary(rng);
        c.fs[lane] = pair[0];
        c.ft[lane] = pair[1];
        c.acc[lane] = rng() % 2 ? partner(rng, mul(pair[0], pair[1]).value) : operand(rng);
        break;
      }
      default:  // short constants on either side (1.0 * x runs the tree, x * 1.0 never does)
        c.fs[lane] = (rng() & kSignBit) | ((120u + rng() % 16) << 23) | (rng() & 0x7E0000u);
        c.ft[lane] = operand(rng);
        if (rng() % 2) std::swap(c.fs[lane], c.ft[lane]);
        c.acc[lane] = partner(rng, mul(c.fs[lane], c.ft[lane]).value);
        break;
    }
  }
  c.fields = static_cast<FieldMask>(rng() % 4 == 0 ? rng() & 15 : 15);
  c.acc_overflow = static_cast<FieldMask>(rng() % 4 == 0 ? rng() & 15 : 0);
  return c;
}

std::string describe(const Case& c) {
  return fmt::format("acc [{}] acc_overflow {:X} fs [{}] ft [{}] fields {:X}", show(c.acc), c.acc_overflow, show(c.fs),
                     show(c.ft), c.fields);
}

// Every op on one case, each vector implementation (SSE2 always, AVX2 when the host has it) against the reference;
// and the public entry points (which the interpreter calls) against the reference too.
void expect_all_match(const Case& c) {
  const auto check = [&](const char* name, const Vec4Result& fast, const Vec4Result& reference) {
    ASSERT_PRED2(same, fast, reference) << name << " " << describe(c) << "\n  vector " << show(fast) << "\n  scalar "
                                        << show(reference);
  };
  ASSERT_NO_FATAL_FAILURE(check("add4", sse2::add4(c.fs, c.ft, c.fields), scalar::add4(c.fs, c.ft, c.fields)));
  ASSERT_NO_FATAL_FAILURE(check("sub4", sse2::sub4(c.fs, c.ft, c.fields), scalar::sub4(c.fs, c.ft, c.fields)));
  ASSERT_NO_FATAL_FAILURE(check("mul4", sse2::mul4(c.fs, c.ft, c.fields), scalar::mul4(c.fs, c.ft, c.fields)));
  ASSERT_NO_FATAL_FAILURE(check("madd4", sse2::madd4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields),
                                scalar::madd4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields)));
  ASSERT_NO_FATAL_FAILURE(check("msub4", sse2::msub4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields),
                                scalar::msub4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields)));
  if (gcvu::cpu_has_avx2()) {
    ASSERT_NO_FATAL_FAILURE(check("avx2 add4", avx2::add4(c.fs, c.ft, c.fields), scalar::add4(c.fs, c.ft, c.fields)));
    ASSERT_NO_FATAL_FAILURE(check("avx2 sub4", avx2::sub4(c.fs, c.ft, c.fields), scalar::sub4(c.fs, c.ft, c.fields)));
    ASSERT_NO_FATAL_FAILURE(check("avx2 mul4", avx2::mul4(c.fs, c.ft, c.fields), scalar::mul4(c.fs, c.ft, c.fields)));
    ASSERT_NO_FATAL_FAILURE(check("avx2 madd4", avx2::madd4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields),
                                  scalar::madd4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields)));
    ASSERT_NO_FATAL_FAILURE(check("avx2 msub4", avx2::msub4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields),
                                  scalar::msub4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields)));
  }
  ASSERT_NO_FATAL_FAILURE(check("add4 (public)", add4(c.fs, c.ft, c.fields), scalar::add4(c.fs, c.ft, c.fields)));
  ASSERT_NO_FATAL_FAILURE(check("mul4 (public)", mul4(c.fs, c.ft, c.fields), scalar::mul4(c.fs, c.ft, c.fields)));
  ASSERT_NO_FATAL_FAILURE(check("madd4 (public)", madd4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields),
                                scalar::madd4(c.acc, c.acc_overflow, c.fs, c.ft, c.fields)));
}

// Which implementation the entry points use here (both are checked against the reference regardless).
TEST(VuVectorOps, ReportsImplementation) {
  RecordProperty("implementation", avx2::kUseAvx2 ? "avx2" : "sse2");
  EXPECT_EQ(avx2::kUseAvx2, gcvu::cpu_has_avx2());
}

TEST(VuVectorOps, RandomCasesMatchScalar) {
  std::mt19937 rng(20250801);
  const long n = sweep_size();
  for (long i = 0; i < n; ++i) ASSERT_NO_FATAL_FAILURE(expect_all_match(random_case(rng, i)));
}

// Every pair of edge operands in every lane position, with every dest mask and every ACC-overflow mask.
TEST(VuVectorOps, EdgesEveryMask) {
  std::mt19937 rng(20250802);
  for (size_t i = 0; i < kEdges.size(); ++i) {
    for (size_t j = 0; j < kEdges.size(); ++j) {
      for (uint32_t flip : {0u, kSignBit}) {
        Case c{};
        // Rotate the pair through the lanes so each edge meets each other edge in every lane.
        for (int lane = 0; lane < 4; ++lane) {
          c.fs[lane] = kEdges[(i + static_cast<size_t>(lane)) % kEdges.size()];
          c.ft[lane] = kEdges[(j + static_cast<size_t>(lane) * 3) % kEdges.size()] ^ flip;
          c.acc[lane] = kEdges[rng() % kEdges.size()] ^ (rng() & kSignBit);
        }
        for (unsigned fields = 0; fields < 16; ++fields) {
          for (unsigned acc_overflow = 0; acc_overflow < 16; ++acc_overflow) {
            c.fields = static_cast<FieldMask>(fields);
            c.acc_overflow = static_cast<FieldMask>(acc_overflow);
            ASSERT_NO_FATAL_FAILURE(expect_all_match(c));
          }
        }
      }
    }
  }
}

// Exponent edges with random fractions: results at exponent 0/1 and 254/255, sums that carry into 256, products
// that overflow or underflow only after the 1-bit normalisation; every dest mask.
TEST(VuVectorOps, ExponentEdges) {
  std::mt19937 rng(20250803);
  constexpr std::array<uint32_t, 8> kExponents = {0, 1, 2, 126, 127, 128, 254, 255};
  const long n = sweep_size() / 10;
  for (long i = 0; i < n; ++i) {
    Case c{};
    for (int lane = 0; lane < 4; ++lane) {
      const auto pick = [&] {
        return (rng() & kSignBit) | (kExponents[rng() % kExponents.size()] << 23) | (rng() & kFractionMask);
      };
      c.fs[lane] = pick();
      c.ft[lane] = rng() % 2 ? pick() : partner(rng, c.fs[lane]);
      // Products near 2^128 and 2^-126: exponents summing to about 254 or 128.
      if (rng() % 4 == 0) {
        const uint32_t es = 1u + rng() % 254;
        const uint32_t et = (rng() % 2 ? 254u : 127u) + 1u - es + rng() % 3;
        if (et >= 1 && et <= 255) c.ft[lane] = (rng() & kSignBit) | (et << 23) | (rng() & kFractionMask);
        c.fs[lane] = (c.fs[lane] & ~0x7F800000u) | (es << 23);
      }
      c.acc[lane] = rng() % 2 ? pick() : partner(rng, mul(c.fs[lane], c.ft[lane]).value);
    }
    c.fields = static_cast<FieldMask>(i & 15);
    c.acc_overflow = static_cast<FieldMask>((i >> 4) & 15);
    ASSERT_NO_FATAL_FAILURE(expect_all_match(c));
  }
}

// A short significand (the top few fraction bits only: 1.0, 0.5, 1.5, 3.0, -0.375, ...) at a random exponent.
uint32_t short_constant(std::mt19937& rng) {
  static constexpr std::array<uint32_t, 6> kFractions = {0x000000, 0x400000, 0x600000, 0x200000, 0x700000, 0x100000};
  const uint32_t fraction = rng() % 4 == 0 ? rng() & 0x7F0000u : kFractions[rng() % kFractions.size()];
  uint32_t exp = 110u + rng() % 36;
  if (rng() % 8 == 0) exp = rng() % 2 ? 1u + rng() % 8 : 247u + rng() % 9;  // products at the format's edges
  return (rng() & kSignBit) | (exp << 23) | fraction;
}

// An ACC that cancels most of `value`'s leading bits: the same or the next exponent, the opposite sign, and a
// fraction equal to value's but for some low bits (or all equal: an exact cancellation).
uint32_t cancelling(std::mt19937& rng, uint32_t value) {
  uint32_t exp = exponent_of(value);
  if (rng() % 4 == 0 && exp > 1)
    exp -= rng() % 2 ? 1 : 0;
  else if (rng() % 4 == 0 && exp < 255 && exp > 0)
    exp += 1;
  const uint32_t bits = rng() % 24;  // how many low fraction bits change
  const uint32_t low = bits == 0 ? 0 : rng() & ((1u << bits) - 1);
  const uint32_t fraction = rng() % 16 == 0 ? value & kFractionMask : (value & kFractionMask) ^ low;
  return ((value ^ kSignBit) & kSignBit) | (exp << 23) | fraction;
}

// The cases that used to leave the vector path: products that run the Booth tree (short constants as fs, as ft
// and as both, and near the fast path's bound), and adds whose leading bits cancel (ADD, SUB, and the add stage of
// MADD/MSUB, whose ACC is drawn against the product).
TEST(VuVectorOps, ShortConstantsAndCancellationsMatchScalar) {
  std::mt19937 rng(20250804);
  const long n = sweep_size() / 2;
  for (long i = 0; i < n; ++i) {
    Case c{};
    for (int lane = 0; lane < 4; ++lane) {
      switch ((i + lane) % 4) {
        case 0:  // short-constant fs: 1.0 * x and the like
          c.fs[lane] = short_constant(rng);
          c.ft[lane] = operand(rng);
          break;
        case 1:  // short constants on both sides
          c.fs[lane] = short_constant(rng);
          c.ft[lane] = short_constant(rng);
          break;
        case 2: {  // near the bound, one side sometimes a short constant
          const auto pair = near_boundary(rng);
          c.fs[lane] = pair[0];
          c.ft[lane] = rng() % 4 == 0 ? short_constant(rng) : pair[1];
          break;
        }
        default:  // ADD/SUB cancellations: ft against fs
          c.fs[lane] = operand(rng);
          c.ft[lane] = cancelling(rng, c.fs[lane]);
          if (rng() % 2) c.ft[lane] ^= kSignBit;  // SUB then cancels instead
          break;
      }
      c.acc[lane] =
          rng() % 8 == 0 ? operand(rng) : cancelling(rng, mul(c.fs[lane], c.ft[lane]).value ^ (rng() & kSignBit));
    }
    c.fields = static_cast<FieldMask>(rng() % 4 == 0 ? rng() & 15 : 15);
    c.acc_overflow = static_cast<FieldMask>(rng() % 8 == 0 ? rng() & 15 : 0);
    ASSERT_NO_FATAL_FAILURE(expect_all_match(c));
  }
}

// The vector Booth tree against multiplier.hpp's, lane by lane, on random significands (short ones included) and on
// every Booth window pattern of ft's low 16 bits.
TEST(VuVectorOps, BoothTreeMatchesScalar) {
  std::mt19937 rng(20250805);
  const auto check = [](const std::array<uint32_t, 4>& x, const std::array<uint32_t, 4>& y) {
    const __m128i bits = sse2::Ops::booth_tree_bit15(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x.data())),
                                                     _mm_loadu_si128(reinterpret_cast<const __m128i*>(y.data())));
    std::array<uint32_t, 4> out{};
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data()), bits);
    for (size_t lane = 0; lane < 4; ++lane) {
      ASSERT_EQ(out[lane], 0u - detail::booth_tree_bit15(x[lane], y[lane]))
          << fmt::format("x {:06X} y {:06X}", x[lane], y[lane]);
    }
  };
  const long n = sweep_size() / 4;
  for (long i = 0; i < n; ++i) {
    std::array<uint32_t, 4> x{};
    std::array<uint32_t, 4> y{};
    for (size_t lane = 0; lane < 4; ++lane) {
      x[lane] = kHiddenBit | (rng() & (rng() % 2 ? kFractionMask : 0x7F0000u));
      y[lane] = kHiddenBit | (rng() & (rng() % 2 ? kFractionMask : 0x7F0000u));
    }
    ASSERT_NO_FATAL_FAILURE(check(x, y));
  }
  for (uint32_t low = 0; low < 0x10000u; low += 4) {
    std::array<uint32_t, 4> x{};
    std::array<uint32_t, 4> y{};
    for (uint32_t lane = 0; lane < 4; ++lane) {
      x[lane] = kHiddenBit | (rng() & kFractionMask);
      y[lane] = kHiddenBit | (rng() & 0x7F0000u) | (low + lane);
    }
    ASSERT_NO_FATAL_FAILURE(check(x, y));
  }
}

// The adder's left normalisation on every cancelled sum (1 .. 2^23 - 1) and on the sums it must leave alone.
TEST(VuVectorOps, NormaliseLeftEverySum) {
  const auto check = [](const std::array<uint32_t, 4>& sums) {
    __m128i count;
    const __m128i shifted =
        sse2::Ops::normalise_left(_mm_loadu_si128(reinterpret_cast<const __m128i*>(sums.data())), count);
    std::array<uint32_t, 4> out{};
    std::array<uint32_t, 4> counts{};
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data()), shifted);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(counts.data()), count);
    for (size_t lane = 0; lane < 4; ++lane) {
      const uint32_t expected = sums[lane] < kHiddenBit ? 24u - static_cast<uint32_t>(std::bit_width(sums[lane])) : 0u;
      ASSERT_EQ(counts[lane], expected) << fmt::format("sum {:X}", sums[lane]);
      ASSERT_EQ(out[lane], sums[lane] << expected) << fmt::format("sum {:X}", sums[lane]);
    }
  };
  for (uint32_t sum = 1; sum < kHiddenBit; sum += 4) {
    ASSERT_NO_FATAL_FAILURE(check({sum, sum + 1, sum + 2, std::min(sum + 3, kHiddenBit - 1)}));
  }
  ASSERT_NO_FATAL_FAILURE(check({kHiddenBit, 0x00FFFFFFu, 0x01000000u, 0x03FFFFFFu}));
}

}  // namespace
}  // namespace gcvu::vu
