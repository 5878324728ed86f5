#pragma once
// How many lanes of a run's FMAC ops the compiled engine's AVX2 kernels compute themselves from exact host doubles
// (emu/vu/float/double_lanes.hpp), and how many they hand on to the integer kernels and the model: the share of
// fast and fallback lanes per op that `gcvu bench --lane-census` reports. Counted on the per-pair interpreter, one
// pair at a time, from the operands each op reads (VF, ACC, I and ACC-overflow as they were before its pair, Q as
// its pair saw it); counting changes nothing in the run.

#include <array>
#include <cstdint>

#include "emu/vu/float/fmac_kernel.hpp"
#include "emu/vu/interpreter/vu1.hpp"
#include "harness/bench/tfrag_frame_programs.hpp"
#include "harness/bench/workloads.hpp"

namespace gcvu::harness {

struct LaneShare {
  uint64_t ops = 0;         // executed instructions of this kind (every form: bc, Q, I, to ACC)
  uint64_t lanes = 0;       // the lanes their dest masks write
  uint64_t fast_lanes = 0;  // of those, the lanes the double kernels compute themselves (0 where none is made)
};

struct LaneCensus {
  // Indexed by vu::FmacKernelOp: ADD, SUB, MUL, MADD, MSUB.
  std::array<LaneShare, 5> by_op{};
  // Whether the host runs the double kernels at all (AVX2); without them every lane is a fallback lane.
  bool double_kernels = false;

  void add(const LaneCensus& other);
  // Whether this census tells fast lanes apart for the op: the host runs the double kernels and they make a fast
  // path for it (MUL, MADD, MSUB); the others' fast_lanes stay 0.
  bool classifies(vu::FmacKernelOp op) const;
};

// Steps a started VU1 pair by pair to its end, counting. Throws std::runtime_error if it stops any other way.
LaneCensus census_until_end(vu::Vu1& vu);

// A built-in or user workload run once from PC 0, as `gcvu bench` runs it.
LaneCensus census_workload(const Workload& workload, const vu::Vu1Config& config);
// Every program of a captured frame run once, in order, as CapturedFrameRunner runs them.
LaneCensus census_frame(const CapturedFrame& frame, const vu::Vu1Config& config);

}  // namespace gcvu::harness
