// The demo frame (`gcvu run` with no level: the generated height field, its shrubs and mobies, seed 1, 400 patches)
// through the clocked system, for the debugger's support:
// - a CROSS-CHECK BETWEEN TWO MODES of gcvu (not an independent reference): with SystemConfig::vu_runs_alone off,
//   SystemConfig::pause_at_program_start and Vu1Config::stall_in_place on, the GS memory, the VU's stats and the
//   microprogram reports must equal the default mode's, which the golden demo-terrain case holds to its baseline;
// - a snapshot taken halfway, restored after the frame ended, runs the second half to the same system and GS state;
// - what a snapshot costs (printed; the debugger takes one every so many cycles).

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <vector>

#include "emu/gs/gs.hpp"
#include "emu/gs/gs_state_hash.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/state_hash.hpp"
#include "tests/system/demo_machine.hpp"

namespace gcvu::system {
namespace {

using test::DemoMachine;
using test::gs_memory;

TEST(DemoFrameModes, LockstepWithStallsInPlaceDrawsTheSameFrame) {
  DemoMachine normal;
  const RunResult normal_end = normal.system.run();
  ASSERT_EQ(normal_end.end, RunEnd::kFinished) << normal_end.error;
  SystemConfig config;
  config.vu_runs_alone = false;
  config.vu.stall_in_place = true;
  config.pause_at_program_start = true;
  DemoMachine stepped(config);
  const RunResult stepped_end = stepped.system.run();
  ASSERT_EQ(stepped_end.end, RunEnd::kFinished) << stepped_end.error;

  EXPECT_EQ(stepped_end.cycles, normal_end.cycles);
  EXPECT_TRUE(gs_memory(stepped.gs) == gs_memory(normal.gs));
  const vu::Vu1Stats& a = stepped.system.vu().stats();
  const vu::Vu1Stats& b = normal.system.vu().stats();
  EXPECT_EQ(a.pairs, b.pairs);
  EXPECT_EQ(a.stall_cycles, b.stall_cycles);
  EXPECT_EQ(a.stall_cycles_by_cause, b.stall_cycles_by_cause);
  EXPECT_EQ(a.xgkicks, b.xgkicks);
  const auto& pa = stepped.system.microprograms();
  const auto& pb = normal.system.microprograms();
  ASSERT_EQ(pa.size(), pb.size());
  size_t differing_waits = 0;
  for (size_t n = 0; n < pa.size(); ++n) {
    EXPECT_EQ(pa[n].start_cycle, pb[n].start_cycle) << n;
    EXPECT_EQ(pa[n].end_cycle, pb[n].end_cycle) << n;
    EXPECT_EQ(pa[n].vu_stall_cycles, pb[n].vu_stall_cycles) << n;
    EXPECT_EQ(pa[n].gif_packets, pb[n].gif_packets) << n;
    differing_waits += pa[n].vif_wait_cycles != pb[n].vif_wait_cycles;
  }
  EXPECT_EQ(differing_waits, 0u);
  std::printf("demo frame: %llu cycles, %zu microprograms, %llu pairs\n",
              static_cast<unsigned long long>(normal_end.cycles), pb.size(), static_cast<unsigned long long>(b.pairs));
}

TEST(DemoFrameSnapshot, HalfwaySnapshotRunsTheSecondHalfAgainIdentically) {
  DemoMachine machine;
  // Half the frame's cycles (a first run tells how many).
  uint64_t half = 0;
  {
    DemoMachine probe;
    half = probe.system.run().cycles / 2;
  }
  while (machine.system.cycle() < half) ASSERT_FALSE(machine.system.step().has_value());

  constexpr int kTimes = 20;
  const auto begin = std::chrono::steady_clock::now();
  for (int n = 0; n < kTimes; ++n) {
    SystemSnapshot snapshot = machine.system.snapshot();
    ASSERT_EQ(snapshot.now, machine.system.cycle());
  }
  const auto system_done = std::chrono::steady_clock::now();
  for (int n = 0; n < kTimes; ++n) {
    gs::Gs copy(machine.gs);
    ASSERT_EQ(copy.stats().draws, machine.gs.stats().draws);
  }
  const auto gs_done = std::chrono::steady_clock::now();
  const double system_ms = std::chrono::duration<double, std::milli>(system_done - begin).count() / kTimes;
  const double gs_ms = std::chrono::duration<double, std::milli>(gs_done - system_done).count() / kTimes;
  std::printf("snapshot at cycle %llu: system %.3f ms, GS copy %.3f ms (mean of %d)\n",
              static_cast<unsigned long long>(half), system_ms, gs_ms, kTimes);
  EXPECT_LT(system_ms, 5.0);

  const SystemSnapshot snapshot = machine.system.snapshot();
  gs::Gs gs_then(machine.gs);
  const uint64_t hash_then = state_hash(machine.system);
  const RunResult first = machine.system.run();
  ASSERT_EQ(first.end, RunEnd::kFinished) << first.error;
  const uint64_t system_end = state_hash(machine.system);
  machine.gs.flush();
  const uint64_t gs_end = gs::state_hash(machine.gs);

  machine.system.restore(snapshot);
  machine.gs = gs_then;
  EXPECT_EQ(state_hash(machine.system), hash_then);
  const RunResult second = machine.system.run();
  EXPECT_EQ(second.cycles, first.cycles);
  EXPECT_EQ(state_hash(machine.system), system_end);
  machine.gs.flush();
  EXPECT_EQ(gs::state_hash(machine.gs), gs_end);
}

}  // namespace
}  // namespace gcvu::system
