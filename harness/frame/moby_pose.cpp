#include "harness/frame/moby_pose.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "emu/vu/float/float_unit.hpp"
#include "formats/core/format_error.hpp"
#include "harness/frame/float_word.hpp"
#include "microcode/moby/moby_abi.hpp"

namespace gcvu::harness::frame {

namespace {

using Square = std::array<std::array<double, 4>, 4>;  // row-major

uint32_t weight(uint8_t w) { return float_word(w / 255.0); }

Square product(const Square& a, const Square& b) {
  Square out{};
  for (size_t r = 0; r < 4; ++r) {
    for (size_t c = 0; c < 4; ++c) {
      for (size_t k = 0; k < 4; ++k) out[r][c] += a[r][k] * b[k][c];
    }
  }
  return out;
}

// Scales every lane of `m` by `w` and adds it to `sum` (PS2 float: a mul, then an add).
void accumulate(MobyMatrix& sum, const MobyMatrix& m, uint32_t w) {
  for (size_t c = 0; c < 4; ++c) {
    for (size_t lane = 0; lane < 4; ++lane) sum[c][lane] = vu::add(sum[c][lane], vu::mul(m[c][lane], w).value).value;
  }
}

MobyMatrix scaled(const MobyMatrix& m, uint32_t w) {
  MobyMatrix out{};
  for (size_t c = 0; c < 4; ++c) {
    for (size_t lane = 0; lane < 4; ++lane) out[c][lane] = vu::mul(m[c][lane], w).value;
  }
  return out;
}

}  // namespace

double moby_animation_time(const Instance& instance, uint32_t frame_index) {
  return frame_index / kFramesPerSecond + instance.animation_phase;
}

std::vector<MobyMatrix> moby_joint_matrices(const formats::rc2::MobyClass& moby, const Instance& instance,
                                            const Camera& camera, double time) {
  const Square clip = world_to_clip_rows(camera);
  const double unit = moby.header.scale / kFixedPerWorldUnit;
  const auto& a = instance.axes;
  const Square model = {{{a[0][0] * unit, a[1][0] * unit, a[2][0] * unit, instance.position[0]},
                         {a[0][1] * unit, a[1][1] * unit, a[2][1] * unit, instance.position[1]},
                         {a[0][2] * unit, a[1][2] * unit, a[2][2] * unit, instance.position[2]},
                         {0, 0, 0, 1}}};
  const Square model_to_clip = product(clip, model);
  const bool rigid = moby.header.joint_count <= 1;
  const double swing = std::sin(std::numbers::pi * time);
  std::vector<MobyMatrix> joints(kMobyJointSlots);
  for (size_t j = 0; j < kMobyJointSlots; ++j) {
    // A rigid moby turns no joint: every slot is slot 0 (the same sums worked again would give the same bits).
    if (rigid && j > 0) {
      joints[j] = joints[0];
      continue;
    }
    const double angle = rigid ? 0.0 : 0.25 * static_cast<double>(j) * swing;
    const Square turn = {{{std::cos(angle), -std::sin(angle), 0, 0},
                          {std::sin(angle), std::cos(angle), 0, 0},
                          {0, 0, 1, 0},
                          {0, 0, 0, 1}}};
    const Square m = product(model_to_clip, turn);
    for (size_t c = 0; c < 4; ++c) {
      for (size_t lane = 0; lane < 4; ++lane) joints[j][c][lane] = float_word(m[lane][c]);
    }
  }
  return joints;
}

MobyMatrix blend_two(const MobyMatrix& l1, const MobyMatrix& l2, uint8_t w1, uint8_t w2) {
  MobyMatrix sum = scaled(l1, weight(w1));
  accumulate(sum, l2, weight(w2));
  return sum;
}

MobyMatrix blend_three(const MobyMatrix& l1, const MobyMatrix& l2, const MobyMatrix& l3, uint8_t w1, uint8_t w2,
                       uint8_t w3) {
  MobyMatrix sum = blend_two(l1, l2, w1, w2);
  accumulate(sum, l3, weight(w3));
  return sum;
}

const MobyMatrix& MobyVu0::joint(unsigned index, const formats::rc2::MobyVertexTable& table,
                                 const std::string& source, const std::string& context) const {
  if (index >= joints_.size()) {
    throw formats::FormatError(source, table.header_offset,
                               fmt::format("{}: joint index {} is past the {} scratchpad matrices", context, index,
                                           joints_.size()));
  }
  return joints_[index];
}

MobyPacketPose MobyVu0::pose_packet(const formats::rc2::MobyVertexTable& table, const std::string& source,
                                    const std::string& context) {
  for (const formats::rc2::MobyMatrixTransfer& transfer : table.matrix_transfers) {
    memory_[transfer.vu0_address / 4] = joint(transfer.joint_index, table, source, context);
  }
  std::vector<MobyMatrix> per_vertex;
  per_vertex.reserve(table.vertices.size());
  for (size_t i = 0; i < table.vertices.size(); ++i) {
    const formats::rc2::MobyVertexRecord& v = table.vertices[i];
    const auto& b = v.blend;
    switch (table.kind(i)) {
      case formats::rc2::MobyVertexKind::kTwoWayBlend: {
        // JI = bits 9-15; +2 L1, +3 L2, +4 W1, +5 W2, +6 ST, +7 SB.
        memory_[b[4] / 4] = joint(v.high_bits(), table, source, context);
        const MobyMatrix m = blend_two(memory_[b[0] / 4], memory_[b[1] / 4], b[2], b[3]);
        memory_[b[5] / 4] = m;
        per_vertex.push_back(m);
        break;
      }
      case formats::rc2::MobyVertexKind::kThreeWayBlend: {
        // L3 / 2 = bits 9-15; +2 L1, +3 L2, +4 W1, +5 W2, +6 W3, +7 SB.
        const MobyMatrix m = blend_three(memory_[b[0] / 4], memory_[b[1] / 4], memory_[(v.high_bits() * 2) / 4],
                                         b[2], b[3], b[4]);
        memory_[b[5] / 4] = m;
        per_vertex.push_back(m);
        break;
      }
      case formats::rc2::MobyVertexKind::kUnblended:
        // JI = bits 9-15; +2 L1, +3 ST: the store happens before the load.
        memory_[b[1] / 4] = joint(v.high_bits(), table, source, context);
        per_vertex.push_back(memory_[b[0] / 4]);
        break;
    }
  }
  MobyPacketPose pose;
  for (const MobyMatrix& m : per_vertex) {
    const auto found = std::find(pose.matrices.begin(), pose.matrices.end(), m);
    if (found != pose.matrices.end()) {
      pose.vertex_matrix.push_back(static_cast<uint8_t>(found - pose.matrices.begin()));
      continue;
    }
    if (pose.matrices.size() == microcode::moby::kPaletteMatrices) {
      throw formats::FormatError(source, table.header_offset,
                                 fmt::format("{}: its vertices use more than the {} distinct blended matrices the "
                                             "moby program's palette holds",
                                             context, microcode::moby::kPaletteMatrices));
    }
    pose.vertex_matrix.push_back(static_cast<uint8_t>(pose.matrices.size()));
    pose.matrices.push_back(m);
  }
  return pose;
}

}  // namespace gcvu::harness::frame
