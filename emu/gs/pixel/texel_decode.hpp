#pragma once
// How a texel read from local memory becomes a 32-bit colour (reference/gs.md §1 "TEXA"): indexed formats keep
// their index for the CLUT, 24- and 16-bit formats expand through TEXA, 32-bit formats are taken as stored. Shared
// by the per-draw texture cache and the resident textures, which decode the same texels at different times.

#include <cstdint>

#include "emu/gs/memory/pixel_address.hpp"
#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs::pixel {

// PSMT8, PSMT4, PSMT8H, PSMT4HL, PSMT4HH: texels are CLUT indices.
constexpr bool is_indexed_psm(uint32_t psm) {
  return psm == 0x13 || psm == 0x14 || psm == 0x1b || psm == 0x24 || psm == 0x2c;
}

constexpr uint32_t texa_expand16(uint32_t c, uint32_t ta0, uint32_t ta1, bool aem) {
  uint32_t rgb = ((c & 0x1f) << 3) | (((c >> 5) & 0x1f) << 11) | (((c >> 10) & 0x1f) << 19);
  uint32_t a = (c & 0x8000) ? ta1 : ((aem && (c & 0x7fff) == 0) ? 0 : ta0);
  return rgb | (a << 24);
}
constexpr uint32_t texa_expand24(uint32_t c, uint32_t ta0, bool aem) {
  uint32_t rgb = c & 0xffffff;
  uint32_t a = (aem && rgb == 0) ? 0 : ta0;
  return rgb | (a << 24);
}

// The colour of a raw texel of a direct (non-indexed) format; an indexed format's raw value is its index.
template <Psm kPsm>
inline uint32_t expand_texel(uint32_t raw, const Texa& texa) {
  constexpr Swizzle kSwizzle = PsmTraits<kPsm>::kSwizzle;
  if constexpr (is_indexed_psm(static_cast<uint32_t>(kPsm))) {
    return raw;
  } else if constexpr (kPsm == Psm::kCt24 || kPsm == Psm::kZ24) {
    return texa_expand24(raw, texa.ta0(), texa.aem());
  } else if constexpr (kSwizzle == Swizzle::k16 || kSwizzle == Swizzle::k16s) {
    return texa_expand16(raw, texa.ta0(), texa.ta1(), texa.aem());
  } else {
    return raw;
  }
}

}  // namespace gcvu::gs::pixel
