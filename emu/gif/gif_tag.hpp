#pragma once
// The 128-bit GIFtag (reference/vif-gif-formats.md §2.1) and how many qwords of data follow it.

#include <cstdint>

#include "emu/common/state_hasher.hpp"

namespace gcvu::gif {

enum class GifFormat : uint8_t { kPacked = 0, kReglist = 1, kImage = 2, kDisabled = 3 };

struct GifTag {
  uint16_t nloop = 0;                     // bits 0-14
  bool eop = false;                       // bit 15
  bool pre = false;                       // bit 46
  uint16_t prim = 0;                      // bits 47-57
  GifFormat format = GifFormat::kPacked;  // FLG, bits 58-59
  uint8_t nreg = 16;                      // bits 60-63, where 0 means 16
  uint64_t regs = 0;                      // bits 64-127: NREG 4-bit register descriptors, first in the low bits

  static GifTag decode(uint64_t low, uint64_t high);
  // Qwords of data after the tag: PACKED NLOOP*NREG, REGLIST NLOOP*NREG 64-bit words rounded up to whole qwords,
  // IMAGE (and the disabled FLG=3, which behaves as IMAGE) NLOOP.
  uint32_t data_qwords() const;

  void hash_state(StateHasher& hasher) const {
    hasher.add(nloop);
    hasher.add(eop);
    hasher.add(pre);
    hasher.add(prim);
    hasher.add(format);
    hasher.add(nreg);
    hasher.add(regs);
  }
};

}  // namespace gcvu::gif
