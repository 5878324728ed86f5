#pragma once
// The GS's CLUT buffer: 512 16-bit entries, loaded from local memory when TEX0/TEX2 is written (per CLD), and read
// per draw into a 256-entry palette of 32-bit colours. Rules: reference/gs.md §1 "CLUT" and "TEXA"
// (PCSX2 GS/GSClut.cpp; GS manual §3.6).

#include <array>
#include <cstdint>
#include <span>

#include "emu/gs/clut/clut_load_plan.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs {

class Clut {
 public:
  // A TEX0_n or TEX2_n write (already merged into the full TEX0 value): loads the CLUT per CLD when the texture
  // format is indexed, and updates CBP0/CBP1 as CLD 2-5 ask.
  void write_tex0(const Tex0& tex0, const Texclut& texclut, const LocalMemory& memory);

  // The palette a draw with `tex0` samples: 256 entries for PSMT8/T8H, 16 for the 4-bit formats (the rest zero),
  // at TEX0.CSA, 16-bit entries expanded through TEXA.
  void read_palette(const Tex0& tex0, const Texa& texa, std::array<uint32_t, 256>& palette) const;

  std::span<const uint16_t, 512> entries() const { return std::span<const uint16_t, 512>(entries_.data(), 512); }
  std::span<uint16_t, 512> entries() { return std::span<uint16_t, 512>(entries_.data(), 512); }
  uint32_t cbp0() const { return cbp_[0]; }
  uint32_t cbp1() const { return cbp_[1]; }
  void set_cbp(uint32_t cbp0, uint32_t cbp1) { cbp_ = {cbp0, cbp1}; }

 private:
  // Whether a TEX0 with this CLD reloads (and the CBP0/CBP1 bookkeeping of CLD 2-5).
  bool should_load(uint32_t cld, uint32_t cbp);
  // A kept plan made for these fields, or a new one in place of the oldest.
  const ClutLoadPlan& plan_for(const Tex0& tex0, const Texclut& texclut);

  // 512 entries, then an overflow area: a 16-bit CLUT at CSA 16-31 loads and reads up to entry 751 (PCSX2 keeps a
  // second 512 entries behind the CLUT rather than wrapping; the GS's behaviour there is not documented).
  std::array<uint16_t, 1024> entries_{};
  std::array<uint32_t, 2> cbp_{};
  uint32_t last_load_csm_ = 0;  // CSM of the last load (a CSM2 read of a CSM1-loaded 4-bit CLUT reads differently)
  // The addresses of the last loads with different fields, for the next loads with the same ones (the demo frame
  // loads from 4 places), replaced in turn.
  std::array<ClutLoadPlan, 4> plans_{};
  size_t next_replaced_ = 0;
};

// TEXA expansion of a 16-bit colour (RGB5A1) and of a 24-bit colour to 32 bits (reference/gs.md §1 "TEXA").
uint32_t expand16(uint32_t color16, const Texa& texa);
uint32_t expand24(uint32_t color24, const Texa& texa);

}  // namespace gcvu::gs
