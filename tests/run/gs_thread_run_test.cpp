// Named cross-check: the demo frames of `gcvu run` with the GS on its own thread (system/gs_feed.hpp) against the
// single-threaded run: the same picture, GS memory and per-frame GS statistics, for 1, 2 and 3 rasterizer threads;
// and the CLI's --gs-thread gives the same frame.png and vram.bin either way.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

LevelRunResult run_demo(const formats::rc2::Level& level, bool own_thread, int threads) {
  LevelRunRequest request;
  request.level = &level;
  request.program = &microcode::tfrag::tfrag_program();
  request.frame = scene_frame_options(level, overview_camera(level));
  request.frames = 3;
  request.step = 2;
  request.gs.own_thread = own_thread;
  request.gs.threads = threads;
  request.gs.parallel_min_pixels = 0;
  return run_level(request);
}

TEST(GsThreadRun, DemoFramesAreTheSameWithTheGsThread) {
  HeightFieldParameters demo;  // `gcvu run`'s demo: seed 1, 400 patches
  demo.patches = 400;
  formats::rc2::LevelFiles files = write_demo_level(demo);
  const formats::rc2::Level level = formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo",
                                                             std::move(files.gameplay));
  const LevelRunResult reference = run_demo(level, false, 1);
  ASSERT_EQ(reference.run.end, system::RunEnd::kFinished) << reference.run.error;
  ASSERT_EQ(reference.frames.size(), 3u);
  ASSERT_GT(reference.frames.back().gs.pixels, 0u);
  for (int threads = 1; threads <= 3; ++threads) {
    const LevelRunResult threaded = run_demo(level, true, threads);
    ASSERT_EQ(threaded.run.end, system::RunEnd::kFinished) << threaded.run.error;
    EXPECT_TRUE(threaded.gs_memory == reference.gs_memory) << threads << " rasterizer threads";
    EXPECT_TRUE(threaded.picture == reference.picture) << threads << " rasterizer threads";
    ASSERT_EQ(threaded.frames.size(), reference.frames.size());
    for (size_t f = 0; f < reference.frames.size(); ++f) {
      EXPECT_EQ(threaded.frames[f].gs.draws, reference.frames[f].gs.draws) << "frame " << f;
      EXPECT_EQ(threaded.frames[f].gs.primitives, reference.frames[f].gs.primitives) << "frame " << f;
      EXPECT_EQ(threaded.frames[f].gs.pixels, reference.frames[f].gs.pixels) << "frame " << f;
      EXPECT_EQ(threaded.frames[f].gs.transfers, reference.frames[f].gs.transfers) << "frame " << f;
      EXPECT_EQ(threaded.frames[f].cycles, reference.frames[f].cycles) << "frame " << f;
    }
  }
}

// "default" runs without --gs-thread (the GS thread since it was measured faster: harness/cli/gs_options.hpp).
std::vector<std::string> with_gs_thread(std::vector<std::string> args, const std::string& mode) {
  if (mode != "default") {
    args.push_back("--gs-thread");
    args.push_back(mode);
  }
  return args;
}

TEST(GsThreadRun, CliGsThreadOnOffAndDefaultWriteTheSameFiles) {
  test::TempDir dir;
  for (const char* mode : {"on", "off", "default"}) {
    const test::CliResult result = test::run_cli(with_gs_thread(
        {"run", "--patches", "25", "--frames", "2", "--out", (dir.path() / mode).string(), "--vram"}, mode));
    ASSERT_EQ(result.code, 0) << result.err;
  }
  for (const char* mode : {"on", "default"}) {
    for (const char* name : {"vram.bin", "frame.png"}) {
      EXPECT_EQ(test::read_bytes(dir.path() / mode / name), test::read_bytes(dir.path() / "off" / name))
          << mode << " " << name;
    }
  }
  const test::CliResult bad = test::run_cli({"run", "--patches", "4", "--gs-thread", "maybe"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--gs-thread 'maybe' must be 'on' or 'off'"), std::string::npos) << bad.err;
}

TEST(GsThreadRun, ReplayGsThreadOnOffAndDefaultWriteTheSameFiles) {
  test::TempDir dir;
  const std::string dump = (test::shared_dir() / "golden-pcsx2" / "scene_a" / "scene_a.gs.zst").string();
  for (const char* mode : {"on", "off", "default"}) {
    const test::CliResult result =
        test::run_cli(with_gs_thread({"replay", dump, "--out", (dir.path() / mode).string(), "--vram"}, mode));
    ASSERT_EQ(result.code, 0) << result.err;
  }
  for (const char* mode : {"on", "default"}) {
    for (const char* name : {"frame_00000.png", "vram_00000.bin"}) {
      EXPECT_EQ(test::read_bytes(dir.path() / mode / name), test::read_bytes(dir.path() / "off" / name))
          << mode << " " << name;
    }
  }
}

}  // namespace
}  // namespace gcvu::harness
