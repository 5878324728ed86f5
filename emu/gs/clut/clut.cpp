#include "emu/gs/clut/clut.hpp"

#include <algorithm>

#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs {

namespace {

// TEX0.CPSM as the CLUT unit sees it: CPSM & 0xA, so PSMCT24 acts as PSMCT32 and only 0 (CT32), 2 (CT16) and
// 0xA (CT16S) load anything.
constexpr uint32_t kCpsm32 = 0x0;
constexpr uint32_t kCpsm16 = 0x2;
constexpr uint32_t kCpsm16s = 0xa;

bool is_8bit_index(uint32_t psm) { return psm == 0x13 || psm == 0x1b; }                 // T8, T8H
bool is_4bit_index(uint32_t psm) { return psm == 0x14 || psm == 0x24 || psm == 0x2c; }  // T4, T4HL, T4HH

// CSM1: where CLUT entry `index` sits in the CLUT buffer at CBP (width 64): 4-bit CLUTs are 8x2, 8-bit CLUTs
// 16x16 with index bits 3 and 4 swapped (entries 8-15 are the second row's left half, 16-23 the first row's right
// half).
struct ClutPixel {
  uint32_t x, y;
};
constexpr ClutPixel csm1_pixel_4bit(uint32_t index) { return {index % 8, index / 8}; }
constexpr ClutPixel csm1_pixel_8bit(uint32_t index) {
  uint32_t swapped = (index & ~0x18u) | ((index & 0x08) << 1) | ((index & 0x10) >> 1);
  return {swapped % 16, swapped / 16};
}

}  // namespace

bool Clut::should_load(uint32_t cld, uint32_t cbp) {
  switch (cld) {
    case 1: return true;
    case 2: cbp_[0] = cbp; return true;
    case 3: cbp_[1] = cbp; return true;
    case 4:
      if (cbp_[0] == cbp) return false;
      cbp_[0] = cbp;
      return true;
    case 5:
      if (cbp_[1] == cbp) return false;
      cbp_[1] = cbp;
      return true;
    default: return false;  // 0 keeps the CLUT; 6 and 7 act as 0
  }
}

void Clut::write_tex0(const Tex0& tex0, const Texclut& texclut, const LocalMemory& memory) {
  const uint32_t psm = tex0.psm();
  // Only an indexed format (by its low 3 bits, as the GS checks) loads, and only then is CBP0/CBP1 touched.
  if ((psm & 7) < 3) return;
  if (!should_load(tex0.cld(), tex0.cbp())) return;
  last_load_csm_ = tex0.csm();

  const uint32_t cpsm = tex0.cpsm() & 0xa;
  const uint32_t csa = tex0.csa();
  const uint8_t* vm = memory.bytes().data();
  auto store32 = [&](uint32_t entry, uint32_t colour) {
    entries_[entry] = static_cast<uint16_t>(colour);
    entries_[entry + 256] = static_cast<uint16_t>(colour >> 16);
  };

  if (tex0.csm() == 0) {
    const bool eight_bit = (psm & 7) == 3;
    const bool four_bit = (psm & 7) == 4;
    if (!eight_bit && !four_bit) return;
    auto load = [&](auto format, auto store, uint32_t first_entry, uint32_t start, uint32_t count) {
      const PixelAddress<format.value> buffer(tex0.cbp(), 1);
      for (uint32_t index = start; index < count; ++index) {
        ClutPixel pixel = eight_bit ? csm1_pixel_8bit(index) : csm1_pixel_4bit(index);
        store(first_entry + index, read_element<format.value>(vm, buffer(pixel.x, pixel.y)));
      }
    };
    auto store16 = [&](uint32_t entry, uint32_t colour) { entries_[entry] = static_cast<uint16_t>(colour); };
    if (cpsm == kCpsm32) {
      // An 8-bit CT32 load starts at CSA's group of 16 and leaves the entries before it alone; a 4-bit one fills
      // the 16 entries at CSA.
      if (eight_bit) {
        load(PsmConstant<Psm::kCt32>{}, store32, 0, (csa & 15) * 16, 256);
      } else {
        load(PsmConstant<Psm::kCt32>{}, store32, (csa & 15) * 16, 0, 16);
      }
    } else if (cpsm == kCpsm16) {
      load(PsmConstant<Psm::kCt16>{}, store16, csa * 16, 0, eight_bit ? 256 : 16);
    } else if (cpsm == kCpsm16s) {
      load(PsmConstant<Psm::kCt16s>{}, store16, csa * 16, 0, eight_bit ? 256 : 16);
    }
    return;
  }

  // CSM2: `count` entries in a row of the buffer at CBP (width TEXCLUT.CBW) from (COU·16, COV).
  const uint32_t count = is_8bit_index(psm) ? 256 : is_4bit_index(psm) ? 16 : 0;
  if (count == 0) return;
  const uint32_t x0 = texclut.cou() * 16;
  const uint32_t y0 = texclut.cov();
  if (cpsm == kCpsm32) {
    const auto row = PixelAddress<Psm::kCt32>(tex0.cbp(), texclut.cbw()).row(y0);
    for (uint32_t i = 0; i < count; ++i) store32((csa & 15) * 16 + i, read_element<Psm::kCt32>(vm, row.at(x0 + i)));
  } else if (cpsm == kCpsm16) {
    const auto row = PixelAddress<Psm::kCt16>(tex0.cbp(), texclut.cbw()).row(y0);
    for (uint32_t i = 0; i < count; ++i)
      entries_[csa * 16 + i] = static_cast<uint16_t>(read_element<Psm::kCt16>(vm, row.at(x0 + i)));
  } else if (cpsm == kCpsm16s) {
    const auto row = PixelAddress<Psm::kCt16s>(tex0.cbp(), texclut.cbw()).row(y0);
    for (uint32_t i = 0; i < count; ++i)
      entries_[csa * 16 + i] = static_cast<uint16_t>(read_element<Psm::kCt16s>(vm, row.at(x0 + i)));
  }
}

void Clut::read_palette(const Tex0& tex0, const Texa& texa, std::array<uint32_t, 256>& palette) const {
  palette.fill(0);
  const uint32_t psm = tex0.psm();
  const uint32_t cpsm = tex0.cpsm() & 0xa;
  const uint32_t csa = tex0.csa();
  auto colour32 = [&](uint32_t entry) { return uint32_t{entries_[entry]} | uint32_t{entries_[entry + 256]} << 16; };

  if (cpsm == kCpsm32) {
    const uint32_t base = (csa & 15) * 16;
    if (is_8bit_index(psm)) {
      // Each group of 16 starts CSA groups on, but never past the last group (PCSX2 clamps at entry 240).
      for (uint32_t group = 0; group < 256; group += 16) {
        uint32_t source = std::min(group + base, 240u);
        for (uint32_t i = 0; i < 16; ++i) palette[group + i] = colour32(source + i);
      }
    } else if (is_4bit_index(psm)) {
      // A CSM2 read of a CLUT last loaded by CSM1 takes entries 8-15 from 16-23 (PCSX2's Breath of Fire fix).
      const bool swizzled = tex0.csm() == 1 && last_load_csm_ == 0;
      for (uint32_t i = 0; i < 16; ++i) palette[i] = colour32(base + (swizzled && i >= 8 ? i + 8 : i));
    }
  } else if (cpsm == kCpsm16 || cpsm == kCpsm16s) {
    const uint32_t count = is_8bit_index(psm) ? 256 : is_4bit_index(psm) ? 16 : 0;
    for (uint32_t i = 0; i < count; ++i) palette[i] = expand16(entries_[csa * 16 + i], texa);
  }
}

uint32_t expand16(uint32_t color16, const Texa& texa) {
  color16 &= 0xffff;
  uint32_t rgb = ((color16 & 0x1f) << 3) | (((color16 >> 5) & 0x1f) << 11) | (((color16 >> 10) & 0x1f) << 19);
  uint32_t alpha = (color16 & 0x8000) ? texa.ta1() : texa.ta0();
  // AEM makes a colour whose 16 bits are all zero transparent (an alpha bit set is never "black").
  if (texa.aem() && color16 == 0) alpha = 0;
  return rgb | alpha << 24;
}

uint32_t expand24(uint32_t color24, const Texa& texa) {
  color24 &= 0x00ffffff;
  uint32_t alpha = (texa.aem() && color24 == 0) ? 0 : texa.ta0();
  return color24 | alpha << 24;
}

}  // namespace gcvu::gs
