// Rasterizer + span stepper throughput with a consumer that only touches the spans (no pixel stage), to keep the
// per-pixel cost of scan conversion and attribute stepping in view. Disabled by default; run with
// --gtest_also_run_disabled_tests --gtest_filter='*RasterThroughput*'.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <vector>

#include "emu/gs/raster/rasterizer.hpp"
#include "emu/gs/raster/span_stepper.hpp"

namespace gcvu::gs {
namespace {

struct TouchingConsumer final : SpanConsumer {
  void draw_span(Span& span) override {
    pixels += uint64_t(span.count);
    checksum += span.z[span.count - 1] + uint32_t(span.r[span.count - 1]);
  }
  uint64_t pixels = 0;
  uint64_t checksum = 0;
};

TEST(RasterThroughput, DISABLED_GouraudZTriangles) {
  StepperSetup setup;
  setup.z = true;
  setup.color = true;
  setup.gouraud = true;
  setup.fog = true;
  TouchingConsumer consumer;
  SpanStepper stepper(setup, consumer);
  Rasterizer rasterizer(PixelRect{0, 0, 640, 448}, 0, 0, stepper);
  std::vector<RasterVertex> v(3);
  const std::vector<uint32_t> index{0, 1, 2};
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 8000; ++i) {
    const float o = float(i % 37) * 0.3f;
    v[0].x = 10 + o, v[0].y = 5 + o, v[1].x = 600 - o, v[1].y = 40 + o, v[2].x = 200 + o, v[2].y = 400 - o;
    for (int k = 0; k < 3; ++k) {
      v[k].z = 1000.0 * (k + 1) + i;
      for (int a = kAttrFog; a < kAttrCount; ++a) v[k].attr[a] = float((a * 37 + k * 91 + i) % 256) * 128.0f;
    }
    rasterizer.draw_triangles(v, index);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%.3f s, %.1f Mpx, %.2f ns/px (checksum %llu)\n", seconds, consumer.pixels / 1e6,
              seconds * 1e9 / double(consumer.pixels), (unsigned long long)consumer.checksum);
}

}  // namespace
}  // namespace gcvu::gs
