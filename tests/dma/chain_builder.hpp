#pragma once
// Builds DMA chains in an EeMemory for the tests. Tags are packed from the documented layout
// (reference/vif-gif-formats.md §3: QWC 0-15, PCE 26-27, ID 28-30, IRQ 31, ADDR 32-62, SPR 63), written out here
// rather than taken from dma::DmaTag, so the tests check the decoder instead of repeating it.
//
// Data qwords are filled so that every word holds its own byte address (with bit 31 set in the scratchpad); an
// expected stream is then just a list of address ranges, worked out by hand from the tag rules.

#include <cstdint>
#include <vector>

#include "emu/common/qword.hpp"
#include "emu/dma/ee_memory.hpp"

namespace gcvu::test {

inline constexpr uint32_t kSprBit = 0x8000'0000;

enum Id : uint32_t { kRefe = 0, kCnt = 1, kNext = 2, kRef = 3, kRefs = 4, kCall = 5, kRet = 6, kEnd = 7 };

struct TagSpec {
  uint32_t id = kEnd;
  uint32_t qwc = 0;
  uint32_t addr = 0;  // ADDR with the SPR bit as bit 31, as in the tag's upper word
  bool irq = false;
  uint32_t pce = 0;
  uint32_t tte0 = 0;  // the tag qword's words 2 and 3 (what TTE sends)
  uint32_t tte1 = 0;
};

inline uint64_t tag_low(const TagSpec& tag) {
  uint32_t lower = (tag.qwc & 0xffff) | (tag.pce & 3) << 26 | (tag.id & 7) << 28 | (tag.irq ? 1u : 0u) << 31;
  return uint64_t{lower} | uint64_t{tag.addr} << 32;
}

inline void put_qword(dma::EeMemory& memory, uint32_t address, const Qword& qword, bool scratchpad = false) {
  std::vector<uint8_t> bytes;
  for (uint32_t word : qword) {
    for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<uint8_t>(word >> shift));
  }
  if (scratchpad) {
    memory.load_scratchpad(bytes, address);
  } else {
    memory.load_ram(bytes, address);
  }
}

// `at` carries the SPR bit like TADR.
inline void put_tag(dma::EeMemory& memory, uint32_t at, const TagSpec& tag) {
  uint64_t low = tag_low(tag);
  put_qword(memory, at & ~kSprBit, {static_cast<uint32_t>(low), static_cast<uint32_t>(low >> 32), tag.tte0, tag.tte1},
            (at & kSprBit) != 0);
}

// Fills `qwords` qwords from `at` (SPR bit allowed) with words equal to their own address.
inline void fill_data(dma::EeMemory& memory, uint32_t at, uint32_t qwords) {
  for (uint32_t q = 0; q < qwords; ++q) {
    uint32_t base = at + q * 16;
    put_qword(memory, base & ~kSprBit, {base, base + 4, base + 8, base + 12}, (at & kSprBit) != 0);
  }
}

// The words fill_data put at `qwords` qwords from `at`, in stream order.
inline std::vector<uint32_t> data_words(uint32_t at, uint32_t qwords) {
  std::vector<uint32_t> words;
  for (uint32_t i = 0; i < qwords * 4; ++i) words.push_back(at + i * 4);
  return words;
}

inline std::vector<uint32_t> concat(std::initializer_list<std::vector<uint32_t>> parts) {
  std::vector<uint32_t> all;
  for (const auto& part : parts) all.insert(all.end(), part.begin(), part.end());
  return all;
}

}  // namespace gcvu::test
