#include "harness/gen_level/demo_gameplay.hpp"

#include <algorithm>
#include <numbers>

namespace gcvu::harness {

namespace {

void add_class(std::vector<int32_t>& list, int32_t o_class) {
  if (std::find(list.begin(), list.end(), o_class) == list.end()) list.push_back(o_class);
}

}  // namespace

formats::rc2::Gameplay demo_gameplay(const formats::rc2::CoreIndex& index,
                                     const std::vector<DemoPlacement>& placements, float moby_scale) {
  formats::rc2::Gameplay gameplay;
  for (const DemoPlacement& placement : placements) {
    if (placement.kind == frame::InstanceKind::kShrub) {
      formats::rc2::ShrubInstanceRecord record;
      record.o_class = static_cast<int32_t>(index.shrubs.at(placement.class_index).class_number);
      record.draw_distance = kDemoDrawDistance;
      const frame::InstanceAxes axes = frame::axes_turned_about_z(placement.yaw_degrees, placement.scale);
      for (size_t k = 0; k < 3; ++k) {
        for (size_t a = 0; a < 3; ++a) record.matrix[k][a] = static_cast<float>(axes[k][a]);
      }
      for (size_t a = 0; a < 3; ++a) record.matrix[3][a] = static_cast<float>(placement.position[a]);
      record.matrix[3][3] = formats::rc2::kInstancePositionW;
      record.colour = {128, 128, 128};
      add_class(gameplay.shrub_classes, record.o_class);
      gameplay.shrub_instances.push_back(record);
    } else {
      formats::rc2::MobyInstanceRecord record;
      const size_t n = gameplay.mobies.records.size();
      record.uid = static_cast<int32_t>(100 * (n + 1) + placement.phase_hundredths);
      record.o_class = static_cast<int32_t>(index.mobies.at(placement.class_index).class_number);
      record.scale = moby_scale;
      record.draw_distance = static_cast<int32_t>(kDemoDrawDistance);
      record.update_distance = static_cast<int32_t>(kDemoDrawDistance);
      for (size_t a = 0; a < 3; ++a) record.position[a] = static_cast<float>(placement.position[a]);
      record.rotation = {0, 0, static_cast<float>(placement.yaw_degrees * std::numbers::pi / 180.0)};
      record.colour = {128, 128, 128};
      add_class(gameplay.moby_classes, record.o_class);
      gameplay.mobies.records.push_back(record);
    }
  }
  gameplay.mobies.spawnable_count = static_cast<int32_t>(gameplay.mobies.records.size());
  return gameplay;
}

}  // namespace gcvu::harness
