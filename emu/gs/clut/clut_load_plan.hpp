#pragma once
// Where a CLUT load (Clut::write_tex0) reads the entries it writes: their element addresses in local memory, in the
// CLUT's storage format, worked out once for the TEX0/TEXCLUT fields that decide them. A frame's draws load the same
// CLUT from the same place again and again (the demo frame: 719 loads), and the addresses do not depend on what
// memory holds, so a load repeated with the same fields reads through the plan and skips the swizzle arithmetic.
// Rules: reference/gs.md §1 "CLUT" (PCSX2 GS/GSClut.cpp; GS manual §3.6).

#include <array>
#include <cstdint>

#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs {

// TEX0.CPSM as the CLUT unit sees it: CPSM & 0xA, so PSMCT24 acts as PSMCT32 and only 0 (CT32), 2 (CT16) and
// 0xA (CT16S) load anything.
inline constexpr uint32_t kClutCpsm32 = 0x0;
inline constexpr uint32_t kClutCpsm16 = 0x2;
inline constexpr uint32_t kClutCpsm16s = 0xa;

constexpr bool is_8bit_clut_index(uint32_t psm) { return psm == 0x13 || psm == 0x1b; }                 // T8, T8H
constexpr bool is_4bit_clut_index(uint32_t psm) { return psm == 0x14 || psm == 0x24 || psm == 0x2c; }  // T4, T4HL/HH

struct ClutLoadPlan {
  // Entries first_entry .. first_entry + count - 1 take the element at addresses[i]: a 32-bit colour split over
  // entry and entry + 256 (`wide`), or a 16-bit one.
  uint32_t first_entry = 0;
  uint32_t count = 0;
  bool wide = false;
  std::array<uint32_t, 256> addresses{};

  // The fields the plan was made from (TEX0's PSM, CBP, CPSM, CSM and CSA; TEXCLUT for CSM2).
  bool made = false;
  uint64_t tex0_fields = 0;
  uint64_t texclut = 0;
  bool made_for(const Tex0& tex0, const Texclut& texclut) const;
};

// The plan of a load with these fields (count 0 when the load writes nothing).
ClutLoadPlan plan_clut_load(const Tex0& tex0, const Texclut& texclut);

}  // namespace gcvu::gs
