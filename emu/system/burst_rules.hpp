#pragma once
// Bursts: when the clocked system may advance every unit to a later cycle in one call each instead of one cycle at a
// time, with the same result. Each unit answers one question from its state now: until which cycle can it run
// without affecting another unit or being affected by one (kOpen: it cannot act at all until another unit acts on
// it). The system takes the earliest answer; a burst happens when that is more than one cycle away.
//
// The units and what crosses between them (clocked_system.hpp):
//  - DMA channel 1 pushes words into VIF1's FIFO and waits for room in it;
//  - VIF1 writes VU1's memories, starts programs, offers PATH2 qwords (refused while the PATH2 queue is full), sets
//    the PATH3 mask, and waits on the VU's and the GIF paths' busy state;
//  - VU1 reads and writes its data memory (which VIF1 writes too), and sends XGKICK qwords to PATH1 stamped with
//    their cycle (PATH1 never refuses, so the GIF may take them later with the same result);
//  - DMA channel 2 offers PATH3 qwords, refused while the GIF's FIFO is full;
//  - the GIF sends what it takes to the GS in stamp order, and only VIF1's waits and the run's end read its state.
//
// The rule (the one this file encodes): while VU1 runs, VIF1 waits for it, is stalled or is starved (FIFO empty, DMA
// channel 1 done), and neither DMA channel 2 nor a PATH3 qword in hand can offer anything, VU1 leads: it runs alone
// to its end (or the slice), DMA channel 1 fills VIF1's FIFO meanwhile (stopping short of a read that would fail),
// the GIF takes PATH1/PATH2/PATH3 qwords by their stamps, and the others catch up. While VU1 runs beside an active
// VIF1 (the double-buffered UNPACK of the next batch) the two share VU data memory at cycle granularity, and neither
// unit can say which addresses the program will read next, so they go in lockstep (ClockedSystem::run_beside steps
// just those two and VIF1's DMA channel, cycle by cycle, and lets the GIF catch up).

#include <algorithm>
#include <cstdint>
#include <optional>

#include "emu/dma/source_channel.hpp"
#include "emu/gif/gif_unit.hpp"
#include "emu/system/burst_fault.hpp"
#include "emu/system/dma_to_gif.hpp"
#include "emu/vif/vif1.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::system {

inline constexpr uint64_t kOpen = UINT64_MAX;

// The units as a burst sees them (const: asking never changes anything).
struct BurstUnits {
  const vu::Vu1& vu;
  const vif::Vif1& vif;
  const dma::SourceChannel& vif_dma;
  const dma::SourceChannel& gif_dma;
  const DmaToGif& dma_to_gif;
  const gif::GifUnit& gif;
};

// Each unit's answer, as of cycle `now`.
struct BurstRules {
  BurstUnits units;
  BurstFault fault = BurstFault::kNone;

  // VIF1 cannot act before VU1 does: it waits for the running program (MSCAL, MSCNT, MPG, FLUSH*), it is stalled
  // (only the EE resumes it), or its FIFO is empty and DMA channel 1 has nothing more to send.
  bool vif_waits_for_others() const;
  // VU1: while it runs, it leads (its end bounds the burst) if VIF1 waits for it; otherwise its memory is shared
  // with VIF1 cycle by cycle. Idle, it does nothing (an XGKICK still sending after the program's end is stepped).
  uint64_t vu_until(uint64_t now) const;
  // VIF1: open while it waits for the others; otherwise it acts on the next cycle.
  uint64_t vif_until(uint64_t now) const;
  // DMA channel 1 only feeds VIF1's FIFO: open while VIF1 waits (the words wait in the FIFO however they came) or
  // the channel has nothing to do.
  uint64_t vif_dma_until(uint64_t now) const;
  // DMA channel 2's PATH3 offers depend on the GIF's FIFO at each cycle: stepped unless it has nothing to offer.
  uint64_t gif_dma_until(uint64_t now) const;
  // The GIF only takes stamped qwords: open while nobody can offer one that may be refused and nobody reads its
  // state (VIF1 waits, VU1 runs so the run cannot end).
  uint64_t gif_until(uint64_t now) const;

  // The cycle the whole system can advance to in one burst (capped at `limit`), or nullopt when the next cycle is
  // as far as it can go.
  std::optional<uint64_t> burst_until(uint64_t now, uint64_t limit) const;
};

// The answers (inline: kept with the rules they encode, and asked every step).

namespace burst_detail {

inline bool offering(dma::ChannelState state) {
  return state == dma::ChannelState::kRunning || state == dma::ChannelState::kWaitSink;
}

}  // namespace burst_detail

inline bool BurstRules::vif_waits_for_others() const {
  const vif::Vif1State state = units.vif.state();
  if (fault == BurstFault::kVifCountsAsWaiting) return state != vif::Vif1State::kWaitPath;
  // kWaitVu is re-checked every cycle, but its answer cannot change before VU1 stops: it waits on the running
  // program. A stall holds until FBRST.STC, which no unit writes.
  if (state == vif::Vif1State::kWaitVu) return units.vu.running();
  if (state == vif::Vif1State::kStalled) return true;
  // Starved: between commands with nothing in hand, or inside one waiting for its data. (kIdle with a command in
  // hand is a VIF1 whose run reached its target just after a fetch: it acts next cycle.)
  if (!units.vif.fifo_empty() || burst_detail::offering(units.vif_dma.state())) return false;
  const bool starved = state == vif::Vif1State::kIdle
                           ? !units.vif.has_pending_work()
                           : state == vif::Vif1State::kNeedData &&
                                 units.vif.command_in_hand().phase == vif::Vif1::CommandPhase::kPayload;
  return starved;
}

inline uint64_t BurstRules::vu_until(uint64_t now) const {
  if (units.vu.running()) return vif_waits_for_others() ? kOpen : now + 1;
  return units.vu.xgkick().busy() ? now + 1 : kOpen;
}

inline uint64_t BurstRules::vif_until(uint64_t now) const { return vif_waits_for_others() ? kOpen : now + 1; }

inline uint64_t BurstRules::vif_dma_until(uint64_t now) const {
  const dma::ChannelState state = units.vif_dma.state();
  if (!burst_detail::offering(state)) return kOpen;
  // While VIF1 waits, the FIFO only fills: the channel's words and its waits for room come out the same at any
  // pace, except that a failing tag or data read must be seen at the cycle lockstep sees it.
  if (!vif_waits_for_others()) return now + 1;
  return units.vif_dma.earliest_failure_cycle(units.vif.fifo_space_words());
}

inline uint64_t BurstRules::gif_dma_until(uint64_t now) const {
  if (burst_detail::offering(units.gif_dma.state()) || units.dma_to_gif.holding()) return now + 1;
  return kOpen;
}

inline uint64_t BurstRules::gif_until(uint64_t now) const {
  // PATH2 offers come only from an active VIF1, PATH3 offers only from channel 2; a running VU keeps the run going.
  if (!units.vu.running() || !vif_waits_for_others()) return now + 1;
  return gif_dma_until(now);
}

inline std::optional<uint64_t> BurstRules::burst_until(uint64_t now, uint64_t limit) const {
  // Asked every step: the usual answers first. An idle VU1 means the GIF may be read (one cycle); a VIF1 at work
  // acts on the next cycle.
  if (!units.vu.running() || !vif_waits_for_others()) return std::nullopt;
  const uint64_t until =
      std::min({vu_until(now), vif_until(now), vif_dma_until(now), gif_dma_until(now), gif_until(now), limit});
  if (until <= now + 1) return std::nullopt;
  return until;
}

}  // namespace gcvu::system
