#include "harness/bench/workloads.hpp"

#include <bit>
#include <stdexcept>

#include "emu/vu/state/memory.hpp"
#include "microcode/assembler/assembler.hpp"
#include "microcode/bench/bench_sources.hpp"

namespace gcvu::harness {

namespace {

class DataImage {
 public:
  DataImage() : bytes_(vu::kDataBytes) {}
  void word(uint32_t qword, int lane, uint32_t value) {
    size_t at = (qword % vu::kDataQwords) * 16 + static_cast<size_t>(lane) * 4;
    for (int n = 0; n < 4; ++n) bytes_[at + n] = static_cast<uint8_t>(value >> (8 * n));
  }
  void floats(uint32_t qword, const Float4& v) {
    for (int lane = 0; lane < 4; ++lane) word(qword, lane, std::bit_cast<uint32_t>(v[lane]));
  }
  std::vector<uint8_t> take() { return std::move(bytes_); }

 private:
  std::vector<uint8_t> bytes_;
};

// A small LCG, so the inputs are the same on every machine and library.
class Lcg {
 public:
  explicit Lcg(uint32_t seed) : state_(seed) {}
  // Uniform in [lo, hi), on a 1/1024 grid.
  float uniform(float lo, float hi) {
    state_ = state_ * 1664525u + 1013904223u;
    return lo + (hi - lo) * static_cast<float>(state_ >> 22) / 1024.0f;
  }

 private:
  uint32_t state_;
};

}  // namespace

std::array<uint32_t, 4> vertex_loop_giftag(uint32_t vertices) {
  constexpr uint64_t kEop = uint64_t{1} << 15;
  constexpr uint64_t kPre = uint64_t{1} << 46;
  constexpr uint64_t kPrimTriangleStrip = uint64_t{4} << 47;
  constexpr uint64_t kNreg1 = uint64_t{1} << 60;  // FLG = PACKED (0)
  constexpr uint64_t kRegsXyz2 = 0x5;
  uint64_t low = (vertices & 0x7fff) | kEop | kPre | kPrimTriangleStrip | kNreg1;
  return {static_cast<uint32_t>(low), static_cast<uint32_t>(low >> 32), static_cast<uint32_t>(kRegsXyz2), 0};
}

VertexLoopInput default_vertex_loop_input() {
  VertexLoopInput input;
  input.batches = 48;
  // A camera's shape: rotated (yaw 0.5, pitch 0.2 rad), then scaled x 1.5, y 2, z 1.25 and z shifted by -0.5,
  // with w = 0.25 * view z + 3 (always 2..4 here). The entries have full mantissas, as a real view matrix does;
  // short constants such as 1.5 in the fs slot would send every product down the multiplier's slow exact path.
  input.matrix_columns = {{{1.31637383f, 0.190494299f, -0.587336183f, -0.117467239f},
                           {0.0f, 1.96013319f, 0.248336658f, 0.0496673323f},
                           {0.719138324f, -0.348697484f, 1.07511163f, 0.21502234f},
                           {0.0f, 0.0f, -0.5f, 3.0f}}};
  Lcg rng(0x9c5);
  for (int n = 0; n < 128; ++n) {
    // |x|, |y| up to 3 against w >= 2: roughly a fifth of the vertices land outside.
    input.positions.push_back({rng.uniform(-3.0f, 3.0f), rng.uniform(-2.0f, 2.0f), rng.uniform(-1.0f, 1.0f), 1.0f});
  }
  return input;
}

std::vector<uint8_t> vertex_loop_data(const VertexLoopInput& input) {
  if (input.positions.empty() || input.positions.size() > VertexLoopInput::kMaxVertices) {
    throw std::invalid_argument("vertex_loop takes 1 to 200 vertices per batch");
  }
  if (input.batches < 1 || input.batches > 0x7fff) throw std::invalid_argument("vertex_loop takes 1 to 32767 batches");
  DataImage image;
  const auto vertices = static_cast<uint32_t>(input.positions.size());
  image.word(0, 0, input.batches);
  image.word(0, 1, vertices);
  for (uint32_t n = 0; n < 4; ++n) image.floats(1 + n, input.matrix_columns[n]);
  auto tag = vertex_loop_giftag(vertices);
  for (int lane = 0; lane < 4; ++lane) image.word(5, lane, tag[lane]);
  for (uint32_t n = 0; n < vertices; ++n) image.floats(0x10 + n, input.positions[n]);
  return image.take();
}

MaddChainInput default_madd_chain_input() {
  MaddChainInput input;
  input.iterations = 4000;
  input.a = {0.5f, 0.75f, 0.875f, 0.25f};
  input.b = {1.0f, -2.0f, 0.5f, 3.0f};
  input.c = {0.9375f, 0.5f, -0.5f, 0.75f};
  input.d = {0.25f, 1.0f, 2.0f, -1.0f};
  input.h = {0.5f, -0.25f, 0.125f, 0.75f};
  return input;
}

std::vector<uint8_t> madd_chain_data(const MaddChainInput& input) {
  if (input.iterations < 1 || input.iterations > 0x7fff) {
    throw std::invalid_argument("madd_chain takes 1 to 32767 iterations");
  }
  DataImage image;
  image.word(0, 0, input.iterations);
  image.floats(1, input.a);
  image.floats(2, input.b);
  image.floats(3, input.c);
  image.floats(4, input.d);
  image.floats(5, input.h);
  return image.take();
}

BranchyLoopInput default_branchy_loop_input() {
  BranchyLoopInput input;
  input.entries = 6000;
  input.table = {3, 8, 5, 12, 7, 1, 22, 9, 14, 11, 2, 13, 6, 17, 19, 4};
  return input;
}

std::vector<uint8_t> branchy_loop_data(const BranchyLoopInput& input) {
  if (input.entries < 1 || input.entries > 0x7fff) throw std::invalid_argument("branchy_loop takes 1 to 32767 entries");
  DataImage image;
  image.word(0, 0, input.entries);
  for (uint32_t n = 0; n < 16; ++n) image.word(0x10 + n, 0, input.table[n]);
  return image.take();
}

std::vector<uint8_t> assemble_builtin(const std::string& name) {
  for (const auto& source : microcode::bench_sources()) {
    if (source.name == name) return microcode::assemble_source(source.text, name + ".vsm").code;
  }
  throw std::invalid_argument("no built-in workload named '" + name + "'");
}

std::vector<Workload> builtin_workloads() {
  return {
      {"vertex_loop", assemble_builtin("vertex_loop"), vertex_loop_data(default_vertex_loop_input())},
      {"madd_chain", assemble_builtin("madd_chain"), madd_chain_data(default_madd_chain_input())},
      {"branchy_loop", assemble_builtin("branchy_loop"), branchy_loop_data(default_branchy_loop_input())},
  };
}

}  // namespace gcvu::harness
