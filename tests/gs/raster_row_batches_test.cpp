// RowBatchesCrossCheck: GsConfig::row_batches (a triangle's rows of an 8-row block reach the fused pass's stepped
// kernel in one call, which steps each row's Z, colour, fog and texture coordinates itself from the row's start
// values, gs/pixel/span_rows.hpp) leaves memory exactly as handing the rows over span by span does. A consistency
// check between gcvu paths over seeded random scenes, not proof against PCSX2 (the golden corpora are that): each
// scene one of the three kernel families that take rows (bilinear STQ, mipmapped or not, with fog on and off and 24-
// or 32-bit Z; FST-textured lean shapes, opaque or alpha-blended; untextured lean shapes), Gouraud and flat, small
// triangles and large ones crossing in depth, GEQUAL and GREATER, group offsets from the rows and by outcome. And the
// check can fail: a kernel that starts each row of a batch but the first from the Z of the row before
// (GsConfig::break_row_batches) is caught in every family.
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

// Seed % 3 picks the family: 0 bilinear STQ, 1 FST-textured, 2 untextured.
class RowBatchScene : public test::RandomScene {
 public:
  explicit RowBatchScene(uint32_t seed) : RandomScene(seed), family_(seed % 3) {}

  void draw(Gs& gs) {
    begin(gs);
    for (int batch = 0; batch < 4; ++batch) draw_batch(gs);
    gs.flush();
  }

 private:
  void draw_batch(Gs& gs) {
    const bool stq = family_ == 0, textured = family_ != 2;
    // The lean shapes take 32-bit Z and no fog; the STQ family's general kernel either Z and fog.
    const uint64_t z24 = stq && below(2) == 0, fog = stq && below(2) == 0;
    gs.write_register(reg::kZbuf1, 140 | z24 << 24);  // page 140, written
    // TEX0: random memory at page 280, TBW 1, 32 x 32 or 64 x 64, TCC random, MODULATE or DECAL; levels for STQ.
    const uint64_t size = 5 + below(2);
    gs.write_register(reg::kTex0_1, uint64_t{8960} | uint64_t{1} << 14 | size << 26 | size << 30 |
                                        uint64_t{below(2)} << 34 | uint64_t{below(2)} << 35);
    const uint64_t level = 8960 + 64;
    gs.write_register(reg::kMiptbp1_1, level | uint64_t{1} << 14 | (level + 64) << 20 | uint64_t{1} << 34 |
                                           (level + 128) << 40 | uint64_t{1} << 54);
    const bool mip = stq && below(2) == 0;
    const uint64_t linear = stq ? 1 : below(2);
    gs.write_register(reg::kTex1_1, uint64_t{mip ? 2u : 0u} << 2 | linear << 5 | (mip ? 4 : linear) << 6 |
                                        uint64_t{16} << 32);
    gs.write_register(reg::kClamp1, 0);  // REPEAT
    gs.write_register(reg::kFogcol, below(1 << 24));
    gs.write_register(reg::kAlpha1, 0 | uint64_t{1} << 2 | uint64_t{0} << 4 | uint64_t{1} << 6);
    gs.write_register(reg::kTest1, uint64_t{1} << 16 | uint64_t{2 + below(2)} << 17);  // ZTE, GEQUAL or GREATER
    const uint64_t gouraud = below(4) != 0, blend = below(2), fst = textured && !stq;
    gs.write_register(reg::kPrim, 3 | gouraud << 3 | uint64_t{textured} << 4 | fog << 5 | blend << 6 | fst << 8);
    // Small triangles (the demo's) and large ones.
    const uint32_t extent = below(2) == 0 ? 48 : 600;
    const uint32_t cx = 40 + below(560), cy = 40 + below(368);
    for (int p = 0; p < 24; ++p) {
      for (int v = 0; v < 3; ++v) {
        const float q = between(0.5f, 2.0f);
        gs.write_register(reg::kSt, float_bits(between(-0.5f, 1.5f) * q) |
                                        float_bits(between(-0.5f, 1.5f) * q) << 32);
        gs.write_register(reg::kRgbaq, channel() | channel() << 8 | channel() << 16 | uint64_t{channel()} << 24 |
                                           float_bits(q) << 32);
        gs.write_register(reg::kFog, uint64_t{channel()} << 56);
        gs.write_register(reg::kUv, below(1 << 14) | uint64_t{below(1 << 14)} << 16);
        const uint32_t x = (cx + below(extent) - extent / 2) * 16 + below(16);  // wraps past the left edge
        const uint32_t y = (cy + below(extent) - extent / 2) * 16 + below(16);
        // Each vertex's Z random in a band, so the triangles cross in depth and Z edges cut groups.
        const uint32_t z = (1u << 20) + below(1u << 12) * (z24 ? 1u : 4096u);
        gs.write_register(reg::kXyz2, (x & 0xffff) | uint64_t{y & 0xffff} << 16 | uint64_t{z} << 32);
      }
    }
  }

  uint32_t family_;
};

// Scenes of each family, seeds 0 to 5, with `batches` against the rows span by span.
int scenes_differing_from_spans(const GsConfig& batches) {
  GsConfig spans = batches;
  spans.row_batches = false, spans.break_row_batches = false;
  int differing = 0;
  for (uint32_t seed = 0; seed < 6; ++seed) {
    differing += test::scene_memory<RowBatchScene>(seed, batches) != test::scene_memory<RowBatchScene>(seed, spans);
  }
  return differing;
}

TEST(RowBatchesCrossCheck, RowsInOneCallAndSpanBySpanLeaveTheSameBytes) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  // Offsets from the rows in the pass, and (kByOutcome) from arrays after a row that wrote much; the AVX-512 build
  // (where the CPU has it) and the AVX2 one.
  const struct {
    GsConfig::GroupOffsets offsets;
    bool avx512;
  } variants[] = {{GsConfig::GroupOffsets::kRows, false}, {GsConfig::GroupOffsets::kByOutcome, true}};
  for (const auto& v : variants) {
    GsConfig config;
    config.allow_avx512 = v.avx512;
    config.group_offsets = v.offsets;
    EXPECT_EQ(scenes_differing_from_spans(config), 0)
        << "offsets " << static_cast<int>(v.offsets) << ", AVX-512 build allowed: " << v.avx512;
  }
}

// And that check can fail, in every family: Z stepped one row late (GsConfig::break_row_batches).
TEST(RowBatchesCrossCheck, CheckCatchesZOneRowLate) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  GsConfig broken;
  broken.break_row_batches = true;
  EXPECT_EQ(scenes_differing_from_spans(broken), 6);
}

}  // namespace
}  // namespace gcvu::gs
