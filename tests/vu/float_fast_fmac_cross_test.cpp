// Cross-check between two of our own paths: the compiled code's AVX2 MUL/MADD/MSUB kernels from exact host doubles
// (double_lanes.hpp, reached through avx2::fmac_kernel) against the reference model (reference.hpp), bit for bit:
// the values written, MAC values and sticky bits of every FmacFlags variant, vector and broadcast forms, partial dest
// masks. The operands are biased to every edge of the kernels' conditions: products whose exact bits 15-22 are clear
// (the Booth tree decides) with ft's low bits set and clear, products at 2^-126 and 2^128, ACC and products of
// exponents 24/25/253/254, alignment shifts d = 0-2, 24-26, 36, 53-63 and beyond, exponent-0 (denormal) and
// exponent-255 operands, signed zeros, exact and near cancellations, and ACC-overflow persistence. The lanes the
// kernels take themselves are checked to be exactly the documented ones, the results not to depend on MXCSR, and
// deliberately broken variants (DoubleFmacFault) to be caught. std::mt19937 is specified bit for bit, so the streams
// are the same on every host.
//
// Sizes: the optimised build runs 200,000 4-lane cases per test; the unoptimised sanitizer build a tenth. The long
// run (10^8 cases per op) is by hand on the optimised build:
//   GCVU_FAST_FMAC_SWEEP=100000000 build/release/tests/gcvu_tests --gtest_filter='VuFastFmacCrossCheck.*'

#include <xmmintrin.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/vu/float/fmac_kernel.hpp"
#include "emu/vu/float/reference.hpp"
#include "emu/vu/float/vector_ops_avx2.hpp"
#include "emu/vu/float/vector_ops_scalar.hpp"

#include "tests/vu/sweep_size.hpp"

namespace gcvu::vu::fmac_cross {
namespace {

long fast_fmac_sweep_size() { return test::sweep_size("GCVU_FAST_FMAC_SWEEP", 200'000); }

uint32_t make_float(uint32_t sign, uint32_t exponent, uint32_t fraction) {
  return (sign & kSignBit) | ((exponent & 0xFFu) << 23) | (fraction & kFractionMask);
}

// The inverse of an odd x modulo 2^32 (Newton's iteration doubles the correct low bits each step).
uint32_t odd_inverse(uint32_t x) {
  uint32_t inverse = x;
  for (int i = 0; i < 5; ++i) inverse *= 2u - x * inverse;
  return inverse;
}

uint32_t random_exponent(std::mt19937& rng) {
  static constexpr std::array<uint32_t, 12> kEdges = {0, 1, 2, 24, 25, 26, 127, 252, 253, 254, 255, 128};
  return rng() % 3 == 0 ? kEdges[rng() % kEdges.size()] : rng() % 256;
}

// One lane's fs and ft, biased to the product's conditions.
std::array<uint32_t, 2> product_operands(std::mt19937& rng) {
  uint32_t fs = rng();
  uint32_t ft = rng();
  switch (rng() % 8) {
    case 0: {  // the exact product's bits 15-22 (and below) chosen: the tree decides, or just does not
      const uint32_t x = (fs | 1u) & kFractionMask;
      static constexpr std::array<uint32_t, 6> kLow = {0, 1, 0x7FFF, 0x8000, 0x4000, 0x10000};
      const uint32_t low = rng() % 2 == 0 ? kLow[rng() % kLow.size()] : rng() & 0x7FFFu;
      // x * (2^23 + y) = x * y = low modulo 2^23 (x odd and below 2^24 with its hidden bit).
      const uint32_t y = (low * odd_inverse(x | kHiddenBit)) & kFractionMask;
      fs = make_float(fs, 100 + rng() % 56, x);
      ft = make_float(ft, 100 + rng() % 56, y);
      break;
    }
    case 1: {  // products near 2^-126 and 2^128 (exponent sums near 128 and 381)
      const uint32_t target = rng() % 2 == 0 ? 128 : 381;
      const uint32_t es = 1 + rng() % 254;
      const int et = static_cast<int>(target) - static_cast<int>(es) + static_cast<int>(rng() % 5) - 2;
      fs = make_float(fs, es, rng() % 4 == 0 ? (rng() % 2 == 0 ? 0 : kFractionMask) : fs);
      ft = make_float(ft,
                      static_cast<uint32_t>(et < 0     ? 0
                                            : et > 255 ? 255
                                                       : et),
                      rng() % 4 == 0 ? (rng() % 2 == 0 ? 0 : kFractionMask) : ft);
      break;
    }
    case 2:  // exponent-0 (zero or denormal) and exponent-255 operands against anything
      fs = make_float(fs, rng() % 2 == 0 ? 0 : 255, rng() % 4 == 0 ? 0 : fs);
      ft = make_float(ft, random_exponent(rng), ft);
      if (rng() % 2 == 0) std::swap(fs, ft);
      break;
    case 3:  // 1.0 * y (the tree decides wherever y's low 16 bits are set) and y * 1.0
      fs = kOne ^ (rng() & kSignBit);
      if (rng() % 2 == 0) std::swap(fs, ft);
      break;
    case 4:  // ft with its low 16 bits clear
      ft &= ~0xFFFFu;
      break;
    default:
      fs = make_float(fs, rng() % 2 == 0 ? 64 + rng() % 128 : random_exponent(rng), fs);
      ft = make_float(ft, rng() % 2 == 0 ? 64 + rng() % 128 : random_exponent(rng), ft);
      break;
  }
  return {fs, ft};
}

// ACC for a lane whose PS2 product is `product`: biased to the add's conditions.
uint32_t acc_operand(std::mt19937& rng, uint32_t product) {
  const uint32_t exp_p = exponent_of(product);
  uint32_t acc = rng();
  switch (rng() % 8) {
    case 0: {  // alignment shifts either way
      static constexpr std::array<int, 14> kShifts = {0, 1, 2, 3, 23, 24, 25, 26, 27, 36, 53, 60, 63, 64};
      const int d = kShifts[rng() % kShifts.size()] * (rng() % 2 == 0 ? 1 : -1);
      const int e = static_cast<int>(exp_p) + d;
      acc = make_float(acc, static_cast<uint32_t>(e < 0 ? 0 : e > 255 ? 255 : e), acc);
      break;
    }
    case 1: acc = product ^ kSignBit; break;  // exact cancellation (MADD), doubling (MSUB)
    case 2: acc = product; break;
    case 3: acc = ((product & kMagnitudeMask) + (rng() % 5) - 2) | ((product ^ rng()) & kSignBit); break;
    case 4: acc = make_float(acc, random_exponent(rng), rng() % 4 == 0 ? kFractionMask : acc); break;
    case 5: acc = rng() % 2 == 0 ? (rng() & kSignBit) : make_float(acc, 0, acc); break;  // zero or denormal
    case 6: {  // ACC exponents 24/25/253/254 with a product just below them
      static constexpr std::array<uint32_t, 4> kExponents = {24, 25, 253, 254};
      acc = make_float(acc, kExponents[rng() % kExponents.size()], rng() % 3 == 0 ? kFractionMask : acc);
      break;
    }
    default: break;
  }
  return acc;
}

struct Case {
  Vec4 fs{};
  Vec4 ft{};
  Vec4 acc{};
  FieldMask fields = kFieldsXyzw;
  FieldMask acc_overflow = 0;
  bool broadcast = false;
};

Case make_case(std::mt19937& rng, long index) {
  Case c;
  for (int lane = 0; lane < 4; ++lane) {
    const auto [fs, ft] = product_operands(rng);
    c.fs[lane] = fs;
    c.ft[lane] = ft;
  }
  c.broadcast = index % 4 == 0;
  if (c.broadcast) c.ft = broadcast(c.ft[0]);
  for (int lane = 0; lane < 4; ++lane) c.acc[lane] = acc_operand(rng, reference::mul(c.fs[lane], c.ft[lane]).value);
  c.fields = rng() % 2 == 0 ? kFieldsXyzw : FieldMask(rng() % 16);
  c.acc_overflow = rng() % 8 == 0 ? FieldMask(rng() % 16) : FieldMask{0};
  return c;
}

std::string show(const Vec4& v) { return fmt::format("{:08X} {:08X} {:08X} {:08X}", v[0], v[1], v[2], v[3]); }

Vec4Result model(FmacKernelOp op, const Case& c) {
  return scalar::detail::lanes(c.fields, [&](int l) {
    switch (op) {
      case FmacKernelOp::kMadd: return reference::madd(c.acc[l], has_lane(c.acc_overflow, l), c.fs[l], c.ft[l]);
      case FmacKernelOp::kMsub: return reference::msub(c.acc[l], has_lane(c.acc_overflow, l), c.fs[l], c.ft[l]);
      default: return reference::mul(c.fs[l], c.ft[l]);
    }
  });
}

// The first difference between `kernel` (of `variant`) and the model on this case, described, or "".
std::string difference(FmacKernel kernel, FmacKernelOp op, FmacFlags variant, const Case& c, const Vec4Result& want,
                       const Vec4& old) {
  Vec4 dest = old;
  const uint32_t flags = kernel(c.fs.data(), c.ft.data(), dest.data(), c.acc.data(), c.acc_overflow, c.fields);
  Vec4 expected_dest = old;
  for (int lane = 0; lane < 4; ++lane) {
    if (has_lane(c.fields, lane)) expected_dest[lane] = want.value[lane];
  }
  uint32_t expected_flags = want.mac | (uint32_t{want.sticky} << 16);
  if (variant == FmacFlags::kSticky) expected_flags &= ~0xFFFFu;
  if (variant == FmacFlags::kStickyAndOverflow) expected_flags &= ~0x0FFFu;
  if (dest == expected_dest && flags == expected_flags) return "";
  return fmt::format(
      "op {} flags variant {} fields {:X} acc_overflow {:X}\n  fs  {}\n  ft  {}\n  acc {}\n  got  {} flags "
      "{:05X}\n  want {} flags {:05X}",
      static_cast<int>(op), static_cast<int>(variant), c.fields, c.acc_overflow, show(c.fs), show(c.ft), show(c.acc),
      show(dest), flags, show(expected_dest), expected_flags);
}

constexpr std::array<FmacKernelOp, 3> kOps = {FmacKernelOp::kMul, FmacKernelOp::kMadd, FmacKernelOp::kMsub};

// Every kernel, every flags variant, against the model.
TEST(VuFastFmacCrossCheck, KernelsEqualTheModel) {
  if (!avx2::kUseAvx2) GTEST_SKIP() << "no AVX2 on this host";
  std::mt19937 rng(0x19f3ac);
  const long n = fast_fmac_sweep_size();
  for (long i = 0; i < n; ++i) {
    const Case c = make_case(rng, i);
    const Vec4 old{static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng()),
                   static_cast<uint32_t>(rng())};
    for (const FmacKernelOp op : kOps) {
      const Vec4Result want = model(op, c);
      for (const FmacFlags variant : {FmacFlags::kMacAndSticky, FmacFlags::kSticky, FmacFlags::kStickyAndOverflow}) {
        const std::string diff = difference(avx2::fmac_kernel(op, c.broadcast, variant), op, variant, c, want, old);
        ASSERT_EQ(diff, "") << "case " << i;
      }
    }
  }
}

// The lanes the kernels take themselves are exactly the documented ones (double_lanes.hpp), under the default MXCSR.
bool documented_fast_lane(FmacKernelOp op, uint32_t fs, uint32_t ft, uint32_t acc, bool acc_overflowed) {
  // An exponent-255 operand refuses even against a zero (the host's 0 * Inf is NaN).
  if (exponent_of(fs) == 255 || exponent_of(ft) == 255) return false;
  // The product's own conditions: a zero operand, or a normal single with an exponent up to 254 (the Booth tree's
  // lanes are computed, not refused).
  const FmacResult mul = reference::mul(fs, ft);
  const uint32_t product = mul.value;
  const bool product_fast =
      is_zero(fs) || is_zero(ft) || ((mul.mac & (kMacU | kMacO)) == 0 && exponent_of(product) <= 254);
  if (op == FmacKernelOp::kMul) return product_fast;
  if (!product_fast || acc_overflowed) return false;
  // A's exponent: the larger magnitude's; a denormal ACC is its tiny value here (the default MXCSR has no DAZ).
  const bool acc_zero = (acc & kMagnitudeMask) == 0;
  const bool product_zero = is_zero(product);
  if (acc_zero && product_zero) return true;
  if (exponent_of(acc) == 255) return false;
  if (exponent_of(acc) == 0 && product_zero) return false;  // a denormal ACC is A
  const uint32_t big = exponent_of(acc) == 0                                  ? product
                       : (acc & kMagnitudeMask) >= (product & kMagnitudeMask) ? acc
                                                                              : product;
  return exponent_of(big) >= 25 && exponent_of(big) <= 253;
}

TEST(VuFastFmacCrossCheck, FastLanesAreTheDocumentedOnes) {
  if (!avx2::kUseAvx2) GTEST_SKIP() << "no AVX2 on this host";
  std::mt19937 rng(0x19f3ad);
  const long n = fast_fmac_sweep_size();
  std::array<long, 3> fast{};
  std::array<long, 3> refused{};
  for (long i = 0; i < n; ++i) {
    const Case c = make_case(rng, i);
    for (size_t k = 0; k < kOps.size(); ++k) {
      const uint32_t lanes =
          avx2::double_fmac_fast_lanes(kOps[k], c.fs.data(), c.ft.data(), c.acc.data(), c.acc_overflow);
      for (int lane = 0; lane < 4; ++lane) {
        const bool documented =
            documented_fast_lane(kOps[k], c.fs[lane], c.ft[lane], c.acc[lane], has_lane(c.acc_overflow, lane));
        ASSERT_EQ(((lanes >> lane) & 1) != 0, documented)
            << fmt::format("op {} lane {}: fs {:08X} ft {:08X} acc {:08X}", static_cast<int>(kOps[k]), lane, c.fs[lane],
                           c.ft[lane], c.acc[lane]);
        ++(documented ? fast : refused)[k];
      }
    }
  }
  // Both sides of every condition are exercised.
  for (size_t k = 0; k < kOps.size(); ++k) {
    EXPECT_GT(fast[k], n) << "op " << static_cast<int>(kOps[k]);
    EXPECT_GT(refused[k], n / 4) << "op " << static_cast<int>(kOps[k]);
  }
}

// The results do not depend on MXCSR: each rounding mode, and DAZ with FTZ, give the default mode's bits.
TEST(VuFastFmacCrossCheck, ResultsDoNotDependOnMxcsr) {
  if (!avx2::kUseAvx2) GTEST_SKIP() << "no AVX2 on this host";
  const unsigned saved = _mm_getcsr();
  // The three directed rounding modes, and round-to-nearest with FTZ (0x8000) and DAZ (0x0040).
  for (const unsigned mode : {0x2000u, 0x4000u, 0x6000u, 0x8040u}) {
    std::mt19937 rng(0x19f3ae);
    std::string diff;
    for (long i = 0; i < fast_fmac_sweep_size() / 10 && diff.empty(); ++i) {
      const Case c = make_case(rng, i);
      for (const FmacKernelOp op : kOps) {
        const Vec4Result want = model(op, c);
        _mm_setcsr((saved & ~0xE040u) | mode);
        diff = difference(avx2::fmac_kernel(op, c.broadcast, FmacFlags::kMacAndSticky), op, FmacFlags::kMacAndSticky, c,
                          want, Vec4{});
        _mm_setcsr(saved);
        if (!diff.empty()) break;
      }
    }
    EXPECT_EQ(diff, "") << fmt::format("MXCSR mode {:04X}", mode);
  }
}

// The check itself: each deliberately broken kernel differs from the model somewhere in the sweep.
TEST(VuFastFmacCrossCheck, CatchesBrokenKernels) {
  if (!avx2::kUseAvx2) GTEST_SKIP() << "no AVX2 on this host";
  struct Broken {
    DoubleFmacFault fault;
    const char* name;
  };
  for (const Broken broken : {Broken{DoubleFmacFault::kBrokenTreeWindow, "tree window one bit low"},
                              Broken{DoubleFmacFault::kBrokenDenormals, "denormal operands kept"},
                              Broken{DoubleFmacFault::kBrokenOneTruncation, "sum truncated once"},
                              Broken{DoubleFmacFault::kBrokenAccRange, "A range one binade wide"}}) {
    std::mt19937 rng(0x19f3ac);
    bool caught = false;
    for (long i = 0; i < fast_fmac_sweep_size() && !caught; ++i) {
      const Case c = make_case(rng, i);
      for (const FmacKernelOp op : kOps) {
        const FmacKernel kernel = avx2::broken_fmac_kernel(op, c.broadcast, broken.fault);
        if (!difference(kernel, op, FmacFlags::kMacAndSticky, c, model(op, c), Vec4{}).empty()) caught = true;
      }
    }
    EXPECT_TRUE(caught) << broken.name;
  }
  // The unbroken kernels from the same entry point agree.
  std::mt19937 rng(0x19f3ac);
  for (long i = 0; i < 1000; ++i) {
    const Case c = make_case(rng, i);
    for (const FmacKernelOp op : kOps) {
      const FmacKernel kernel = avx2::broken_fmac_kernel(op, c.broadcast, DoubleFmacFault::kNone);
      ASSERT_EQ(difference(kernel, op, FmacFlags::kMacAndSticky, c, model(op, c), Vec4{}), "");
    }
  }
}

}  // namespace
}  // namespace gcvu::vu::fmac_cross
