#pragma once
// The two-entry address stack of a source chain: Dn_ASR0, Dn_ASR1 and CHCR.ASP, the count in use
// (ps2tek:PS2/DMAC/IO.md, Chain_mode.md). CALL pushes the address after its data, RET pops it.

#include <array>
#include <cstdint>
#include <optional>

#include "emu/dma/ee_address.hpp"

namespace gcvu::dma {

class ChainStack {
 public:
  static constexpr uint8_t kDepth = 2;

  // ASP 0 stores into ASR0, ASP 1 into ASR1; false (and nothing stored) when both are in use.
  bool push(EeAddress address) {
    if (asp_ == kDepth) return false;
    asr_[asp_++] = address;
    return true;
  }
  // ASP 2 returns ASR1, ASP 1 returns ASR0; nullopt when empty.
  std::optional<EeAddress> pop() {
    if (asp_ == 0) return std::nullopt;
    return asr_[--asp_];
  }

  uint8_t asp() const { return asp_; }
  // ASR0 (index 0) or ASR1 (index 1), whatever they last held.
  EeAddress asr(int index) const { return asr_[index & 1]; }
  void clear() { asp_ = 0; }

 private:
  std::array<EeAddress, kDepth> asr_{};
  uint8_t asp_ = 0;
};

}  // namespace gcvu::dma
