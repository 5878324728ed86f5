#include "emu/gs/clut/clut.hpp"

#include <algorithm>

#include "emu/gs/clut/clut_entry_load.hpp"
#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs {

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

const ClutLoadPlan& Clut::plan_for(const Tex0& tex0, const Texclut& texclut) {
  for (const ClutLoadPlan& plan : plans_) {
    if (plan.made_for(tex0, texclut)) return plan;
  }
  ClutLoadPlan& replaced = plans_[next_replaced_];
  next_replaced_ = (next_replaced_ + 1) % plans_.size();
  replaced = plan_clut_load(tex0, texclut);
  return replaced;
}

void Clut::write_tex0(const Tex0& tex0, const Texclut& texclut, const LocalMemory& memory) {
  const uint32_t psm = tex0.psm();
  // Only an indexed format (by its low 3 bits, as the GS checks) loads, and only then is CBP0/CBP1 touched.
  if ((psm & 7) < 3) return;
  if (!should_load(tex0.cld(), tex0.cbp())) return;
  last_load_csm_ = tex0.csm();
  const ClutLoadPlan& plan = plan_for(tex0, texclut);

  const uint8_t* vm = memory.bytes().data();
  const uint32_t* address = plan.addresses.data();
  uint16_t* entry = entries_.data() + plan.first_entry;
  if (plan.wide) {
    load_wide_entries()(vm, address, plan.count, entry);
  } else {
    for (uint32_t i = 0; i < plan.count; ++i)
      entry[i] = static_cast<uint16_t>(read_element<Psm::kCt16>(vm, address[i]));
  }
}

void Clut::read_palette(const Tex0& tex0, const Texa& texa, std::array<uint32_t, 256>& palette) const {
  palette.fill(0);
  const uint32_t psm = tex0.psm();
  const uint32_t cpsm = tex0.cpsm() & 0xa;
  const uint32_t csa = tex0.csa();
  auto colour32 = [&](uint32_t entry) { return uint32_t{entries_[entry]} | uint32_t{entries_[entry + 256]} << 16; };

  if (cpsm == kClutCpsm32) {
    const uint32_t base = (csa & 15) * 16;
    if (is_8bit_clut_index(psm)) {
      // Each group of 16 starts CSA groups on, but never past the last group (PCSX2 clamps at entry 240).
      for (uint32_t group = 0; group < 256; group += 16) {
        uint32_t source = std::min(group + base, 240u);
        for (uint32_t i = 0; i < 16; ++i) palette[group + i] = colour32(source + i);
      }
    } else if (is_4bit_clut_index(psm)) {
      // A CSM2 read of a CLUT last loaded by CSM1 takes entries 8-15 from 16-23 (PCSX2's Breath of Fire fix).
      const bool swizzled = tex0.csm() == 1 && last_load_csm_ == 0;
      for (uint32_t i = 0; i < 16; ++i) palette[i] = colour32(base + (swizzled && i >= 8 ? i + 8 : i));
    }
  } else if (cpsm == kClutCpsm16 || cpsm == kClutCpsm16s) {
    const uint32_t count = is_8bit_clut_index(psm) ? 256 : is_4bit_clut_index(psm) ? 16 : 0;
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
