#include "harness/debug/engine.hpp"

#include <algorithm>

namespace gcvu::harness::debug {

class Engine::PairTap final : public vu::PairObserver {
 public:
  explicit PairTap(Engine& engine) : engine_(engine) {}
  void on_pair(const vu::PairEvent& event) override { engine_.on_pair(event); }

 private:
  Engine& engine_;
};

Engine::Engine(DebugTarget target, uint64_t snapshot_interval, size_t max_snapshots)
    : target_(std::move(target)),
      snapshot_interval_(std::max<uint64_t>(snapshot_interval, 1)),
      max_snapshots_(std::max<size_t>(max_snapshots, 2)),
      machine_(std::make_unique<DebugMachine>(target_)),
      tap_(std::make_unique<PairTap>(*this)) {
  system::ClockedSystem& system = machine_->system;
  system.vu().set_observer(tap_.get());
  system.set_program_start_hook([this](const vu::Vu1&) { events_.program_started = true; });
  if (target_.prepare) target_.prepare(system, machine_->gs);
  if (target_.load_ee) target_.load_ee(0, system);
  if (target_.start) target_.start(0, system);
  take_snapshot();
}

Engine::~Engine() {
  machine_->system.vu().set_observer(nullptr);
  machine_->system.set_program_start_hook(nullptr);
}

void Engine::on_pair(const vu::PairEvent& event) {
  PairRecord record;
  record.issue_cycle = event.issue_cycle;
  record.pc = event.pc;
  record.stall_cycles = event.stall.cycles;
  record.stall_cause = event.stall.cause;
  events_.pair = record;
  if (replaying_) return;
  pairs_.push_back(record);
  for (RunListener* listener : listeners_) listener->on_pair(event, machine_->system.vu());
}

TickEvents Engine::tick() {
  events_ = {};
  if (ended_) return events_;
  system::ClockedSystem& system = machine_->system;
  vu::Vu1& vu = system.vu();
  const uint64_t before = system.cycle();
  const bool was_running = vu.running();
  const uint64_t kicks = vu.stats().xgkicks;
  const uint64_t commands = system.vif().commands_fetched();
  // The pair that issues in this cycle, if one does, with the registers it reads.
  if (was_running && vu.cycle() + vu.pending_stall().cycles <= before) {
    events_.access = lower_memory_access(vu.decoded(vu.registers().tpc).lower, vu.registers());
  }

  std::optional<system::RunResult> result = system.step();
  // A transfer may end inside a VIF command whose data the next one brings (a save state's plan), as `gcvu run` has it.
  while (result && (result->end == system::RunEnd::kFinished || result->end == system::RunEnd::kVifNeedsData) &&
         transfer_ + 1 < target_.transfers) {
    // The transfer is over: the next one starts on this cycle.
    if (target_.between) target_.between(transfer_, system, machine_->gs);
    ++transfer_;
    if (target_.load_ee) target_.load_ee(transfer_, system);
    ee_transfer_ = transfer_;
    if (target_.start) target_.start(transfer_, system);
    result = system.step();
  }
  if (result) {
    ended_ = result;
    events_.ended = result;
  }
  // A step that paused at a program's start (before its first pair) is a place to stop too.
  const bool advanced = system.cycle() != before;
  events_.moved = advanced || (events_.program_started && !result);
  if (!events_.pair) events_.access.reset();
  events_.program_ended = was_running && !vu.running();
  events_.kicks = vu.stats().xgkicks - kicks;
  for (uint64_t ordinal = commands + 1; ordinal <= system.vif().commands_fetched(); ++ordinal) {
    if (const vif::Vif1::FetchedCommand* fetched = system.vif().fetched_command(ordinal)) {
      events_.vif_commands.push_back(fetched->code.cmd);
    }
  }
  if (!replaying_ && advanced) {
    for (RunListener* listener : listeners_) listener->on_tick(system.cycle(), *machine_);
    if (system.cycle() % snapshot_interval_ == 0) take_snapshot();
  }
  return events_;
}

void Engine::take_snapshot() {
  const uint64_t now = cycle();
  if (!snapshots_.empty() && snapshots_.back().cycle >= now) return;
  snapshots_.push_back(
      Snapshot{now, machine_->system.snapshot(), std::make_unique<gs::Gs>(machine_->gs), transfer_});
  if (snapshots_.size() > max_snapshots_) {
    // Keep the start and every snapshot at a multiple of the doubled interval.
    snapshot_interval_ *= 2;
    std::erase_if(snapshots_, [this](const Snapshot& snapshot) { return snapshot.cycle % snapshot_interval_ != 0; });
  }
}

void Engine::restore(const Snapshot& snapshot) {
  machine_->system.restore(snapshot.system);
  machine_->gs = *snapshot.gs;
  transfer_ = snapshot.transfer;
  if (ee_transfer_ != transfer_) {
    if (target_.load_ee) target_.load_ee(transfer_, machine_->system);
    ee_transfer_ = transfer_;
  }
  ended_.reset();
}

uint64_t Engine::snapshot_before(uint64_t cycle) const {
  auto later = std::lower_bound(snapshots_.begin(), snapshots_.end(), cycle,
                                [](const Snapshot& snapshot, uint64_t c) { return snapshot.cycle < c; });
  return later == snapshots_.begin() ? 0 : std::prev(later)->cycle;
}

void Engine::goto_cycle(uint64_t target_cycle) {
  if (target_cycle >= cycle()) {
    while (cycle() < target_cycle && !ended_) tick();
    return;
  }
  // The last snapshot at or before the target (the first one is at the start), then the cycles after it again.
  auto later = std::upper_bound(snapshots_.begin(), snapshots_.end(), target_cycle,
                                [](uint64_t c, const Snapshot& snapshot) { return c < snapshot.cycle; });
  restore(*std::prev(later));
  replaying_ = true;
  while (cycle() < target_cycle && !ended_) tick();
  replaying_ = false;
  // Forget what happened after the target.
  const auto kept = std::lower_bound(pairs_.begin(), pairs_.end(), cycle(),
                                     [](const PairRecord& pair, uint64_t c) { return pair.issue_cycle < c; });
  pairs_.erase(kept, pairs_.end());
  for (RunListener* listener : listeners_) listener->on_rewind(cycle(), *machine_);
}

}  // namespace gcvu::harness::debug

