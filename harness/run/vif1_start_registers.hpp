#pragma once
// The VIF1 registers a run from a save state starts with, and where each comes from.
//
// A .p2s holds VIF1's registers in eeHwRegs.bin, but not all of them live (formats/pcsx2/ee_hw_registers.hpp):
// - ROW and COL (R0-R3, C0-C3): PCSX2 keeps the live values in its vifStruct, saved in "PCSX2 Internal
//   Structures.dat" (formats/pcsx2/internal_structures.hpp); the image's slots are never written. They come from
//   there (zero only if a state lacks that entry) unless given (--row, --col).
// - CYCLE, MODE, MASK, ITOP, TOP: with PCSX2's multi-threaded VU1 the VU thread works on its own copy, which the
//   state does not hold; the image holds the EE side's values. An UNPACK or MPG VIF1 was inside is resumed by
//   feeding VIF1 the command again (state_resume.hpp), after these registers are set.
// - ERR, BASE, OFST, ITOPS, TOPS and STAT.DBF are taken from the image as saved.
// Every one can be given instead. A VIF1 stream normally sets what it relies on itself (STCYCL, STMOD, STMASK,
// STROW, STCOL, BASE, OFFSET, ITOP at the top of each packet), so the defaults rarely matter; when they do, the
// run's output names the values used.

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "emu/vif/vif1_registers.hpp"
#include "formats/pcsx2/ee_hw_registers.hpp"
#include "formats/pcsx2/internal_structures.hpp"

namespace gcvu::harness {

struct Vif1StartRegisters {
  std::array<uint32_t, 4> row{};
  std::array<uint32_t, 4> col{};
  uint32_t cycle = 0;
  uint32_t mode = 0;
  uint32_t mask = 0;
  uint32_t err = 0;
  uint32_t base = 0;
  uint32_t ofst = 0;
  uint32_t itops = 0;
  uint32_t tops = 0;
  uint32_t itop = 0;
  uint32_t top = 0;
  bool dbf = false;
};

// The defaults above: the image's values, ROW and COL from `live` (PCSX2's vifStruct), or zero without it.
Vif1StartRegisters vif1_start_from(const formats::Vif1Registers& image, const formats::SavedVif1State* live = nullptr);

// Sets VIF1's registers (fields wider than the hardware's are cut to their width, as the registers hold them).
void apply_vif1_start(const Vif1StartRegisters& start, vif::Vif1Registers& registers);

// "CYCLE 0x00000404 MODE 0 MASK 0x00000000 ... ROW 0x..,0x..,.. COL ..": the values a run used, for its report.
std::string describe_vif1_start(const Vif1StartRegisters& start);

}  // namespace gcvu::harness
