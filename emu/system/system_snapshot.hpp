#pragma once
// A clocked system's state at one cycle, for a debugger that goes back by restoring a snapshot and running forward
// again (a run is deterministic, so it retraces the same cycles).
//
// It holds a copy of every unit (VU1 with both memories, its pipelines and XGKICK; VIF1 with its FIFO; the GIF with
// its path queues; both DMA channels) and of the glue between them (the PATH1 port's packet tracker, the GIF
// channel's held qword, the cycle VIF1 sees the last program end at), the clock and the microprogram reports.
// Not in it:
// - EE memory. Nothing in a run writes it (the DMA channels read it through a const reference; only the harness
//   loads it, before a run), so it is the same at every cycle of a run.
// - Wiring: the program-start hook, the VU's pair observer and the GIF's qword observer stay as they are.
// - The GS: the GIF writes to a GsSink outside the system; snapshot it beside the system (gs::Gs copies).
//
// The copied units point at their neighbours in the system they were taken from: a snapshot only restores into
// that system (ClockedSystem::restore). VU1's decoded micro memory is shared with the live VU, not copied, until
// either writes micro memory (vu/interpreter/decoded_micro.hpp).

#include <cstdint>
#include <vector>

#include "emu/dma/source_channel.hpp"
#include "emu/gif/gif_unit.hpp"
#include "emu/system/dma_to_gif.hpp"
#include "emu/system/microprogram_report.hpp"
#include "emu/system/path1_to_gif.hpp"
#include "emu/vif/vif1.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::system {

struct SystemSnapshot {
  vu::Vu1 vu;
  vif::Vif1 vif;
  gif::GifUnit gif;
  Path1ToGif path1;
  dma::SourceChannel dma;
  DmaToGif dma_to_gif;
  dma::SourceChannel gif_dma;
  uint64_t vu_busy_until = 0;  // MachineVifBus: the cycle the last program ended

  uint64_t now = 0;
  bool paused_mid_step = false;
  uint64_t words_seen = 0;
  uint64_t last_vif_progress = 0;
  std::vector<MicroprogramReport> programs;
  uint64_t program_stalls_at_start = 0;
  uint64_t program_waits_at_start = 0;
  uint64_t program_kicks_at_start = 0;
};

}  // namespace gcvu::system
