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
};

class FlagPipeline {
 public:
  static constexpr uint32_t kLatency = 4;
  static constexpr size_t kCapacity = 8;

  void issue_mac(uint64_t cycle, uint16_t mac, uint16_t extra_sticky);
  void issue_clip(uint64_t cycle, uint8_t judgement);
  // Commits, in issue order, every entry whose ready cycle is at or before `cycle`.
  void retire(uint64_t cycle, Registers& registers) {
    if (count_ != 0 && entries_[0].ready <= cycle) commit(cycle, registers);
  }
  void clear() { count_ = 0; }
  uint64_t drain_cycle() const;
  // The ready cycle of the oldest entry (0 if none).
  uint64_t next_commit() const { return count_ == 0 ? 0 : entries_[0].ready; }
  std::span<const PendingFlags> in_flight() const { return {entries_.data(), count_}; }

 private:
  void push(const PendingFlags& entry);
  void commit(uint64_t cycle, Registers& registers);
  std::array<PendingFlags, kCapacity> entries_{};
  size_t count_ = 0;
};

// Status bits 0-3 (Z S U O) as the OR over the four lanes of a MAC value.
constexpr uint16_t status_from_mac(uint16_t mac) {
  uint16_t status = 0;
  for (int bit = 0; bit < 4; ++bit) {
    if ((mac >> (4 * bit)) & 0xf) status |= static_cast<uint16_t>(1u << bit);
  }
  return status;
}

}  // namespace gcvu::vu
