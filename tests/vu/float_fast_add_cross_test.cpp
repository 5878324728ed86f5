// Cross-check between two of our own paths: the vector adder's host-double fast path (vector_lanes.hpp
// add_lanes_fast, reached through the SSE2 and AVX2 add4/sub4/madd4/msub4) against the reference model
// (reference.hpp), bit for bit: values, MAC register values and sticky bits. The operands are biased to the edges
// of the fast path's condition and argument: the larger exponent at 0/1/24/25/253/254/255, alignment shifts
// d = 0, 1, 2, 23, 24, 25, 26, 28, 29 and beyond, the smaller operand with and without bits below the guard bit,
// cancellations down to and below exponent 1, sums near overflow, zero and denormal operands, both signs, and
// MADD/MSUB with products that overflow, an ACC that overflowed, and ft's low 16 bits set (the Booth-tree lanes).
// std::mt19937 is specified bit for bit, so the streams are the same on every host.
//
// Sizes: the optimised build runs 200,000 4-lane cases per test (about a second); the unoptimised sanitizer build
// a tenth. The long run (10^8 cases per op) is by hand on the optimised build:
//   GCVU_FAST_ADD_SWEEP=100000000 build/release/tests/gcvu_tests --gtest_filter='VuFastAddCrossCheck.*'

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/vu/float/fmac_kernel.hpp"
#include "emu/vu/float/reference.hpp"
#include "emu/vu/float/vector_ops_avx2.hpp"
#include "emu/vu/float/vector_ops_scalar.hpp"
#include "emu/vu/float/vector_ops_sse2.hpp"

#include "tests/vu/sweep_size.hpp"

namespace gcvu::vu {
namespace {

long fast_add_sweep_size() { return test::sweep_size("GCVU_FAST_ADD_SWEEP", 200'000); }

// A pair (a, b) biased to the fast adder's boundaries, in either order.
std::array<uint32_t, 2> boundary_pair(std::mt19937& rng) {
  static constexpr std::array<uint32_t, 16> kBigExponents = {0,   1,   2,   23,  24,  25,  26,  27,
                                                             127, 128, 200, 252, 253, 254, 255, 100};
  static constexpr std::array<uint32_t, 16> kShifts = {0, 1, 2, 3, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 33, 60};
  const uint32_t exp_a = rng() % 4 == 0 ? rng() % 256 : kBigExponents[rng() % kBigExponents.size()];
  const uint32_t shift = rng() % 4 == 0 ? rng() % 40 : kShifts[rng() % kShifts.size()];
  const uint32_t exp_b = exp_a > shift ? exp_a - shift : 0;
  uint32_t fraction_a = rng() & kFractionMask;
  if (rng() % 8 == 0) fraction_a = kFractionMask;  // sums that carry into the next exponent
  if (rng() % 8 == 0) fraction_a = 0;
  uint32_t fraction_b = rng() & kFractionMask;
  switch (rng() % 6) {
    case 0: fraction_b = fraction_a; break;                                      // cancellation (d = 0)
    case 1: fraction_b = (fraction_a + (rng() % 5) - 2) & kFractionMask; break;  // near cancellation
    case 2:                                                                      // nothing below the guard bit
      fraction_b &= shift >= 1 && shift <= 24 ? ~0u << (shift - 1) : ~0u;
      break;
    case 3: fraction_b = kFractionMask; break;  // everything below the guard bit
    default: break;
  }
  const uint32_t sign_a = rng() & kSignBit;
  const uint32_t sign_b = rng() % 2 == 0 ? sign_a : sign_a ^ kSignBit;
  const uint32_t a = sign_a | (exp_a << 23) | (fraction_a & kFractionMask);
  const uint32_t b = sign_b | (exp_b << 23) | (fraction_b & kFractionMask);
  if (rng() % 2 == 0) return {b, a};
  return {a, b};
}

std::string show(const Vec4& v) { return fmt::format("{:08X} {:08X} {:08X} {:08X}", v[0], v[1], v[2], v[3]); }
std::string show(const Vec4Result& r) {
  return fmt::format("[{}] mac {:04X} sticky {:X}", show(r.value), r.mac, r.sticky);
}

void expect_same(const std::string& what, const Vec4Result& got, const Vec4Result& want, const Vec4& fs, const Vec4& ft,
                 const Vec4& acc, FieldMask fields) {
  ASSERT_TRUE(got.value == want.value && got.mac == want.mac && got.sticky == want.sticky)
      << what << " fields " << int{fields} << "\n  fs  " << show(fs) << "\n  ft  " << show(ft) << "\n  acc "
      << show(acc) << "\n  got  " << show(got) << "\n  want " << show(want);
}

// The MAC register's O bits (one per lane, bits 12-15).
constexpr uint16_t kMacOverflowBits = 0xF000;

FieldMask random_fields(std::mt19937& rng) { return rng() % 2 == 0 ? FieldMask{15} : FieldMask(rng() % 16); }

// The lanes add_lanes_fast takes are exactly those its comment names, and they equal the model's add.
TEST(VuFastAddCrossCheck, FastLanesAreTheDocumentedOnesAndEqualTheModel) {
  using Sse2 = sse2::Ops;
  std::mt19937 rng(0x19fa57);
  long taken = 0;
  long refused_count = 0;
  const long n = fast_add_sweep_size();
  for (long i = 0; i < n; ++i) {
    Vec4 a{};
    Vec4 b{};
    for (int lane = 0; lane < 4; ++lane) {
      const auto [x, y] = boundary_pair(rng);
      a[lane] = x;
      b[lane] = y;
    }
    __m128i refused;
    const auto fast = Sse2::add_lanes_fast(Sse2::load(a), Sse2::load(b), refused);
    Vec4 value{};
    Vec4 refused_lanes{};
    Sse2::store(value, fast.value);
    Sse2::store(refused_lanes, refused);
    for (int lane = 0; lane < 4; ++lane) {
      const uint32_t big = (a[lane] & kMagnitudeMask) >= (b[lane] & kMagnitudeMask) ? a[lane] : b[lane];
      const uint32_t exp = exponent_of(big);
      const bool documented = exp == 0 || (exp >= 25 && exp <= 253);
      ASSERT_EQ(refused_lanes[lane] == 0, documented) << fmt::format("{:08X} + {:08X}", a[lane], b[lane]);
      if (!documented) {
        ++refused_count;
        continue;
      }
      ++taken;
      const FmacResult want = reference::add(a[lane], b[lane]);
      // A taken lane never underflows or overflows, and its Z/S come from the value (finish's zero_lanes, sign).
      ASSERT_EQ(want.mac & (kMacU | kMacO), 0) << fmt::format("{:08X} + {:08X}", a[lane], b[lane]);
      ASSERT_EQ(value[lane], want.value) << fmt::format("{:08X} + {:08X}", a[lane], b[lane]);
      ASSERT_EQ(zero_sign_flags(value[lane]), want.mac) << fmt::format("{:08X} + {:08X}", a[lane], b[lane]);
    }
  }
  // Both sides of the condition are exercised.
  EXPECT_GT(taken, n);
  EXPECT_GT(refused_count, n / 4);
}

// The whole ops, both instruction sets, against the model: the fast path where it applies and the model's integer
// vector adder where it does not, selected per op; MUL's truncated exact product, its Booth tree, and the tree bit
// looked up for short fs significands (1.0 * y, 2^k * y).
TEST(VuFastAddCrossCheck, AddSubMulMaddMsubEqualTheModel) {
  std::mt19937 rng(0x19add);
  const long n = fast_add_sweep_size();
  for (long i = 0; i < n; ++i) {
    Vec4 fs{};
    Vec4 ft{};
    Vec4 acc{};
    for (int lane = 0; lane < 4; ++lane) {
      const auto [x, y] = boundary_pair(rng);
      fs[lane] = x;
      ft[lane] = y;
      // MADD/MSUB: ACC against a product near y: y * 1.0 (exact, no tree), y * 2^k, or y * a long significand
      // (Booth-tree lanes when ft's low 16 bits are set), or a product that overflows.
      acc[lane] = boundary_pair(rng)[0];
      switch (rng() % 5) {
        case 0:
          fs[lane] = kOne ^ (rng() & kSignBit);
          std::swap(fs[lane], ft[lane]);
          break;
        case 1: fs[lane] = kOne; break;  // 1.0 * y: the tree decides
        case 2: fs[lane] = (rng() & kSignBit) | ((124u + rng() % 7) << 23); break;
        case 3:
          acc[lane] = x;
          fs[lane] = y;
          ft[lane] = kOne;
          break;
        default: break;
      }
    }
    if (i % 4 == 0) ft = Vec4{ft[0], ft[0], ft[0], ft[0]};  // a broadcast (bc/I/Q) operand
    const FieldMask fields = random_fields(rng);
    const FieldMask acc_overflow = rng() % 8 == 0 ? FieldMask(rng() % 16) : FieldMask{0};
    const Vec4Result add_want = scalar::detail::lanes(fields, [&](int l) { return reference::add(fs[l], ft[l]); });
    const Vec4Result sub_want = scalar::detail::lanes(fields, [&](int l) { return reference::sub(fs[l], ft[l]); });
    const Vec4Result mul_want = scalar::detail::lanes(fields, [&](int l) { return reference::mul(fs[l], ft[l]); });
    const Vec4Result madd_want = scalar::detail::lanes(
        fields, [&](int l) { return reference::madd(acc[l], has_lane(acc_overflow, l), fs[l], ft[l]); });
    const Vec4Result msub_want = scalar::detail::lanes(
        fields, [&](int l) { return reference::msub(acc[l], has_lane(acc_overflow, l), fs[l], ft[l]); });
    // Each instruction set's five ops on this case.
    const auto check = [&](const std::string& isa, auto add4, auto sub4, auto mul4, auto madd4, auto msub4) {
      ASSERT_NO_FATAL_FAILURE(expect_same(isa + " add4", add4(fs, ft, fields), add_want, fs, ft, acc, fields));
      ASSERT_NO_FATAL_FAILURE(expect_same(isa + " sub4", sub4(fs, ft, fields), sub_want, fs, ft, acc, fields));
      ASSERT_NO_FATAL_FAILURE(expect_same(isa + " mul4", mul4(fs, ft, fields), mul_want, fs, ft, acc, fields));
      ASSERT_NO_FATAL_FAILURE(
          expect_same(isa + " madd4", madd4(acc, acc_overflow, fs, ft, fields), madd_want, fs, ft, acc, fields));
      ASSERT_NO_FATAL_FAILURE(
          expect_same(isa + " msub4", msub4(acc, acc_overflow, fs, ft, fields), msub_want, fs, ft, acc, fields));
    };
    ASSERT_NO_FATAL_FAILURE(check("sse2", sse2::add4, sse2::sub4, sse2::mul4, sse2::madd4, sse2::msub4));
    if (avx2::kUseAvx2) {
      ASSERT_NO_FATAL_FAILURE(check("avx2", avx2::add4, avx2::sub4, avx2::mul4, avx2::madd4, avx2::msub4));
    }
    // The compiled code's kernels (fmac_kernel.hpp), operands by address, a broadcast ft as its one word: the
    // fields of `dest` take the model's value, the others keep their bits, and the flag word is MAC | sticky << 16,
    // or for the dead-result variants only the model's sticky bits (and its MAC O bits for kStickyAndOverflow).
    const Vec4 old{static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng()),
                   static_cast<uint32_t>(rng())};
    const bool broadcast = i % 4 == 0;
    const auto check_kernels = [&](const std::string& isa, FmacKernel (*pick)(FmacKernelOp, bool, FmacFlags)) {
      const std::pair<FmacKernelOp, const Vec4Result*> ops[] = {{FmacKernelOp::kAdd, &add_want},
                                                                {FmacKernelOp::kSub, &sub_want},
                                                                {FmacKernelOp::kMul, &mul_want},
                                                                {FmacKernelOp::kMadd, &madd_want},
                                                                {FmacKernelOp::kMsub, &msub_want}};
      for (const auto& [op, want] : ops) {
        for (const FmacFlags variant : {FmacFlags::kMacAndSticky, FmacFlags::kSticky, FmacFlags::kStickyAndOverflow}) {
          const std::string what = fmt::format("{} kernel {} flags {}", isa, static_cast<int>(op),
                                               static_cast<int>(variant));
          Vec4 dest = old;
          const uint32_t flags =
              pick(op, broadcast, variant)(fs.data(), ft.data(), dest.data(), acc.data(), acc_overflow, fields);
          for (int lane = 0; lane < 4; ++lane) {
            ASSERT_EQ(dest[lane], has_lane(fields, lane) ? want->value[lane] : old[lane]) << what << " lane " << lane;
          }
          ASSERT_EQ(flags >> 20, 0u) << what;
          Vec4Result got;
          for (int lane = 0; lane < 4; ++lane) got.value[lane] = has_lane(fields, lane) ? dest[lane] : 0;
          got.sticky = static_cast<uint8_t>(flags >> 16);
          got.mac = static_cast<uint16_t>(flags);
          Vec4Result expected = *want;
          if (variant == FmacFlags::kSticky) expected.mac = 0;
          if (variant == FmacFlags::kStickyAndOverflow) expected.mac &= kMacOverflowBits;
          ASSERT_NO_FATAL_FAILURE(expect_same(what, got, expected, fs, ft, acc, fields));
        }
      }
    };
    ASSERT_NO_FATAL_FAILURE(check_kernels("sse2", sse2::fmac_kernel));
    if (avx2::kUseAvx2) {
      ASSERT_NO_FATAL_FAILURE(check_kernels("avx2", avx2::fmac_kernel));
    }
  }
}

// The looked-up tree bit for an fs significand with its low 16 bits clear equals the reference tree's, for every
// value of ft's low 16 bits (the only ft bits the tree reads) and a few fs significands, exhaustively.
TEST(VuFastAddCrossCheck, ShortFsTreeBitEqualsTheReferenceTreeForEveryFtLowHalf) {
  std::mt19937 rng(0x19b0);
  for (const uint32_t x : {0x800000u, 0xC00000u, 0xFF0000u, 0x800000u | (static_cast<uint32_t>(rng()) & 0x7F0000u)}) {
    for (uint32_t low = 0; low < 65536; low += 4) {
      Vec4 y{};
      for (uint32_t lane = 0; lane < 4; ++lane)
        y[lane] = kHiddenBit | (static_cast<uint32_t>(rng()) & 0x7F0000u) | (low + lane);
      Vec4 bits{};
      sse2::Ops::store(bits, sse2::Ops::short_fs_tree_bit15(sse2::Ops::load(y)));
      for (uint32_t lane = 0; lane < 4; ++lane) {
        ASSERT_EQ(bits[lane] != 0, reference::detail::booth_tree_bit15(x, y[lane]) != 0)
            << fmt::format("x {:06X} y {:06X}", x, y[lane]);
      }
    }
  }
}

}  // namespace
}  // namespace gcvu::vu
