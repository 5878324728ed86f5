#pragma once
// MAC, status and clip flag results in flight. An FMAC op's flags commit together with its result, 4 cycles after
// issue, so FMxxx/FSxxx/FCxxx read the flags of the newest op issued at least 4 cycles earlier (reference/vu1.md §3,
// ps2autotests clip "Multi test").

#include <array>
#include <cstdint>
#include <span>

#include "emu/vu/state/registers.hpp"

namespace gcvu::vu {

struct PendingFlags {
  uint64_t issue = 0;
  uint64_t ready = 0;
  bool sets_mac = false;
  uint16_t mac = 0;           // the op's 16-bit MAC value (masked lanes already cleared)
  uint16_t extra_sticky = 0;  // Z/S/U/O (bits 0-3) from a multiply stage, added to the sticky bits only
  bool sets_clip = false;
  uint8_t clip_judgement = 0;  // 6 bits shifted into the clip flag
  uint16_t status_bits = 0;    // what the commit puts in status: Z S U O from `mac`, their sticky copies with extras
};

// Status bits 0-3 (Z S U O) as the OR over the four lanes of a MAC value: bit n is set when nibble n is not 0.
constexpr uint16_t status_from_mac(uint16_t mac) {
  uint32_t folded = mac;
  folded |= folded >> 1;
  folded |= folded >> 2;  // bit 4n: the OR of nibble n
  return static_cast<uint16_t>((folded & 1) | ((folded >> 3) & 2) | ((folded >> 6) & 4) | ((folded >> 9) & 8));
}

class FlagPipeline {
 public:
  static constexpr uint32_t kLatency = 4;
  static constexpr size_t kCapacity = 8;

  // `carried_sticky`: Z/S/U/O of earlier results that never entered the pipeline (flag liveness in the block
  // engine), added to this one's sticky bits only.
  void issue_mac(uint64_t cycle, uint16_t mac, uint16_t extra_sticky, uint16_t carried_sticky = 0) {
    PendingFlags& entry = push();
    const uint16_t zsuo = status_from_mac(mac);
    entry = PendingFlags{cycle,
                         cycle + kLatency,
                         true,
                         mac,
                         extra_sticky,
                         false,
                         0,
                         static_cast<uint16_t>(zsuo | ((zsuo | extra_sticky | carried_sticky) << 6))};
  }
  void issue_clip(uint64_t cycle, uint8_t judgement) {
    PendingFlags& entry = push();
    entry = PendingFlags{cycle, cycle + kLatency, false, 0, 0, true, static_cast<uint8_t>(judgement & 0x3f), 0};
  }
  // Commits, in issue order, every entry whose ready cycle is at or before `cycle`.
  void retire(uint64_t cycle, Registers& registers) {
    if (head_ != tail_ && entries_[head_].ready <= cycle) commit(cycle, registers);
  }
  void clear() { head_ = tail_ = 0; }
  uint64_t drain_cycle() const { return head_ == tail_ ? 0 : entries_[tail_ - 1].ready; }
  // The ready cycle of the oldest entry (0 if none).
  uint64_t next_commit() const { return head_ == tail_ ? 0 : entries_[head_].ready; }
  std::span<const PendingFlags> in_flight() const { return {entries_.data() + head_, tail_ - head_}; }

 private:
  // The next free entry. Entries in flight are entries_[head_, tail_); committing moves head_ on, and the live
  // entries move down to the front only when the end is reached (they are at most kLatency + 1 then).
  PendingFlags& push() {
    if (tail_ == kCapacity) [[unlikely]]
      make_room();
    return entries_[tail_++];
  }
  void make_room();
  void commit(uint64_t cycle, Registers& registers);
  std::array<PendingFlags, kCapacity> entries_{};
  size_t head_ = 0;
  size_t tail_ = 0;
};

}  // namespace gcvu::vu
