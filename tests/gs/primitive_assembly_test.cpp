// Primitive assembly and kick-time culls (reference/gs.md §2 "Vertex counts", "Culling at kick").
#include <gtest/gtest.h>

#include <vector>

#include "emu/gs/primitive/vertex_queue.hpp"

namespace gcvu::gs {
namespace {

GsVertex vertex(int x, int y) {
  GsVertex v;
  v.x = uint32_t(x * 16);
  v.y = uint32_t(y * 16);
  return v;
}

KickCull wide_cull() {
  Scissor s{uint64_t{2047} << 16 | uint64_t{2047} << 48};
  return make_kick_cull(s, Xyoffset{});
}

std::vector<uint32_t> indices(const VertexQueue& q) { return {q.indices().begin(), q.indices().end()}; }

TEST(PrimitiveAssembly, TriangleStripSlidesItsWindow) {
  VertexQueue q;
  q.set_type(PrimitiveType::kTriangleStrip);
  const int xy[5][2] = {{0, 0}, {10, 0}, {0, 10}, {10, 10}, {0, 20}};
  for (auto& p : xy) q.kick(vertex(p[0], p[1]), true, wide_cull(), true);
  EXPECT_EQ(indices(q), (std::vector<uint32_t>{0, 1, 2, 1, 2, 3, 2, 3, 4}));
}

TEST(PrimitiveAssembly, TriangleFanKeepsItsFirstVertex) {
  VertexQueue q;
  q.set_type(PrimitiveType::kTriangleFan);
  const int xy[4][2] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
  for (auto& p : xy) q.kick(vertex(p[0], p[1]), true, wide_cull(), true);
  EXPECT_EQ(indices(q), (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
}

TEST(PrimitiveAssembly, AdcKicksSlideStripsAndDropListPrimitives) {
  VertexQueue strip;
  strip.set_type(PrimitiveType::kTriangleStrip);
  strip.kick(vertex(0, 0), true, wide_cull(), true);
  strip.kick(vertex(10, 0), true, wide_cull(), true);
  strip.kick(vertex(0, 10), false, wide_cull(), true);  // completes a triangle but does not draw it
  strip.kick(vertex(10, 10), true, wide_cull(), true);
  EXPECT_EQ(indices(strip), (std::vector<uint32_t>{1, 2, 3}));

  VertexQueue list;
  list.set_type(PrimitiveType::kTriangle);
  list.kick(vertex(0, 0), true, wide_cull(), true);
  list.kick(vertex(10, 0), true, wide_cull(), true);
  list.kick(vertex(0, 10), false, wide_cull(), true);
  EXPECT_TRUE(list.batch_empty());
  list.kick(vertex(0, 0), true, wide_cull(), true);
  list.kick(vertex(10, 0), true, wide_cull(), true);
  list.kick(vertex(0, 10), true, wide_cull(), true);
  EXPECT_EQ(list.indices().size(), 3u);
}

TEST(PrimitiveAssembly, PrimWriteDropsAPartialPrimitive) {
  VertexQueue q;
  q.set_type(PrimitiveType::kTriangle);
  q.kick(vertex(0, 0), true, wide_cull(), true);
  q.kick(vertex(10, 0), true, wide_cull(), true);
  q.set_type(PrimitiveType::kTriangle);
  q.kick(vertex(0, 10), true, wide_cull(), true);
  EXPECT_TRUE(q.batch_empty());
  q.kick(vertex(20, 10), true, wide_cull(), true);
  q.kick(vertex(0, 20), true, wide_cull(), true);
  EXPECT_EQ(q.indices().size(), 3u);
}

TEST(PrimitiveAssembly, DegenerateTrianglesAreDiscarded) {
  VertexQueue q;
  q.set_type(PrimitiveType::kTriangle);
  q.kick(vertex(0, 0), true, wide_cull(), true);
  q.kick(vertex(10, 0), true, wide_cull(), true);
  q.kick(vertex(0, 0), true, wide_cull(), true);  // two vertices at the same XY
  EXPECT_TRUE(q.batch_empty());
}

TEST(PrimitiveAssembly, TrianglesBetweenPixelCentresAreCulled) {
  VertexQueue q;
  q.set_type(PrimitiveType::kTriangle);
  GsVertex a, b, c;
  a.x = 1;
  a.y = 1;  // all within (0, 1) pixels: no pixel centre inside the box
  b.x = 15;
  b.y = 1;
  c.x = 1;
  c.y = 15;
  q.kick(a, true, wide_cull(), true);
  q.kick(b, true, wide_cull(), true);
  q.kick(c, true, wide_cull(), true);
  EXPECT_TRUE(q.batch_empty());
  // A box reaching x=16 (pixel 1) keeps it.
  b.x = 17;
  c.y = 17;
  a.x = 16;
  a.y = 16;
  q.kick(a, true, wide_cull(), true);
  q.kick(b, true, wide_cull(), true);
  q.kick(c, true, wide_cull(), true);
  EXPECT_EQ(q.indices().size(), 3u);
}

TEST(PrimitiveAssembly, PrimitivesOutsideTheScissorAreCulledAfterXyoffset) {
  // Scissor [0, 9] in x and y; XYOFFSET moves the window origin to (100, 100).
  Scissor s{uint64_t{9} << 16 | uint64_t{9} << 48};
  Xyoffset off{uint64_t{100 * 16} | uint64_t{100 * 16} << 32};
  const KickCull cull = make_kick_cull(s, off);
  VertexQueue q;
  q.set_type(PrimitiveType::kSprite);
  q.kick(vertex(120, 120), true, cull, true);  // window (20, 20)-(30, 30): outside
  q.kick(vertex(130, 130), true, cull, true);
  EXPECT_TRUE(q.batch_empty());
  q.kick(vertex(100, 100), true, cull, true);  // window (0, 0)-(5, 5): inside
  q.kick(vertex(105, 105), true, cull, true);
  EXPECT_EQ(q.indices().size(), 2u);
}

// PCSX2 ade5762 (the golden corpus's build), GSDrawingContext::UpdateScissor and GSState::VertexKick: the cull
// rectangle is SCISSOR << 4 with both ends inclusive and no slack, and a primitive is skipped when its unrounded
// 12.4 box (after XYOFFSET) has max < SCAX0 << 4 or min > SCAX1 << 4 (same in y). A point that rounds onto an
// edge pixel from just outside is therefore dropped, though the rasterizer would draw it.
TEST(PrimitiveAssembly, PointsAreCulledAgainstTheUnwidenedInclusiveScissor) {
  // Scissor x and y [10, 20]: the cull rectangle is [160, 320] in 12.4 on both axes.
  const KickCull cull = make_kick_cull(Scissor{uint64_t{10} | uint64_t{20} << 16 | uint64_t{10} << 32 |
                                               uint64_t{20} << 48},
                                       Xyoffset{});
  auto survives = [&cull](uint32_t x, uint32_t y) {
    VertexQueue q;
    q.set_type(PrimitiveType::kPoint);
    GsVertex v;
    v.x = x;
    v.y = y;
    q.kick(v, true, cull, true);
    return !q.batch_empty();
  };
  EXPECT_TRUE(survives(320, 240));   // x = 20.0: on the inclusive right edge
  EXPECT_FALSE(survives(322, 240));  // x = 20.125 rounds to pixel 20, but 322 > 320
  EXPECT_TRUE(survives(160, 240));   // x = 10.0: on the left edge
  EXPECT_FALSE(survives(159, 240));  // x = 9.9375 rounds to pixel 10, but 159 < 160
  EXPECT_TRUE(survives(240, 320));
  EXPECT_FALSE(survives(240, 321));
  EXPECT_TRUE(survives(240, 160));
  EXPECT_FALSE(survives(240, 152));  // y = 9.5 rounds to pixel 10, but 152 < 160
}

TEST(PrimitiveAssembly, PointAtTheLastColumnPlusAnEighthIsCulledAfterXyoffset) {
  // golden-pcsx2 rand_014's point: SCISSOR x [0, 639], OFX 0x6C00, X 37874: 37874 - 27648 = 10226 (639.125)
  // exceeds 639 << 4 = 10224, so PCSX2 leaves pixel (639, 70) alone.
  const KickCull cull = make_kick_cull(Scissor{uint64_t{639} << 16 | uint64_t{447} << 48},
                                       Xyoffset{uint64_t{0x6C00} | uint64_t{0x7200} << 32});
  VertexQueue q;
  q.set_type(PrimitiveType::kPoint);
  GsVertex v;
  v.x = 37874;
  v.y = 30310;  // 0x7200 + 70.375 * 16
  q.kick(v, true, cull, true);
  EXPECT_TRUE(q.batch_empty());
  v.x = 37872;  // 639.0: on the edge
  q.kick(v, true, cull, true);
  EXPECT_EQ(q.indices().size(), 1u);
}

TEST(PrimitiveAssembly, LinesCrossingTheScissorSurviveTheCull) {
  // Scissor x and y [10, 20]. A line from x = 5 to x = 25 has min 80 <= 320 and max 400 >= 160: kept.
  const KickCull cull = make_kick_cull(Scissor{uint64_t{10} | uint64_t{20} << 16 | uint64_t{10} << 32 |
                                               uint64_t{20} << 48},
                                       Xyoffset{});
  VertexQueue q;
  q.set_type(PrimitiveType::kLine);
  q.kick(vertex(5, 15), true, cull, true);
  q.kick(vertex(25, 15), true, cull, true);
  EXPECT_EQ(q.indices().size(), 2u);
  // Both ends 2/16 beyond the right edge (322, 330 > 320): dropped.
  GsVertex a = vertex(0, 15), b = vertex(0, 15);
  a.x = 322;
  b.x = 330;
  q.kick(a, true, cull, true);
  q.kick(b, true, cull, true);
  EXPECT_EQ(q.indices().size(), 2u);
}

// GSState::UpdateScissor (ade5762): the scissor is invalid when X0 > X1 + 1 or Y0 > Y1 + 1 (the start against the
// exclusive end); X0 = X1 + 1 still lets a primitive through the cull when its box straddles it.
TEST(PrimitiveAssembly, OnlyAScissorStartingPastItsExclusiveEndIsInvalid) {
  auto line_survives = [](uint32_t x0, uint32_t x1) {
    const KickCull cull =
        make_kick_cull(Scissor{uint64_t{x0} | uint64_t{x1} << 16 | uint64_t{0} << 32 | uint64_t{100} << 48},
                       Xyoffset{});
    VertexQueue q;
    q.set_type(PrimitiveType::kLine);
    q.kick(vertex(5, 50), true, cull, true);  // box x [80, 400]
    q.kick(vertex(25, 50), true, cull, true);
    return !q.batch_empty();
  };
  EXPECT_TRUE(line_survives(11, 10));   // cull x [176, 160]: 400 >= 176 and 80 <= 160
  EXPECT_FALSE(line_survives(12, 10));  // 12 > 10 + 1: invalid, nothing is kept
}

TEST(PrimitiveAssembly, SpriteFirstVertexTakesTheSecondsQ) {
  VertexQueue q;
  q.set_type(PrimitiveType::kSprite);
  GsVertex a = vertex(0, 0), b = vertex(4, 4);
  a.q = 2.0f;
  b.q = 0.5f;
  q.kick(a, true, wide_cull(), false);
  q.kick(b, true, wide_cull(), false);
  EXPECT_EQ(q.vertices()[0].q, 0.5f);
}

}  // namespace
}  // namespace gcvu::gs
