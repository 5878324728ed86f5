// Per-pixel attribute stepping by lane groups (reference/gs.md §0 "Lane width", §2), worked by hand.
#include <gtest/gtest.h>

#include <vector>

#include "emu/gs/raster/span_stepper.hpp"

namespace gcvu::gs {
namespace {

struct CopyingConsumer final : SpanConsumer {
  void draw_span(const Span& span) override {
    x = span.x;
    if (span.r) r.assign(span.r, span.r + span.count);
    if (span.fog) fog.assign(span.fog, span.fog + span.count);
    if (span.z) z.assign(span.z, span.z + span.count);
  }
  int x = 0;
  std::vector<int16_t> r, fog;
  std::vector<uint32_t> z;
};

std::vector<int16_t> gouraud_red(int lane_width, int left, int pixels, float base, float dr) {
  StepperSetup setup;
  setup.lane_width = lane_width;
  setup.color = true;
  setup.gouraud = true;
  CopyingConsumer out;
  SpanStepper stepper(setup, out);
  RasterVertex vertices[3];
  const uint32_t index[3] = {0, 1, 2};
  RasterVertex dscan;
  dscan.attr[kAttrR] = dr;
  stepper.setup_primitive(vertices, index, dscan);
  RasterVertex scan;
  scan.attr[kAttrR] = base;
  stepper.scanline(pixels, left, 0, scan);
  return out.r;
}

TEST(SpanStepper, ColourLanesAlignToEightAndStepByTruncatedEight) {
  // left = 3: lanes 3..7 of the group at x=0 add trunc(10.3 * (lane - 3)) = 0, 10, 20, 30, 41; the next group
  // adds trunc(10.3 * 8) = 82 to the lanes' values trunc(10.3 * (lane - 3)) = -30, -20, -10, 0, 10, 20, 30, 41.
  const std::vector<int16_t> expected{1000, 1010, 1020, 1030, 1041, 1000 - 30 + 82, 1000 - 20 + 82, 1000 - 10 + 82};
  EXPECT_EQ(gouraud_red(8, 3, 8, 1000.9f, 10.3f), expected);
}

TEST(SpanStepper, ColourLanesOfFour) {
  // left = 3: lane 3 adds 0; next group (x = 4..7) adds trunc(10.3 * 4) = 41 to offsets -30, -20, -10, 0.
  const std::vector<int16_t> expected{1000, 1000 - 30 + 41, 1000 - 20 + 41, 1000 - 10 + 41, 1000 + 41};
  EXPECT_EQ(gouraud_red(4, 3, 5, 1000.0f, 10.3f), expected);
}

TEST(SpanStepper, ColourClampsAtZeroOnlyAfterAGroupStep) {
  // Falling by 100 per pixel from 250 at x=0: first group 250, 150, 50, -50, -150, ... (no clamp); the second
  // group adds -800 and clamps at 0.
  const std::vector<int16_t> got = gouraud_red(8, 0, 10, 250.0f, -100.0f);
  EXPECT_EQ(got[3], -50);
  EXPECT_EQ(got[7], -450);
  EXPECT_EQ(got[8], 0);
  EXPECT_EQ(got[9], 0);
}

TEST(SpanStepper, FlatColourComesFromTheProvokingVertex) {
  StepperSetup setup;
  setup.color = true;
  setup.flat_vertex = 2;
  CopyingConsumer out;
  SpanStepper stepper(setup, out);
  RasterVertex vertices[3];
  vertices[2].attr[kAttrR] = 77 * 128.0f;
  vertices[0].attr[kAttrR] = 5 * 128.0f;
  const uint32_t index[3] = {0, 1, 2};
  stepper.setup_primitive(vertices, index, RasterVertex{});
  stepper.scanline(3, 10, 0, vertices[0]);
  EXPECT_EQ(out.r, (std::vector<int16_t>{77 * 128, 77 * 128, 77 * 128}));
}

TEST(SpanStepper, DepthTruncatesAndClamps) {
  StepperSetup setup;
  setup.z = true;
  setup.z_clamp = true;
  setup.z_max = 0xffffff;
  CopyingConsumer out;
  SpanStepper stepper(setup, out);
  RasterVertex vertices[3];
  const uint32_t index[3] = {0, 1, 2};
  RasterVertex dscan;
  dscan.z = 0.75;
  stepper.setup_primitive(vertices, index, dscan);
  RasterVertex scan;
  scan.z = 0xfffffd + 0.5;
  stepper.scanline(4, 0, 0, scan);
  // 0xfffffd.5, +.75 -> ...e.25, +1.5 -> ...f.0, +2.25 -> 0x1000000 clamped.
  EXPECT_EQ(out.z, (std::vector<uint32_t>{0xfffffd, 0xfffffe, 0xffffff, 0xffffff}));
}

}  // namespace
}  // namespace gcvu::gs
