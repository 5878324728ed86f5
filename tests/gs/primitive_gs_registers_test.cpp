// The Gs unit's register rules and batching (reference/gs.md §2, §3 "TEX1.MTBA"; PCSX2 GSState handlers).
#include <gtest/gtest.h>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"

namespace gcvu::gs {
namespace {

namespace reg = gif::gs_reg;

uint64_t xyz(int x, int y, uint32_t z = 0) { return uint64_t(x * 16) | uint64_t(y * 16) << 16 | uint64_t{z} << 32; }

void setup_ct32_frame(Gs& gs) {
  gs.write_register(reg::kFrame1, uint64_t{1} << 16);  // FBP 0, FBW 1 (64 px), CT32
  gs.write_register(reg::kScissor1, uint64_t{63} << 16 | uint64_t{63} << 48);
  gs.write_register(reg::kTest1, 0);  // no Z test, no Z write
}

uint32_t pixel(const Gs& gs, int x, int y) { return gs.memory().read_pixel({0, 1, Psm::kCt32}, x, y); }

TEST(GsRegisters, FlatTriangleTakesTheLastVertexColour) {
  Gs gs;
  setup_ct32_frame(gs);
  gs.write_register(reg::kPrim, 3);  // triangle, IIP=0
  gs.write_register(reg::kRgbaq, 0x80102030);
  gs.write_register(reg::kXyz2, xyz(0, 0));
  gs.write_register(reg::kRgbaq, 0x80405060);
  gs.write_register(reg::kXyz2, xyz(8, 0));
  gs.write_register(reg::kRgbaq, 0x80aabbcc);
  gs.write_register(reg::kXyz2, xyz(0, 8));
  gs.flush();
  EXPECT_EQ(pixel(gs, 0, 0), 0x80aabbccu);
  EXPECT_EQ(pixel(gs, 6, 1), 0x80aabbccu);
  EXPECT_EQ(pixel(gs, 7, 1), 0u);  // x + y = 8 lies on the right edge: not drawn
  EXPECT_EQ(gs.stats().draws, 1u);
  EXPECT_EQ(gs.stats().primitives, 1u);
}

TEST(GsRegisters, XyoffsetMovesTheWindow) {
  Gs gs;
  setup_ct32_frame(gs);
  gs.write_register(reg::kXyoffset1, uint64_t{1000 * 16} | uint64_t{2000 * 16} << 32);
  gs.write_register(reg::kPrim, 6);
  gs.write_register(reg::kRgbaq, 0x01020304);
  gs.write_register(reg::kXyz2, xyz(1002, 2003));
  gs.write_register(reg::kXyz2, xyz(1004, 2004));
  gs.flush();
  EXPECT_EQ(pixel(gs, 2, 3), 0x01020304u);
  EXPECT_EQ(pixel(gs, 3, 3), 0x01020304u);
  EXPECT_EQ(pixel(gs, 4, 3), 0u);
  EXPECT_EQ(pixel(gs, 2, 4), 0u);
}

TEST(GsRegisters, ADrawStateChangeBetweenPrimitivesSplitsTheBatch) {
  Gs gs;
  setup_ct32_frame(gs);
  gs.write_register(reg::kPrim, 6);
  for (int i = 0; i < 2; ++i) {
    gs.write_register(reg::kXyz2, xyz(0, 0));
    gs.write_register(reg::kXyz2, xyz(4, 4));
  }
  gs.write_register(reg::kRgbaq, 5);  // vertex attributes do not split
  gs.write_register(reg::kXyz2, xyz(0, 0));
  gs.write_register(reg::kXyz2, xyz(4, 4));
  gs.flush();
  EXPECT_EQ(gs.stats().draws, 1u);
  EXPECT_EQ(gs.stats().primitives, 3u);
  gs.write_register(reg::kXyz2, xyz(0, 0));
  gs.write_register(reg::kXyz2, xyz(4, 4));
  gs.write_register(reg::kAlpha1, 0x44);  // a context register does
  gs.write_register(reg::kXyz2, xyz(0, 0));
  gs.write_register(reg::kXyz2, xyz(4, 4));
  gs.flush();
  EXPECT_EQ(gs.stats().draws, 3u);
}

// Kick keeps the draw state and its cull between kicks until a non-vertex register is written (Gs::Core::KickState):
// a write after the batch already matched must still split it and move the cull, and rewriting a value must not.
TEST(GsRegisters, AWriteAfterTheBatchMatchedStillSplitsItAndMovesTheCull) {
  Gs gs;
  setup_ct32_frame(gs);
  gs.write_register(reg::kPrim, 6);
  gs.write_register(reg::kRgbaq, 0x80112233);
  for (int i = 0; i < 3; ++i) {  // the second and third sprites compare with the batch once
    gs.write_register(reg::kXyz2, xyz(0, 0));
    gs.write_register(reg::kXyz2, xyz(4, 4));
  }
  gs.write_register(reg::kScissor1, uint64_t{63} << 16 | uint64_t{63} << 48);  // the same value: no split
  gs.write_register(reg::kXyz2, xyz(0, 0));
  gs.write_register(reg::kXyz2, xyz(4, 4));
  EXPECT_EQ(gs.stats().draws, 0u);
  gs.write_register(reg::kScissor1, uint64_t{8} | uint64_t{63} << 16 | uint64_t{8} << 32 | uint64_t{63} << 48);
  gs.write_register(reg::kXyz2, xyz(0, 0));  // inside the old scissor, outside the new one: culled
  gs.write_register(reg::kXyz2, xyz(4, 4));
  EXPECT_EQ(gs.stats().draws, 1u);  // the scissor differs from the batch's: the first four sprites drew
  gs.write_register(reg::kXyz2, xyz(10, 10));
  gs.write_register(reg::kXyz2, xyz(12, 12));
  gs.flush();
  EXPECT_EQ(gs.stats().draws, 2u);
  EXPECT_EQ(gs.stats().primitives, 5u);
  EXPECT_EQ(pixel(gs, 10, 10), 0x80112233u);
}

TEST(GsRegisters, ABatchClosesAtPcsx2sVertexLimit) {
  // Triangle lists close at 65532 vertices: the 21844th triangle fills the batch, the 21845th starts another.
  Gs gs;
  setup_ct32_frame(gs);
  gs.write_register(reg::kPrim, 3);
  for (int i = 0; i < 21845; ++i) {
    gs.write_register(reg::kXyz2, xyz(0, 0));
    gs.write_register(reg::kXyz2, xyz(1, 0));
    gs.write_register(reg::kXyz2, xyz(0, 1));
  }
  EXPECT_EQ(gs.stats().draws, 1u);
  gs.flush();
  EXPECT_EQ(gs.stats().draws, 2u);
  EXPECT_EQ(gs.stats().primitives, 21845u);
}

TEST(GsRegisters, Tex2ChangesOnlyThePsmAndClutFields) {
  Gs gs;
  const uint64_t tex0 = 0x0000000123456789ull;  // TBP0/TBW/PSM/TW/TH/TCC/TFX bits
  gs.write_register(reg::kTex0_1, tex0);
  const uint64_t tex2 = 0xFFFFFFFFFFFFFFFFull & ~(uint64_t{7} << 61);  // everything but CLD
  gs.write_register(reg::kTex2_1, tex2);
  const uint64_t merged = (tex0 & ~Tex2::kFieldMask) | (tex2 & Tex2::kFieldMask);
  // CPSM is kept as CT32/CT16/CT16S (bits 0 and 2 cleared).
  EXPECT_EQ(gs.registers()[reg::kTex0_1], merged & ~(uint64_t{5} << 51));
}

TEST(GsRegisters, MtbaFillsMiptbp1OnTex0Writes) {
  Gs gs;
  gs.write_register(reg::kTex1_1, uint64_t{1} << 9);  // MTBA
  // 256x256 CT32 at block 0: level 1 at 256*256*4 bytes / 256 = 1024 blocks, width 2; level 2 at +256, width 1;
  // level 3 at +64, width 1.
  gs.write_register(reg::kTex0_1, uint64_t{8} << 26 | uint64_t{8} << 30 | uint64_t{4} << 14);
  const Miptbp miptbp{gs.registers()[reg::kMiptbp1_1]};
  EXPECT_EQ(miptbp.tbp(0), 1024u);
  EXPECT_EQ(miptbp.tbw(0), 2u);
  EXPECT_EQ(miptbp.tbp(1), 1280u);
  EXPECT_EQ(miptbp.tbw(1), 1u);
  EXPECT_EQ(miptbp.tbp(2), 1344u);
  EXPECT_EQ(miptbp.tbw(2), 1u);
}

TEST(GsRegisters, SignalAndLabelUpdateSiglblidAndCsr) {
  Gs gs;
  gs.write_register(reg::kSignal, uint64_t{0x0000ff00} << 32 | 0x12345678);
  gs.write_register(reg::kLabel, uint64_t{0xffffffff} << 32 | 0xcafef00d);
  EXPECT_EQ(gs.privileged(priv_reg::kSiglblid), uint64_t{0xcafef00d} << 32 | 0x00005600);
  EXPECT_EQ(gs.privileged(priv_reg::kCsr) & 1, 1u);
  gs.write_register(reg::kFinish, 0);
  EXPECT_EQ(gs.privileged(priv_reg::kCsr) & 2, 2u);
  gs.write_privileged(priv_reg::kCsr, 1);  // acknowledge SIGNAL
  EXPECT_EQ(gs.privileged(priv_reg::kCsr) & 3, 2u);
}

}  // namespace
}  // namespace gcvu::gs
