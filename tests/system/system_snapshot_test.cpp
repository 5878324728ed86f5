// ClockedSystem::snapshot/restore and system::state_hash: going back to a snapshot and running forward again must
// give bit-identical state (the debugger's `back`). The run is the end-to-end stream of clocked_system_test.cpp,
// whose hand-worked timeline puts program A at 30-53 (XGKICK at 50, its qwords read at 51 and 53), program B's MSCAL
// waiting from 35.5 and B at 53-76 (XGKICK 73), FLUSH, and DIRECT at 78-80. Snapshots are taken before, inside and
// between those events, with an XGKICK transfer in flight and with an MSCAL waiting. The expected values are the
// first run's own (a self-consistency check: determinism, not a hardware fact).

#include <gtest/gtest.h>

#include <vector>

#include "emu/gif/gs_write_recorder.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/state_hash.hpp"
#include "tests/system/e2e_stream.hpp"

namespace gcvu::system {
namespace {

struct Machine {
  explicit Machine(SystemConfig config = {}) : system(recorder, config) {
    const std::vector<uint8_t> bytes = test::e2e_stream_bytes();
    EXPECT_TRUE(system.ee().load_ram(bytes, 0));
    system.dma().start_normal(0, static_cast<uint32_t>(bytes.size() / 16));
  }
  // Steps until the clock reaches `cycle` or the run ends.
  void run_to(uint64_t cycle) {
    while (system.cycle() < cycle && !system.step()) {
    }
  }
  gif::GsWriteRecorder recorder;
  ClockedSystem system;
};

class SnapshotAt : public testing::TestWithParam<std::tuple<uint64_t, bool>> {};

TEST_P(SnapshotAt, RestoreThenRunAgainGivesTheSameState) {
  const auto [at, debugger_mode] = GetParam();
  SystemConfig config;
  config.vu_runs_alone = !debugger_mode;
  config.vu.stall_in_place = debugger_mode;
  Machine machine(config);
  machine.run_to(at);
  const uint64_t hash_at = state_hash(machine.system);
  const SystemSnapshot snapshot = machine.system.snapshot();
  EXPECT_EQ(state_hash(snapshot), hash_at);
  const size_t events_at = machine.recorder.events().size();

  machine.run_to(at + 20);
  const uint64_t hash_later = state_hash(machine.system);
  EXPECT_NE(hash_later, hash_at);
  const RunResult first = machine.system.run();
  ASSERT_EQ(first.end, RunEnd::kFinished) << first.error;
  const uint64_t hash_end = state_hash(machine.system);
  const std::vector<gif::GsEvent> first_events(machine.recorder.events().begin() + events_at,
                                               machine.recorder.events().end());

  machine.system.restore(snapshot);
  EXPECT_EQ(state_hash(machine.system), hash_at);
  const size_t events_restored = machine.recorder.events().size();
  machine.run_to(at + 20);
  EXPECT_EQ(state_hash(machine.system), hash_later);
  const RunResult second = machine.system.run();
  EXPECT_EQ(second.end, first.end);
  EXPECT_EQ(second.cycles, first.cycles);
  EXPECT_EQ(state_hash(machine.system), hash_end);
  const std::vector<gif::GsEvent> second_events(machine.recorder.events().begin() + events_restored,
                                                machine.recorder.events().end());
  EXPECT_EQ(second_events, first_events);
  ASSERT_EQ(machine.system.microprograms().size(), 2u);

  // The restored system no longer depends on the snapshot: a second restore from it works the same.
  machine.system.restore(snapshot);
  EXPECT_EQ(state_hash(machine.system), hash_at);
}

// 10: MPG loading; 31: program A just started; 35: A stalled on its SQ; 45: B's MSCAL waiting for A; 52: A's
// XGKICK transfer in flight; 53: B starting; 74: B's XGKICK in flight; 77: FLUSH done, DIRECT next.
INSTANTIATE_TEST_SUITE_P(E2eStream, SnapshotAt,
                         testing::Combine(testing::Values(10u, 31u, 35u, 45u, 52u, 53u, 74u, 77u), testing::Bool()));

TEST(SystemSnapshot, HashTellsStatesApart) {
  Machine a;
  Machine b;
  EXPECT_EQ(state_hash(a.system), state_hash(b.system));
  a.run_to(40);
  b.run_to(40);
  EXPECT_EQ(state_hash(a.system), state_hash(b.system));
  b.system.vu().registers().write_vi(5, 1);
  EXPECT_NE(state_hash(a.system), state_hash(b.system));
  b.system.vu().registers().write_vi(5, a.system.vu().registers().vi(5));
  EXPECT_EQ(state_hash(a.system), state_hash(b.system));
  b.system.vu().data().write_word(0x200, 2, 7);
  EXPECT_NE(state_hash(a.system), state_hash(b.system));
}

TEST(SystemSnapshot, RestoreKeepsTheObserversAttachedNow) {
  Machine machine;
  const SystemSnapshot snapshot = machine.system.snapshot();  // no observer then
  struct CountPairs : vu::PairObserver {
    void on_pair(const vu::PairEvent&) override { ++pairs; }
    uint64_t pairs = 0;
  } counter;
  machine.system.vu().set_observer(&counter);
  machine.system.restore(snapshot);
  EXPECT_EQ(machine.system.vu().observer(), &counter);
  machine.system.run();
  EXPECT_EQ(counter.pairs, machine.system.vu().stats().pairs);
  EXPECT_GT(counter.pairs, 0u);
}

}  // namespace
}  // namespace gcvu::system
