// The benchmark workloads (microcode/bench/*.vsm) run to their E bit and compute what their headers say, on
// inputs small enough to check by hand.

#include <bit>
#include <cmath>

#include <gtest/gtest.h>

#include "emu/vu/interpreter/vu1.hpp"
#include "harness/bench/vu_bench.hpp"
#include "harness/bench/workloads.hpp"
#include "tests/vu/vu_program.hpp"

namespace gcvu::harness {
namespace {

std::unique_ptr<test::VuRun> run_workload(const std::string& name, const std::vector<uint8_t>& data) {
  auto run = std::make_unique<test::VuRun>();
  run->vu.load_micro(assemble_builtin(name));
  run->vu.data().load(data);
  run->vu.start(0);
  run->reason = run->vu.run();
  run->vu.finish_xgkick();
  return run;
}

uint32_t word(const test::VuRun& run, uint32_t qword, int lane) { return run.vu.data().word(qword, lane); }
uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }

TEST(Workloads, VertexLoopKicksPositionsTimes16WithAdcForOutsideVertices) {
  VertexLoopInput input;
  input.batches = 3;
  input.matrix_columns = {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}};  // identity
  input.positions = {
      {0.5f, -0.25f, 0.75f, 1.0f},    // inside: (8, -4, 12)
      {1.0f, 1.0f, -1.0f, 1.0f},      // on the boundary, which is inside: (16, 16, -16)
      {2.0f, -0.5f, 0.0f, 1.0f},      // x > w: (32, -8, 0), ADC
      {0.125f, 3.0f, 0.5f, 1.0f},     // y > w: (2, 48, 8), ADC
      {-0.0625f, 0.0f, -1.5f, 1.0f},  // z < -w: (-1, 0, -24), ADC
      {1.0f, 2.0f, -1.0f, 2.0f},      // w = 2, divided: (0.5, 1, -0.5) -> (8, 16, -8), inside
  };
  struct Expected {
    int32_t x, y, z;
    uint32_t w;
  };
  const Expected expected[] = {{8, -4, 12, 0},     {16, 16, -16, 0},     {32, -8, 0, 0x8000},
                               {2, 48, 8, 0x8000}, {-1, 0, -24, 0x8000}, {8, 16, -8, 0}};
  auto run = run_workload("vertex_loop", vertex_loop_data(input));
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();

  const auto& kicked = run->path1.qwords;
  ASSERT_EQ(kicked.size(), 3u * 7u);
  EXPECT_EQ(run->vu.stats().xgkicks, 3u);
  const auto tag = vertex_loop_giftag(6);
  for (uint32_t batch = 0; batch < 3; ++batch) {
    uint32_t base = batch % 2 == 0 ? VertexLoopInput::kPacketA : VertexLoopInput::kPacketB;
    const auto* packet = &kicked[batch * 7];
    EXPECT_EQ(packet[0].address, base);
    EXPECT_EQ(packet[0].value, tag) << "batch " << batch;
    for (uint32_t n = 0; n < 6; ++n) {
      const auto& v = packet[1 + n].value;
      EXPECT_EQ(packet[1 + n].address, base + 1 + n);
      EXPECT_EQ(static_cast<int32_t>(v[0]), expected[n].x) << "batch " << batch << " vertex " << n;
      EXPECT_EQ(static_cast<int32_t>(v[1]), expected[n].y) << "batch " << batch << " vertex " << n;
      EXPECT_EQ(static_cast<int32_t>(v[2]), expected[n].z) << "batch " << batch << " vertex " << n;
      EXPECT_EQ(v[3], expected[n].w) << "batch " << batch << " vertex " << n;
    }
  }
}

TEST(Workloads, VertexLoopDefaultInputKicksEveryPacket) {
  auto input = default_vertex_loop_input();
  input.batches = 4;  // the benchmark runs 48; the shape is the same
  auto run = run_workload("vertex_loop", vertex_loop_data(input));
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  const uint32_t packet = 1 + static_cast<uint32_t>(input.positions.size());
  ASSERT_EQ(run->path1.qwords.size(), 4u * packet);
  uint32_t outside = 0;
  for (uint32_t batch = 0; batch < 4; ++batch) {
    EXPECT_EQ(run->path1.qwords[batch * packet].value, vertex_loop_giftag(packet - 1));
    for (uint32_t n = 1; n < packet; ++n) {
      uint32_t w = run->path1.qwords[batch * packet + n].value[3];
      EXPECT_TRUE(w == 0 || w == 0x8000) << w;
      outside += w != 0;
    }
  }
  // The default input is meant to exercise both outcomes of the clip test.
  EXPECT_GT(outside, 0u);
  EXPECT_LT(outside, 4u * (packet - 1));
}

TEST(Workloads, MaddChainMatchesItsRecurrences) {
  MaddChainInput input;
  input.iterations = 3;
  // Dyadic values, so every intermediate is exact and rounding (PS2 or IEEE) cannot matter.
  input.a = {0.5f, 0.25f, 1.0f, 0.0f};
  input.b = {1.0f, 2.0f, 0.5f, -1.0f};
  input.c = {1.0f, 1.0f, 0.5f, 2.0f};
  input.d = {1.0f, -1.0f, 2.0f, 0.5f};
  input.h = {0.5f, 1.0f, 0.25f, -0.5f};
  auto run = run_workload("madd_chain", madd_chain_data(input));
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();

  // The recurrences of the .vsm header, in double.
  std::array<double, 4> A{}, B{}, D{}, H{}, S{};
  for (uint32_t i = 0; i < input.iterations; ++i) {
    for (int l = 0; l < 4; ++l) A[l] = input.a[l] * A[l] + input.b[l];
    for (int l = 0; l < 4; ++l) B[l] = input.c[l] * B[l] + input.d[l];
    for (int l = 0; l < 4; ++l) D[l] = input.a[l] * A[0] + input.b[l] * A[1] + input.c[l] * A[2] + input.d[l] * A[3];
    for (int l = 0; l < 4; ++l) {
      double h = input.h[l];
      H[l] = B[l] + h * (B[l] + h * (B[l] + h * (B[l] + h * D[l])));
      S[l] += H[l];
    }
  }
  // By hand, lane x (a 0.5, b 1, c 1, d 1, h 0.5): A = 1, 1.5, 1.75; B = 1, 2, 3.
  EXPECT_EQ(A[0], 1.75);
  EXPECT_EQ(B[0], 3.0);
  const std::array<const std::array<double, 4>*, 5> results = {&A, &B, &D, &H, &S};
  for (uint32_t r = 0; r < 5; ++r) {
    for (int l = 0; l < 4; ++l) {
      double value = (*results[r])[l];
      ASSERT_EQ(static_cast<double>(static_cast<float>(value)), value) << "not exact: result " << r << " lane " << l;
      EXPECT_EQ(word(*run, MaddChainInput::kResults + r, l), bits(static_cast<float>(value)))
          << "result " << r << " lane " << l << " expected " << value;
    }
  }
}

TEST(Workloads, BranchyLoopCountsByHand) {
  BranchyLoopInput input;
  input.entries = 40;
  input.table = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  auto run = run_workload("branchy_loop", branchy_loop_data(input));
  ASSERT_EQ(run->reason, vu::StopReason::kEnded) << run->vu.stop_message();
  // 40 entries: the table twice, then 1..8. Evens: 8 + 8 + 4. Odd sum: 2 * (1+3+...+15) + (1+3+5+7) = 144.
  // Bins (v & 3): 1, 5, 9, 13 -> 1 and 3, 7, 11, 15 -> 3, four each per pass, then 1, 5 and 3, 7.
  EXPECT_EQ(word(*run, BranchyLoopInput::kResults + 0, 0), 20u);
  EXPECT_EQ(word(*run, BranchyLoopInput::kResults + 1, 0), 144u);
  EXPECT_EQ(word(*run, BranchyLoopInput::kResults + 2, 0), 40u);
  EXPECT_EQ(word(*run, BranchyLoopInput::kHistogram + 0, 0), 0u);
  EXPECT_EQ(word(*run, BranchyLoopInput::kHistogram + 1, 0), 10u);
  EXPECT_EQ(word(*run, BranchyLoopInput::kHistogram + 2, 0), 0u);
  EXPECT_EQ(word(*run, BranchyLoopInput::kHistogram + 3, 0), 10u);
}

TEST(Workloads, BuiltinWorkloadsEndAndRepeatIdentically) {
  for (const Workload& workload : builtin_workloads()) {
    WorkloadRunner runner(workload);
    WorkloadRun first = runner.run_once();
    WorkloadRun second = runner.run_once();
    EXPECT_EQ(first.vu_cycles, second.vu_cycles) << workload.name;
    EXPECT_EQ(first.path1_checksum, second.path1_checksum) << workload.name;
    // The benchmark wants runs of at least ~100k cycles, so per-run overhead stays small.
    EXPECT_GE(first.vu_cycles, 100'000u) << workload.name;
    EXPECT_GT(first.stats.pairs, 0u) << workload.name;
  }
}

}  // namespace
}  // namespace gcvu::harness
