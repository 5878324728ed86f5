// FTOI/ITOF on four lanes (emu/vu/float/convert_vector.hpp) against the scalar definitions (convert.hpp): a
// cross-check between two of our own paths. The scalar ones are held to hardware values by the vector files.
// In CI: fixed seeds, biased to each fast path's edges. Once by hand: GCVU_CONVERT_EXHAUSTIVE=1 runs every 32-bit
// input through both, for all four formats.

#include <cstdint>
#include <cstdlib>
#include <random>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/vu/float/convert_vector.hpp"
#include "tests/vu/sweep_size.hpp"

namespace gcvu::vu {
namespace {

constexpr FixedPoint kFormats[] = {FixedPoint::k0, FixedPoint::k4, FixedPoint::k12, FixedPoint::k15};

// Floats whose scaled exponent is near FTOI's saturation (0x9E) or the bottom of the range, zeros, denormals and
// exponent 255; integers near powers of two (where ITOF's truncation starts to drop bits), 0, -1, INT_MIN, INT_MAX.
uint32_t edge_float(std::mt19937& rng) {
  static constexpr uint32_t kExponents[] = {0, 1, 2, 126, 127, 128, 0x8e, 0x8f, 0x90, 0x97, 0x98, 0x99,
                                            0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f, 0xfe, 0xff};
  const uint32_t exp = rng() % 4 == 0 ? rng() % 256 : kExponents[rng() % std::size(kExponents)];
  uint32_t fraction = rng() & kFractionMask;
  if (rng() % 6 == 0) fraction = rng() % 2 == 0 ? 0 : kFractionMask;
  return (rng() & kSignBit) | (exp << 23) | fraction;
}
uint32_t edge_int(std::mt19937& rng) {
  switch (rng() % 5) {
    case 0: return static_cast<uint32_t>(rng());
    case 1: {
      const uint32_t power = 1u << (rng() % 32);
      const uint32_t near = power + static_cast<uint32_t>(static_cast<int>(rng() % 9) - 4);
      return rng() % 2 == 0 ? near : 0u - near;
    }
    case 2: {
      static constexpr uint32_t kSpecial[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x80000001u, 0x00ffffffu,
                                              0x01000000u, 0x01000001u, 0xff000000u, 0xfeffffffu};
      return kSpecial[rng() % std::size(kSpecial)];
    }
    default: return static_cast<uint32_t>(rng()) >> (rng() % 32);
  }
}

TEST(VuConvertVector, FtoiAndItofEqualTheScalarDefinitionsOnEdgeBiasedLanes) {
  std::mt19937 rng(0xc0f7);
  const long count = test::sweep_size("GCVU_CONVERT_SWEEP", 250'000);
  for (long i = 0; i < count; ++i) {
    const Vec4 floats{edge_float(rng), edge_float(rng), edge_float(rng), edge_float(rng)};
    const Vec4 ints{edge_int(rng), edge_int(rng), edge_int(rng), edge_int(rng)};
    for (FixedPoint format : kFormats) {
      const Vec4 f = ftoi4(floats, format);
      const Vec4 g = itof4(ints, format);
      for (int lane = 0; lane < 4; ++lane) {
        ASSERT_EQ(f[lane], ftoi(floats[lane], format))
            << fmt::format("FTOI{} {:08X}", static_cast<unsigned>(format), floats[lane]);
        ASSERT_EQ(g[lane], itof(ints[lane], format))
            << fmt::format("ITOF{} {:08X}", static_cast<unsigned>(format), ints[lane]);
      }
    }
  }
}

// Every 32-bit input, all four formats, both conversions (about a minute; by hand only).
TEST(VuConvertVector, EveryInputByHand) {
  if (std::getenv("GCVU_CONVERT_EXHAUSTIVE") == nullptr) GTEST_SKIP() << "set GCVU_CONVERT_EXHAUSTIVE=1 to run";
  uint64_t mismatches = 0;
  for (FixedPoint format : kFormats) {
    for (uint64_t base = 0; base < (1ull << 32); base += 4) {
      const auto b = static_cast<uint32_t>(base);
      const Vec4 in{b, b + 1, b + 2, b + 3};
      const Vec4 f = ftoi4(in, format);
      const Vec4 g = itof4(in, format);
      for (int lane = 0; lane < 4; ++lane) {
        mismatches += f[lane] != ftoi(in[lane], format);
        mismatches += g[lane] != itof(in[lane], format);
      }
    }
  }
  EXPECT_EQ(mismatches, 0u);
}

}  // namespace
}  // namespace gcvu::vu
