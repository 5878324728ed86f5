#pragma once
// What happened in one debugger tick (one system cycle), for breakpoints and the stop line.

#include <cstdint>
#include <optional>
#include <vector>

#include "emu/system/clocked_system.hpp"
#include "emu/vu/pipeline/stall.hpp"
#include "harness/debug/memory_access.hpp"

namespace gcvu::harness::debug {

// One executed instruction pair, as the session keeps it.
struct PairRecord {
  uint64_t issue_cycle = 0;  // system cycle the pair issued at (after its stall)
  uint32_t pc = 0;           // in instructions
  uint32_t stall_cycles = 0;
  vu::StallCause stall_cause = vu::StallCause::kNone;
};

struct TickEvents {
  bool moved = false;                      // the clock advanced
  std::optional<PairRecord> pair;          // the pair that issued in this cycle
  std::optional<MemoryAccess> access;      // the data memory it read or wrote
  bool program_started = false;            // an MSCAL started a microprogram
  bool program_ended = false;              // the running microprogram ended
  uint64_t kicks = 0;                      // XGKICKs issued
  std::vector<uint8_t> vif_commands;       // the CMD of each VIFcode VIF1 took
  std::optional<system::RunResult> ended;  // the run ended (the last transfer finished, or a unit failed)
};

}  // namespace gcvu::harness::debug
