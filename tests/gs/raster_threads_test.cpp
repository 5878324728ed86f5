// Rasterizer threads split rows into interleaved bands (gs/raster/row_band.hpp); the memory a replay leaves must
// not depend on how many there are. Every draw is split here (no size threshold), over golden cases that cover
// triangles, sprites, lines, points, textures, Z formats, blending and SCANMSK.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emu/gs/raster/row_band.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "harness/replay/gs_replay.hpp"
#include "tests/test_support.hpp"

namespace gcvu {
namespace {

// Memory after every VSync of the case's replay.
std::vector<std::vector<uint8_t>> replay_memory(const std::string& name, int threads) {
  const auto path = test::shared_dir() / "golden-pcsx2" / name / (name + ".gs.zst");
  const formats::GsDump dump =
      formats::read_gs_dump(formats::read_file(path, formats::kMaxGsDumpFileBytes), path.string());
  gs::GsConfig config;
  config.threads = threads;
  config.parallel_min_pixels = 0;
  gs::Gs gs(config);
  harness::ReplayOptions options;
  options.gs = config;
  std::vector<std::vector<uint8_t>> images;
  harness::replay_gs_dump(dump, gs, options, [&](uint32_t, const gs::Gs& state) {
    const auto bytes = state.memory().bytes();
    images.emplace_back(bytes.begin(), bytes.end());
  });
  return images;
}

class RasterThreads : public ::testing::TestWithParam<std::string> {};

TEST_P(RasterThreads, MemoryIsTheSameForOneTwoAndThreeThreads) {
  const auto one = replay_memory(GetParam(), 1);
  ASSERT_FALSE(one.empty());
  for (const int threads : {2, 3}) {
    const auto many = replay_memory(GetParam(), threads);
    ASSERT_EQ(many.size(), one.size());
    for (size_t i = 0; i < one.size(); ++i)
      EXPECT_TRUE(many[i] == one[i]) << GetParam() << " vsync " << i << " differs with " << threads << " threads";
  }
}

INSTANTIATE_TEST_SUITE_P(GoldenCases, RasterThreads,
                         ::testing::Values("shade_gouraud", "cov_strip_fan", "prim_sprite", "prim_lines", "prim_points",
                                           "tex_ct32", "tex_bilinear", "tex_stq_persp", "z_tests", "blend_ct16",
                                           "scanmsk", "fog", "scene_a", "rand_001", "rand_017"));

// The row walk the triangle rasterizer uses visits exactly the rows contains() accepts, in order.
TEST(RowBand, FirstRowAndRowAfterWalkTheRowsTheBandContains) {
  for (int threads = 1; threads <= 4; ++threads) {
    for (int index = 0; index < threads; ++index) {
      const gs::RowBand band{threads, index};
      for (int top = 0; top < 80; ++top) {
        std::vector<int> walked, expected;
        for (int y = band.first_row(top); y < 200; y = band.row_after(y)) walked.push_back(y);
        for (int y = top; y < 200; ++y)
          if (band.contains(y)) expected.push_back(y);
        ASSERT_EQ(walked, expected) << "threads " << threads << " index " << index << " top " << top;
      }
    }
  }
}

}  // namespace
}  // namespace gcvu
