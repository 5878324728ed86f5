#include "harness/debug/run_recorder.hpp"

namespace gcvu::harness::debug {

void RunRecorder::on_pair(const vu::PairEvent& event, const vu::Vu1& vu) {
  timeline_.on_pair(event, vu);
  if (event.bundle->lower.op == vu::Opcode::kXgkick) {
    const uint32_t address = vu.registers().vi(event.bundle->lower.is) % vu::kDataQwords;
    kicks_.push_back({event.issue_cycle, address});
  }
}

void RunRecorder::on_tick(uint64_t cycle, const DebugMachine& machine) {
  timeline_.on_tick(cycle, machine.system.vif(), machine.system.vu());
  primitives_.poll(cycle, machine.gs);
}

void RunRecorder::on_rewind(uint64_t cycle, const DebugMachine& machine) {
  timeline_.truncate_after(cycle);
  primitives_.truncate_after(cycle, machine.gs);
  // A kick issued at cycle c is seen done at c + 1.
  while (!kicks_.empty() && kicks_.back().cycle >= cycle) kicks_.pop_back();
}

std::optional<uint32_t> RunRecorder::last_kick() const {
  if (kicks_.empty()) return std::nullopt;
  return kicks_.back().address;
}

}  // namespace gcvu::harness::debug
