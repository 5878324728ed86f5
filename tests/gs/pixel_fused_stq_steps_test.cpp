// FusedStqStepsCrossCheck: GsConfig::fused_steps for bilinear STQ draws (the general kernels of kBilinearStq and
// kBilinearStqMip step s, t, q, colour and fog themselves from a span's steps, gs/pixel/span.hpp SpanSteps) leaves
// memory exactly as the span stepper's arrays do, and as the pass list does. A consistency check between gcvu paths
// over seeded random scenes, not proof against PCSX2 (the golden corpora are that): perspective triangles with
// their own q per vertex, mipmapped (bilinear in the nearest level, LOD from q or constant) or not, fog on and off,
// 24- and 32-bit Z with GEQUAL or GREATER, blend on and off, MODULATE and DECAL, TCC on and off, Gouraud and flat,
// REPEAT (random limits) and CLAMP on each axis, vertex colours at the ends of their range. And the check can fail:
// stepped kernels whose negative r and g steps borrow from b and a (GsConfig::break_span_steps) are caught, and so
// are the repeat kernels taken where only one axis repeats (GsConfig::break_repeat_shape).
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

class StqScene : public test::RandomScene {
 public:
  using RandomScene::RandomScene;

  void draw(Gs& gs) {
    begin(gs);
    for (int batch = 0; batch < 6; ++batch) draw_batch(gs);
    gs.flush();
  }

 private:
  void draw_batch(Gs& gs) {
    // Z at page 140, 32- or 24-bit (the demo's), written.
    gs.write_register(reg::kZbuf1, 140 | uint64_t{below(2)} << 24);
    // TEX0: random memory at page 280, TBW 1, 16 to 64 texels a side, TCC and TFX (MODULATE or DECAL) random; the
    // levels two pages apart.
    const uint64_t tw = 4 + below(3), th = 4 + below(3), tcc = below(2), tfx = below(2);
    gs.write_register(reg::kTex0_1, uint64_t{8960} | uint64_t{1} << 14 | tw << 26 | th << 30 | tcc << 34 | tfx << 35);
    const uint64_t level = 8960 + 64;
    gs.write_register(reg::kMiptbp1_1, level | uint64_t{1} << 14 | (level + 64) << 20 | uint64_t{1} << 34 |
                                           (level + 128) << 40 | uint64_t{1} << 54);
    // MMAG linear; MMIN 4 (bilinear in the nearest level, MXL 1-3) or 1 (bilinear, no levels); L, K, LCM random.
    const bool mip = below(4) != 0;
    const uint64_t mxl = mip ? 1 + below(3) : 0, mmin = mip ? 4 : 1;
    const uint64_t k = below(48) - 8;  // 7.4 fixed, -0.5 to 2.4
    gs.write_register(reg::kTex1_1, uint64_t{below(4) == 0} | mxl << 2 | uint64_t{1} << 5 | mmin << 6 |
                                        uint64_t{below(4)} << 19 | (k & 0xfff) << 32);
    // REPEAT or CLAMP on each axis; REPEAT's mask and fix (MINU, MAXU, MINV, MAXV) random below 64, so a draw
    // repeating on both takes the general repeat kernels (FusedShape::kGeneralRepeat) with limits that matter.
    gs.write_register(reg::kClamp1, uint64_t{below(2)} | uint64_t{below(2)} << 2 | uint64_t{below(64)} << 4 |
                                        uint64_t{below(64)} << 14 | uint64_t{below(64)} << 24 |
                                        uint64_t{below(64)} << 34);
    gs.write_register(reg::kColclamp, below(2));
    gs.write_register(reg::kFogcol, below(1 << 24));
    gs.write_register(reg::kAlpha1, 0 | uint64_t{1} << 2 | uint64_t{0} << 4 | uint64_t{1} << 6);
    gs.write_register(reg::kTest1, uint64_t{1} << 16 | uint64_t{2 + below(2)} << 17);  // ZTE, GEQUAL or GREATER
    const uint64_t gouraud = below(4) != 0, fog = below(4) != 0, blend = below(3) == 0;
    gs.write_register(reg::kPrim, 3 | gouraud << 3 | uint64_t{1} << 4 | fog << 5 | blend << 6);  // STQ (FST clear)
    for (int p = 0; p < 12; ++p) {
      depth_ += 64 + below(64);
      for (int v = 0; v < 3; ++v) {
        // Each vertex its own q, so the LOD and s/q, t/q change along the spans.
        const float q = between(0.3f, 2.0f);
        gs.write_register(reg::kSt, float_bits(between(-0.5f, 1.5f) * q) | float_bits(between(-0.5f, 1.5f) * q) << 32);
        gs.write_register(reg::kRgbaq, channel() | channel() << 8 | channel() << 16 | uint64_t{channel()} << 24 |
                                           float_bits(q) << 32);
        gs.write_register(reg::kFog, uint64_t{channel()} << 56);
        const uint32_t x = below(800 * 16) - 80 * 16 + 0x10000, y = below(560 * 16) - 56 * 16 + 0x10000;
        // Z now and then below the last primitive's, so some pixels fail the test.
        const uint32_t z = below(4) == 0 ? depth_ - below(2048) : depth_;
        gs.write_register(reg::kXyz2, (x & 0xffff) | uint64_t{y & 0xffff} << 16 | uint64_t{z} << 32);
      }
    }
  }

  uint32_t depth_ = 1 << 20;
};

TEST(FusedStqStepsCrossCheck, SteppedKernelsArraysAndPassListLeaveTheSameBytes) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  for (const bool avx512 : {true, false}) {
    GsConfig config;
    config.allow_avx512 = avx512;
    const test::StepDifferences d = test::compare_steps<StqScene>(4, config);
    EXPECT_EQ(d.from_arrays, 0) << "AVX-512 build allowed: " << avx512;
    EXPECT_EQ(d.from_list, 0) << "AVX-512 build allowed: " << avx512;
  }
}

TEST(FusedStqStepsCrossCheck, CheckCatchesStepsThatBorrow) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  GsConfig broken;
  broken.break_span_steps = true;
  const test::StepDifferences d = test::compare_steps<StqScene>(4, broken);
  EXPECT_GE(d.from_arrays, 2);
  EXPECT_GE(d.from_list, 2);
}

TEST(FusedStqStepsCrossCheck, CheckCatchesRepeatKernelsOnAClampedAxis) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  GsConfig broken;
  broken.break_repeat_shape = true;
  const test::StepDifferences d = test::compare_steps<StqScene>(4, broken);
  EXPECT_GE(d.from_arrays, 2);
  EXPECT_GE(d.from_list, 2);
}

}  // namespace
}  // namespace gcvu::gs
