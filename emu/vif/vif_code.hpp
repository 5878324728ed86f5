#pragma once
// The 32-bit VIFcode word (reference/vif-gif-formats.md §1.1): IMMEDIATE bits 0-15, NUM 16-23, CMD 24-30, I 31.

#include <cstdint>

namespace gcvu::vif {

struct VifCode {
  uint32_t word = 0;
  uint16_t imm = 0;        // IMMEDIATE
  uint8_t num = 0;         // NUM (UNPACK: qwords written, MPG: instructions; 0 means 256)
  uint8_t cmd = 0;         // CMD, 7 bits
  bool interrupt = false;  // the i-bit

  static constexpr VifCode decode(uint32_t word) {
    return VifCode{word, static_cast<uint16_t>(word & 0xffff), static_cast<uint8_t>((word >> 16) & 0xff),
                   static_cast<uint8_t>((word >> 24) & 0x7f), (word >> 31) != 0};
  }
};

}  // namespace gcvu::vif
