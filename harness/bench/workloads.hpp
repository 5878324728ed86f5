#pragma once
// The VU benchmark's workloads: a microprogram and the data memory image it runs on. The three built-in ones are
// microcode/bench/*.vsm with input generated here, deterministically; their data layouts are documented in the
// .vsm headers and mirrored by the *Input structs below (tests fill those with hand-checkable values).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gcvu::harness {

using Float4 = std::array<float, 4>;

struct Workload {
  std::string name;
  std::vector<uint8_t> code;  // micro memory image, loaded at 0 and started at 0
  std::vector<uint8_t> data;  // data memory image (up to 16 KiB; the rest is zero)
};

// vertex_loop.vsm
struct VertexLoopInput {
  static constexpr uint32_t kMaxVertices = 200;
  static constexpr uint32_t kPacketA = 0x100;  // qword addresses of the two output packets
  static constexpr uint32_t kPacketB = 0x200;
  uint32_t batches = 1;
  std::array<Float4, 4> matrix_columns{};  // clip = c0*p.x + c1*p.y + c2*p.z + c3*p.w
  std::vector<Float4> positions;           // N = positions.size(), 1..kMaxVertices
};
// The benchmark's input: 48 batches of 128 vertices, a perspective-style matrix, some vertices outside the volume.
VertexLoopInput default_vertex_loop_input();
std::vector<uint8_t> vertex_loop_data(const VertexLoopInput& input);
// The GIFtag the program copies to the start of each packet: NLOOP = vertices, EOP, PACKED, NREG 1, REGS XYZ2.
std::array<uint32_t, 4> vertex_loop_giftag(uint32_t vertices);

// madd_chain.vsm
struct MaddChainInput {
  uint32_t iterations = 1;  // 1..32767
  Float4 a{}, b{}, c{}, d{}, h{};
  static constexpr uint32_t kResults = 0x008;  // A, B, D, H, S
};
MaddChainInput default_madd_chain_input();
std::vector<uint8_t> madd_chain_data(const MaddChainInput& input);

// branchy_loop.vsm
struct BranchyLoopInput {
  uint32_t entries = 1;  // 1..32767
  std::array<uint16_t, 16> table{};
  static constexpr uint32_t kResults = 0x008;    // even count, odd sum, entries visited (x fields)
  static constexpr uint32_t kHistogram = 0x020;  // 4 bins (x fields)
};
BranchyLoopInput default_branchy_loop_input();
std::vector<uint8_t> branchy_loop_data(const BranchyLoopInput& input);

// Assembles the embedded source of a built-in workload ("vertex_loop", "madd_chain", "branchy_loop").
std::vector<uint8_t> assemble_builtin(const std::string& name);
// The three built-in workloads with their default inputs, in the order above.
std::vector<Workload> builtin_workloads();

}  // namespace gcvu::harness
