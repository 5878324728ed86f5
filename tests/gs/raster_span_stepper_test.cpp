// Per-pixel attribute stepping by lane groups (reference/gs.md §0 "Lane width", §2), worked by hand.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <iterator>
#include <limits>
#include <vector>

#include "emu/gs/raster/span_stepper.hpp"

namespace gcvu::gs {
namespace {

struct CopyingConsumer final : SpanConsumer {
  void draw_span(Span& span) override {
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

// A row whose Z is constant, a stepped row, then the first row's constant again: the stepped row overwrote the
// stepper's reused Z row, so the constant must be written again (a draw mixing flat-Z and sloped primitives once
// got the sloped row's Z back).
TEST(SpanStepper, ConstantDepthAfterASteppedRowIsWrittenAgain) {
  StepperSetup setup;
  setup.z = true;
  CopyingConsumer out;
  SpanStepper stepper(setup, out);
  RasterVertex vertices[3];
  const uint32_t index[3] = {0, 1, 2};
  RasterVertex flat, sloped, scan;
  sloped.z = 1.0;
  scan.z = 1000.0;
  stepper.setup_primitive(vertices, index, flat);
  stepper.scanline(16, 0, 0, scan);
  stepper.setup_primitive(vertices, index, sloped);
  stepper.scanline(16, 0, 1, scan);
  EXPECT_EQ(out.z[15], 1015u);
  stepper.setup_primitive(vertices, index, flat);
  stepper.scanline(16, 0, 2, scan);
  EXPECT_EQ(out.z, std::vector<uint32_t>(16, 1000u));
}

// Span::whole_groups: what an 8-lane stepper's span holds over the 8-pixel groups it touches, before and after its
// pixels.
struct WholeGroupConsumer final : SpanConsumer {
  void draw_span(Span& span) override {
    whole_groups = span.whole_groups;
    const int skip = span.x & 7;
    const int end = (skip + span.count + 7) / 8 * 8 - skip;
    r.assign(span.r - skip, span.r + end);
    z.assign(span.z - skip, span.z + end);
  }
  bool whole_groups = false;
  std::vector<int16_t> r;
  std::vector<uint32_t> z;
};

TEST(SpanStepper, FlatColourAndConstantDepthFillTheSpansWholeGroups) {
  StepperSetup setup;
  setup.z = true;
  setup.color = true;
  WholeGroupConsumer out;
  SpanStepper stepper(setup, out);
  RasterVertex vertices[3];
  vertices[0].attr[kAttrR] = 9 * 128.0f;
  const uint32_t index[3] = {0, 1, 2};
  RasterVertex scan;
  scan.z = 500.0;
  stepper.setup_primitive(vertices, index, RasterVertex{});
  // x = 13 to 22: groups 8-15 and 16-23.
  stepper.scanline(10, 13, 0, scan);
  EXPECT_TRUE(out.whole_groups);
  EXPECT_EQ(out.r, std::vector<int16_t>(16, 9 * 128));
  EXPECT_EQ(out.z, std::vector<uint32_t>(16, 500u));
  // A longer span of another colour: the rows are filled afresh over its groups.
  vertices[0].attr[kAttrR] = 3 * 128.0f;
  stepper.setup_primitive(vertices, index, RasterVertex{});
  stepper.scanline(20, 7, 1, scan);
  EXPECT_EQ(out.r, std::vector<int16_t>(32, 3 * 128));
}

TEST(SpanStepper, OnlyEightLaneNonSpriteSpansPromiseWholeGroups) {
  StepperSetup setup;
  setup.z = true;
  setup.lane_width = 4;
  RasterVertex vertices[3];
  const uint32_t index[3] = {0, 1, 2};
  bool promised = true;
  struct FlagConsumer final : SpanConsumer {
    bool* flag;
    explicit FlagConsumer(bool* f) : flag(f) {}
    void draw_span(Span& span) override { *flag = span.whole_groups; }
  } flags(&promised);
  SpanStepper lanes4(setup, flags);
  lanes4.setup_primitive(vertices, index, RasterVertex{});
  lanes4.scanline(5, 3, 0, RasterVertex{});
  EXPECT_FALSE(promised);
  setup.lane_width = 8;
  setup.sprite = true;
  SpanStepper sprite(setup, flags);
  sprite.setup_primitive(vertices, index, RasterVertex{});
  sprite.scanline(5, 3, 0, RasterVertex{});
  EXPECT_FALSE(promised);
}

// With whole-number gradients every lane offset and group step is exact, so each attribute must rise by its
// gradient per pixel whatever group offset the span starts at. GCC 12 at -O3 once vectorised the group writes
// into storing the first group at pixel 0 instead of at -skip (textured cases broke); this catches that.
struct AllAttributesConsumer final : SpanConsumer {
  void draw_span(Span& span) override {
    for (int i = 0; i < span.count; ++i) {
      r.push_back(span.r[i]);
      fog.push_back(span.fog[i]);
      z.push_back(span.z[i]);
      if (span.u) {
        u.push_back(span.u[i]);
        v.push_back(span.v[i]);
      } else {
        s.push_back(span.s[i]);
        q.push_back(span.q[i]);
      }
    }
  }
  std::vector<int32_t> r, fog, u, v;
  std::vector<uint32_t> z;
  std::vector<float> s, q;
};

TEST(SpanStepper, EveryAttributeStepsLinearlyFromAnyGroupOffset) {
  for (const int lane_width : {8, 4}) {
    for (const bool fst : {true, false}) {
      for (int left = 0; left < 16; ++left) {
        SCOPED_TRACE(testing::Message() << "lanes " << lane_width << " fst " << fst << " left " << left);
        StepperSetup setup;
        setup.lane_width = lane_width;
        setup.z = setup.color = setup.gouraud = setup.fog = setup.texture = true;
        setup.fst = fst;
        AllAttributesConsumer out;
        SpanStepper stepper(setup, out);
        RasterVertex vertices[3];
        const uint32_t index[3] = {0, 1, 2};
        RasterVertex dscan;
        dscan.z = 3.0;
        dscan.attr[kAttrR] = 5.0f;
        dscan.attr[kAttrFog] = 2.0f;
        dscan.attr[kAttrS] = 100.0f;
        dscan.attr[kAttrT] = -7.0f;
        dscan.attr[kAttrQ] = 0.5f;
        stepper.setup_primitive(vertices, index, dscan);
        RasterVertex scan;
        scan.z = 1000.0;
        scan.attr[kAttrR] = 200.0f;
        scan.attr[kAttrFog] = 50.0f;
        scan.attr[kAttrS] = 5000.0f;
        scan.attr[kAttrT] = 9000.0f;
        scan.attr[kAttrQ] = 1.0f;
        const int pixels = 37;
        stepper.scanline(pixels, left, 0, scan);
        ASSERT_EQ(int(out.r.size()), pixels);
        for (int i = 0; i < pixels; ++i) {
          EXPECT_EQ(out.z[i], uint32_t(1000 + 3 * i));
          EXPECT_EQ(out.r[i], 200 + 5 * i);
          EXPECT_EQ(out.fog[i], 50 + 2 * i);
          if (fst) {
            EXPECT_EQ(out.u[i], 5000 + 100 * i);
            EXPECT_EQ(out.v[i], 9000 - 7 * i);
          } else {
            EXPECT_EQ(out.s[i], 5000.0f + 100.0f * float(i));
            EXPECT_EQ(out.q[i], 1.0f + 0.5f * float(i));
          }
        }
      }
    }
  }
}

// PCSX2's AVX2 build rounds the 8-pixel fog step (cvtps2dq); its SSE4 build truncates the 4-pixel one. With
// 10.45 per pixel: round(83.6) = 84 against trunc(41.8) = 41. (The golden fog case tells them apart.)
std::vector<int16_t> fog_run(int lane_width, int pixels) {
  StepperSetup setup;
  setup.lane_width = lane_width;
  setup.fog = true;
  CopyingConsumer out;
  SpanStepper stepper(setup, out);
  RasterVertex vertices[3];
  const uint32_t index[3] = {0, 1, 2};
  RasterVertex dscan;
  dscan.attr[kAttrFog] = 10.45f;
  stepper.setup_primitive(vertices, index, dscan);
  RasterVertex scan;
  scan.attr[kAttrFog] = 100.0f;
  stepper.scanline(pixels, 0, 0, scan);
  return out.fog;
}

TEST(SpanStepper, FogGroupStepRoundsForEightLanesAndTruncatesForFour) {
  EXPECT_EQ(fog_run(8, 9)[8], 100 + 84);
  EXPECT_EQ(fog_run(4, 5)[4], 100 + 41);
}

// The AVX2 Z stepping (chosen at run time) and the SSE2 one must give the same values: many primitives with
// awkward gradients, every group offset, spans of one to several groups, clamped and not, near the top of the
// range where truncation gives 0x80000000. On a CPU without AVX2 both runs take the SSE2 path.
std::vector<uint32_t> stepped_z(bool allow_avx2, bool clamp, double dz, double z0, int left, int pixels) {
  StepperSetup setup;
  setup.z = true;
  setup.z_clamp = clamp;
  setup.z_max = 0xffffff;
  setup.allow_avx2 = allow_avx2;
  CopyingConsumer out;
  SpanStepper stepper(setup, out);
  RasterVertex vertices[3];
  const uint32_t index[3] = {0, 1, 2};
  RasterVertex dscan;
  dscan.z = dz;
  stepper.setup_primitive(vertices, index, dscan);
  RasterVertex scan;
  scan.z = z0;
  stepper.scanline(pixels, left, 0, scan);
  return out.z;
}

TEST(SpanStepper, DepthStepsTheSameWithAndWithoutAvx2) {
  uint64_t seed = 0x9e3779b97f4a7c15u;
  auto next = [&seed] {
    seed = seed * 6364136223846793005u + 1442695040888963407u;
    return seed >> 11;  // 53 bits
  };
  auto unit = [&] { return double(next()) / double(uint64_t{1} << 53); };
  for (int trial = 0; trial < 2000; ++trial) {
    const bool clamp = trial % 2 == 1;
    const double z0 = trial % 5 == 0 ? 2147483000.0 + 1000.0 * unit() : unit() * (clamp ? 0x1000000 : 2147483647.0);
    const double dz = (unit() - 0.5) * (trial % 3 == 0 ? 1e6 : 37.0);
    const int left = int(next() % 64);
    const int pixels = 1 + int(next() % 100);
    SCOPED_TRACE(testing::Message() << "trial " << trial << " z0 " << z0 << " dz " << dz << " left " << left
                                    << " pixels " << pixels);
    ASSERT_EQ(stepped_z(true, clamp, dz, z0, left, pixels), stepped_z(false, clamp, dz, z0, left, pixels));
  }
}

// A cross-check of two of our own paths: the lane tables setup_primitive builds eight at a time on an AVX2 CPU and
// its scalar loop give the same spans (every attribute's arrays and steps) for random gradients, also huge,
// tiny, negative zero, infinite and NaN ones, at every group offset. On a CPU without AVX2 both take the loop.
struct AllAttributes final : SpanConsumer {
  void draw_span(Span& span) override {
    auto copy = [&](auto& to, const auto* from) {
      if (from) to.insert(to.end(), from, from + span.count);
    };
    copy(z, span.z), copy(c16, span.r), copy(c16, span.g), copy(c16, span.b), copy(c16, span.a);
    copy(c16, span.fog), copy(c32, span.u), copy(c32, span.v), copy(f, span.s), copy(f, span.t), copy(f, span.q);
    if (span.steps) {
      const SpanSteps& st = *span.steps;
      for (int c = 0; c < 4; ++c) c16.insert(c16.end(), st.color[c], st.color[c] + 8), c16.push_back(st.color_step[c]);
      c16.insert(c16.end(), st.fog, st.fog + 8), c16.push_back(st.fog_step);
      c32.insert(c32.end(), st.u, st.u + 8), c32.insert(c32.end(), st.v, st.v + 8);
      c32.push_back(st.u_step), c32.push_back(st.v_step);
      f.insert(f.end(), st.s, st.s + 8), f.insert(f.end(), st.t, st.t + 8), f.insert(f.end(), st.q, st.q + 8);
      f.push_back(st.s_step), f.push_back(st.t_step), f.push_back(st.q_step);
    }
  }
  // Floats compared by their bits (NaN payloads too).
  std::vector<uint32_t> float_bits() const {
    std::vector<uint32_t> bits(f.size());
    std::memcpy(bits.data(), f.data(), f.size() * sizeof(float));
    return bits;
  }
  std::vector<uint32_t> z;
  std::vector<int16_t> c16;
  std::vector<int32_t> c32;
  std::vector<float> f;
};

TEST(SpanStepper, LaneTablesGiveTheSameSpansWithAndWithoutAvx2) {
  uint32_t seed = 12345;
  auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
  const float edges[] = {0.0f, -0.0f, 1e-40f, -3.5f, 1e30f, -1e30f, 2.5e9f, std::numeric_limits<float>::infinity(),
                         std::numeric_limits<float>::quiet_NaN()};
  auto gradient = [&] {
    const uint32_t roll = next() % 4;
    if (roll == 0) return edges[next() % std::size(edges)];
    if (roll == 1) return std::bit_cast<float>(next());
    return (float(next() % 200001) - 100000.0f) / float(1 + next() % 1000);
  };
  for (int trial = 0; trial < 400; ++trial) {
    StepperSetup setup;
    setup.z = true, setup.fog = trial % 2 == 0, setup.color = true, setup.gouraud = trial % 3 != 0;
    setup.texture = true, setup.fst = trial % 4 == 0;
    RasterVertex dscan, scan;
    dscan.z = gradient();
    for (float& a : dscan.attr) a = gradient();
    for (float& a : scan.attr) a = float(next() % 100000);
    scan.z = double(next() % 1000000);
    const int left = int(next() % 64), pixels = 1 + int(next() % 40);
    AllAttributes with, without;
    for (const bool avx2 : {true, false}) {
      setup.allow_avx2 = avx2;
      AllAttributes& out = avx2 ? with : without;
      SpanStepper stepper(setup, out);
      RasterVertex vertices[3];
      const uint32_t index[3] = {0, 1, 2};
      stepper.setup_primitive(vertices, index, dscan);
      stepper.scanline(pixels, left, 0, scan);
    }
    SCOPED_TRACE(testing::Message() << "trial " << trial);
    ASSERT_EQ(with.z, without.z);
    ASSERT_EQ(with.c16, without.c16);
    ASSERT_EQ(with.c32, without.c32);
    ASSERT_EQ(with.float_bits(), without.float_bits());
  }
}

}  // namespace
}  // namespace gcvu::gs
