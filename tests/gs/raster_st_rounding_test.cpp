// The texel coordinate rounding of STQ draws (reference/gs.md §2; PCSX2 GSState::FlushPrim and CalcMask): S and
// T keep all but their 9 + max(0, exp(Q) - exp(S)) lowest mantissa bits (at most 23 cleared), Q all but its 8
// lowest. Expected bit patterns are worked by hand from that rule.
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "emu/gs/raster/st_rounding.hpp"

namespace gcvu::gs {
namespace {

uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }
float from_bits(uint32_t b) { return std::bit_cast<float>(b); }

TEST(StRounding, AppliesToStqSpritesAndConstantZOnly) {
  EXPECT_TRUE(st_rounding_applies(true, false, true, false));
  EXPECT_TRUE(st_rounding_applies(true, false, false, true));
  EXPECT_FALSE(st_rounding_applies(true, false, false, false));  // Z varies
  EXPECT_FALSE(st_rounding_applies(true, true, true, true));     // UV (FST)
  EXPECT_FALSE(st_rounding_applies(false, false, true, true));   // no texture
}

TEST(StRounding, ClearsNineBitsPlusTheExponentGapToQ) {
  // 0.1f = 0x3DCCCCCD has exponent 123, Q = 1.0 has 127: 9 + 4 = 13 bits go, 0x3DCCCCCD & ~0x1FFF.
  EXPECT_EQ(bits(round_st_coordinate(from_bits(0x3DCCCCCD), 1.0f)), 0x3DCCC000u);
  // The sign stays: -0.1f.
  EXPECT_EQ(bits(round_st_coordinate(from_bits(0xBDCCCCCD), 1.0f)), 0xBDCCC000u);
  // S's exponent (128) above Q's (127): only the 9 lowest bits go.
  EXPECT_EQ(bits(round_st_coordinate(from_bits(0x40400FFF), 1.0f)), 0x40400E00u);
  // A gap of more than 14 clears the whole mantissa (at most 23 bits): 1e-30 (0x0DA24260) next to Q = 1.
  EXPECT_EQ(bits(round_st_coordinate(from_bits(0x0DA24260), 1.0f)), 0x0D800000u);
}

TEST(StRounding, QLosesItsLowEightBits) {
  EXPECT_EQ(bits(round_q(from_bits(0x3F333333))), 0x3F333300u);  // 0.7f
  EXPECT_EQ(bits(round_q(1.0f)), 0x3F800000u);
}

TEST(StRounding, EveryVertexIsRoundedAgainstItsOwnQ) {
  GsVertex a;
  a.s = from_bits(0x3DCCCCCD);  // exponent 123
  a.t = from_bits(0x3F0FFFFF);  // exponent 126
  a.q = from_bits(0x3F333333);  // exponent 126: S loses 9 + 3 = 12 bits, T 9
  GsVertex b = a;
  b.q = from_bits(0x40A000FF);  // 5.0...: exponent 129, S loses 9 + 6 = 15 bits, T 9 + 3 = 12
  std::vector<GsVertex> out;
  round_st_coordinates(std::vector<GsVertex>{a, b}, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(bits(out[0].s), 0x3DCCC000u);
  EXPECT_EQ(bits(out[0].t), 0x3F0FFE00u);
  EXPECT_EQ(bits(out[0].q), 0x3F333300u);
  EXPECT_EQ(bits(out[1].s), 0x3DCC8000u);
  EXPECT_EQ(bits(out[1].t), 0x3F0FF000u);
  EXPECT_EQ(bits(out[1].q), 0x40A00000u);
}

}  // namespace
}  // namespace gcvu::gs
