#pragma once
// Runs one VU1 microprogram alone, as `gcvu vu-run` does: load micro and data memory, start at a PC, run until the
// E bit (or another stop), let a still-running XGKICK transfer finish, and keep everything there is to report.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "emu/vu/interpreter/run_state.hpp"
#include "emu/vu/interpreter/vu1_config.hpp"
#include "emu/vu/state/memory.hpp"
#include "emu/vu/state/registers.hpp"
#include "harness/vu_run/kick_recorder.hpp"

namespace gcvu::harness {

struct VuRunRequest {
  std::span<const uint8_t> code;  // micro-memory image loaded at instruction 0
  std::span<const uint8_t> data;  // data-memory image loaded at 0 (may be shorter than 16 KiB, or empty)
  uint32_t start_pc = 0;          // in instructions
  vu::Vu1Config config;
  bool keep_kicks = false;               // keep every XGKICKed qword in VuRunResult::kicks (else only count them)
  vu::PairObserver* observer = nullptr;  // told of every executed pair (a trace), if given
};

struct VuRunResult {
  // True when the program ended at its E bit and every XGKICK transfer reached the end of an EOP packet.
  bool ended = false;
  vu::StopReason reason = vu::StopReason::kRunning;
  std::string stop;     // a short name: stop_reason_name(), or "XGKICK transfer unended"
  std::string message;  // why it stopped, when it did not end; empty otherwise
  uint64_t cycles = 0;  // from the start to the end of the program (after the pipelines drained)
  vu::Vu1Stats stats;
  vu::Registers registers;
  std::array<uint8_t, vu::kDataBytes> data{};
  uint64_t kick_qwords = 0;        // XGKICKed qwords, including those sent after the program ended
  uint64_t last_kick_cycle = 0;    // when the last of them was read (if kick_qwords != 0)
  std::vector<KickedQword> kicks;  // each of them, when VuRunRequest::keep_kicks
};

VuRunResult run_vu_program(const VuRunRequest& request);

}  // namespace gcvu::harness
