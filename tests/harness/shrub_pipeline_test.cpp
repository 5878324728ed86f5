// The foliage pass through the whole pipeline: a synthetic level with its generated shrub classes, instances on
// the terrain, drawn by `run_level` (frame builder -> DMA -> VIF1 -> VU1 running microcode/shrub -> GIF -> GS).
// The PATH1 stream read back into strips (StripCensus) must hold, after the terrain's strips, for every call of
// up to ten instances, for each of the class's packets, for each instance, exactly the packet's primitives with
// the triangles the format says (formats/rc2/shrub_packet.hpp: strip n - 2). Expected counts come from the parser's
// reading of the stored packets, independent of the microcode and the frame builder. (This test caught the frame
// builder overwriting a call's instances while the previous call's last program still drew them: a FLUSHE now
// separates calls.)

#include <gtest/gtest.h>

#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/frame/lod_choice.hpp"
#include "harness/gen_level/demo_instances.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "harness/run/level_run.hpp"
#include "harness/run/strip_census.hpp"
#include "microcode/shrub/shrub_abi.hpp"
#include "microcode/shrub/shrub_program.hpp"
#include "microcode/tfrag/tfrag_program.hpp"

namespace gcvu::harness {
namespace {

TEST(ShrubPipeline, EveryPacketKicksTheTrianglesTheFormatSays) {
  const auto files = formats::rc2::write_level(make_height_field_level({4, 49}));
  const formats::rc2::Level level = formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "t");
  ASSERT_FALSE(level.shrubs.empty());
  StripCensus census(true);
  LevelRunRequest request;
  request.level = &level;
  request.program = &microcode::tfrag::tfrag_program();
  request.frame.camera = overview_camera(level);
  request.frame.instances = place_demo_instances(level, 4, {40, 0}, {0, 0});
  request.frame.shrub_program = &microcode::shrub::shrub_program();
  request.observer = &census;
  const LevelRunResult result = run_level(request);
  ASSERT_EQ(result.run.end, system::RunEnd::kFinished) << result.run.error;
  const frame::BuiltFrame& built = result.last_frame;
  ASSERT_GT(built.shrubs_drawn, 10u) << "the scene was meant to show shrubs";
  EXPECT_EQ(built.shrub_classes_drawn.size(), built.shrubs_drawn);

  // The terrain's strips come first.
  size_t next = 0;
  for (const frame::DrawnPatch& drawn : built.drawn) {
    const auto& patch = level.patches[drawn.patch];
    for (const auto& record : patch.strips[frame::lod_of(drawn.mode)]) next += record.count != 0 ? 1 : 0;
  }
  const auto& strips = census.strips();
  // Then calls: runs of one class, ten instances at most; per packet, per instance, the packet's primitives.
  const auto class_of = [&](size_t entry) -> const formats::rc2::ShrubClass& {
    for (const auto& shrub : level.shrubs) {
      if (shrub.index == entry) return shrub;
    }
    throw std::runtime_error("no such shrub class");
  };
  size_t instance = 0;
  uint64_t shrub_triangles = 0;
  while (instance < built.shrub_classes_drawn.size()) {
    const size_t entry = built.shrub_classes_drawn[instance];
    size_t count = 0;
    while (instance + count < built.shrub_classes_drawn.size() && count < microcode::shrub::kMaxInstances &&
           built.shrub_classes_drawn[instance + count] == entry) {
      ++count;
    }
    const formats::rc2::ShrubClass& shrub = class_of(entry);
    for (const formats::rc2::ShrubPacket& packet : shrub.packets) {
      for (size_t i = 0; i < count; ++i) {
        uint32_t triangles = 0;
        for (const formats::rc2::ShrubPrimitive& primitive : packet.primitives) {
          ASSERT_LT(next, strips.size());
          EXPECT_EQ(strips[next].vertices.size(), primitive.vertex_count) << "class " << entry;
          triangles += strips[next].triangles();
          ++next;
        }
        EXPECT_EQ(triangles, packet.triangles) << "class " << entry;
        shrub_triangles += triangles;
      }
    }
    instance += count;
  }
  EXPECT_EQ(next, strips.size()) << "strips kicked beyond what the drawn packets hold";
  EXPECT_GT(shrub_triangles, 0u);
}

}  // namespace
}  // namespace gcvu::harness
