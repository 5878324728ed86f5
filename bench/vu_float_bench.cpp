// Throughput of the per-lane float ops the VU1 interpreter calls. Operands cycle through a fixed, seeded table
// so the branches see realistic variety; results feed a checksum so nothing is optimised away.

#include <array>
#include <cstdint>
#include <random>

#include <benchmark/benchmark.h>

#include "emu/common/cpu_features.hpp"
#include "emu/vu/float/divider_reference.hpp"
#include "emu/vu/float/float_unit.hpp"
#include "emu/vu/float/reference.hpp"
#include "emu/vu/float/vector_ops.hpp"
#include "emu/vu/float/vector_ops_avx2.hpp"

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
uint32_t fold(const gcvu::vu::FmacResult& r) { return r.value ^ (uint32_t{r.mac} << 24) ^ (uint32_t{r.sticky} << 28); }
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
// 1.0 over x, as vertex microcode divides (DIV Q, VF00w, VFnw), and the SRT model on the same operands.
void BM_VuReciprocal(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t, uint32_t) { return gcvu::vu::div(0x3F800000u, a).value; });
}
void BM_VuDivReference(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t b, uint32_t) { return gcvu::vu::reference::div(a, b).value; });
}
void BM_VuReciprocalReference(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t, uint32_t) { return gcvu::vu::reference::div(0x3F800000u, a).value; });
}
void BM_VuSqrtReference(benchmark::State& state) {
  run(state, [](uint32_t a, uint32_t, uint32_t) { return gcvu::vu::reference::sqrt(a).value; });
}

// The whole-instruction 4-lane ops (vector_ops.hpp), lane by lane (scalar), SSE2, AVX2 (skipped on a host
// without it) and the dispatching entry point the interpreter calls, on four-lane slices of the
// operand table with every field written and no ACC overflow, as in a vertex transform.
template <typename Op>
void run4(benchmark::State& state, Op op) {
  const auto& v = operands();
  const auto vec = [&](size_t at) {
    return gcvu::vu::Vec4{v[at % kOperands], v[(at + 1) % kOperands], v[(at + 2) % kOperands], v[(at + 3) % kOperands]};
  };
  std::array<gcvu::vu::Vec4, kOperands> table{};
  for (size_t k = 0; k < kOperands; ++k) table[k] = vec(k * 4);
  size_t i = 0;
  uint32_t checksum = 0;
  for (auto _ : state) {
    const gcvu::vu::Vec4Result r = op(table[i], table[(i + 1) % kOperands], table[(i + 7) % kOperands]);
    checksum ^= r.value[0] ^ r.value[1] ^ r.value[2] ^ r.value[3] ^ r.mac ^ (uint32_t{r.sticky} << 16);
    i = (i + 1) % kOperands;
  }
  benchmark::DoNotOptimize(checksum);
  state.SetItemsProcessed(state.iterations());
}
using gcvu::vu::Vec4;
constexpr gcvu::vu::FieldMask kXyzw = gcvu::vu::kFieldsXyzw;
void BM_Vec4LoopOverhead(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) {
    return gcvu::vu::Vec4Result{{a[0] ^ b[1], a[1] ^ c[2], a[2], a[3]}, 0, 0};
  });
}
void BM_Vec4AddScalar(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::scalar::add4(a, b, kXyzw); });
}
void BM_Vec4AddSse2(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::sse2::add4(a, b, kXyzw); });
}
void BM_Vec4SubScalar(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::scalar::sub4(a, b, kXyzw); });
}
void BM_Vec4SubSse2(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::sse2::sub4(a, b, kXyzw); });
}
void BM_Vec4MulScalar(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::scalar::mul4(a, b, kXyzw); });
}
void BM_Vec4MulSse2(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::sse2::mul4(a, b, kXyzw); });
}
void BM_Vec4MaddScalar(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) { return gcvu::vu::scalar::madd4(a, 0, b, c, kXyzw); });
}
void BM_Vec4MaddSse2(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) { return gcvu::vu::sse2::madd4(a, 0, b, c, kXyzw); });
}
void BM_Vec4MsubScalar(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) { return gcvu::vu::scalar::msub4(a, 0, b, c, kXyzw); });
}
void BM_Vec4MsubSse2(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) { return gcvu::vu::sse2::msub4(a, 0, b, c, kXyzw); });
}
void BM_Vec4AddAvx2(benchmark::State& state) {
  if (!gcvu::cpu_has_avx2()) return state.SkipWithError("no AVX2");
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::avx2::add4(a, b, kXyzw); });
}
void BM_Vec4AddDispatch(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::add4(a, b, kXyzw); });
}
void BM_Vec4SubAvx2(benchmark::State& state) {
  if (!gcvu::cpu_has_avx2()) return state.SkipWithError("no AVX2");
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::avx2::sub4(a, b, kXyzw); });
}
void BM_Vec4SubDispatch(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::sub4(a, b, kXyzw); });
}
void BM_Vec4MulAvx2(benchmark::State& state) {
  if (!gcvu::cpu_has_avx2()) return state.SkipWithError("no AVX2");
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::avx2::mul4(a, b, kXyzw); });
}
void BM_Vec4MulDispatch(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::mul4(a, b, kXyzw); });
}
void BM_Vec4MaddAvx2(benchmark::State& state) {
  if (!gcvu::cpu_has_avx2()) return state.SkipWithError("no AVX2");
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) { return gcvu::vu::avx2::madd4(a, 0, b, c, kXyzw); });
}
void BM_Vec4MaddDispatch(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) { return gcvu::vu::madd4(a, 0, b, c, kXyzw); });
}
void BM_Vec4MsubAvx2(benchmark::State& state) {
  if (!gcvu::cpu_has_avx2()) return state.SkipWithError("no AVX2");
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) { return gcvu::vu::avx2::msub4(a, 0, b, c, kXyzw); });
}
void BM_Vec4MsubDispatch(benchmark::State& state) {
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4& c) { return gcvu::vu::msub4(a, 0, b, c, kXyzw); });
}
// A transform row against short constants (1.0, 0.5, 3.0, -0.375) as fs: every lane runs the Booth tree.
void BM_Vec4MulShortConstantScalar(benchmark::State& state) {
  static constexpr Vec4 kConstants = {0x3F800000u, 0x3F000000u, 0x40400000u, 0xBEC00000u};
  run4(state, [](const Vec4& a, const Vec4&, const Vec4&) { return gcvu::vu::scalar::mul4(kConstants, a, kXyzw); });
}
void BM_Vec4MulShortConstantSse2(benchmark::State& state) {
  static constexpr Vec4 kConstants = {0x3F800000u, 0x3F000000u, 0x40400000u, 0xBEC00000u};
  run4(state, [](const Vec4& a, const Vec4&, const Vec4&) { return gcvu::vu::sse2::mul4(kConstants, a, kXyzw); });
}
void BM_Vec4MulByShortConstantScalar(benchmark::State& state) {
  static constexpr Vec4 kConstants = {0x3F800000u, 0x3F000000u, 0x40400000u, 0xBEC00000u};
  run4(state, [](const Vec4& a, const Vec4&, const Vec4&) { return gcvu::vu::scalar::mul4(a, kConstants, kXyzw); });
}
void BM_Vec4MulByShortConstantDispatch(benchmark::State& state) {
  static constexpr Vec4 kConstants = {0x3F800000u, 0x3F000000u, 0x40400000u, 0xBEC00000u};
  run4(state, [](const Vec4& a, const Vec4&, const Vec4&) { return gcvu::vu::mul4(a, kConstants, kXyzw); });
}
// Sums whose leading bits cancel: ft is -fs with some of the low 16 fraction bits changed, so every lane
// normalises left. The partners are built before timing (building them per op would stall vector loads on the
// scalar stores).
template <typename Op>
void run4_cancelling(benchmark::State& state, Op op) {
  const auto& v = operands();
  std::array<Vec4, kOperands> fs{};
  std::array<Vec4, kOperands> ft{};
  for (size_t k = 0; k < kOperands; ++k) {
    for (size_t lane = 0; lane < 4; ++lane) {
      fs[k][lane] = v[(k * 4 + lane) % kOperands];
      ft[k][lane] = (fs[k][lane] ^ 0x80000000u) ^ (v[(k * 4 + lane + 5) % kOperands] & 0xFFFFu);
    }
  }
  size_t i = 0;
  uint32_t checksum = 0;
  for (auto _ : state) {
    const gcvu::vu::Vec4Result r = op(fs[i], ft[i]);
    checksum ^= r.value[0] ^ r.value[1] ^ r.value[2] ^ r.value[3] ^ r.mac ^ (uint32_t{r.sticky} << 16);
    i = (i + 1) % kOperands;
  }
  benchmark::DoNotOptimize(checksum);
  state.SetItemsProcessed(state.iterations());
}
void BM_Vec4AddCancelScalar(benchmark::State& state) {
  run4_cancelling(state, [](const Vec4& a, const Vec4& b) { return gcvu::vu::scalar::add4(a, b, kXyzw); });
}
void BM_Vec4AddCancelSse2(benchmark::State& state) {
  run4_cancelling(state, [](const Vec4& a, const Vec4& b) { return gcvu::vu::sse2::add4(a, b, kXyzw); });
}
void BM_Vec4AddCancelDispatch(benchmark::State& state) {
  run4_cancelling(state, [](const Vec4& a, const Vec4& b) { return gcvu::vu::add4(a, b, kXyzw); });
}
// MADD with a short-constant fs (ACC + 1.0 * x and the like): every lane's product runs the Booth tree.
void BM_Vec4MaddShortConstantScalar(benchmark::State& state) {
  static constexpr Vec4 kConstants = {0x3F800000u, 0x3F000000u, 0x40400000u, 0xBEC00000u};
  run4(state,
       [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::scalar::madd4(a, 0, kConstants, b, kXyzw); });
}
void BM_Vec4MaddShortConstantDispatch(benchmark::State& state) {
  static constexpr Vec4 kConstants = {0x3F800000u, 0x3F000000u, 0x40400000u, 0xBEC00000u};
  run4(state, [](const Vec4& a, const Vec4& b, const Vec4&) { return gcvu::vu::madd4(a, 0, kConstants, b, kXyzw); });
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
BENCHMARK(BM_VuReciprocal);
BENCHMARK(BM_VuDivReference);
BENCHMARK(BM_VuReciprocalReference);
BENCHMARK(BM_VuSqrtReference);
BENCHMARK(BM_Vec4LoopOverhead);
BENCHMARK(BM_Vec4AddScalar);
BENCHMARK(BM_Vec4AddSse2);
BENCHMARK(BM_Vec4AddAvx2);
BENCHMARK(BM_Vec4AddDispatch);
BENCHMARK(BM_Vec4SubScalar);
BENCHMARK(BM_Vec4SubSse2);
BENCHMARK(BM_Vec4SubAvx2);
BENCHMARK(BM_Vec4SubDispatch);
BENCHMARK(BM_Vec4MulScalar);
BENCHMARK(BM_Vec4MulSse2);
BENCHMARK(BM_Vec4MulAvx2);
BENCHMARK(BM_Vec4MulDispatch);
BENCHMARK(BM_Vec4MaddScalar);
BENCHMARK(BM_Vec4MaddSse2);
BENCHMARK(BM_Vec4MaddAvx2);
BENCHMARK(BM_Vec4MaddDispatch);
BENCHMARK(BM_Vec4MsubScalar);
BENCHMARK(BM_Vec4MsubSse2);
BENCHMARK(BM_Vec4MsubAvx2);
BENCHMARK(BM_Vec4MsubDispatch);
BENCHMARK(BM_Vec4MulShortConstantScalar);
BENCHMARK(BM_Vec4MulShortConstantSse2);
BENCHMARK(BM_Vec4MulByShortConstantScalar);
BENCHMARK(BM_Vec4MulByShortConstantDispatch);
BENCHMARK(BM_Vec4AddCancelScalar);
BENCHMARK(BM_Vec4AddCancelSse2);
BENCHMARK(BM_Vec4AddCancelDispatch);
BENCHMARK(BM_Vec4MaddShortConstantScalar);
BENCHMARK(BM_Vec4MaddShortConstantDispatch);
