#pragma once
// A run from a PCSX2 save state, as `gcvu run --state` does it: EE RAM and the scratchpad, VU1 data and micro
// memory, VIF1's registers (vif1_start_registers.hpp) and the GS state (GS.bin) are loaded from the state; DMA
// channel 1 then sends the planned transfers (vif1_transfer_plan.hpp) through VIF1, VU1 and the GIF into gcvu's
// GS, and the frame is ended with a VSync: the GS flushes, and the picture is what frame_display.hpp shows.
//
// From "PCSX2 Internal Structures.dat" (formats/pcsx2/internal_structures.hpp): VU1's registers (VF, VI, ACC,
// Q, P, I, R, flags), the program PCSX2 was running (it goes on from the saved TPC), VIF1's ROW/COL, and the GS
// privileged registers (the frame uses the saved PMODE/DISPFB/DISPLAY when PMODE enables a circuit).
// Resumed too (state_resume.hpp): an UNPACK or MPG VIF1 was inside, a DIV/EFU result in flight and a pending
// branch. Not resumed: a DIRECT VIF1 was inside (the GIF's packet state is not read), microVU's own pipeline state,
// and, under MTVU, the VU thread's own copies (not in the state). state_start_notes lists which apply. Only the first 32 MiB of a 128 MiB (extra-RAM) EE memory are loaded.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "emu/gs/gs.hpp"
#include "emu/gs/gs_config.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/microprogram_report.hpp"
#include "emu/system/system_config.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "formats/png/png.hpp"
#include "harness/run/vif1_start_registers.hpp"
#include "harness/run/vif1_transfer_plan.hpp"

namespace gcvu::harness {

struct StateRunRequest {
  const formats::SaveState* state = nullptr;
  std::string source;  // the state's file name, for the dump's errors
  Vif1TransferPlan plan;
  Vif1StartRegisters vif;
  system::SystemConfig config;
  gs::GsConfig gs;
  bool record_gs_dump = false;
};

struct StateRunResult {
  system::RunResult run;  // of the last transfer sent (the first that failed, if one did)
  std::vector<system::MicroprogramReport> programs;
  uint64_t xgkicks = 0;
  uint64_t dma_qwords = 0;
  uint64_t dma_tags = 0;
  uint64_t vif_words = 0;
  std::array<uint64_t, 3> gif_packets{};  // PATH1, PATH2, PATH3
  gs::GsStats gs_stats;
  formats::Image frame;                    // the PCRTC's picture after the VSync
  std::vector<uint8_t> gs_memory;          // the 4 MiB of GS memory after the VSync
  std::optional<formats::GsDump> gs_dump;  // with record_gs_dump
  double wall_seconds = 0;                 // the run alone, without loading or writing files
  std::vector<std::string> notes;          // state_start_notes
};

// What the run takes from the state's Internal Structures and what it cannot resume, one line each.
std::vector<std::string> state_start_notes(const formats::SaveState& state);

StateRunResult run_from_state(const StateRunRequest& request);

// run_from_state's steps, for callers that drive the machine themselves (gcvu debug): the machine's memories and
// VIF1 registers from the state, with the work under way resumed (an error text if VIF1 could not take the
// resumed command, else empty); the GS state (and the display it shows); one planned transfer started.
std::string load_machine_from_state(const formats::SaveState& state, const Vif1StartRegisters& vif,
                             system::ClockedSystem& machine);
void load_gs_from_state(const formats::SaveState& state, gs::Gs& gs);
void start_transfer(const Vif1Transfer& transfer, const dma::ChainOptions& options, system::ClockedSystem& machine);

}  // namespace gcvu::harness
