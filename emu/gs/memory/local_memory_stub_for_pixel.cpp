// TEMPORARY stand-in for gs-memory's LocalMemory and Clut so branch gs-pixel links and its tests run before
// gs-memory lands. Delete this file when merging gs-memory (the symbols would clash).

#include <cstring>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/memory/local_memory.hpp"

namespace gcvu::gs {

LocalMemory::LocalMemory() : bytes_(kLocalMemoryBytes, 0) {}

uint32_t LocalMemory::read32(uint32_t a) const {
  uint32_t v;
  std::memcpy(&v, bytes_.data() + (a & (kLocalMemoryBytes - 4)), 4);
  return v;
}
void LocalMemory::write32(uint32_t a, uint32_t v) { std::memcpy(bytes_.data() + (a & (kLocalMemoryBytes - 4)), &v, 4); }
uint16_t LocalMemory::read16(uint32_t a) const {
  uint16_t v;
  std::memcpy(&v, bytes_.data() + (a & (kLocalMemoryBytes - 2)), 2);
  return v;
}
void LocalMemory::write16(uint32_t a, uint16_t v) { std::memcpy(bytes_.data() + (a & (kLocalMemoryBytes - 2)), &v, 2); }

uint32_t expand16(uint32_t c, const Texa& texa) {
  uint32_t rgb = ((c & 0x1f) << 3) | (((c >> 5) & 0x1f) << 11) | (((c >> 10) & 0x1f) << 19);
  uint32_t a = (c & 0x8000) ? texa.ta1() : ((texa.aem() && (c & 0x7fff) == 0) ? 0 : texa.ta0());
  return rgb | (a << 24);
}

void Clut::read_palette(const Tex0& tex0, const Texa& texa, std::array<uint32_t, 256>& palette) const {
  palette.fill(0);
  uint32_t psm = tex0.psm();
  bool four = psm == 0x14 || psm == 0x24 || psm == 0x2c;
  uint32_t n = four ? 16 : 256;
  bool ct32 = (tex0.cpsm() & 0xa) == 0;
  uint32_t off = ct32 ? ((tex0.csa() & 15) << 4) : (tex0.csa() << 4);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t e = (off + i) & 511;
    if (ct32) {
      palette[i] = entries_[e & 255] | (static_cast<uint32_t>(entries_[(e & 255) + 256]) << 16);
    } else {
      palette[i] = expand16(entries_[e], texa);
    }
  }
}

}  // namespace gcvu::gs
