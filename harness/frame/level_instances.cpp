#include "harness/frame/level_instances.hpp"

#include <cmath>

#include "formats/rc2/gameplay_class_list.hpp"

namespace gcvu::harness::frame {

namespace {

using Square3 = std::array<std::array<double, 3>, 3>;  // [row][column]

Square3 product(const Square3& a, const Square3& b) {
  Square3 out{};
  for (size_t r = 0; r < 3; ++r) {
    for (size_t c = 0; c < 3; ++c) out[r][c] = a[r][0] * b[0][c] + a[r][1] * b[1][c] + a[r][2] * b[2][c];
  }
  return out;
}

uint32_t tint(const std::array<int32_t, 3>& colour) {
  return static_cast<uint32_t>(colour[0]) | static_cast<uint32_t>(colour[1]) << 8 |
         static_cast<uint32_t>(colour[2]) << 16 | 0x80u << 24;
}

}  // namespace

InstanceAxes moby_axes(float scale, const std::array<float, 3>& rotation) {
  const double cx = std::cos(rotation[0]), sx = std::sin(rotation[0]);
  const double cy = std::cos(rotation[1]), sy = std::sin(rotation[1]);
  const double cz = std::cos(rotation[2]), sz = std::sin(rotation[2]);
  const Square3 rx = {{{1, 0, 0}, {0, cx, -sx}, {0, sx, cx}}};
  const Square3 ry = {{{cy, 0, sy}, {0, 1, 0}, {-sy, 0, cy}}};
  const Square3 rz = {{{cz, -sz, 0}, {sz, cz, 0}, {0, 0, 1}}};
  const Square3 m = product(product(rz, ry), rx);
  InstanceAxes axes{};
  for (size_t k = 0; k < 3; ++k) {
    for (size_t a = 0; a < 3; ++a) axes[k][a] = m[a][k] * scale;
  }
  return axes;
}

std::vector<Instance> level_instances(const formats::rc2::CoreIndex& index, const formats::rc2::Gameplay& gameplay) {
  std::vector<Instance> out;
  for (const formats::rc2::ShrubInstanceRecord& record : gameplay.shrub_instances) {
    Instance instance;
    instance.kind = InstanceKind::kShrub;
    instance.class_index = formats::rc2::class_table_index(index.shrubs, record.o_class);
    for (size_t k = 0; k < 3; ++k) {
      for (size_t a = 0; a < 3; ++a) instance.axes[k][a] = record.matrix[k][a];
    }
    instance.position = {record.matrix[3][0], record.matrix[3][1], record.matrix[3][2]};
    instance.colour = tint(record.colour);
    out.push_back(instance);
  }
  for (const formats::rc2::MobyInstanceRecord& record : gameplay.mobies.records) {
    Instance instance;
    instance.kind = InstanceKind::kMoby;
    instance.class_index = formats::rc2::class_table_index(index.mobies, record.o_class);
    instance.axes = moby_axes(record.scale, record.rotation);
    instance.position = {record.position[0], record.position[1], record.position[2]};
    instance.colour = tint(record.colour);
    const int32_t hundredths = ((record.uid % 100) + 100) % 100;
    instance.animation_phase = static_cast<double>(hundredths) / 100.0;
    out.push_back(instance);
  }
  return out;
}

}  // namespace gcvu::harness::frame
