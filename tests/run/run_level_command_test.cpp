// `gcvu run` without --state: the demo level and --level DIR through the whole pipeline, its outputs, its
// determinism, the GS dump it records (replayed by `gcvu replay`, an independent consumer, into the same memory),
// and every bad invocation. What the frame holds is checked vertex by vertex in tests/harness/tfrag_pipeline_test.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "formats/png/png.hpp"
#include "formats/rc2/level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "harness/run/strip_census.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "tests/harness/instance_strip_walk.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::CliResult;
using test::run_cli;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(RunLevel, DemoWritesTheFrameAndReportsThePipeline) {
  test::TempDir dir;
  const CliResult result = run_cli({"run", "--patches", "36", "--out", (dir / "out").string(), "--vram"});
  ASSERT_EQ(result.code, 0) << result.err << result.out;
  for (const char* line : {"level: demo (height field, seed 1, 36 patches)", "run: finished", "patches drawn: ",
                           "lod modes: ", "shrubs: ", "vif1: ", "vu1: ", "stall cycles", "xgkicks: ", "triangles ", "gs: ",
                           "pixels drawn", "emulated: ", "wall time: ", "x real time", "frame written to"}) {
    EXPECT_TRUE(has(result.out, line)) << line << "\n" << result.out;
  }
  const formats::Image frame = formats::read_png(test::read_bytes(dir / "out" / "frame.png"), "frame.png");
  EXPECT_EQ(frame.width, 640u);
  EXPECT_EQ(frame.height, 448u);
  EXPECT_EQ(test::read_bytes(dir / "out" / "vram.bin").size(), 4u << 20);
}

TEST(RunLevel, SameInputSameBytes) {
  test::TempDir dir;
  for (const char* name : {"a", "b"}) {
    const CliResult result = run_cli({"run", "--patches", "25", "--frames", "2", "--out", (dir / name).string(),
                                      "--vram"});
    ASSERT_EQ(result.code, 0) << result.err;
  }
  EXPECT_EQ(test::read_bytes(dir / "a" / "vram.bin"), test::read_bytes(dir / "b" / "vram.bin"));
  EXPECT_EQ(test::read_bytes(dir / "a" / "frame.png"), test::read_bytes(dir / "b" / "frame.png"));
}

TEST(RunLevel, GsDumpReplaysIntoTheSameMemory) {
  test::TempDir dir;
  const std::string dump = (dir / "demo.gs").string();
  const CliResult run = run_cli({"run", "--patches", "16", "--frames", "2", "--out", (dir / "run").string(),
                                 "--vram", "--gs-dump", dump});
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_TRUE(has(run.out, "GS dump written to")) << run.out;
  const CliResult replay = run_cli({"replay", dump, "--out", (dir / "replay").string(), "--vram"});
  ASSERT_EQ(replay.code, 0) << replay.err;
  EXPECT_EQ(test::read_bytes(dir / "replay" / "vram_00001.bin"), test::read_bytes(dir / "run" / "vram.bin"));
}

TEST(RunLevel, ExtractedLevelFolderAndMovingCamera) {
  test::TempDir dir;
  ASSERT_EQ(run_cli({"gen-level", "--out", (dir / "level").string(), "--seed", "5", "--patches", "9"}).code, 0);
  const CliResult result = run_cli({"run", "--level", (dir / "level").string(), "--camera", "-10,-10,20,45,-15",
                                    "--frames", "3", "--step", "4", "--out", (dir / "out").string()});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(has(result.out, "level: " + (dir / "level").string())) << result.out;
  EXPECT_TRUE(has(result.out, "camera: -10,-10,20 yaw 45 pitch -15, moving 4 units per frame")) << result.out;
  EXPECT_TRUE(has(result.out, "frames: 3 of 3")) << result.out;
}

// The instances come from the folder's gameplay.bin: gen-level writes the demo's placements there, so drawing the
// folder with --level gives the demo's frame byte for byte, shrubs and mobies included.
TEST(RunLevel, LevelFolderDrawsTheShrubsAndMobiesOfItsGameplayFile) {
  test::TempDir dir;
  ASSERT_EQ(run_cli({"gen-level", "--out", (dir / "level").string(), "--seed", "3", "--patches", "36"}).code, 0);
  EXPECT_TRUE(std::filesystem::exists(dir / "level" / "gameplay.bin"));
  const CliResult folder = run_cli({"run", "--level", (dir / "level").string(), "--out", (dir / "folder").string(),
                                    "--vram"});
  ASSERT_EQ(folder.code, 0) << folder.err;
  const CliResult demo = run_cli({"run", "--seed", "3", "--patches", "36", "--out", (dir / "demo").string(), "--vram"});
  ASSERT_EQ(demo.code, 0) << demo.err;
  EXPECT_FALSE(has(folder.out, "shrubs: 0 instances drawn")) << folder.out;
  EXPECT_FALSE(has(folder.out, "mobies: 0 instances drawn")) << folder.out;
  EXPECT_EQ(test::read_bytes(dir / "folder" / "vram.bin"), test::read_bytes(dir / "demo" / "vram.bin"));

  // The same folder through the library: every shrub and moby strip kicked is the one the format says.
  const formats::rc2::Level level = formats::rc2::load_level(dir / "level");
  StripCensus census(true);
  LevelRunRequest request;
  request.level = &level;
  request.program = &microcode::tfrag::tfrag_program();
  request.frame = scene_frame_options(level, overview_camera(level));
  request.observer = &census;
  const LevelRunResult result = run_level(request);
  ASSERT_EQ(result.run.end, system::RunEnd::kFinished) << result.run.error;
  const frame::BuiltFrame& built = result.last_frame;
  EXPECT_GT(built.shrubs_drawn, 0u);
  EXPECT_GT(built.mobies_drawn.size(), 0u);
  const auto& strips = census.strips();
  size_t next = terrain_strips(level, built);
  EXPECT_GT(expect_shrub_strips(level, built, strips, next), 0u);
  EXPECT_GT(expect_moby_strips(level, built, strips, next), 0u);
  EXPECT_EQ(next, strips.size()) << "strips kicked beyond what the drawn packets hold";
}

TEST(RunLevel, RunawayRunStopsAtTheCycleBudget) {
  test::TempDir dir;
  const CliResult result = run_cli({"run", "--patches", "16", "--max-cycles", "5000", "--out", dir.path().string()});
  EXPECT_EQ(result.code, 1) << result.out;
  EXPECT_TRUE(has(result.err, "gcvu run: ")) << result.err;
  EXPECT_TRUE(has(result.out, "run: error")) << result.out;
}

TEST(RunLevel, BadInvocationsAndBadLevelsAreExit2WithTheRule) {
  test::TempDir dir;
  ASSERT_EQ(run_cli({"gen-level", "--out", (dir / "level").string(), "--patches", "4"}).code, 0);
  std::filesystem::create_directories(dir / "broken");
  for (const char* file : {"core_data.bin", "gs_ram.bin"}) {
    std::filesystem::copy_file(dir / "level" / file, dir / "broken" / file);
  }
  std::vector<uint8_t> index = test::read_bytes(dir / "level" / "core_index.bin");
  index.resize(100);  // truncated inside the header
  test::write_bytes(dir / "broken" / "core_index.bin", index);
  const std::string out = (dir / "out").string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"run", "--camera", "1,2,3", "--out", out}, "--camera '1,2,3' must be five numbers"},
      {{"run", "--camera", "1,2,3,4,x", "--out", out}, "must be five numbers"},
      {{"run", "--camera", "0,0,0,0,90", "--out", out}, "pitch 90 must lie inside (-90, 90)"},
      {{"run", "--frames", "0", "--out", out}, "--frames '0' must be 1-100000"},
      {{"run", "--step", "fast", "--out", out}, "--step 'fast'"},
      {{"run", "--patches", "0", "--out", out}, "--patches '0' must be 1-4096"},
      {{"run", "--seed", "-1", "--out", out}, "--seed '-1' must be a whole number"},
      {{"run", "--level", (dir / "level").string(), "--patches", "9", "--out", out}, "cannot be used with --level"},
      {{"run", "--row", "1,2,3,4", "--out", out}, "--row needs --state"},
      {{"run", "--vif1-from-regs", "--out", out}, "--vif1-from-regs needs --state"},
      {{"run", "--gs-dump", (dir / "x.txt").string(), "--out", out}, "x.txt"},
      {{"run", "--level", (dir / "missing").string(), "--out", out}, "missing"},
      {{"run", "--level", (dir / "broken").string(), "--out", out}, "broken/core_index.bin"},
  };
  for (const auto& [args, expected] : cases) {
    const CliResult result = run_cli(args);
    EXPECT_EQ(result.code, 2) << args[1] << " " << args[2] << ": " << result.out;
    EXPECT_TRUE(has(result.err, expected)) << "expected '" << expected << "' in: " << result.err;
  }
}

}  // namespace
}  // namespace gcvu::harness
