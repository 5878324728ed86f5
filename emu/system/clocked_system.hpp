#pragma once
// The clocked system: DMA channel 1 → VIF1 → VU1 → GIF on one 294.912 MHz VU clock. Each unit keeps its own
// clock; the system advances them one cycle at a time in a fixed order: VIF1, VU1 (with its XGKICK transfer), the
// GIF, then the two DMA channels (VIF1's, then the GIF's PATH3 channel). A unit sees what the units feeding it produced
// in earlier cycles (a qword the DMA delivers at cycle c is taken by VIF1 from cycle c on; VIF1's FLUSH sees the GIF as
// it was after the previous cycle), except that a microprogram starts on the cycle VIF1's MSCAL starts it, and VIF1's
// DIRECT and VU1's XGKICK qwords reach the GIF stamped with the cycle they were sent. A VIF1 write into memory a
// running program reads lands within the cycle the hardware's would. A run is deterministic. While VU1 runs and nothing
// else can move (VIF1 waits for it, the DMA waits for VIF1 or is over, the GIF has no PATH2/PATH3 data), the system
// lets VU1 run alone until it stops or 2^20 cycles pass; the others then catch up, with the same result as lockstep.
// More generally (SystemConfig::bursts), each unit answers until which cycle it can neither affect another unit nor be
// affected by one, and the system advances all of them to the earliest answer in one call each (burst_rules.hpp).
// And while VIF1 works beside a running VU1 (the double-buffered UNPACK of the next batch), which only lockstep can
// follow (the two share VU data memory cycle by cycle), one step runs VIF1, VU1 and VIF1's DMA channel cycle by cycle
// in lockstep's order without the rest of lockstep's step: the GIF, which none of them waits on, decides its cycles
// once at the end, or earlier whenever VIF1 is about to ask it something (run_beside).
//
// The data-rate models (each documented with its source where it is defined): VIF1 takes a stream word per half
// cycle (vif/vif1_config.hpp Vif1Timing, after PCSX2), the DMA moves a qword per 2 cycles and reads a tag in 2
// (dma/dma_timing.hpp, after ps2tek), the GIF sends a qword per 2 cycles (gif/gif_timing.hpp). XGKICK waits for
// nothing: PATH1 qwords queue in the GIF behind a packet of another path in progress (gif/gif_unit.hpp).
//
// A GIF that fails (a malformed or oversized packet, gif/gif_unit.hpp) drops everything after, so nothing waits on
// it; while a microprogram runs, the run goes on until that program stops, and then ends with the GIF's error. In
// every mode alike: VU1 runs alone, whole blocks at a time, and sends its XGKICK qwords as it goes, so the failing
// qword's cycle is known only once VU1 has run past it, and it cannot stop there (the error text names the qword).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "emu/dma/ee_memory.hpp"
#include "emu/dma/source_channel.hpp"
#include "emu/gif/gif_unit.hpp"
#include "emu/gif/gs_sink.hpp"
#include "emu/system/burst_rules.hpp"
#include "emu/system/dma_to_gif.hpp"
#include "emu/system/dma_to_vif.hpp"
#include "emu/system/machine_vif_bus.hpp"
#include "emu/system/microprogram_report.hpp"
#include "emu/system/path1_to_gif.hpp"
#include "emu/system/system_config.hpp"
#include "emu/system/system_snapshot.hpp"
#include "emu/vif/vif1.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::system {

// How a run ended.
enum class RunEnd : uint8_t {
  kFinished,      // the transfer was used up and every unit went idle
  kVifStalled,    // VIF1 stopped on an i-bit (or an undefined command) and waits for a stall cancel
  kVifNeedsData,  // the transfer ended inside a VIF command that wants more data
  kError,         // a unit failed (error() says which and why), or the run hit its cycle limit
};

const char* run_end_name(RunEnd end);

struct RunResult {
  RunEnd end = RunEnd::kFinished;
  uint64_t cycles = 0;  // the cycle the last unit went idle
  std::string error;    // for kError
};

class ClockedSystem {
 public:
  explicit ClockedSystem(gif::GsSink& gs, SystemConfig config = {});
  ClockedSystem(const ClockedSystem&) = delete;
  ClockedSystem& operator=(const ClockedSystem&) = delete;

  dma::EeMemory& ee() { return ee_; }
  vu::Vu1& vu() { return vu_; }
  const vu::Vu1& vu() const { return vu_; }
  vif::Vif1& vif() { return vif_; }
  const vif::Vif1& vif() const { return vif_; }
  gif::GifUnit& gif() { return gif_; }
  const gif::GifUnit& gif() const { return gif_; }
  dma::SourceChannel& dma() { return dma_; }
  // DMA channel 2 (EE → GIF PATH3), for image uploads and other PATH3 packets; idle unless started.
  dma::SourceChannel& gif_dma() { return gif_dma_; }

  // Runs until the DMA transfer started on dma() and everything it set off have finished (or failed). The cycle
  // limit (SystemConfig::max_cycles) counts from cycle 0.
  RunResult run();
  // One step of run(): the result if the run has ended, else advances the clock (one cycle, or more while VU1 runs
  // alone or beside a working VIF1, unless SystemConfig::vu_runs_alone is off) and returns nullopt.
  std::optional<RunResult> step();

  const std::vector<MicroprogramReport>& microprograms() const { return programs_; }
  // Starts a microprogram at instruction `pc` as an MSCAL would (TOP/ITOP set, a report opened), for a run with no
  // VIF1 stream (gcvu debug --vutrace). VU1 must be idle.
  void start_microprogram(uint32_t pc, uint16_t top, uint16_t itop) { start_program(pc, top, itop); }
  // Called as each microprogram starts (after MSCAL set TOP/ITOP and the start PC, before its first pair), with
  // the VU as the program finds it: for capturing programs to rerun alone (the tfrag benchmark) or to inspect.
  using ProgramStartHook = std::function<void(const vu::Vu1& vu)>;
  void set_program_start_hook(ProgramStartHook hook) { program_start_hook_ = std::move(hook); }
  uint64_t cycle() const { return now_; }

  // The whole system's state now, and going back to it (system_snapshot.hpp: what it covers, and that it restores
  // only into the system it was taken from).
  SystemSnapshot snapshot() const;
  void restore(const SystemSnapshot& snapshot);

 private:
  void start_program(std::optional<uint32_t> pc, uint16_t top, uint16_t itop);
  void finish_program();
  // The VU can run alone for a while: nothing else can move until it stops.
  bool only_vu_can_move() const;
  // One step of the clock: to the next cycle, or further in a burst.
  void advance();
  // Whether a burst could start at all: every burst rule needs a running VU1 (burst_rules.hpp). Inline and apart
  // from burst_target so that the common "no" returns no std::optional through memory (GCC stores its flag byte
  // and reloads the whole, a store-forwarding stall on every cycle step).
  bool burst_possible() const { return vu_.running() && !paused_mid_step_ && config_.vu_runs_alone; }
  // How far a burst could go now, or nullopt for one cycle; only when burst_possible().
  std::optional<uint64_t> burst_target() const;
  // Runs VU1 (if it runs) to `until` first, then the others to where it stopped.
  void run_burst(uint64_t until);
  // VIF1 works beside a running VU1 with nothing else that lockstep must step: no PATH3 transfer can be refused by
  // the GIF meanwhile, and VIF1 neither waits (for VU1, a GIF path or data that will not come) nor is stopped.
  bool vif_works_beside_vu() const;
  // Lockstep's cycles for VIF1, VU1 and DMA channel 1 while vif_works_beside_vu() (or to `limit`), in one step; the
  // GIF and DMA channel 2 then catch up.
  void run_beside(uint64_t limit);
  // VIF1 is about to ask the GIF something: during run_beside the GIF first decides the cycles lockstep's would have
  // decided by now.
  void gif_catch_up_for_vif();
  // The cycle's work for the units other than VU1, in the fixed order, to `next`.
  void catch_up(uint64_t next, bool program_ended);
  // After VU1 ran: whether its program has ended, and if so it stays busy, to VIF1, until the cycle it ended at.
  bool note_program_end();
  // After a cycle or a step: when VIF1 last took a stream word (the stall rule's clock, outcome()).
  void note_vif_progress();
  // After a burst in which VU1's program stopped: the cycle at which lockstep's step that saw it stop ends.
  uint64_t lockstep_end_of_stopping_step() const;
  // How the run ends now, if it does (a GIF failure only once no microprogram runs, as said above).
  std::optional<RunResult> outcome() const;
  // Every unit but VIF1 is idle (a PATH3 packet held by the PATH3 mask counts as idle when asked: it waits for VIF1).
  bool all_but_vif_idle(bool masked_path3_counts_as_idle) const;
  // The same, leaving VIF1's own DMA channel out as well.
  bool all_but_vif1_dma_idle(bool masked_path3_counts_as_idle = true) const;
  bool all_idle() const;
  // The unit that has failed, if one has (the GIF only as said above), first in this order; and what it says. Apart
  // so that the common "none", asked every step, builds no text.
  enum class FailedUnit : uint8_t { kNone, kDma, kGifDma, kVif1, kGif, kVu1 };
  FailedUnit failed_unit() const;
  std::string failure_text(FailedUnit unit) const;

  SystemConfig config_;
  dma::EeMemory ee_;
  vu::Vu1 vu_;
  gif::GifUnit gif_;
  Path1ToGif path1_;
  MachineVifBus bus_;
  vif::Vif1 vif_;
  DmaToVif dma_to_vif_;
  dma::SourceChannel dma_;
  DmaToGif dma_to_gif_;
  dma::SourceChannel gif_dma_;

  uint64_t now_ = 0;
  bool started_in_step_ = false;    // VIF1 started a program during this step's VIF1 run
  bool paused_mid_step_ = false;    // pause_at_program_start: the step stopped after VIF1's part of cycle now_
  bool gif_behind_ = false;         // run_beside: the GIF has decided only the cycles before the step began
  uint64_t words_seen_ = 0;         // VIF1's words_consumed() when it last changed
  uint64_t last_vif_progress_ = 0;  // and the cycle it changed at
  std::vector<MicroprogramReport> programs_;
  ProgramStartHook program_start_hook_;
  // Counters at the running program's start, for its report.
  uint64_t program_stalls_at_start_ = 0;
  uint64_t program_waits_at_start_ = 0;
  uint64_t program_kicks_at_start_ = 0;
};

}  // namespace gcvu::system
