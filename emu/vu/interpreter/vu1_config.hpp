#pragma once
// Options that select between documented behaviours where the references disagree, and the run limits.

#include <cstdint>

namespace gcvu::vu {

// Both halves of a pair write the same VF register: the upper write always wins (reference/vu1.md §3). What happens
// to the lower op is unresolved on hardware:
enum class WriteClash : uint8_t {
  kLowerWriteDiscarded,  // the lower op runs (its VI, memory, Q... effects happen) but its VF write is dropped
  kLowerSkipped,         // the whole lower op is skipped, as PCSX2's interpreter does
};

struct Vu1Config {
  // A program that has not ended after this many cycles stops with an error.
  uint64_t max_cycles = 50'000'000;
  WriteClash write_clash = WriteClash::kLowerWriteDiscarded;
  // FBRST.DE1 / TE1: whether the D and T bits stop the program (off, as after a reset, by default).
  bool d_bit_enabled = false;
  bool t_bit_enabled = false;
  // Run cached blocks with a precomputed stall schedule where that gives the same result (always, by design:
  // tests/vu/block_cross_test.cpp checks it). Off: every pair goes through the per-pair issue loop, the reference.
  // An attached observer always gets the per-pair loop.
  bool block_execution = true;
  // For a debugger that watches stalls cycle by cycle: run_until(c) never issues a pair whose issue cycle (after
  // its stall) is c or later; the clock moves to c (retiring what is due) and the pair waits, still at the PC.
  // Its stall is measured from the cycle it came up, so PairEvent::stall and Vu1Stats are as without the option.
  // Pairs then go one by one (no blocks). step() and run() still issue the next pair whatever its stall.
  bool stall_in_place = false;
};

}  // namespace gcvu::vu
