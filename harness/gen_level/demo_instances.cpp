#include "harness/gen_level/demo_instances.hpp"

#include <algorithm>
#include <cmath>

#include "harness/gen_level/split_mix64.hpp"

namespace gcvu::harness {

namespace {

std::vector<size_t> classes_with_geometry(const std::vector<formats::rc2::ClassEntry>& entries) {
  std::vector<size_t> out;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].asset_offset != 0) out.push_back(i);
  }
  return out;
}

// A terrain vertex of `patch` in world units (positions are 1024 per unit around the patch origin).
std::array<double, 3> vertex_of(const formats::rc2::TfragPatch& patch, size_t k) {
  std::vector<std::array<int16_t, 3>> all;
  for (const auto& tier : patch.positions) all.insert(all.end(), tier.begin(), tier.end());
  const auto& p = all[k % all.size()];
  return {(patch.origin[0] + p[0]) / 1024.0, (patch.origin[1] + p[1]) / 1024.0, (patch.origin[2] + p[2]) / 1024.0};
}

}  // namespace

std::vector<DemoPlacement> place_demo_instances(const formats::rc2::Level& level, uint64_t seed,
                                                DemoInstanceCounts counts, std::array<double, 2> near) {
  std::vector<DemoPlacement> instances;
  if (level.patches.empty()) return instances;
  SplitMix64 random(seed ^ 0x5eed'1257'0000'0000ull);  // a stream of its own, apart from the level's
  const std::vector<size_t> shrubs = classes_with_geometry(level.index.shrubs);
  const std::vector<size_t> mobies = classes_with_geometry(level.index.mobies);
  for (size_t i = 0; i < counts.shrubs && !shrubs.empty(); ++i) {
    const formats::rc2::TfragPatch& patch = level.patches[random.below(level.patches.size())];
    DemoPlacement instance;
    instance.kind = frame::InstanceKind::kShrub;
    instance.class_index = shrubs[i % shrubs.size()];
    instance.position = vertex_of(patch, random.below(patch.position_total()));
    instance.yaw_degrees = static_cast<double>(random.below(360));
    instance.scale = 1.5 + static_cast<double>(random.below(64)) / 64.0;
    instances.push_back(instance);
  }
  // Mobies on the patches nearest `near`.
  std::vector<size_t> order(level.patches.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto distance = [&](size_t i) {
    const auto& sphere = level.patches[i].header.bounding_sphere;
    return std::hypot(sphere[0] - near[0], sphere[1] - near[1]);
  };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return distance(a) < distance(b); });
  for (size_t i = 0; i < counts.mobies && !mobies.empty(); ++i) {
    const size_t patch_index = order[std::min(order.size() - 1, i % std::max<size_t>(1, order.size()))];
    if (distance(patch_index) > 48) break;
    const formats::rc2::TfragPatch& patch = level.patches[patch_index];
    DemoPlacement instance;
    instance.kind = frame::InstanceKind::kMoby;
    instance.class_index = mobies[i % mobies.size()];
    instance.position = vertex_of(patch, random.below(patch.position_total()));
    instance.yaw_degrees = static_cast<double>(random.below(360));
    instance.phase_hundredths = static_cast<uint32_t>(random.below(100));
    instances.push_back(instance);
  }
  return instances;
}

}  // namespace gcvu::harness
