// The foliage pass through the whole pipeline: a synthetic level with its generated shrub classes, the shrub
// instances its gameplay.bin places on the terrain (read back through formats/rc2/gameplay), drawn by `run_level` (frame builder -> DMA -> VIF1 -> VU1 running microcode/shrub -> GIF -> GS).
// The PATH1 stream read back into strips (StripCensus) must hold, after the terrain's strips, for every call of
// up to ten instances, for each of the class's packets, for each instance, exactly the packet's primitives with
// the triangles the format says (formats/rc2/shrub_packet.hpp: strip n - 2). Expected counts come from the parser's
// reading of the stored packets, independent of the microcode and the frame builder. (This test caught the frame
// builder overwriting a call's instances while the previous call's last program still drew them: a FLUSHE now
// separates calls.)

#include <gtest/gtest.h>

#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/frame/level_instances.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/level_run.hpp"
#include "harness/run/strip_census.hpp"
#include "microcode/shrub/shrub_program.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "tests/harness/instance_strip_walk.hpp"

namespace gcvu::harness {
namespace {

TEST(ShrubPipeline, EveryPacketKicksTheTrianglesTheFormatSays) {
  auto files = write_demo_level({4, 49});
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "t", std::move(files.gameplay));
  ASSERT_FALSE(level.shrubs.empty());
  ASSERT_TRUE(level.gameplay.has_value());
  StripCensus census(true);
  LevelRunRequest request;
  request.level = &level;
  request.program = &microcode::tfrag::tfrag_program();
  request.frame.camera = overview_camera(level);
  for (const frame::Instance& instance : frame::level_instances(level.index, *level.gameplay)) {
    if (instance.kind == frame::InstanceKind::kShrub) request.frame.instances.push_back(instance);  // shrubs only
  }
  request.frame.shrub_program = &microcode::shrub::shrub_program();
  request.observer = &census;
  const LevelRunResult result = run_level(request);
  ASSERT_EQ(result.run.end, system::RunEnd::kFinished) << result.run.error;
  const frame::BuiltFrame& built = result.last_frame;
  ASSERT_GT(built.shrubs_drawn, 10u) << "the scene was meant to show shrubs";
  EXPECT_EQ(built.shrub_classes_drawn.size(), built.shrubs_drawn);

  // The terrain's strips come first, then the calls.
  const auto& strips = census.strips();
  size_t next = terrain_strips(level, built);
  const uint64_t shrub_triangles = expect_shrub_strips(level, built, strips, next);
  EXPECT_EQ(next, strips.size()) << "strips kicked beyond what the drawn packets hold";
  EXPECT_GT(shrub_triangles, 0u);
}

}  // namespace
}  // namespace gcvu::harness
