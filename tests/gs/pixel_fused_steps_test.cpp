// FusedStepsCrossCheck: GsConfig::fused_steps (the lean kernels step colour and FST u, v themselves from a span's
// steps, gs/pixel/span.hpp SpanSteps) leaves memory exactly as the span stepper's arrays do, and as the pass list
// does. A consistency check between gcvu paths over seeded random scenes, not proof against PCSX2 (the golden
// corpora are that): Gouraud and flat triangles of the lean class (Z GEQUAL or GREATER, 32-bit Z written, opaque or
// the usual alpha blend), untextured or FST-textured, MODULATE and DECAL, TCC on and off, nearest and bilinear, REPEAT,
// REGION_REPEAT and CLAMP, COLCLAMP on and off, vertex colours at the ends of their range so that stepped colours
// reach zero. And the check can fail: a stepped kernel whose negative r and g steps borrow from b and a
// (GsConfig::break_span_steps) is caught.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"
#include "emu/gs/pixel/fused_groups.hpp"
#include "tests/gs/random_fused_scene.hpp"

namespace gcvu::gs {
namespace {

namespace reg = gif::gs_reg;

class StepScene : public test::RandomScene {
 public:
  using RandomScene::RandomScene;

  void draw(Gs& gs) {
    begin(gs);
    gs.write_register(reg::kZbuf1, 140);  // page 140, PSMZ32, written
    for (int batch = 0; batch < 6; ++batch) draw_batch(gs);
    gs.flush();
  }

 private:
  void draw_batch(Gs& gs) {
    // TEX0: random memory past the Z buffer (page 280), TBW 1 (64 texels), 64 x 64 (TW = TH = 6), TCC and TFX random.
    const uint64_t tcc = below(2), tfx = below(2);  // MODULATE or DECAL
    gs.write_register(reg::kTex0_1, uint64_t{8960} | uint64_t{1} << 14 | uint64_t{6} << 26 | uint64_t{6} << 30 |
                                        tcc << 34 | tfx << 35);
    const uint64_t linear = below(2);
    gs.write_register(reg::kTex1_1, linear << 5 | linear << 6);
    const uint64_t wms = below(3) == 0 ? 1 : 3 * below(2), wmt = below(3) == 0 ? 1 : 3 * below(2);
    gs.write_register(reg::kClamp1, wms | wmt << 2 | uint64_t{below(64)} << 4 | uint64_t{below(64)} << 14 |
                                        uint64_t{below(64)} << 24 | uint64_t{below(64)} << 34);
    gs.write_register(reg::kColclamp, below(2));
    gs.write_register(reg::kAlpha1, 0 | uint64_t{1} << 2 | uint64_t{0} << 4 | uint64_t{1} << 6);
    gs.write_register(reg::kTest1, uint64_t{1} << 16 | uint64_t{2 + below(2)} << 17);  // ZTE, GEQUAL or GREATER
    const uint64_t gouraud = below(4) != 0, blend = below(2), textured = below(3) != 0;
    gs.write_register(reg::kPrim, 3 | gouraud << 3 | textured << 4 | blend << 6 | uint64_t{1} << 8);
    for (int p = 0; p < 12; ++p) {
      depth_ += 64 + below(64);
      for (int v = 0; v < 3; ++v) {
        gs.write_register(reg::kRgbaq, channel() | channel() << 8 | channel() << 16 | uint64_t{channel()} << 24 |
                                           uint64_t{0x3f800000} << 32);
        gs.write_register(reg::kUv, below(1 << 14) | uint64_t{below(1 << 14)} << 16);
        const uint32_t x = below(800 * 16) - 80 * 16 + 0x10000, y = below(560 * 16) - 56 * 16 + 0x10000;
        // Z now and then below the last primitive's, so some pixels fail the test.
        const uint32_t z = below(4) == 0 ? depth_ - below(2048) : depth_;
        gs.write_register(reg::kXyz2, (x & 0xffff) | uint64_t{y & 0xffff} << 16 | uint64_t{z} << 32);
      }
    }
  }

  uint32_t depth_ = 1 << 20;
};


TEST(FusedStepsCrossCheck, SteppedKernelsArraysAndPassListLeaveTheSameBytes) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  for (const bool avx512 : {true, false}) {
    GsConfig config;
    config.allow_avx512 = avx512;
    const test::StepDifferences d = test::compare_steps<StepScene>(12, config);
    EXPECT_EQ(d.from_arrays, 0) << "AVX-512 build allowed: " << avx512;
    EXPECT_EQ(d.from_list, 0) << "AVX-512 build allowed: " << avx512;
  }
}

TEST(FusedStepsCrossCheck, CheckCatchesStepsThatBorrow) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  GsConfig broken;
  broken.break_span_steps = true;
  const test::StepDifferences d = test::compare_steps<StepScene>(12, broken);
  EXPECT_GE(d.from_arrays, 6);
  EXPECT_GE(d.from_list, 6);
}

}  // namespace
}  // namespace gcvu::gs
