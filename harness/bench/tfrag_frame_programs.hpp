#pragma once
// The microprograms of one level frame (tfrag, shrub), captured as each starts in a clocked run (VU1 data memory,
// registers, TOP/ITOP, start PC) so a benchmark can rerun the frame's microcode on the VU interpreter alone,
// without the DMA, VIF1, GIF and GS around it. Rerun alone, a program starts with empty pipelines and no XGKICK in
// flight, and its XGKICKs go to a counting port that never makes it wait; its cycle count can therefore differ a
// little from the clocked run's.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "emu/vu/interpreter/vu1.hpp"
#include "formats/rc2/level.hpp"
#include "harness/bench/vu_bench.hpp"
#include "harness/frame/frame_builder.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

struct CapturedProgram {
  std::array<uint8_t, vu::kDataBytes> data{};
  vu::Registers registers;
  uint16_t top = 0;
  uint16_t itop = 0;
};

struct CapturedFrame {
  std::vector<uint8_t> micro;  // VU1 micro memory at the end of the frame (every program the chain uploaded)
  std::vector<CapturedProgram> programs;
  uint64_t clocked_vu_cycles = 0;  // the programs' cycles in the clocked run
};

// Builds and runs one frame of `level` through a clocked system whose GS sink discards everything.
CapturedFrame capture_frame_programs(const formats::rc2::Level& level, const microcode::Program& program,
                                     const frame::FrameOptions& options);

// The captured programs that start in [first_instruction, end_instruction): one microprogram's share of a frame.
CapturedFrame programs_starting_in(const CapturedFrame& frame, uint32_t first_instruction, uint32_t end_instruction);

// Loads a captured program's data memory, registers and TOP/ITOP into `vu` and starts it at its captured PC.
void start_captured_program(vu::Vu1& vu, const CapturedProgram& program);

// Reruns a captured frame's programs on one VU1, in order.
class CapturedFrameRunner {
 public:
  explicit CapturedFrameRunner(const CapturedFrame& frame, vu::Vu1Config config = {});
  // Runs every program; returns the VU cycles they took (to each E bit and the end of its last XGKICK).
  // Throws std::runtime_error when a program does not end with its E bit.
  uint64_t run_all();
  // run_all as one run of a workload: the cycles, the programs' stats summed, the PATH1 qwords and checksum of
  // this run. `seconds`, when given, receives the wall time of the programs' runs.
  WorkloadRun run_once(double* seconds = nullptr);
  uint64_t path1_qwords() const { return path1_.qwords; }

 private:
  const CapturedFrame& frame_;
  std::unique_ptr<vu::Vu1> vu_;
  CountingPath1 path1_;
};

}  // namespace gcvu::harness
