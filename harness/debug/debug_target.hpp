#pragma once
// What `gcvu debug` runs: how to set up a fresh machine, and the transfers (DMA chains) to send through it one
// after another, as `gcvu run` would send them (the demo's frames, a VIF1 stream, a save state's planned transfers).
//
// EE memory is not part of the debugger's snapshots (a run never writes it), but a target that sends several
// frames rewrites it between them; `load_ee(n)` puts back what transfer n finds there, so going back to transfer n
// gets it again.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "emu/gs/gs.hpp"
#include "emu/gs/gs_config.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/system_config.hpp"

namespace gcvu::harness::debug {

struct DebugTarget {
  std::string name;  // printed at start
  system::SystemConfig config;
  gs::GsConfig gs;
  size_t transfers = 1;
  // Sets up a new machine before the first transfer (VU memories, VIF1 registers, GS state...).
  std::function<void(system::ClockedSystem&, gs::Gs&)> prepare;
  // Writes what transfer `n` reads into EE memory. Called before starting it, and again when the debugger goes
  // back into it.
  std::function<void(size_t n, system::ClockedSystem&)> load_ee;
  // Starts transfer `n` (the DMA channels).
  std::function<void(size_t n, system::ClockedSystem&)> start;
  // Between transfer n and n + 1 (the demo ends a frame here: the display latches and a VSync flushes the GS).
  std::function<void(size_t n, system::ClockedSystem&, gs::Gs&)> between;
  // Labels for `until LABEL`, `break LABEL` and `disasm`: name -> byte address in micro memory.
  std::map<std::string, uint32_t> labels;
  // The notes side file (`note ADDR text`); empty: notes are kept for the session only.
  std::filesystem::path notes_file;
};

}  // namespace gcvu::harness::debug
