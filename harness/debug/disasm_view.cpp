#include <unordered_map>

#include <fmt/format.h>

#include "harness/debug/vu_views.hpp"
#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::harness::debug {

namespace {

struct PairCounts {
  uint64_t issued = 0;
  uint64_t stall_cycles = 0;
  uint64_t last_issue = 0;
};

}  // namespace

std::string disasm_view(const DisasmContext& context, uint32_t first, uint32_t count) {
  std::unordered_map<uint32_t, PairCounts> counts;
  for (const PairRecord& pair : context.pairs) {
    PairCounts& entry = counts[pair.pc];
    ++entry.issued;
    entry.stall_cycles += pair.stall_cycles;
    entry.last_issue = pair.issue_cycle;
  }
  std::unordered_map<uint32_t, std::string> label_at;
  for (const auto& [name, address] : context.labels) {
    std::string& names = label_at[address];
    names += names.empty() ? name : ", " + name;
  }
  const uint32_t next_pc = context.vu.running() ? context.vu.registers().tpc : UINT32_MAX;
  std::string text;
  for (uint32_t n = 0; n < count; ++n) {
    const uint32_t pc = (first / 8 + n) % vu::kMicroInstructions;
    const uint32_t address = pc * 8;
    if (const auto label = label_at.find(address); label != label_at.end()) text += label->second + ":\n";
    const std::string code = microcode::disassemble_bundle(context.vu.micro().instruction(pc));
    std::string stats = "       -";
    if (const auto found = counts.find(pc); found != counts.end()) {
      stats = fmt::format("{:>8}x last @{:<9} stall {}", found->second.issued, found->second.last_issue,
                          found->second.stall_cycles);
    }
    text += fmt::format("{} {:#06x}  {:<52} {}", pc == next_pc ? "=>" : "  ", address, code, stats);
    if (const auto note = context.notes.find(address); note != context.notes.end()) text += "  ; " + note->second;
    text += "\n";
  }
  return text;
}

}  // namespace gcvu::harness::debug
