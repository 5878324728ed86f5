// The texture residency PCSX2's software renderer applies (GSTextureCacheSW::Texture::Update: a zero-filled
// buffer per texture, filled block by block over each draw's coverage, refilled only after an invalidation) and
// the coverage rule it decodes by (GSState::GetTextureMinMax, whose rintersect clamps every edge into the
// texture). Expected values are worked from those rules in the comments.

#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"

#include "emu/gs/memory/pixel_access.hpp"
#include "emu/gs/pixel/resident_textures.hpp"
#include "emu/gs/pixel/texture_coverage.hpp"
#include "emu/gs/primitive/vertex_trace.hpp"
#include "tests/gs/pixel_test_support.hpp"

namespace gcvu::test::pixel {
namespace {

using gs::pixel::ResidentTextures;
using gs::pixel::TexelRect;
using gs::pixel::texture_coverage;

constexpr uint32_t kTbp = 0x100;

DrawState region_clamp_state(uint32_t psm, uint32_t tw, uint32_t th, uint64_t clamp) {
  DrawState s = basic_state();
  s.prim.raw = prim_bits(true, false, false, true);
  s.tex0.raw = tex0_bits(kTbp, 1, psm, tw, th, true, 1);
  s.clamp.raw = clamp;
  s.summary.has_uv_range = true;
  s.summary.u_min = 0, s.summary.v_min = 0, s.summary.u_max = 1000, s.summary.v_max = 1000;
  return s;
}

TEST(TextureCoverage, RegionClampWithMinAboveMaxKeepsAnInvertedWindowAtItsEdge) {
  // REGION_CLAMP on u with MINU 60 > MAXU 33 on a 64-texel texture: [60, 34) stays inverted, and the empty fix-up
  // widens both axes by one: u [60, 35). v is REGION_CLAMP [0, 8): the coordinates reach 1000, so nothing narrows;
  // widened to [0, 9).
  const DrawState s = region_clamp_state(0x00, 6, 6, clamp_bits(2, 2, 60, 33, 0, 7));
  const TexelRect r = texture_coverage(s, 6, 6, false);
  EXPECT_EQ(r.left, 60);
  EXPECT_EQ(r.right, 35);
  EXPECT_EQ(r.top, 0);
  EXPECT_EQ(r.bottom, 9);
}

TEST(TextureCoverage, AWindowBeyondTheTextureIsClampedToItsEdge) {
  // REGION_CLAMP on v with MINV 56 > MAXV 27 on a 32-row texture: MINV clamps to 32 (not kept at 56), the window
  // [32, 28) is empty, and as 32 is not inside the texture its top moves up one: [31, 28).
  const DrawState s = region_clamp_state(0x00, 6, 5, clamp_bits(1, 2, 0, 0, 56, 27));
  const TexelRect r = texture_coverage(s, 6, 5, false);
  EXPECT_EQ(r.top, 31);
  EXPECT_EQ(r.bottom, 28);
}

TEST(TextureCoverage, BilinearReadsHalfATexelFurther) {
  // CLAMP, coordinates [10.2, 20.7]: nearest reads [10, 21); bilinear floor(9.7) = 9 to floor(21.2) + 1 = 22.
  DrawState s = region_clamp_state(0x00, 6, 6, clamp_bits(1, 1, 0, 0, 0, 0));
  s.summary.u_min = 10.2f, s.summary.u_max = 20.7f, s.summary.v_min = 10.2f, s.summary.v_max = 20.7f;
  EXPECT_EQ(texture_coverage(s, 6, 6, false).left, 10);
  EXPECT_EQ(texture_coverage(s, 6, 6, false).right, 21);
  EXPECT_EQ(texture_coverage(s, 6, 6, true).left, 9);
  EXPECT_EQ(texture_coverage(s, 6, 6, true).right, 22);
}

TEST(TextureCoverage, AScissoredSpriteReadsOnlyTheTexelsOfItsVisiblePart) {
  // One sprite over x 0..32 with u 0..64 (2 texels per pixel), CLAMP, 64-texel texture. Unclipped the range
  // reaches u 64: coverage [0, 64). With the scissor ending at x 16, the 16 clipped pixels take floor(16 * 2) = 32
  // texels off the far end: u 0..32, coverage [0, 33).
  DrawState s = region_clamp_state(0x00, 6, 6, clamp_bits(1, 1, 0, 0, 0, 0));
  s.summary.u_min = 0, s.summary.u_max = 64, s.summary.v_min = 0, s.summary.v_max = 8;
  s.summary.x_min = 0, s.summary.x_max = 32, s.summary.y_min = 0, s.summary.y_max = 4;
  s.summary.sprite_without_gaps = true;
  s.scissor.raw = uint64_t{63} << 16 | uint64_t{63} << 48;  // x, y 0..63
  EXPECT_EQ(texture_coverage(s, 6, 6, false).right, 64);
  s.scissor.raw = uint64_t{15} << 16 | uint64_t{63} << 48;  // x 0..15
  EXPECT_EQ(texture_coverage(s, 6, 6, false).right, 33);
  s.summary.swap_u = true;  // u runs against x: the clipped right side is the low end of u
  EXPECT_EQ(texture_coverage(s, 6, 6, false).left, 32);
}

TEST(SpritesWithoutGaps, PageTallSpritesStackedInColumns) {
  // PCSX2 CalculatePrimitiveCoversWithoutGaps: sprites exactly a frame page tall (32 rows for CT32), each below
  // the previous at the same x, or starting a new column at the window's top at the previous right edge.
  auto v = [](int x, int y) {
    GsVertex g;
    g.x = uint32_t(x * 16), g.y = uint32_t(y * 16);
    return g;
  };
  const std::vector<GsVertex> column = {v(0, 0), v(16, 32), v(0, 32), v(16, 64), v(16, 0), v(32, 32)};
  const std::vector<uint32_t> indices = {0, 1, 2, 3, 4, 5};
  EXPECT_TRUE(sprites_without_gaps(column, indices, 0, 0, 32));
  const std::vector<GsVertex> gap = {v(0, 0), v(16, 32), v(0, 40), v(16, 72)};
  EXPECT_FALSE(sprites_without_gaps(gap, std::vector<uint32_t>{0, 1, 2, 3}, 0, 0, 32));
  EXPECT_FALSE(sprites_without_gaps(column, indices, 0, 0, 64));                  // not a CT16 page tall
  EXPECT_TRUE(sprites_without_gaps(gap, std::vector<uint32_t>{0, 1}, 0, 0, 32));  // one sprite
}

TEST(ResidentTextures, OnlyTheCoveredBlocksAreDecodedTheRestReadZero) {
  LocalMemory memory;
  const PixelAddress<Psm::kCt32> texture(kTbp, 1);
  for (uint32_t y = 0; y < 16; y++)
    for (uint32_t x = 0; x < 16; x++) write_texel(memory, texture, x, y, 0x11000000u + y * 16 + x);
  ResidentTextures store;
  Tex0 tex0;
  tex0.raw = tex0_bits(kTbp, 1, 0x00, 4, 4, true, 1);
  // Texels [3, 5) x [2, 4) lie in the 8x8 block at (0, 0): that block is decoded, its neighbours are not.
  const auto& t = store.prepare(memory, tex0, Texa{}, TexelRect{3, 2, 5, 4});
  EXPECT_EQ(t.texels[(7 << t.pitch_log2) + 7], 0x11000000u + 7 * 16 + 7);
  EXPECT_EQ(t.texels[(0 << t.pitch_log2) + 8], 0u);
  EXPECT_EQ(t.texels[(8 << t.pitch_log2) + 0], 0u);
}

TEST(ResidentTextures, DecodedBlocksKeepTheirTexelsUntilInvalidatedAndCoveredAgain) {
  LocalMemory memory;
  const PixelAddress<Psm::kCt32> texture(kTbp, 1);
  write_texel(memory, texture, 1, 1, 0xAAu);
  ResidentTextures store;
  Tex0 tex0;
  tex0.raw = tex0_bits(kTbp, 1, 0x00, 4, 4, true, 1);
  const TexelRect first_block{0, 0, 8, 8}, other_block{8, 8, 16, 16};
  const auto& t = store.prepare(memory, tex0, Texa{}, first_block);
  const uint32_t at = (1 << t.pitch_log2) + 1;
  EXPECT_EQ(t.texels[at], 0xAAu);
  // Memory changes with no invalidation (not a draw, not a transfer): the decoded texel stays.
  write_texel(memory, texture, 1, 1, 0xBBu);
  EXPECT_EQ(store.prepare(memory, tex0, Texa{}, first_block).texels[at], 0xAAu);
  // Invalidated, but the next coverage misses the block: the old texel is still what a sample reads.
  store.invalidate(kTbp, 1, 0x00, TexelRect{0, 0, 8, 8});
  EXPECT_EQ(store.prepare(memory, tex0, Texa{}, other_block).texels[at], 0xAAu);
  // Covered again: decoded from memory.
  EXPECT_EQ(store.prepare(memory, tex0, Texa{}, first_block).texels[at], 0xBBu);
}

TEST(ResidentTextures, AWriteToBitsTheTextureDoesNotUseLeavesItAlone) {
  // A CT24 write keeps the top byte, where a T8H texture lives (PCSX2 GSUtil shared-bits table): no invalidation.
  LocalMemory memory;
  const PixelAddress<Psm::kT8h> texture(kTbp, 1);
  write_texel(memory, texture, 0, 0, 0x42u);
  ResidentTextures store;
  Tex0 tex0;
  tex0.raw = tex0_bits(kTbp, 1, 0x1b, 3, 3, true, 1);
  const TexelRect all{0, 0, 8, 8};
  EXPECT_EQ(store.prepare(memory, tex0, Texa{}, all).texels[0], 0x42u);
  write_texel(memory, texture, 0, 0, 0x43u);
  store.invalidate(kTbp, 1, 0x01, all);
  EXPECT_EQ(store.prepare(memory, tex0, Texa{}, all).texels[0], 0x42u);
  store.invalidate(kTbp, 1, 0x00, all);  // CT32 shares the top byte
  EXPECT_EQ(store.prepare(memory, tex0, Texa{}, all).texels[0], 0x43u);
}

TEST(ResidentTextures, ATextureUnusedForMoreThanTenVSyncsStartsOverFromZero) {
  LocalMemory memory;
  const PixelAddress<Psm::kCt32> texture(kTbp, 1);
  write_texel(memory, texture, 1, 1, 0xAAu);
  ResidentTextures store;
  Tex0 tex0;
  tex0.raw = tex0_bits(kTbp, 1, 0x00, 4, 4, true, 1);
  const TexelRect first_block{0, 0, 8, 8}, other_block{8, 8, 16, 16};
  const uint32_t at = (1 << store.prepare(memory, tex0, Texa{}, first_block).pitch_log2) + 1;
  // Ten VSyncs unused: kept, block (0, 0) still decoded although the next draw does not cover it.
  for (int i = 0; i < 10; i++) store.age();
  EXPECT_EQ(store.prepare(memory, tex0, Texa{}, other_block).texels[at], 0xAAu);
  // Eleven: dropped, and the texture made again has only the newly covered block.
  for (int i = 0; i < 11; i++) store.age();
  EXPECT_EQ(store.prepare(memory, tex0, Texa{}, other_block).texels[at], 0u);
}

}  // namespace
}  // namespace gcvu::test::pixel

namespace gcvu::gs {
namespace {

namespace reg = gif::gs_reg;

uint64_t xyz(int x, int y) { return uint64_t(x * 16) | uint64_t(y * 16) << 16; }

// An 8x8 CT32 texture at block 0x100 filled with `colour` (host->local transfer of 64 words).
void start_upload(Gs& gs) {
  gs.write_register(reg::kBitbltbuf, uint64_t{0x100} << 32 | uint64_t{1} << 48);  // DBP 0x100, DBW 1, CT32
  gs.write_register(reg::kTrxpos, 0);
  gs.write_register(reg::kTrxreg, 8 | uint64_t{8} << 32);
  gs.write_register(reg::kTrxdir, 0);
}
void send_texels(Gs& gs, uint32_t colour) {
  std::vector<uint8_t> data(8 * 8 * 4);
  for (size_t i = 0; i < data.size(); i += 4) std::memcpy(&data[i], &colour, 4);
  gs.write_image(data);
}
// A 4x4 DECAL sprite at `x` sampling texel (0, 0) (FST, UV 0).
void draw_textured_sprite(Gs& gs, int x) {
  gs.write_register(reg::kPrim, 6 | 1 << 4 | 1 << 8);  // sprite, TME, FST
  gs.write_register(reg::kUv, 0);
  gs.write_register(reg::kXyz2, xyz(x, 0));
  gs.write_register(reg::kUv, 0);
  gs.write_register(reg::kXyz2, xyz(x + 4, 4));
  gs.flush();
}

TEST(GsResidentTextures, ImageDataAfterADrawInvalidatesTheTextureAgain) {
  // PCSX2 invalidates a transfer's destination when its data reaches memory (InvalidateVideoMem in
  // GSState::Write), so a draw between TRXDIR and the data cannot keep the old texels decoded.
  Gs gs;
  gs.write_register(reg::kPrmodecont, 1);              // attributes from PRIM
  gs.write_register(reg::kFrame1, uint64_t{1} << 16);  // FBP 0, FBW 1, CT32
  gs.write_register(reg::kScissor1, uint64_t{63} << 16 | uint64_t{63} << 48);
  gs.write_register(reg::kTest1, 0);
  gs.write_register(reg::kTex0_1, 0x100 | uint64_t{1} << 14 | uint64_t{3} << 26 | uint64_t{3} << 30 |
                                      uint64_t{1} << 34 | uint64_t{1} << 35);  // 8x8 CT32, TCC, DECAL
  start_upload(gs);
  send_texels(gs, 0x11223344u);
  draw_textured_sprite(gs, 0);
  start_upload(gs);
  draw_textured_sprite(gs, 8);  // decodes the old texels again
  send_texels(gs, 0x55667788u);
  draw_textured_sprite(gs, 16);
  const BufferLayout frame{0, 1, Psm::kCt32};
  EXPECT_EQ(gs.memory().read_pixel(frame, 1, 1), 0x11223344u);
  EXPECT_EQ(gs.memory().read_pixel(frame, 9, 1), 0x11223344u);
  EXPECT_EQ(gs.memory().read_pixel(frame, 17, 1), 0x55667788u);
}

}  // namespace
}  // namespace gcvu::gs
