// A FrameBuilder made once for a level and reused for frame after frame (as run_level does) gives each frame the
// same bytes as a builder made for that frame alone: a cross-check of the reuse (the level work done once, the lit
// terrain colours kept) against the builder's own one-frame path, not a check of the bytes themselves.

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

#include "formats/rc2/level.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/frame/overview_camera.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "microcode/tfrag/tfrag_program.hpp"

namespace gcvu::harness::frame {
namespace {

formats::rc2::Level demo_level_for_test() {
  formats::rc2::LevelFiles files = write_demo_level({3, 120});
  return formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
}

void expect_same_frame(const BuiltFrame& reused, const BuiltFrame& alone, const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_EQ(reused.chain_address, alone.chain_address);
  EXPECT_EQ(reused.chain_qwords, alone.chain_qwords);
  ASSERT_EQ(reused.segments.size(), alone.segments.size());
  for (size_t s = 0; s < alone.segments.size(); ++s) {
    EXPECT_EQ(reused.segments[s].address, alone.segments[s].address) << "segment " << s;
    EXPECT_TRUE(*reused.segments[s].bytes == *alone.segments[s].bytes) << "segment " << s << " bytes differ";
  }
  ASSERT_EQ(reused.drawn.size(), alone.drawn.size());
  for (size_t d = 0; d < alone.drawn.size(); ++d) {
    EXPECT_EQ(reused.drawn[d].colours, alone.drawn[d].colours) << "drawn patch " << d;
    EXPECT_EQ(reused.drawn[d].mode, alone.drawn[d].mode) << "drawn patch " << d;
  }
  EXPECT_EQ(reused.shrubs_drawn, alone.shrubs_drawn);
  EXPECT_EQ(reused.moby_packets, alone.moby_packets);
}

TEST(FrameBuilderReuse, EachFrameMatchesABuilderOfItsOwn) {
  const formats::rc2::Level level = demo_level_for_test();
  const FrameOptions first = scene_frame_options(level, overview_camera(level));
  const microcode::Program& program = microcode::tfrag::tfrag_program();
  FrameBuilder builder(level);
  // The camera moves through the level, so patches change LOD (a LOD sends more or fewer positions) and come and go.
  // Counted: patches first drawn sending fewer positions than a later frame needs (the kept colours must grow).
  std::map<size_t, size_t> most_sent;
  size_t grew = 0;
  size_t shrubs_drawn = 0;
  for (uint32_t index = 0; index < 6; ++index) {
    FrameOptions options = first;
    options.camera = advance_camera(first.camera, 40.0, index);
    options.frame_index = index;
    const BuiltFrame reused = builder.build(program, options);
    shrubs_drawn += reused.shrubs_drawn;
    for (const DrawnPatch& drawn : reused.drawn) {
      const auto [at, added] = most_sent.try_emplace(drawn.patch, drawn.colours.size());
      if (!added && drawn.colours.size() > at->second) {
        ++grew;
        at->second = drawn.colours.size();
      }
    }
    expect_same_frame(reused, build_frame(level, program, options), "frame " + std::to_string(index));
  }
  EXPECT_GT(grew, 0u);
  EXPECT_GT(shrubs_drawn, 0u);
}

TEST(FrameBuilderReuse, AChangedLightBankRelightsTheTerrain) {
  const formats::rc2::Level level = demo_level_for_test();
  FrameOptions options = scene_frame_options(level, overview_camera(level));
  const microcode::Program& program = microcode::tfrag::tfrag_program();
  FrameBuilder builder(level);
  const BuiltFrame day = builder.build(program, options);
  ASSERT_FALSE(day.drawn.empty());
  // Every set lit as set 1 ("dusk"): the kept colours must not be reused.
  for (LightSet& set : options.lights) set = default_light_bank().at(1);
  const BuiltFrame dusk = builder.build(program, options);
  expect_same_frame(dusk, build_frame(level, program, options), "after the bank changed");
  EXPECT_NE(dusk.drawn.front().colours, day.drawn.front().colours);
  EXPECT_GT(dusk.shrubs_drawn, 0u);
}

TEST(FrameBuilderReuse, ARetintedOrTurnedShrubIsLitAgain) {
  const formats::rc2::Level level = demo_level_for_test();
  FrameOptions options = scene_frame_options(level, overview_camera(level));
  const microcode::Program& program = microcode::tfrag::tfrag_program();
  FrameBuilder builder(level);
  ASSERT_GT(builder.build(program, options).shrubs_drawn, 0u);
  for (Instance& instance : options.instances) {
    if (instance.kind != InstanceKind::kShrub) continue;
    instance.colour ^= 0x00204010;
    instance.axes = axes_turned_about_z(30.0, largest_axis_length(instance.axes));
  }
  expect_same_frame(builder.build(program, options), build_frame(level, program, options), "after the change");
}

}  // namespace
}  // namespace gcvu::harness::frame
