#include "formats/pcsx2/vutrace_summary.hpp"

#include <fmt/format.h>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/save_state_summary.hpp"

namespace gcvu::formats {

std::vector<std::string> vutrace_summary_lines(const VutraceTrace& trace) {
  std::vector<std::string> lines;
  lines.push_back(fmt::format("version: {}", trace.version));
  lines.push_back(fmt::format("snapshots: {}", trace.snapshots.size()));
  if (trace.snapshots.empty()) return lines;
  const VutraceSnapshot& first = trace.snapshots.front();
  const VutraceSnapshot& last = trace.snapshots.back();
  // A snapshot's TPC is the pair that runs next, so the first pair executed sits 8 bytes before the first TPC.
  lines.push_back(fmt::format("first TPC: {} (the first pair ran at {})", hex_offset(first.registers.tpc()),
                              hex_offset((first.registers.tpc() + kVutraceMemoryBytes - 8) % kVutraceMemoryBytes)));
  lines.push_back(fmt::format("last TPC: {}", hex_offset(last.registers.tpc())));
  size_t loads = 0;
  size_t stores = 0;
  for (const VutraceSnapshot& snapshot : trace.snapshots) {
    loads += snapshot.load ? 1 : 0;
    stores += snapshot.store ? 1 : 0;
  }
  lines.push_back(fmt::format("loads: {}, stores: {}", loads, stores));
  if (first.interpreter) {
    // Versions 1 and 2: the interpreter's own state at the first snapshot, which a run started there resumes.
    const VutraceInterpreterState& state = *first.interpreter;
    std::string line = fmt::format("first snapshot's interpreter state: cycle {}", state.cycle);
    if (state.branch != 0) line += fmt::format(", branch to {} after the delay slot", hex_offset(state.branch_pc));
    if (state.fdiv.enabled) {
      line += fmt::format(", DIV in flight (Q {:#010x}, started {}, latency {})", state.fdiv.result,
                          state.fdiv.start_cycle, state.fdiv.cycles);
    }
    if (state.efu.enabled) {
      line += fmt::format(", EFU in flight (P {:#010x}, started {}, latency {})", state.efu.result,
                          state.efu.start_cycle, state.efu.cycles);
    }
    lines.push_back(std::move(line));
  }
  const MicroprogramExtent extent = microprogram_extent(*first.micro);
  lines.push_back(fmt::format("microprogram (first snapshot): {} instructions ({} bytes), xxh3-128 {}",
                              extent.instructions, extent.bytes, extent.hash.hex()));
  return lines;
}

}  // namespace gcvu::formats
