// The debugger's engine on the end-to-end stream (tests/system/e2e_stream.hpp): going back lands on the same state
// as running forward to the same cycle (state hashes; a determinism check, not an independent reference), also
// after old snapshots were thinned out to keep their number bounded.

#include <gtest/gtest.h>

#include <optional>

#include "harness/debug/debug_targets.hpp"
#include "harness/debug/engine.hpp"
#include "emu/gs/gs_state_hash.hpp"
#include "emu/system/state_hash.hpp"
#include "tests/system/e2e_stream.hpp"

namespace gcvu::harness::debug {
namespace {

uint64_t hash_of(const Engine& engine) {
  return system::state_hash(engine.machine().system) ^ gs::state_hash(engine.machine().gs);
}

TEST(DebugEngine, ThinnedSnapshotsStillGoBackExactly) {
  const std::vector<uint8_t> stream = test::e2e_stream_bytes();
  VifRunRequest request;
  request.stream = stream;
  // A snapshot every cycle, at most 8: the interval doubles each time there are too many.
  Engine engine(vif_stream_target(request, "e2e", {}), 1, 8);
  while (!engine.ended()) engine.tick();
  EXPECT_LE(engine.snapshot_count(), 9u);
  EXPECT_GE(engine.snapshot_interval(), 16u);
  const uint64_t end = engine.cycle();

  // The state when each cycle is first reached (a step that pauses at a program's start, at 30 and 53, stays on its
  // cycle: goto_cycle lands before the pause).
  std::vector<std::optional<uint64_t>> forward(end + 1);
  Engine reference(vif_stream_target(request, "e2e", {}), 1000);
  forward[0] = hash_of(reference);
  while (reference.cycle() < end) {
    reference.tick();
    if (!forward[reference.cycle()]) forward[reference.cycle()] = hash_of(reference);
  }
  for (uint64_t cycle : {uint64_t{0}, uint64_t{1}, uint64_t{31}, uint64_t{40}, uint64_t{53}, end - 1}) {
    engine.goto_cycle(cycle);
    EXPECT_EQ(engine.cycle(), cycle);
    EXPECT_EQ(hash_of(engine), forward[cycle].value()) << cycle;
  }
}

}  // namespace
}  // namespace gcvu::harness::debug
