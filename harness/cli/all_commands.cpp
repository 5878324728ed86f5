#include <array>

#include "harness/cli/command.hpp"
#include "harness/commands/commands.hpp"

namespace gcvu::harness {

std::span<const Command> all_commands() {
  static constexpr std::array kCommands = {
      Command{"info", "identify a file by its content and summarise it", run_info},
      Command{"compare", "compare two PNG images or two raw files byte for byte", run_compare},
      Command{"golden", "run golden cases and check their outputs' hashes", run_golden},
      Command{"asm", "assemble VU1 micro code (.vsm) into a micro-memory image", run_asm},
      Command{"disasm", "disassemble a VU1 micro-memory image into .vsm text", run_disasm},
      Command{"vectors", "check VU float/integer test-vector TSV rows against the float unit", run_vectors},
      Command{"bench", "measure the VU1 interpreter in emulated cycles per second against real time", run_bench},
      Command{"vu-run", "run one VU1 microprogram alone; print cycles, stalls and final registers", run_vu_run},
      Command{"vif-cases", "check VIF1 against the hardware cases of cases.tsv folders", run_vif_cases},
      Command{"vif-run", "run a VIF1 stream (or DMA chain) through VIF1, VU1 and the GIF; report each microprogram",
              run_vif_run},
      Command{"replay", "replay a PCSX2 GS dump into gcvu's GS; write each VSync's frame and memory, or check them",
              run_replay},
      Command{"regress", "run every case in directory trees in parallel (sharded); write an HTML report",
              run_regress},
      Command{"trace-diff", "run VU1 in lockstep with a vutrace trace; report the first pair where the states differ",
              run_trace_diff},
      Command{"run", "run a VIF1 DMA chain from a PCSX2 save state through VIF1, VU1, the GIF and the GS; write the "
              "frame and a GS dump", run_run},
      Command{"debug", "step VU1 microcode by pair or cycle with breakpoints, pipeline and stall views; go back in "
              "time; write a Chrome trace", run_debug},
      Command{"gen-level", "write a synthetic R&C2 level (height-field tfrag terrain) in the on-disc layout",
              run_gen_level},
  };
  return kCommands;
}

}  // namespace gcvu::harness
