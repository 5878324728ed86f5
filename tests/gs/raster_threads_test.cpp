// Rasterizer threads split rows into interleaved bands (gs/raster/row_band.hpp); the memory a replay leaves must
// not depend on how many there are or on how they hand out the work (GsConfig::row_split). Every draw is split here
// (no size threshold), over golden cases that cover triangles, sprites, lines, points, textures, Z formats,
// blending and SCANMSK.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "emu/gs/raster/band_claims.hpp"
#include "emu/gs/raster/primitive_bands.hpp"
#include "emu/gs/raster/raster_workers.hpp"
#include "emu/gs/raster/rasterizer.hpp"
#include "emu/gs/raster/row_band.hpp"
#include "tests/gs/recording_sink.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "harness/replay/gs_replay.hpp"
#include "tests/test_support.hpp"

namespace gcvu {
namespace {

// Memory after every VSync of the case's replay; every draw that may be split is, unless `min_pixels` says
// otherwise.
std::vector<std::vector<uint8_t>> replay_memory(const std::string& name, int threads,
                                                gs::GsConfig config = gs::GsConfig{}, int min_pixels = 0) {
  const auto path = test::shared_dir() / "golden-pcsx2" / name / (name + ".gs.zst");
  const formats::GsDump dump =
      formats::read_gs_dump(formats::read_file(path, formats::kMaxGsDumpFileBytes), path.string());
  config.threads = threads;
  config.parallel_min_pixels = min_pixels;
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

// The workers start once the splittable draws kept on the calling thread have drawn enough pixels.
TEST(RasterWorkers, SplitOnlyOnceEnoughPixelsWereDeferred) {
  gs::RasterWorkers workers;
  EXPECT_TRUE(workers.worth_splitting(0));
  EXPECT_FALSE(workers.worth_splitting(100));
  workers.defer(60);
  EXPECT_FALSE(workers.worth_splitting(100));
  workers.defer(40);
  EXPECT_TRUE(workers.worth_splitting(100));
}

// A cross-check between two of our own runs: with a small size threshold the first splittable draws stay on the
// calling thread and later ones are split (kSplitAfterMinDraws x 1 pixels deferred first), against one thread.
TEST(RasterThreads, MemoryIsTheSameWhenTheWorkersStartMidRun) {
  for (const std::string name : {"scene_a", "tex_bilinear", "rand_017"}) {
    const auto one = replay_memory(name, 1);
    ASSERT_FALSE(one.empty());
    const auto later = replay_memory(name, 2, gs::GsConfig{}, 1);
    ASSERT_EQ(later.size(), one.size());
    for (size_t i = 0; i < one.size(); ++i) EXPECT_TRUE(later[i] == one[i]) << name << " vsync " << i << " differs";
  }
}

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

// A cross-check between two of our own splits: claimed runs (the default) against fixed bands, and against one
// thread. Claimed runs hand sets of bands between threads as they free up, so which thread draws which run varies
// from run to run; the memory must not. Runs of one primitive, so these small draws are cut too.
class ClaimedBandsCrossCheck : public ::testing::TestWithParam<std::string> {};

TEST_P(ClaimedBandsCrossCheck, MemoryMatchesFixedBandsAndOneThread) {
  const auto one = replay_memory(GetParam(), 1);
  ASSERT_FALSE(one.empty());
  for (const int threads : {2, 3}) {
    gs::GsConfig fixed;
    fixed.row_split = gs::GsConfig::RowSplit::kFixed;
    gs::GsConfig claimed;
    claimed.row_split = gs::GsConfig::RowSplit::kClaimed;
    claimed.primitives_per_run = 1;
    const auto by_fixed = replay_memory(GetParam(), threads, fixed);
    const auto by_claims = replay_memory(GetParam(), threads, claimed);
    ASSERT_EQ(by_fixed.size(), one.size());
    ASSERT_EQ(by_claims.size(), one.size());
    for (size_t i = 0; i < one.size(); ++i) {
      EXPECT_TRUE(by_fixed[i] == one[i]) << GetParam() << " vsync " << i << ": fixed bands, " << threads << " threads";
      EXPECT_TRUE(by_claims[i] == one[i]) << GetParam() << " vsync " << i << ": claimed runs, " << threads << " threads";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(GoldenCases, ClaimedBandsCrossCheck,
                         ::testing::Values("cov_strip_fan", "prim_sprite", "blend_ct16", "z_tests", "scene_a", "rand_005"));

// The check would catch a claimed split that drew a unit's runs out of order (GsConfig::break_chunk_order): the
// blended, overlapping triangles of these cases leave other bytes.
TEST(ClaimedBandsBrokenVariant, CrossCheckCatchesRunsDrawnOutOfOrder) {
  gs::GsConfig broken;
  broken.row_split = gs::GsConfig::RowSplit::kClaimed;
  broken.break_chunk_order = true;
  broken.primitives_per_run = 1;
  bool caught = false;
  for (const std::string name : {"blend_ct16", "scene_a"}) {
    const auto one = replay_memory(name, 1);
    const auto wrong = replay_memory(name, 2, broken);
    ASSERT_EQ(wrong.size(), one.size());
    for (size_t i = 0; i < one.size(); ++i) caught = caught || wrong[i] != one[i];
  }
  EXPECT_TRUE(caught);
}

// Claims hand out every run of every unit once, a unit's runs in order, never a unit another thread holds.
TEST(BandClaims, HandsOutEachRunOnceInOrderAndNeverAHeldUnit) {
  gs::BandClaims claims(3, 4);
  gs::BandClaims::Task a, b;
  std::vector<std::vector<int>> runs(3);
  int rounds = 0;
  while (true) {
    const bool got_a = claims.claim(a);
    const bool got_b = claims.claim(b);
    if (got_a) runs[size_t(a.unit)].push_back(a.chunk);
    if (got_b) runs[size_t(b.unit)].push_back(b.chunk);
    // While both hold a unit, the third is the only one left to claim.
    if (got_a && got_b) {
      EXPECT_NE(a.unit, b.unit);
      gs::BandClaims::Task c;
      if (claims.claim(c)) {
        EXPECT_NE(c.unit, a.unit);
        EXPECT_NE(c.unit, b.unit);
        runs[size_t(c.unit)].push_back(c.chunk);
        claims.release(c);
      }
    }
    if (got_a) claims.release(a);
    if (got_b) claims.release(b);
    if (!got_a && !got_b) break;
    ASSERT_LT(++rounds, 100);
  }
  for (const auto& unit : runs) EXPECT_EQ(unit, (std::vector<int>{0, 1, 2, 3}));
}

// The same with real threads racing for claims: each unit's runs arrive in order, each once.
TEST(BandClaims, ThreadsRacingForClaimsDrawEachRunOnceInOrder) {
  constexpr int kUnits = 4, kChunks = 50;
  gs::BandClaims claims(kUnits, kChunks);
  std::vector<std::vector<int>> runs(kUnits);  // a unit's list is written only by its holder
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&] {
      gs::BandClaims::Task task;
      while (claims.claim(task)) {
        runs[size_t(task.unit)].push_back(task.chunk);
        claims.release(task);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  std::vector<int> expected(kChunks);
  for (int i = 0; i < kChunks; ++i) expected[size_t(i)] = i;
  for (const auto& unit : runs) EXPECT_EQ(unit, expected);
}

// reaches() agrees with walking the range's bands one by one.
TEST(PrimitiveBands, ReachesMatchesTheBandsOfTheRange) {
  for (int units = 1; units <= 5; ++units) {
    for (int index = 0; index < units; ++index) {
      const gs::RowBand band{units, index};
      for (int first = 0; first < 12; ++first) {
        for (int last = first - 1; last < first + 8; ++last) {
          bool any = false;
          for (int b = first; b <= last; ++b) any = any || band.contains(b << gs::RowBand::kRowsLog2);
          EXPECT_EQ((gs::BandRange{first, last}.reaches(band)), any)
              << "units " << units << " index " << index << " bands " << first << ".." << last;
        }
      }
    }
  }
}

// Every row the rasterizer draws for a triangle or sprite lies in a band of the primitive's range, for vertices at
// random subpixel positions (some beyond the scissor), so leaving out primitives whose range misses a unit's bands
// leaves out no row.
TEST(PrimitiveBands, RangeHoldsEveryRowTheRasterizerDraws) {
  const gs::PixelRect scissor{0, 8, 320, 200};
  uint32_t seed = 12345;
  auto coordinate = [&](float span) {
    seed = seed * 1664525u + 1013904223u;
    return float(int(seed >> 8) % int(span * 16)) / 16.0f - 20.0f;
  };
  std::vector<gs::RasterVertex> vertices;
  for (int i = 0; i < 600; ++i) vertices.push_back(gs::test::at(coordinate(360), coordinate(i % 3 == 0 ? 60 : 240)));
  std::vector<uint32_t> indices(vertices.size());
  for (size_t i = 0; i < indices.size(); ++i) indices[i] = uint32_t(i);
  for (const int per_primitive : {3, 2}) {
    std::vector<gs::BandRange> bands;
    gs::primitive_bands(vertices, indices, per_primitive, scissor.top, scissor.bottom, bands);
    ASSERT_EQ(bands.size(), indices.size() / size_t(per_primitive));
    size_t drawing = 0;
    for (size_t p = 0; p < bands.size(); ++p) {
      gs::test::RecordingSink sink;
      gs::Rasterizer rasterizer(scissor, 0, 0, sink);
      const std::span<const uint32_t> one(indices.data() + p * size_t(per_primitive), size_t(per_primitive));
      if (per_primitive == 3) rasterizer.draw_triangles(vertices, one);
      else rasterizer.draw_sprites(vertices, one);
      drawing += sink.scanlines.empty() ? 0 : 1;
      for (const auto& row : sink.scanlines) {
        const int band = row.y >> gs::RowBand::kRowsLog2;
        EXPECT_TRUE(band >= bands[p].first && band <= bands[p].last)
            << "primitive " << p << " of " << per_primitive << " vertices draws row " << row.y;
      }
    }
    EXPECT_GT(drawing, bands.size() / 2);  // most primitives draw something: the check is not vacuous
  }
}

}  // namespace
}  // namespace gcvu
