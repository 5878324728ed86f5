// Two ways a draw skips work without changing what it leaves in memory: a draw whose last write to a pixel decides
// it runs its primitives last to first and writes only what no later primitive covers (PixelPipeline::
// draw_last_to_first), and a GEQUAL/GREATER draw rejects groups by Z block bounds (gs/pixel/depth_bounds.hpp).
// The expected pixels are worked by hand from the GS rules: later primitives of a draw overwrite earlier ones, a
// sprite takes its colour and Z from its second vertex and covers [x0, x1) x [y0, y1) for integer corners, GEQUAL
// passes when the source Z is at least the stored one. Each runs on one and on two rasterizer threads.
#include <gtest/gtest.h>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"

namespace gcvu::gs {
namespace {

namespace reg = gif::gs_reg;

constexpr uint32_t kZbp = 4;  // Z buffer at page 4; the 64x64 frame takes pages 0 and 1

uint64_t xyz(int x, int y, uint32_t z) { return uint64_t(x * 16) | uint64_t(y * 16) << 16 | uint64_t{z} << 32; }

GsConfig config_with_threads(int threads) {
  GsConfig config;
  config.threads = threads;
  config.parallel_min_pixels = 0;
  return config;
}

// A 64x64 CT32 frame and a Z32 buffer with Z written and tested by `ztst` (1 ALWAYS, 2 GEQUAL, 3 GREATER).
void set_up(Gs& gs, uint64_t ztst) {
  gs.write_register(reg::kFrame1, uint64_t{1} << 16);  // FBP 0, FBW 1, CT32
  gs.write_register(reg::kZbuf1, kZbp);                // Z32, ZMSK 0
  gs.write_register(reg::kScissor1, uint64_t{63} << 16 | uint64_t{63} << 48);
  gs.write_register(reg::kTest1, uint64_t{1} << 16 | ztst << 17);  // ZTE, ZTST
  gs.write_register(reg::kPrim, 6);                                // sprite
}

void sprite(Gs& gs, int x0, int y0, int x1, int y1, uint32_t z, uint32_t rgba) {
  gs.write_register(reg::kRgbaq, rgba);
  gs.write_register(reg::kXyz2, xyz(x0, y0, z));
  gs.write_register(reg::kXyz2, xyz(x1, y1, z));
}

uint32_t color_at(const Gs& gs, int x, int y) { return gs.memory().read_pixel({0, 1, Psm::kCt32}, x, y); }
uint32_t z_at(const Gs& gs, int x, int y) { return gs.memory().read_pixel({kZbp * 32, 1, Psm::kZ32}, x, y); }

class DrawOrder : public testing::TestWithParam<int> {};

TEST_P(DrawOrder, LaterPrimitivesOfAnUntestedDrawStayOnTop) {
  Gs gs(config_with_threads(GetParam()));
  set_up(gs, 1);
  sprite(gs, 0, 0, 16, 16, 5, 0x80000011);
  sprite(gs, 8, 8, 24, 24, 7, 0x80000022);
  sprite(gs, 0, 12, 4, 20, 9, 0x80000033);
  gs.flush();
  ASSERT_EQ(gs.stats().draws, 1u);
  ASSERT_EQ(gs.stats().primitives, 3u);
  struct Expect {
    int x, y;
    uint32_t color, z;
  };
  const Expect expected[] = {
      {2, 2, 0x80000011, 5},   {12, 2, 0x80000011, 5},  {15, 7, 0x80000011, 5}, {10, 10, 0x80000022, 7},
      {20, 20, 0x80000022, 7}, {23, 23, 0x80000022, 7}, {2, 14, 0x80000033, 9}, {3, 19, 0x80000033, 9},
      {4, 15, 0x80000011, 5},  {2, 20, 0, 0},           {24, 24, 0, 0},         {30, 30, 0, 0},
  };
  for (const Expect& e : expected) {
    EXPECT_EQ(color_at(gs, e.x, e.y), e.color) << e.x << "," << e.y;
    EXPECT_EQ(z_at(gs, e.x, e.y), e.z) << e.x << "," << e.y;
  }
}

TEST_P(DrawOrder, GequalDrawRejectsAndPassesAsTheRuleSays) {
  Gs gs(config_with_threads(GetParam()));
  set_up(gs, 2);
  sprite(gs, 0, 0, 32, 32, 100, 0x800000a1);  // passes everywhere (buffer 0)
  sprite(gs, 0, 0, 16, 16, 50, 0x800000b2);   // 50 < 100: fails everywhere
  sprite(gs, 8, 8, 24, 24, 150, 0x800000c3);  // passes
  sprite(gs, 0, 0, 32, 32, 120, 0x800000d4);  // passes over 100, fails over 150
  gs.flush();
  ASSERT_EQ(gs.stats().draws, 1u);
  struct Expect {
    int x, y;
    uint32_t color, z;
  };
  const Expect expected[] = {
      {2, 2, 0x800000d4, 120},   {15, 15, 0x800000c3, 150}, {8, 8, 0x800000c3, 150},   {7, 8, 0x800000d4, 120},
      {23, 23, 0x800000c3, 150}, {24, 23, 0x800000d4, 120}, {31, 31, 0x800000d4, 120}, {32, 31, 0, 0},
  };
  for (const Expect& e : expected) {
    EXPECT_EQ(color_at(gs, e.x, e.y), e.color) << e.x << "," << e.y;
    EXPECT_EQ(z_at(gs, e.x, e.y), e.z) << e.x << "," << e.y;
  }
}

TEST_P(DrawOrder, GreaterFailsOnEqualZ) {
  Gs gs(config_with_threads(GetParam()));
  set_up(gs, 3);
  sprite(gs, 0, 0, 32, 32, 100, 0x800000a1);
  sprite(gs, 0, 0, 32, 32, 100, 0x800000b2);  // 100 > 100 is false: fails everywhere
  sprite(gs, 0, 0, 8, 8, 101, 0x800000c3);
  gs.flush();
  EXPECT_EQ(color_at(gs, 9, 9), 0x800000a1u);
  EXPECT_EQ(color_at(gs, 7, 7), 0x800000c3u);
  EXPECT_EQ(z_at(gs, 7, 7), 101u);
}

void vertex(Gs& gs, int x, int y, uint32_t z) { gs.write_register(reg::kXyz2, xyz(x, y, z)); }

TEST_P(DrawOrder, TriangleRowsBehindTheBufferAreDroppedAndTheRestDrawn) {
  Gs gs(config_with_threads(GetParam()));
  set_up(gs, 2);
  sprite(gs, 0, 0, 64, 64, 1000, 0x800000a1);  // Z 1000 everywhere
  gs.flush();
  gs.write_register(reg::kPrim, 3);  // flat triangles
  gs.write_register(reg::kRgbaq, 0x800000b2);
  vertex(gs, 0, 0, 500), vertex(gs, 60, 0, 500), vertex(gs, 0, 60, 500);  // 500 < 1000: nothing drawn
  // Z = 2000 x / 64 = 31.25 x (no change along y): GEQUAL passes from x = 32 (Z 1000) on, inside x + y < 64.
  gs.write_register(reg::kRgbaq, 0x800000c3);
  vertex(gs, 0, 0, 0), vertex(gs, 64, 0, 2000), vertex(gs, 0, 64, 0);
  gs.flush();
  struct Expect {
    int x, y;
    uint32_t color, z;
  };
  const Expect expected[] = {
      {5, 5, 0x800000a1, 1000},   {31, 0, 0x800000a1, 1000},  {32, 0, 0x800000c3, 1000},  {40, 10, 0x800000c3, 1250},
      {20, 10, 0x800000a1, 1000}, {48, 15, 0x800000c3, 1500}, {48, 16, 0x800000a1, 1000}, {60, 2, 0x800000c3, 1875},
  };
  for (const Expect& e : expected) {
    EXPECT_EQ(color_at(gs, e.x, e.y), e.color) << e.x << "," << e.y;
    EXPECT_EQ(z_at(gs, e.x, e.y), e.z) << e.x << "," << e.y;
  }
}

TEST_P(DrawOrder, ZEqualToTheBufferPassesGequalButNotGreater) {
  for (const uint64_t ztst : {2, 3}) {
    Gs gs(config_with_threads(GetParam()));
    set_up(gs, ztst);
    sprite(gs, 0, 0, 64, 64, 1000, 0x800000a1);
    gs.flush();
    gs.write_register(reg::kPrim, 3);
    // Constant Z 1000.
    gs.write_register(reg::kRgbaq, 0x800000b2);
    vertex(gs, 0, 0, 1000), vertex(gs, 40, 0, 1000), vertex(gs, 0, 40, 1000);
    // Z = 1000 - 15.625 y: exactly 1000 on row 0 only, of the block row 0..7 it shares with lower rows.
    gs.write_register(reg::kRgbaq, 0x800000c3);
    vertex(gs, 48, 0, 1000), vertex(gs, 64, 0, 1000), vertex(gs, 48, 64, 0);
    gs.flush();
    const bool gequal = ztst == 2;
    EXPECT_EQ(color_at(gs, 10, 10), gequal ? 0x800000b2u : 0x800000a1u) << ztst;
    EXPECT_EQ(color_at(gs, 50, 0), gequal ? 0x800000c3u : 0x800000a1u) << ztst;
    EXPECT_EQ(z_at(gs, 50, 0), 1000u);
    EXPECT_EQ(color_at(gs, 50, 1), 0x800000a1u) << ztst;  // 984.375 fails both
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, DrawOrder, testing::Values(1, 2));

}  // namespace
}  // namespace gcvu::gs
