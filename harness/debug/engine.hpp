#pragma once
// The debugger's clock: runs a DebugTarget's transfers through a DebugMachine one cycle per tick, keeps what each
// tick did, and goes back in time by restoring the nearest earlier snapshot of the whole machine (taken every
// `snapshot_interval` cycles) and re-running the cycles after it. Runs are deterministic and the debugger never
// changes the machine's state, so re-running gives the same machine bit for bit. What is recorded of the run (the
// pairs, and whatever the listeners keep) is "the run so far": going back forgets what came after, and running
// forward again records it again.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "emu/gs/gs.hpp"
#include "emu/system/system_snapshot.hpp"
#include "harness/debug/debug_machine.hpp"
#include "harness/debug/debug_target.hpp"
#include "harness/debug/tick_events.hpp"

namespace gcvu::harness::debug {

// Sees the run as it goes forward (not the stretch re-run to reach a cycle when going back).
class RunListener {
 public:
  virtual ~RunListener() = default;
  virtual void on_pair(const vu::PairEvent& event, const vu::Vu1& vu) = 0;
  virtual void on_tick(uint64_t cycle, const DebugMachine& machine) = 0;
  // The engine went back to `cycle`: forget what happened after it.
  virtual void on_rewind(uint64_t cycle, const DebugMachine& machine) = 0;
};

inline constexpr uint64_t kDefaultSnapshotInterval = 32768;
// Snapshots kept at most (each holds a 4 MiB GS copy: about 1 GiB). Past it, every other one is dropped and the
// interval doubles, so a long run keeps its memory bounded and going back gets slower instead.
inline constexpr size_t kMaxSnapshots = 256;

class Engine {
 public:
  explicit Engine(DebugTarget target, uint64_t snapshot_interval = kDefaultSnapshotInterval,
                  size_t max_snapshots = kMaxSnapshots);
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  ~Engine();

  // One cycle. Does nothing once the run has ended (moved is false).
  TickEvents tick();
  // Moves to `cycle` (back by a snapshot and a re-run, or forward); stops early if the run ends first.
  void goto_cycle(uint64_t cycle);

  uint64_t cycle() const { return machine_->system.cycle(); }
  const std::optional<system::RunResult>& ended() const { return ended_; }
  DebugMachine& machine() { return *machine_; }
  const DebugMachine& machine() const { return *machine_; }
  const DebugTarget& target() const { return target_; }
  size_t transfer() const { return transfer_; }
  // Every pair executed so far, in order: pairs()[n] is the (n+1)th.
  const std::vector<PairRecord>& pairs() const { return pairs_; }
  size_t snapshot_count() const { return snapshots_.size(); }
  uint64_t snapshot_interval() const { return snapshot_interval_; }
  // The cycle of the latest snapshot before `cycle` (0, the start, for cycle 0).
  uint64_t snapshot_before(uint64_t cycle) const;
  // Wakes as the run first happens; the listener outlives the engine's use of it.
  void add_listener(RunListener* listener) { listeners_.push_back(listener); }

 private:
  class PairTap;  // the VU observer
  struct Snapshot {
    uint64_t cycle = 0;
    system::SystemSnapshot system;
    std::unique_ptr<gs::Gs> gs;
    size_t transfer = 0;
  };
  void take_snapshot();
  void restore(const Snapshot& snapshot);
  void on_pair(const vu::PairEvent& event);

  DebugTarget target_;
  uint64_t snapshot_interval_;
  size_t max_snapshots_;
  std::unique_ptr<DebugMachine> machine_;
  std::unique_ptr<PairTap> tap_;
  std::vector<Snapshot> snapshots_;  // by cycle
  std::vector<PairRecord> pairs_;
  std::vector<RunListener*> listeners_;
  size_t transfer_ = 0;     // the transfer running
  size_t ee_transfer_ = 0;  // the transfer whose data EE memory holds
  bool replaying_ = false;  // re-running from a snapshot: nothing is recorded
  std::optional<system::RunResult> ended_;
  // Filled during a tick.
  TickEvents events_;
};

}  // namespace gcvu::harness::debug
