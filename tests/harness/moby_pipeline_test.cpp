// The actor pass through the whole pipeline: a synthetic level with its generated moby classes (the crate, whose
// lid packet reads two vertices from the vertex cache packet 0 wrote, and the three-joint limb with two-way and
// three-way blends), instances placed in front of the overview camera, drawn by `run_level` (frame builder -> DMA
// -> VIF1 -> VU1 running microcode/moby -> GIF -> GS). The PATH1 stream read back into strips (StripCensus, which
// follows the program's PRE 0 continuations) must hold, after the terrain's strips, one strip per moby packet sent
// whose triangles drawn with a kick equal what the format says (formats/rc2/moby_packet.hpp kicked_triangles(): the
// parser's reading of the stored index stream, independent of the microcode and the frame builder).

#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "harness/run/level_run.hpp"
#include "harness/run/strip_census.hpp"
#include "microcode/moby/moby_program.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "tests/harness/instance_strip_walk.hpp"

namespace gcvu::harness {
namespace {

TEST(MobyPipeline, EveryPacketKicksTheTrianglesTheFormatSays) {
  const auto files = formats::rc2::write_level(make_height_field_level({4, 49}));
  const formats::rc2::Level level = formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "t");
  ASSERT_GE(level.moby_classes.size(), 2u);
  StripCensus census(true);
  LevelRunRequest request;
  request.level = &level;
  request.program = &microcode::tfrag::tfrag_program();
  request.frame.camera = overview_camera(level);
  request.frame.moby_program = &microcode::moby::moby_program();
  request.frame.frame_index = 17;  // a jointed pose away from rest
  // Two instances of each class, 30 and 36 units ahead of the camera, 6 units above its line of sight's ground.
  const auto& camera = request.frame.camera;
  const double yaw = camera.yaw * std::numbers::pi / 180.0;
  for (size_t c = 0; c < level.moby_classes.size(); ++c) {
    for (int k = 0; k < 2; ++k) {
      frame::Instance instance;
      instance.kind = frame::InstanceKind::kMoby;
      instance.class_index = level.moby_classes[c].table_index;
      const double ahead = 30.0 + 6.0 * k, aside = 3.0 * static_cast<double>(c) - 1.5;
      instance.position = {camera.x + ahead * std::cos(yaw) + aside * std::sin(yaw),
                           camera.y + ahead * std::sin(yaw) - aside * std::cos(yaw), camera.z - 6.0};
      instance.axes = frame::axes_turned_about_z(30.0 * k, 2.0);
      instance.animation_phase = 0.3 * k;
      request.frame.instances.push_back(instance);
    }
  }
  request.observer = &census;
  const LevelRunResult result = run_level(request);
  ASSERT_EQ(result.run.end, system::RunEnd::kFinished) << result.run.error;
  const frame::BuiltFrame& built = result.last_frame;
  ASSERT_EQ(built.mobies_drawn.size(), request.frame.instances.size()) << "every instance was meant to be seen";
  EXPECT_EQ(built.mobies_culled, 0u);

  const auto& strips = census.strips();
  size_t next = terrain_strips(level, built);
  const uint64_t moby_triangles = expect_moby_strips(level, built, strips, next);
  EXPECT_EQ(next, strips.size()) << "strips kicked beyond what the drawn packets hold";
  EXPECT_GT(moby_triangles, 0u);
}

}  // namespace
}  // namespace gcvu::harness
