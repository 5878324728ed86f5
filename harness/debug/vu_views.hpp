#pragma once
// The debugger's views of VU1: `regs`, `pipe`, `stall`, `mem` and `disasm`. Each returns the text printed.

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>

#include "emu/vu/interpreter/vu1.hpp"
#include "harness/debug/tick_events.hpp"

namespace gcvu::harness::debug {

// Every register; those that differ from `before` (the state at the last stop) are marked with '*' (and shown in
// bold where `colour` is set, for a terminal).
std::string regs_view(const vu::Registers& now, const vu::Registers& before, bool colour);

// Everything in flight in VU1's pipelines at its current cycle: FMAC writes, pending MAC/status/clip flag writes,
// FDIV (Q), EFU (P), integer loads, the XGKICK transfer, each with its cycles left.
std::string pipe_view(const vu::Vu1& vu);

// Why the next pair waits, if it does: the unit, the register and fields, the cycles left and the issue cycle.
std::string stall_view(const vu::Vu1& vu);

enum class MemoryFormat : uint8_t { kHex, kFloat, kInteger };
std::string mem_view(const vu::DataMemory& data, uint32_t first_qword, uint32_t count, MemoryFormat format);

struct DisasmContext {
  const vu::Vu1& vu;
  std::span<const PairRecord> pairs;  // the pairs executed so far, for per-pair counts
  const std::map<std::string, uint32_t>& labels;     // name -> byte address
  const std::map<uint32_t, std::string>& notes;      // byte address -> note
};
// `count` pairs from byte address `first`; the next pair to issue is marked "=>". Each line shows how often the
// pair issued so far, its last issue cycle and the stall cycles it waited in total.
std::string disasm_view(const DisasmContext& context, uint32_t first, uint32_t count);

}  // namespace gcvu::harness::debug
