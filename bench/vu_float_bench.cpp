// Throughput of the per-lane float ops the VU1 interpreter calls. Operands cycle through a fixed, seeded table
// so the branches see realistic variety; results feed a checksum so nothing is optimised away.

#include <array>
#include <cstdint>
#include <random>

#include <benchmark/benchmark.h>

#include "emu/vu/float/float_unit.hpp"
#include "emu/vu/float/reference.hpp"

namespace {

constexpr size_t kOperands = 1024;

const std::array<uint32_t, kOperands>& operands() {
  static const std::array<uint32_t, kOperands> table = [] {
    std::array<uint32_t, kOperands> values{};
    std::mt19937 rng(7);
    for (uint32_t& v : values) v = (rng() & 0x80000000u) | ((100u + rng() % 56) << 23) | (rng() & 0x7FFFFFu);
    return values;
  }();
  return table;
}

template <typename Op>
void run(benchmark::State& state, Op op) {
  const auto& v = operands();
  size_t i = 0;
  uint32_t checksum = 0;
  for (auto _ : state) {
    checksum ^= op(v[i], v[(i + 1) % kOperands], v[(i + 7) % kOperands]);
    i = (i + 1) % kOperands;
  }
  benchmark::DoNotOptimize(checksum);
  state.SetItemsProcessed(state.iterations());
}

// The loop and operand fetch alone, to subtract from the others.
void BM_VuLoopOverhead(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t c) { return a ^ b ^ c; });
}
void BM_VuAdd(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return gcvu::vu::add(a, b).value; });
}
void BM_VuMul(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return gcvu::vu::mul(a, b).value; });
}
void BM_VuMadd(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t c) { return gcvu::vu::madd(a, false, b, c).value; });
}
// The same ops with the lane flags folded into the checksum, as the interpreter consumes them.
uint32_t fold(const gcvu::vu::FmacResult& r) {
  return r.value ^ (uint32_t{r.mac} << 24) ^ (uint32_t{r.sticky} << 28);
}
void BM_VuAddFlags(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return fold(gcvu::vu::add(a, b)); });
}
void BM_VuMulFlags(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return fold(gcvu::vu::mul(a, b)); });
}
void BM_VuMaddFlags(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t c) { return fold(gcvu::vu::madd(a, false, b, c)); });
}
// Vertex programs multiply by short constants (1.0, 0.5, 3.0, ...) whose exact products have clear low bits.
void BM_VuMulShortConstant(benchmark::State& state) {
  static constexpr std::array<uint32_t, 4> kConstants = {0x3F800000u, 0x3F000000u, 0x40400000u, 0xBEC00000u};
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return fold(gcvu::vu::mul(kConstants[b & 3], a)); });
}
void BM_VuMulByShortConstant(benchmark::State& state) {
  static constexpr std::array<uint32_t, 4> kConstants = {0x3F800000u, 0x3F000000u, 0x40400000u, 0xBEC00000u};
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return fold(gcvu::vu::mul(a, kConstants[b & 3])); });
}

// The slow reference models on the same operands, so one run compares fast and reference under the same load.
void BM_VuAddReference(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return fold(gcvu::vu::reference::add(a, b)); });
}
void BM_VuMulReference(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return fold(gcvu::vu::reference::mul(a, b)); });
}
void BM_VuMaddReference(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t c) { return fold(gcvu::vu::reference::madd(a, false, b, c)); });
}

void BM_VuDiv(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return gcvu::vu::div(a, b).value; });
}
void BM_VuSqrt(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t, uint32_t) { return gcvu::vu::sqrt(a).value; });
}

}  // namespace

BENCHMARK(BM_VuLoopOverhead);
BENCHMARK(BM_VuAdd);
BENCHMARK(BM_VuMul);
BENCHMARK(BM_VuMadd);
BENCHMARK(BM_VuAddFlags);
BENCHMARK(BM_VuMulFlags);
BENCHMARK(BM_VuMaddFlags);
BENCHMARK(BM_VuMulShortConstant);
BENCHMARK(BM_VuMulByShortConstant);
BENCHMARK(BM_VuAddReference);
BENCHMARK(BM_VuMulReference);
BENCHMARK(BM_VuMaddReference);
BENCHMARK(BM_VuDiv);
BENCHMARK(BM_VuSqrt);
