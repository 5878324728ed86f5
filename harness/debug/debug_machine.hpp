#pragma once
// The machine a debug session drives: a clocked system and the GS it draws into, set up for the debugger. The
// system runs in lockstep (one cycle per step, never the VU-alone fast path) and VU1 waits out a stall cycle by
// cycle instead of issuing the stalled pair ahead of the clock (Vu1Config::stall_in_place), so every cycle can be
// stopped at and looked at; and the cycle in which VIF1 starts a microprogram pauses before the program's first pair
// (SystemConfig::pause_at_program_start), so a program's entry can be stopped at. Programs give the same results
// either way (tests/system/ checks it).

#include "emu/gs/gs.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/gs_from_gif.hpp"
#include "harness/debug/debug_target.hpp"

namespace gcvu::harness::debug {

inline system::SystemConfig lockstep_config(system::SystemConfig config) {
  config.vu_runs_alone = false;
  config.pause_at_program_start = true;
  config.vu.stall_in_place = true;
  return config;
}

struct DebugMachine {
  explicit DebugMachine(const DebugTarget& target)
      : gs(target.gs), sink(gs), system(sink, lockstep_config(target.config)) {}
  DebugMachine(const DebugMachine&) = delete;
  DebugMachine& operator=(const DebugMachine&) = delete;

  gs::Gs gs;
  system::GsFromGif sink;
  system::ClockedSystem system;
};

}  // namespace gcvu::harness::debug
