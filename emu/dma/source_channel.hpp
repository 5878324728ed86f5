#pragma once
// A source DMA channel: channel 1 (EE → VIF1) or channel 2 (EE → GIF PATH3). Source-chain mode with the tag IDs
// of reference/vif-gif-formats.md §3, and normal mode (address + QWC). TTE and REFS stall control are VIF1's
// (leave them off for the GIF channel). It keeps its own clock; run_until(c) moves what it can by cycle c into the
// sink.
//
// This header is the contract the clocked system codes against: the public members below keep these signatures.
//
// Clock: cycles of the 294.912 MHz VU clock, with the rate model of dma_timing.hpp (a tag read and each data qword
// cost 2 cycles, TTE words ride the tag read). run_until(c) does everything that completes by cycle c:
//  - a tag or data qword read that would end after c waits for the next call (cycle() is then < c, state kRunning);
//  - a read's words reach the sink when the read ends, as many as space_words() allows; the rest are held;
//  - a data read starts only when the held words are gone and the sink has room (the VIF's DMA request);
//  - waiting on the sink (kWaitSink) or on STADR (kWaitStall), idle, done or stopped, the clock passes to c
//    (so after run_until(UINT64_MAX) a later start would begin at the end of time: pass a real horizon).
// finish_cycle() is when the transfer ended: S + 2·tags + 2·qwords from the start S when nothing waited.
//
// Facts the reference leaves open, and where they come from:
//  - RET with an empty stack ends the transfer after its data, TADR unchanged (ps2tek Chain_mode.md; PCSX2 Hw.cpp).
//  - END leaves TADR at the END tag, REFE advances it by 16 (ps2tek; PCSX2 "Don't Increment tadr" for END).
//  - A third nested CALL: PCSX2 Hw.cpp ends the transfer quietly ("Call Stack Overflow"), Play! Dmac_Channel.cpp
//    asserts, and PCSX2's unfinished 2010 DMAC rewrite (EE_DMAC::ChannelState) says "an error occurs and the DMA is
//    stopped". gcvu stops with kError before that CALL's data: a chain bug a reverse engineer wants to see.
//    (That rewrite also calls RET with an empty stack an underflow; ps2tek, PCSX2 Hw.cpp and Play! end, as gcvu does.)
//  - IRQ with CHCR.TIE ends the transfer after that tag's data, whatever the ID (ps2tek; PCSX2 vif1SetupTransfer).
//  - REFS with D_CTRL.STD = VIF1 waits while ADDR + 16·QWC > STADR, before its TTE words and data (PCSX2
//    vif1SetupTransfer); without stall control REFS is REF.
//  - Addresses outside the 32 MiB of RAM or the 16 KiB scratchpad stop with kError. PCSX2 instead reads zeros above
//    RAM (up to 0x10000000) and wraps scratchpad addresses (dmaGetAddr); gcvu reports them, since a reference tool
//    should not guess. Bits 0-3 of an address are ignored (the DMAC moves qwords). Every 3-bit tag ID is defined, so
//    none is unknown.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "emu/common/state_hasher.hpp"
#include "emu/dma/chain_rule.hpp"
#include "emu/dma/chain_stack.hpp"
#include "emu/dma/dma_sink.hpp"
#include "emu/dma/dma_tag.hpp"
#include "emu/dma/dma_timing.hpp"
#include "emu/dma/ee_address.hpp"
#include "emu/dma/ee_memory.hpp"

namespace gcvu::dma {

struct ChainOptions {
  bool tte = false;                 // CHCR.TTE: each tag's upper 64 bits go to the VIF as two words before its data
  bool tie = false;                 // CHCR.TIE: a tag with IRQ set ends the transfer after its data
  uint64_t tag_budget = 1'000'000;  // a chain that reads more tags than this is reported as a loop
  // D_CTRL.STD = VIF1 with this D_STADR (a RAM byte address): REFS tags wait for it. nullopt: no stall control.
  std::optional<uint32_t> stall_address = std::nullopt;
};

// kWaitStall (a REFS tag waiting for STADR) was added after the first contract, at the end.
enum class ChannelState : uint8_t { kIdle, kRunning, kWaitSink, kDone, kError, kWaitStall };
// "idle", "running", "waiting for the sink", "done", "error", "waiting for STADR": for reports and traces.
const char* channel_state_name(ChannelState state);

class SourceChannel {
 public:
  // `name` starts every error() text.
  SourceChannel(const EeMemory& memory, DmaSink& sink, std::string name = "VIF1 DMA");

  // Both drop any transfer in progress and start at the channel's current cycle(); counters and the stack restart.
  // `tag_address` is TADR: bit 31 selects the scratchpad. `address` is MADR, likewise.
  void start_chain(uint32_t tag_address, ChainOptions options = {});
  // gcvu takes any 32-bit QWC here (the register holds 16 bits) so a raw VIF stream from a file is one transfer.
  void start_normal(uint32_t address, uint32_t qwc);

  // Inline for the two commonest answers, asked once a cycle by the clocked system: a channel with no transfer, and
  // one between two data reads with nothing held and room in the sink (the read under way cannot end yet). Both
  // answer exactly what the full walk would.
  ChannelState run_until(uint64_t cycle) {
    if (state_ == ChannelState::kIdle || state_ == ChannelState::kDone || state_ == ChannelState::kError) {
      if (cycle_ < cycle) cycle_ = cycle;
      return state_;
    }
    if (mid_data_read(cycle)) return state_;
    return walk_until(cycle);
  }
  ChannelState state() const { return state_; }  // inline: asked every step
  uint64_t cycle() const;
  bool irq_ended() const;  // the transfer ended on an IRQ tag with TIE

  // Set when state() is kError: the tag address, the tag and the rule it broke.
  const std::string& error() const;

  uint64_t qwords_transferred() const;
  uint64_t tags_read() const;

  // The source channel moved D_STADR (and D_CTRL.STD is VIF1 from now on).
  void set_stall_address(uint32_t address) { stall_address_ = address; }
  // The earliest cycle at which a caller stepping one cycle at a time could see this transfer fail (state kError after
  // run_until(c) for the first time): the end of the next tag read, or of a data read outside memory. UINT64_MAX when
  // it cannot fail any more: idle or done, only in-range data left before its end, or, with `sink_room` (the words
  // a sink that stopped draining will still take), stopped by a full sink before its next read could fail. For the
  // clocked system's bursts, which must not run past a failure.
  uint64_t earliest_failure_cycle(uint64_t sink_room = UINT64_MAX) const;
  // When the last transfer ended (kDone or kError); meaningless before.
  uint64_t finish_cycle() const { return finish_cycle_; }
  // TADR in register form: after kDone, where a restarted chain would continue.
  uint32_t tag_address() const { return tadr_.to_register(); }
  const ChainStack& stack() const { return stack_; }
  // Feeds the channel's state (the walk, the data run, held words, counters, clock) to `hasher`; not the wiring.
  void hash_state(StateHasher& hasher) const;

 private:
  enum class Mode : uint8_t { kChain, kNormal };
  enum class Phase : uint8_t { kReadTag, kSendTag, kData };

  void start(Mode mode);
  // run_until's general case: moves everything due by `until`, phase by phase.
  ChannelState walk_until(uint64_t until);
  // Running in a data run, nothing held, the sink has room, and the next data read would end after `until`.
  bool mid_data_read(uint64_t until) const {
    return state_ == ChannelState::kRunning && phase_ == Phase::kData && held_begin_ == held_end_ &&
           data_done_ != data_qwords_ && until >= cycle_ && until - cycle_ < kQwordCycles && sink_->space_words() != 0;
  }
  bool drain_held();
  bool read_tag();
  bool stalled() const;
  bool read_data_qword();
  ChannelState wait(ChannelState why, uint64_t until);
  ChannelState finish(ChannelState how, uint64_t until);
  ChannelState fail(std::string rule);
  std::string current_tag_text() const;
  static std::string memory_text(const EeAddress& address);

  // Pointers, not references, so that a channel can be copied (system snapshots).
  const EeMemory* memory_;
  DmaSink* sink_;
  std::string name_;

  Mode mode_ = Mode::kNormal;
  Phase phase_ = Phase::kData;
  ChannelState state_ = ChannelState::kIdle;
  ChainOptions options_;
  std::optional<uint32_t> stall_address_;
  uint64_t cycle_ = 0;
  uint64_t finish_cycle_ = 0;

  // The walk: TADR and the tag last read (which, when the next tag's address is bad, is the one that set TADR).
  EeAddress tadr_;
  ChainStack stack_;
  EeAddress tag_at_;
  Qword tag_qword_{};
  DmaTag tag_;
  ChainStep step_;

  // The current data run: MADR and how far through its QWC (and where a normal transfer began, for errors).
  EeAddress madr_;
  EeAddress normal_start_;
  uint32_t data_qwords_ = 0;
  uint32_t data_done_ = 0;
  bool ends_after_data_ = false;
  bool irq_after_data_ = false;
  bool irq_ended_ = false;

  // Words read but not yet taken by the sink (a qword, or a tag's two TTE words).
  std::array<uint32_t, 4> held_{};
  uint8_t held_begin_ = 0;
  uint8_t held_end_ = 0;
  bool held_upper_half_ = false;  // held_ is a TTE tag's upper two words: the sink hears so before the first

  uint64_t qwords_ = 0;
  uint64_t tags_ = 0;
  std::string error_;
};

}  // namespace gcvu::dma
