#pragma once
// The EE's half of a moby (microcode/moby/README.md, "Who does what"): the instance's pose as one model-to-clip
// matrix per joint (the game's scratchpad matrices), then per packet the blending wrench's docs/moby_renderer.md
// describes, on a 64-matrix VU0 memory that persists across one instance's packets, giving each in-file vertex its
// matrix. The game does the blend on VU0; here it runs in PS2 float (emu/vu/float) so the numbers are the ones a
// PS2 would produce for the same matrices and weights.
//
// Choices (the record and wrench leave them to us):
// - The animation: joint j turns about the model's z axis through the model origin by
//   0.25 j sin(pi t) radians, t = frame index / 60 + the instance's animation_phase (seconds). Joint 0 and every
//   joint of a class with at most one joint stay still (rigid classes: identity).
// - Model space: class units (the stored s16 times class scale / 1024 is world units), then
//   carried by the instance's axes (turn and scale) and moved to its position.
// - Weights: W / 255 rounded to float once, then the blend is mul, then add (add) in PS2 float, lane by lane:
//   m = L1 * w1 + L2 * w2 (+ L3 * w3).
// - A vertex's matrix is identified by its value: vertices with bit-equal matrices share one upload slot.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/rc2/moby_class.hpp"
#include "harness/frame/camera.hpp"
#include "harness/frame/instance.hpp"

namespace gcvu::harness::frame {

// Four columns c0..c3 of float bits, as the moby program reads them (clip = c0 x + c1 y + c2 z + c3).
using MobyMatrix = std::array<std::array<uint32_t, 4>, 4>;

inline constexpr size_t kMobyJointSlots = 256;  // the scratchpad matrices a transfer's u8 joint index can name
inline constexpr size_t kMobyVu0Matrices = 64;  // VU0 data memory: 64 matrices of 4 quadwords
inline constexpr double kFramesPerSecond = 60.0;

// The instance's seconds into its animation at `frame_index`.
double moby_animation_time(const Instance& instance, uint32_t frame_index);

// Joint j's model-to-clip matrix for every j (the scratchpad), in double rounded to float once.
std::vector<MobyMatrix> moby_joint_matrices(const formats::rc2::MobyClass& moby, const Instance& instance,
                                            const Camera& camera, double time);

// PS2-float blends: L1 * W1/255 + L2 * W2/255 (+ L3 * W3/255).
MobyMatrix blend_two(const MobyMatrix& l1, const MobyMatrix& l2, uint8_t w1, uint8_t w2);
MobyMatrix blend_three(const MobyMatrix& l1, const MobyMatrix& l2, const MobyMatrix& l3, uint8_t w1, uint8_t w2,
                       uint8_t w3);

// What one packet uploads: the distinct matrices (at most microcode::moby::kPaletteMatrices) and, per in-file
// vertex, which of them it uses.
struct MobyPacketPose {
  std::vector<MobyMatrix> matrices;
  std::vector<uint8_t> vertex_matrix;  // per in-file vertex (table order), an index into matrices
};

// VU0's memory for one instance: construct per instance, then pose its packets in order.
class MobyVu0 {
 public:
  explicit MobyVu0(const std::vector<MobyMatrix>& joints) : joints_(joints) {}

  // Runs the packet's matrix transfers and vertex records. Error (formats::FormatError at the table's header
  // offset, naming `context` and the rule): a joint index past the scratchpad, or more distinct matrices than the
  // program's palette holds.
  MobyPacketPose pose_packet(const formats::rc2::MobyVertexTable& table, const std::string& source,
                             const std::string& context);

  const MobyMatrix& matrix_at(uint8_t vu0_address) const { return memory_[vu0_address / 4]; }

 private:
  const MobyMatrix& joint(unsigned index, const formats::rc2::MobyVertexTable& table, const std::string& source,
                          const std::string& context) const;

  const std::vector<MobyMatrix>& joints_;
  std::array<MobyMatrix, kMobyVu0Matrices> memory_{};
};

}  // namespace gcvu::harness::frame
