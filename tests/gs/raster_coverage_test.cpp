// Coverage rules worked out by hand from reference/gs.md §2: pixel centres at integer coordinates, rows
// ceil(ytop) <= y < ceil(ybottom), spans [ceil(xl), ceil(xr)), sprites [ceil(min), ceil(max)), points at
// (int)(p + 0.5), the scissor as a half-open rectangle, SCANMSK.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "emu/gs/raster/rasterizer.hpp"
#include "tests/gs/recording_sink.hpp"

namespace gcvu::gs {
namespace {

using test::at;
using test::RecordingSink;
using Pixels = std::set<std::pair<int, int>>;

constexpr PixelRect kWide{0, 0, 2048, 2048};

Pixels triangle(RasterVertex a, RasterVertex b, RasterVertex c, PixelRect scissor = kWide, uint32_t scanmsk = 0) {
  RecordingSink sink;
  Rasterizer r(scissor, scanmsk, 0, sink);
  std::vector<RasterVertex> v{a, b, c};
  std::vector<uint32_t> i{0, 1, 2};
  r.draw_triangles(v, i);
  return sink.pixels();
}

TEST(RasterCoverage, TriangleThroughPixelCentresKeepsTopLeftEdgesOnly) {
  // Right angle at (0,0), legs of 4: row y covers x in [0, 4 - y); the hypotenuse's centres and the bottom
  // vertex row are outside.
  Pixels expected;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4 - y; ++x) expected.insert({x, y});
  EXPECT_EQ(triangle(at(0, 0), at(4, 0), at(0, 4)), expected);
  // Vertex order and winding do not matter.
  EXPECT_EQ(triangle(at(0, 4), at(0, 0), at(4, 0)), expected);
  EXPECT_EQ(triangle(at(4, 0), at(0, 4), at(0, 0)), expected);
}

TEST(RasterCoverage, TriangleWithSubpixelVertices) {
  // (0.5,0.5) (3.5,0.5) (0.5,3.5): rows 1..3 (ceil 0.5 = 1, ceil 3.5 = 4); left edge x=0.5 -> first pixel 1;
  // right edge x = 4 - y -> row 1: [1,3), row 2: [1,2), row 3: [1, ceil(1)=1) empty.
  Pixels expected{{1, 1}, {2, 1}, {1, 2}};
  EXPECT_EQ(triangle(at(0.5f, 0.5f), at(3.5f, 0.5f), at(0.5f, 3.5f)), expected);
}

TEST(RasterCoverage, ZeroAreaTrianglesDrawNothing) {
  EXPECT_TRUE(triangle(at(0, 0), at(4, 4), at(8, 8)).empty());
  EXPECT_TRUE(triangle(at(0, 2), at(4, 2), at(9, 2)).empty());
}

TEST(RasterCoverage, ScissorIsHalfOpenAndScanmskSkipsRows) {
  Pixels all = triangle(at(0, 0), at(8, 0), at(0, 8));
  Pixels clipped = triangle(at(0, 0), at(8, 0), at(0, 8), PixelRect{1, 1, 3, 4});
  Pixels expected;
  for (auto p : all)
    if (p.first >= 1 && p.first < 3 && p.second >= 1 && p.second < 4) expected.insert(p);
  EXPECT_EQ(clipped, expected);
  Pixels odd_only = triangle(at(0, 0), at(8, 0), at(0, 8), kWide, 2);  // MSK=2 skips even rows
  for (auto p : odd_only) EXPECT_EQ(p.second & 1, 1);
  EXPECT_EQ(odd_only.size(), 16u);  // rows 1, 3, 5, 7 hold 7, 5, 3, 1 pixels
}

TEST(RasterCoverage, SpriteCoversCeilOfItsCorners) {
  RecordingSink sink;
  Rasterizer r(kWide, 0, 0, sink);
  std::vector<RasterVertex> v{at(3.5f, 2.5f), at(0.5f, 0.5f)};  // corners in either order
  std::vector<uint32_t> i{0, 1};
  r.draw_sprites(v, i);
  Pixels expected{{1, 1}, {2, 1}, {3, 1}, {1, 2}, {2, 2}, {3, 2}};
  EXPECT_EQ(sink.pixels(), expected);
  // Integer corners: [0,2) x [0,1).
  RecordingSink sink2;
  Rasterizer r2(kWide, 0, 0, sink2);
  std::vector<RasterVertex> w{at(0, 0), at(2, 1)};
  r2.draw_sprites(w, i);
  EXPECT_EQ(sink2.pixels(), (Pixels{{0, 0}, {1, 0}}));
}

TEST(RasterCoverage, SpriteTextureCoordinatesStepPerRowInFloat) {
  RecordingSink sink;
  Rasterizer r(kWide, 0, 0, sink);
  RasterVertex a = at(0, 0), b = at(4, 4);
  a.attr[kAttrS] = 0;
  b.attr[kAttrS] = 4 * 65536.0f;
  a.attr[kAttrT] = 16.0f;
  b.attr[kAttrT] = 16.0f + 4 * 3.0f;
  std::vector<RasterVertex> v{a, b};
  std::vector<uint32_t> i{0, 1};
  r.draw_sprites(v, i);
  ASSERT_EQ(sink.scanlines.size(), 4u);
  EXPECT_EQ(sink.last_dscan.attr[kAttrS], 65536.0f);
  for (int y = 0; y < 4; ++y) EXPECT_EQ(sink.scanlines[y].scan.attr[kAttrT], 16.0f + 3.0f * y);
}

TEST(RasterCoverage, PointsRoundHalfUpByTruncation) {
  RecordingSink sink;
  Rasterizer r(kWide, 0, 0, sink);
  std::vector<RasterVertex> v{at(2.5f, 3.4f), at(0.4f, 0.49f), at(7.0f, 1.5f)};
  std::vector<uint32_t> i{0, 1, 2};
  r.draw_points(v, i);
  EXPECT_EQ(sink.pixels(), (Pixels{{3, 3}, {0, 0}, {7, 2}}));
}

TEST(RasterCoverage, LinesDropTheLastPixelWhenTheyEndOnItsCentre) {
  // Diamond-exit rule: a line starting on a pixel centre draws that pixel; one ending on a centre has not left
  // that pixel's diamond, so it stops one pixel short.
  RecordingSink sink;
  Rasterizer r(kWide, 0, 0, sink);
  std::vector<RasterVertex> v{at(0, 0), at(4, 0), at(2, 5), at(2, 1)};
  std::vector<uint32_t> i{0, 1, 2, 3};
  r.draw_lines(v, i);
  EXPECT_EQ(sink.pixels(), (Pixels{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {2, 5}, {2, 4}, {2, 3}, {2, 2}}));
}

TEST(RasterCoverage, TriangleSpanStartsAtThePlaneValueOfItsFirstPixel) {
  // Red rises by 128 per pixel in x and 0 in y: the scan value at the first pixel of each row is 128 * x.
  RecordingSink sink;
  Rasterizer r(kWide, 0, 0, sink);
  RasterVertex a = at(0, 0), b = at(8, 0), c = at(0, 8);
  b.attr[kAttrR] = 8 * 128.0f;
  std::vector<RasterVertex> v{a, b, c};
  std::vector<uint32_t> i{0, 1, 2};
  r.draw_triangles(v, i);
  EXPECT_EQ(sink.last_dscan.attr[kAttrR], 128.0f);
  for (const auto& s : sink.scanlines) EXPECT_EQ(s.scan.attr[kAttrR], 128.0f * s.left);
}

}  // namespace
}  // namespace gcvu::gs
