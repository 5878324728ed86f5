// A level's gameplay records as frame instances (harness/frame/level_instances.hpp): the shrub matrix and the moby
// scale * Rz * Ry * Rx (wrench's order) worked by hand, the tint and the uid's animation phase; and the demo level's
// placements written by gen-level's instance writer come back from the disc layout as the same instances.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "formats/rc2/level.hpp"
#include "harness/frame/level_instances.hpp"
#include "harness/frame/overview_camera.hpp"
#include "harness/gen_level/demo_gameplay.hpp"
#include "harness/gen_level/demo_instances.hpp"
#include "harness/gen_level/demo_level.hpp"

namespace gcvu::harness::frame {
namespace {

void expect_axes_near(const InstanceAxes& got, const InstanceAxes& want, double tolerance) {
  for (size_t k = 0; k < 3; ++k) {
    for (size_t a = 0; a < 3; ++a) EXPECT_NEAR(got[k][a], want[k][a], tolerance) << "axis " << k << " lane " << a;
  }
}

TEST(LevelInstances, MobyRotationIsZThenYThenX) {
  const float quarter = static_cast<float>(std::numbers::pi / 2);
  // About z by 90 degrees: x -> +y, y -> -x; scale 2.
  expect_axes_near(moby_axes(2, {0, 0, quarter}), {{{0, 2, 0}, {-2, 0, 0}, {0, 0, 2}}}, 1e-6);
  // About x by 90 degrees: y -> +z, z -> -y.
  expect_axes_near(moby_axes(1, {quarter, 0, 0}), {{{1, 0, 0}, {0, 0, 1}, {0, -1, 0}}}, 1e-6);
  // Both: Rz * Rx. x -> Rz(x) = +y; y -> Rz(+z) = +z; z -> Rz(-y) = +x. (Rx * Rz would send x to +z.)
  expect_axes_near(moby_axes(1, {quarter, 0, quarter}), {{{0, 1, 0}, {0, 0, 1}, {1, 0, 0}}}, 1e-6);
  // About y by 90 degrees: z -> +x, x -> -z.
  expect_axes_near(moby_axes(1, {0, quarter, 0}), {{{0, 0, -1}, {0, 1, 0}, {1, 0, 0}}}, 1e-6);
}

TEST(LevelInstances, RecordsBecomeInstances) {
  formats::rc2::CoreIndex index;
  index.shrubs.resize(3);
  index.shrubs[2].class_number = 203;
  index.mobies.resize(2);
  index.mobies[1].class_number = 500;
  formats::rc2::Gameplay gameplay;
  formats::rc2::ShrubInstanceRecord shrub;
  shrub.o_class = 203;
  shrub.matrix = {{{0, 3, 0, 0}, {-3, 0, 0, 0}, {0, 0, 3, 0}, {10, -4, 3.5f, 0.01f}}};
  shrub.colour = {1, 2, 3};
  gameplay.shrub_instances = {shrub};
  formats::rc2::MobyInstanceRecord moby;
  moby.o_class = 500;
  moby.uid = 1234;
  moby.scale = 1;
  moby.position = {5, 6, 7};
  moby.colour = {255, 0, 128};
  formats::rc2::MobyInstanceRecord unnumbered = moby;
  unnumbered.uid = -1;
  gameplay.mobies.records = {moby, unnumbered};

  const std::vector<Instance> instances = level_instances(index, gameplay);
  ASSERT_EQ(instances.size(), 3u);
  EXPECT_EQ(instances[0].kind, InstanceKind::kShrub);
  EXPECT_EQ(instances[0].class_index, 2u);
  expect_axes_near(instances[0].axes, {{{0, 3, 0}, {-3, 0, 0}, {0, 0, 3}}}, 0);
  EXPECT_EQ(instances[0].position, (std::array<double, 3>{10, -4, 3.5}));
  EXPECT_EQ(instances[0].colour, 0x80030201u);
  EXPECT_EQ(instances[1].kind, InstanceKind::kMoby);
  EXPECT_EQ(instances[1].class_index, 1u);
  EXPECT_EQ(instances[1].position, (std::array<double, 3>{5, 6, 7}));
  EXPECT_EQ(instances[1].colour, 0x808000ffu);
  EXPECT_DOUBLE_EQ(instances[1].animation_phase, 0.34);  // uid 1234: 34 hundredths
  EXPECT_DOUBLE_EQ(instances[2].animation_phase, 0.99);  // uid -1: 99 (the modulo kept non-negative)
}

TEST(LevelInstances, DemoPlacementsComeBackFromTheDisc) {
  auto files = write_demo_level({4, 49});
  EXPECT_EQ(*files.gameplay, *write_demo_level({4, 49}).gameplay) << "same seed, same bytes";
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
  ASSERT_TRUE(level.gameplay.has_value());
  // The placements the writer was given, made again from the level the same way.
  const Camera camera = overview_camera(level);
  const double yaw = camera.yaw * std::numbers::pi / 180.0;
  const std::vector<DemoPlacement> placements =
      place_demo_instances(level, 4, {kDemoShrubs, kDemoMobies},
                           {camera.x + kDemoLookDistance * std::cos(yaw), camera.y + kDemoLookDistance * std::sin(yaw)});
  const std::vector<Instance> instances = level_instances(level.index, *level.gameplay);
  ASSERT_EQ(instances.size(), placements.size());
  size_t shrubs = 0, mobies = 0;
  for (size_t i = 0; i < placements.size(); ++i) {
    // level_instances lists shrubs first; the placements are shrubs then mobies too.
    const DemoPlacement& p = placements[i];
    const Instance& instance = instances[i];
    ASSERT_EQ(instance.kind, p.kind) << i;
    EXPECT_EQ(instance.class_index, p.class_index) << i;
    for (size_t a = 0; a < 3; ++a) EXPECT_EQ(instance.position[a], static_cast<float>(p.position[a])) << i;
    const double scale = p.kind == InstanceKind::kShrub ? p.scale : kDemoMobyScale;
    expect_axes_near(instance.axes, axes_turned_about_z(p.yaw_degrees, scale), 1e-5);
    EXPECT_EQ(instance.colour, 0x80808080u);
    if (p.kind == InstanceKind::kMoby) {
      EXPECT_DOUBLE_EQ(instance.animation_phase, p.phase_hundredths / 100.0);
      ++mobies;
    } else {
      ++shrubs;
    }
  }
  EXPECT_EQ(shrubs, kDemoShrubs);
  EXPECT_EQ(mobies, kDemoMobies);
}

}  // namespace
}  // namespace gcvu::harness::frame
