#pragma once
// The EE's memory as the DMA controller sees it: 32 MiB of main RAM and the 16 KiB scratchpad (SPR), both
// little-endian, read in qwords. Addresses outside them are the caller's error, reported with the address.

#include <cstdint>
#include <optional>
#include <span>

#include "emu/common/qword.hpp"
#include "emu/common/zeroed_bytes.hpp"

namespace gcvu::dma {

inline constexpr uint32_t kRamBytes = 32u << 20;
inline constexpr uint32_t kScratchpadBytes = 16u << 10;

class EeMemory {
 public:
  EeMemory();
  // Copies `bytes` into RAM from byte address `address`; false if it does not fit.
  bool load_ram(std::span<const uint8_t> bytes, uint32_t address = 0);
  bool load_scratchpad(std::span<const uint8_t> bytes, uint32_t address = 0);
  // The qword at byte address `address` (bits 0-3 ignored) of RAM, or of the scratchpad when `scratchpad`;
  // nullopt when it lies outside.
  std::optional<Qword> read_qword(uint32_t address, bool scratchpad) const;

 private:
  ZeroedBytes ram_;
  ZeroedBytes scratchpad_;
};

}  // namespace gcvu::dma
