// FusedRejectCrossCheck: GsConfig::z_reject_loop (after a group whose pixels all fail the Z test, the fused pass
// finds the next group with one that passes in a loop that loads only Z) leaves memory exactly as testing each group
// in the full loop does, and as the pass list does. A consistency check between gcvu paths over seeded random scenes,
// not proof against PCSX2 (the golden corpora are that): Gouraud and flat triangles crossing each other in depth (each
// vertex's Z random, so Z edges cut groups), GEQUAL and GREATER, 32-bit and 24-bit Z (the lean and the general
// kernels), opaque and alpha-blended, untextured, FST- and STQ-textured. And the check can fail: a reject loop that
// skips a group whose first pixel fails (GsConfig::break_z_reject) is caught.
// FusedRowsCrossCheck, on the same scenes: the pass working out each group's frame and Z offsets from the span's rows
// (GsConfig::group_offsets, always or by the last span's outcome) leaves memory exactly as taking them from arrays
// written first does; and a build that takes the row next to the span's (break_group_rows) is caught.
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

class DepthScene : public test::RandomScene {
 public:
  using RandomScene::RandomScene;

  void draw(Gs& gs) {
    begin(gs);
    for (int batch = 0; batch < 4; ++batch) draw_batch(gs);
    gs.flush();
  }

 private:
  void draw_batch(Gs& gs) {
    const uint64_t z24 = below(3) == 0;               // PSMZ24: the general kernel
    gs.write_register(reg::kZbuf1, 140 | z24 << 24);  // page 140, written
    // TEX0: random memory past the Z buffer (page 280), TBW 1 (64 texels), 64 x 64, MODULATE or DECAL.
    gs.write_register(reg::kTex0_1, uint64_t{8960} | uint64_t{1} << 14 | uint64_t{6} << 26 | uint64_t{6} << 30 |
                                        uint64_t{below(2)} << 34 | uint64_t{below(2)} << 35);
    const uint64_t linear = below(2);
    gs.write_register(reg::kTex1_1, linear << 5 | linear << 6);
    gs.write_register(reg::kClamp1, 0);  // REPEAT
    gs.write_register(reg::kAlpha1, 0 | uint64_t{1} << 2 | uint64_t{0} << 4 | uint64_t{1} << 6);
    gs.write_register(reg::kTest1, uint64_t{1} << 16 | uint64_t{2 + below(2)} << 17);  // ZTE, GEQUAL or GREATER
    const uint64_t gouraud = below(4) != 0, blend = below(2), textured = below(3) != 0, fst = below(3) != 0;
    gs.write_register(reg::kPrim, 3 | gouraud << 3 | textured << 4 | blend << 6 | fst << 8);
    for (int p = 0; p < 16; ++p) {
      for (int v = 0; v < 3; ++v) {
        gs.write_register(reg::kRgbaq, below(1u << 31) | uint64_t{0x3f800000} << 32);
        gs.write_register(reg::kSt, uint64_t{0x3f000000} | uint64_t{0x3e800000} << 32);
        gs.write_register(reg::kUv, below(1 << 14) | uint64_t{below(1 << 14)} << 16);
        const uint32_t x = below(800 * 16) - 80 * 16 + 0x10000, y = below(560 * 16) - 56 * 16 + 0x10000;
        // Each vertex's Z random in a narrow band, so the triangles cross in depth and Z edges cut groups.
        const uint32_t z = (1u << 20) + below(1u << 12) * (z24 ? 1u : 4096u);
        gs.write_register(reg::kXyz2, (x & 0xffff) | uint64_t{y & 0xffff} << 16 | uint64_t{z} << 32);
      }
    }
  }
};

std::vector<uint8_t> draw_depth_scene(uint32_t seed, const GsConfig& config) {
  return test::scene_memory<DepthScene>(seed, config);
}

struct RejectDifferences {
  int from_group_tests = 0;  // scenes where the reject loop and testing each group in the full loop differ
  int from_list = 0;         // and where the reject loop and the pass list differ
};

RejectDifferences compare_rejects(int scenes, const GsConfig& first) {
  GsConfig each = first, list = first;
  each.z_reject_loop = false, each.break_z_reject = false;
  list.fused_groups = false, list.break_z_reject = false;
  RejectDifferences d;
  for (int seed = 0; seed < scenes; ++seed) {
    const auto with_loop = draw_depth_scene(static_cast<uint32_t>(seed), first);
    d.from_group_tests += with_loop != draw_depth_scene(static_cast<uint32_t>(seed), each);
    d.from_list += with_loop != draw_depth_scene(static_cast<uint32_t>(seed), list);
  }
  return d;
}

TEST(FusedRejectCrossCheck, RejectLoopTestingEachGroupAndPassListLeaveTheSameBytes) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  for (const bool avx512 : {true, false}) {
    GsConfig config;
    config.allow_avx512 = avx512;
    const RejectDifferences d = compare_rejects(5, config);
    EXPECT_EQ(d.from_group_tests, 0) << "AVX-512 build allowed: " << avx512;
    EXPECT_EQ(d.from_list, 0) << "AVX-512 build allowed: " << avx512;
  }
}

TEST(FusedRowsCrossCheck, OffsetsFromRowsAndFromArraysLeaveTheSameBytes) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  for (const bool avx512 : {true, false}) {
    GsConfig arrays;
    arrays.allow_avx512 = avx512;
    arrays.group_offsets = GsConfig::GroupOffsets::kArrays;
    GsConfig rows = arrays, by_outcome = arrays;
    rows.group_offsets = GsConfig::GroupOffsets::kRows;
    by_outcome.group_offsets = GsConfig::GroupOffsets::kByOutcome;
    for (uint32_t seed = 0; seed < 2; ++seed) {
      const auto expected = draw_depth_scene(seed, arrays);
      EXPECT_EQ(draw_depth_scene(seed, rows), expected) << "seed " << seed << ", AVX-512 build allowed: " << avx512;
      EXPECT_EQ(draw_depth_scene(seed, by_outcome), expected)
          << "seed " << seed << ", AVX-512 build allowed: " << avx512;
    }
  }
}

// And that check can fail: rows taken from the row next to the span's (GsConfig::break_group_rows).
TEST(FusedRowsCrossCheck, CheckCatchesOffsetsFromTheWrongRow) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  for (const bool avx512 : {true, false}) {
    GsConfig arrays;
    arrays.allow_avx512 = avx512;
    arrays.group_offsets = GsConfig::GroupOffsets::kArrays;
    GsConfig broken = arrays;
    broken.group_offsets = GsConfig::GroupOffsets::kRows;
    broken.break_group_rows = true;
    int differing = 0;
    for (uint32_t seed = 0; seed < 2; ++seed) {
      differing += draw_depth_scene(seed, broken) != draw_depth_scene(seed, arrays);
    }
    EXPECT_EQ(differing, 2) << "AVX-512 build allowed: " << avx512;
  }
}

TEST(FusedRejectCrossCheck, CheckCatchesAGroupRejectedByItsFirstPixel) {
  if (!pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  GsConfig broken;
  broken.break_z_reject = true;
  const RejectDifferences d = compare_rejects(6, broken);
  EXPECT_GE(d.from_group_tests, 5);
  EXPECT_GE(d.from_list, 5);
}

}  // namespace
}  // namespace gcvu::gs
