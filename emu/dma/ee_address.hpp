#pragma once
// A DMA address: a byte address and whether it names the scratchpad. In the registers (Dn_MADR, Dn_TADR, Dn_ASR0/1)
// and in a tag's upper word it is packed as bits 0-30 address, bit 31 SPR (ps2tek:PS2/DMAC/IO.md, Chain_mode.md).

#include <cstdint>
#include <string>

#include <fmt/format.h>

namespace gcvu::dma {

struct EeAddress {
  uint32_t byte = 0;        // 31 bits in the registers; kept wider here so arithmetic past the top is still caught
  bool scratchpad = false;  // SPR

  // The register/tag packing. Bits 0-3 are kept: EeMemory ignores them, as the DMAC moves whole qwords.
  static constexpr EeAddress from_register(uint32_t value) { return {value & 0x7fff'ffff, (value >> 31) != 0}; }
  constexpr uint32_t to_register() const { return (byte & 0x7fff'ffff) | (scratchpad ? 0x8000'0000u : 0); }

  // `qwords` qwords further on, in the same memory.
  constexpr EeAddress plus_qwords(uint64_t qwords) const {
    uint64_t moved = uint64_t{byte} + qwords * 16;
    // Past 4 GiB cannot be in either memory; pin it there so the bounds check reports it instead of wrapping.
    return {moved > 0xffff'ffffu ? 0xffff'ffffu : static_cast<uint32_t>(moved), scratchpad};
  }

  // "0x1000" for RAM, "SPR 0x1000" for the scratchpad.
  std::string to_string() const { return fmt::format("{}{:#x}", scratchpad ? "SPR " : "", byte); }

  friend constexpr bool operator==(const EeAddress&, const EeAddress&) = default;
};

}  // namespace gcvu::dma
