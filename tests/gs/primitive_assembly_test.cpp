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
