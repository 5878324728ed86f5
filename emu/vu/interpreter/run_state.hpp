#pragma once
// Why VU1 stopped, what each executed pair cost, and the counters a run keeps.

#include <array>
#include <cstdint>
#include <string>

#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/pipeline/stall.hpp"

namespace gcvu::vu {

enum class StopReason : uint8_t {
  kRunning,             // not stopped (a step or a run_until returned early)
  kEnded,               // the E bit's delay slot ran and the pipelines drained
  kDebugBreak,          // D bit with FBRST.DE1
  kTraceHalt,           // T bit with FBRST.TE1
  kInvalidInstruction,  // an encoding no opcode matches
  kCycleBudget,         // Vu1Config::max_cycles ran out
  kNoPath1Port,         // XGKICK with nothing attached to receive the transfer
};

const char* stop_reason_name(StopReason reason);

// One executed instruction pair, for tracers and debuggers.
struct PairEvent {
  uint32_t pc = 0;  // in instructions
  const DecodedBundle* bundle = nullptr;
  uint64_t issue_cycle = 0;  // after any stall
  Stall stall;               // the decisive hazard, with the cycles waited (0 when none)
};

class PairObserver {
 public:
  virtual ~PairObserver() = default;
  virtual void on_pair(const PairEvent& event) = 0;
};

struct Vu1Stats {
  uint64_t pairs = 0;
  uint64_t stall_cycles = 0;
  std::array<uint64_t, kStallCauseCount> stall_cycles_by_cause{};  // indexed by StallCause
  uint64_t xgkicks = 0;
};

}  // namespace gcvu::vu
