#pragma once
// The options of one clocked run: each unit's own options and the run's limit.

#include <cstdint>

#include "emu/dma/source_channel.hpp"
#include "emu/system/burst_fault.hpp"
#include "emu/vif/vif1_config.hpp"
#include "emu/vu/interpreter/vu1_config.hpp"

namespace gcvu::system {

struct SystemConfig {
  vif::Vif1Config vif;
  vu::Vu1Config vu;  // vu.max_cycles bounds each microprogram
  dma::ChainOptions chain;
  // The whole run stops with an error after this many VU cycles (a stream that never finishes, a VIF1 waiting
  // for a VU that never ends...).
  uint64_t max_cycles = 200'000'000;
  // While only VU1 can move, let it run alone for up to 2^20 cycles (clocked_system.hpp). Off: every step() is one
  // cycle, for a debugger that stops anywhere. The results are the same either way.
  bool vu_runs_alone = true;
  // With vu_runs_alone: advance every unit to the next cycle at which one of them can act on another, in one call
  // each (burst_rules.hpp says when), which covers VU1 running alone and more; and while VIF1 works beside VU1, step
  // only those two and VIF1's DMA channel (clocked_system.hpp). Off: only the VU-alone rule above.
  // Both off is lockstep. The results are the same in every mode (tests/system/burst_crosscheck_test.cpp).
  bool bursts = true;
  // A deliberately wrong burst rule, for the cross-check's own test. Never set outside tests.
  BurstFault burst_fault = BurstFault::kNone;
  // For a debugger (with vu_runs_alone off): the step in which VIF1 starts a microprogram pauses right after the
  // start, before the program's first pair issues, and the next step() finishes that cycle (the pair still issues on
  // the start cycle). A debugger can then stop at a program's entry. The results are the same either way.
  bool pause_at_program_start = false;
};

}  // namespace gcvu::system
