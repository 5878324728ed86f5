#include "harness/debug/trace_flow.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "emu/vu/isa/decoded_op.hpp"
#include "harness/trace_diff/lockstep.hpp"
#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::harness::debug {

namespace {

constexpr uint32_t kPairBytes = 8;
constexpr uint32_t kMicroBytes = formats::kVutraceMemoryBytes;

bool is_branch(const formats::VutraceMemory& micro, uint32_t pc) {
  return vu::decode_bundle(bundle_at(micro, pc)).lower_info.is_branch;
}

std::string counts_text(const std::map<uint32_t, uint64_t>& edges, const char* word) {
  std::string text;
  for (const auto& [pc, count] : edges) text += fmt::format(", {} {:#06x} x{}", word, pc, count);
  return text;
}

}  // namespace

TraceFlow trace_flow(const formats::VutraceTrace& trace) {
  TraceFlow flow;
  if (trace.snapshots.empty()) return flow;
  for (size_t index = 0; index < trace.snapshots.size(); ++index) {
    const uint32_t pc = producing_pc(trace, index);
    ++flow.pairs[pc / kPairBytes].runs;
    flow.end = std::max(flow.end, pc + kPairBytes);
    // The pair after the last snapshot's never ran in the trace.
    if (index + 1 == trace.snapshots.size()) break;
    const uint32_t next = trace.snapshots[index].registers.tpc() % kMicroBytes;
    if (next == (pc + kPairBytes) % kMicroBytes) {
      ++flow.pairs[pc / kPairBytes].fell_through;
      continue;
    }
    const uint32_t before = (pc + kMicroBytes - kPairBytes) % kMicroBytes;
    const uint32_t source = is_branch(*trace.snapshots[index].micro, before) ? before : pc;
    ++flow.pairs[source / kPairBytes].to[next];
    ++flow.pairs[next / kPairBytes].from[source];
  }
  const formats::VutraceMemory& micro = *trace.snapshots.front().micro;
  for (uint32_t pc = kMicroBytes; pc > flow.end; pc -= kPairBytes) {
    if (bundle_at(micro, pc - kPairBytes) != 0) {
      flow.end = pc;
      break;
    }
  }
  return flow;
}

std::vector<std::string> flow_listing(const formats::VutraceTrace& trace, const TraceFlow& flow, uint32_t first,
                                      uint32_t count, const PairComments& comments) {
  std::vector<std::string> lines;
  if (trace.snapshots.empty()) return lines;
  const formats::VutraceMemory& micro = *trace.snapshots.front().micro;
  for (uint32_t n = 0; n < count; ++n) {
    const uint32_t pc = (first + n * kPairBytes) % kMicroBytes;
    const PairFlow& pair = flow.pairs[pc / kPairBytes];
    std::string line = fmt::format("{:#06x} {:>7}  {:<44}", pc, pair.runs == 0 ? "never" : std::to_string(pair.runs),
                                   microcode::disassemble_bundle(bundle_at(micro, pc), pc));
    if (pair.runs != 0) {
      std::string flow_text = fmt::format("falls through {}", pair.fell_through);
      flow_text += counts_text(pair.to, "to") + counts_text(pair.from, "from");
      line += " | " + flow_text;
    } else if (!pair.from.empty()) {
      line += " |" + counts_text(pair.from, "from").substr(1);
    }
    const size_t index = pc / kPairBytes;
    if (index < comments.viewer.size() && !comments.viewer[index].empty()) line += "  ; " + comments.viewer[index];
    if (comments.notes != nullptr) {
      if (auto note = comments.notes->find(pc); note != comments.notes->end()) line += "  ; note: " + note->second;
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace gcvu::harness::debug
