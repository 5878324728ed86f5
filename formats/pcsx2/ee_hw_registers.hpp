#pragma once
// Named registers out of a PCSX2 eeHwRegs.bin: the 64 KiB image of EE hardware registers 0x10000000-0x1000FFFF,
// each register a u32 at its bus address minus 0x10000000 (reference/vif-gif-formats.md §1.6, §3, §4b).
//
// PCSX2 keeps the VIF1 registers in that image (pcsx2/Vif.h maps its VIFregisters over eeHw+0x3C00), with two
// exceptions a reader must know:
// - R0-R3 and C0-C3: PCSX2 never writes these slots. Register writes to ROW/COL and STROW/STCOL go to the
//   MaskRow/MaskCol of its private vifStruct (saved in "PCSX2 Internal Structures.dat"), and register reads come
//   from there too (pcsx2/Vif.cpp vifRead32/vifWrite32), so the image's slots are not the values UNPACK uses.
// - With the multi-threaded VU1, the VU thread works on its own copy of CYCLE, MODE, NUM, MASK, ITOP and TOP;
//   the image holds the EE side's values.
// The VIF's own internal state (the VIFcode in progress, its remaining words) is in vifStruct too, read by
// internal_structures.hpp; the FIFO is in neither.
// DMAC channel 1 (pcsx2/Dmac.h DMACh over eeHw+0x9000) and the DMAC control registers (DMACregisters over
// eeHw+0xE000, D_ENABLER at +0xF520) are kept in the image as the EE reads them.

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace gcvu::formats {

inline constexpr uint32_t kEeHwRegistersSize = 0x10000;
inline constexpr uint32_t kVif1RegistersOffset = 0x3c00;
inline constexpr uint32_t kVif1DmaChannelOffset = 0x9000;
inline constexpr uint32_t kDmacControlOffset = 0xe000;
inline constexpr uint32_t kDmacEnablerOffset = 0xf520;

struct Vif1Registers {
  uint32_t stat = 0;
  uint32_t fbrst = 0;
  uint32_t err = 0;
  uint32_t mark = 0;
  uint32_t cycle = 0;
  uint32_t mode = 0;
  uint32_t num = 0;
  uint32_t mask = 0;
  uint32_t code = 0;
  uint32_t itops = 0;
  uint32_t base = 0;
  uint32_t ofst = 0;
  uint32_t tops = 0;
  uint32_t itop = 0;
  uint32_t top = 0;
  std::array<uint32_t, 4> row{};     // R0-R3 slots of the image: see above, not the live values
  std::array<uint32_t, 4> column{};  // C0-C3, likewise

  friend bool operator==(const Vif1Registers&, const Vif1Registers&) = default;
};

struct DmaChannelRegisters {
  uint32_t chcr = 0;
  uint32_t madr = 0;
  uint32_t qwc = 0;
  uint32_t tadr = 0;
  uint32_t asr0 = 0;
  uint32_t asr1 = 0;
  uint32_t sadr = 0;

  friend bool operator==(const DmaChannelRegisters&, const DmaChannelRegisters&) = default;
};

struct DmacControlRegisters {
  uint32_t ctrl = 0;     // D_CTRL 0x1000E000
  uint32_t stat = 0;     // D_STAT 0x1000E010
  uint32_t pcr = 0;      // D_PCR 0x1000E020
  uint32_t sqwc = 0;     // D_SQWC 0x1000E030
  uint32_t rbsr = 0;     // D_RBSR 0x1000E040
  uint32_t rbor = 0;     // D_RBOR 0x1000E050
  uint32_t stadr = 0;    // D_STADR 0x1000E060
  uint32_t enabler = 0;  // D_ENABLER 0x1000F520 (bit 16 set: all DMA transfers held)

  friend bool operator==(const DmacControlRegisters&, const DmacControlRegisters&) = default;
};

// Each throws FormatError naming `source` if `ee_hw` is not the 64 KiB image.
Vif1Registers read_vif1_registers(std::span<const uint8_t> ee_hw, const std::string& source);
DmaChannelRegisters read_vif1_dma_channel(std::span<const uint8_t> ee_hw, const std::string& source);
DmacControlRegisters read_dmac_control(std::span<const uint8_t> ee_hw, const std::string& source);

}  // namespace gcvu::formats
