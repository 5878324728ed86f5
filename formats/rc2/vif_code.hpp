#pragma once
// One VIF1 code word as it sits in a stored R&C2 list, and how many bytes it occupies (word plus inline data).
// formats/ includes nothing from emu/, so the length rule lives here too. Source of the rule: the work record
// (reference/rc2-level-formats.md, "The VIF1 code word"), which agrees with reference/vif-gif-formats.md:
//   UNPACK (cmd & 0x60 == 0x60): vn = bits 2-3, vl = bits 0-1 of the command byte; element size
//     ((32 >> vl) * (vn + 1)) / 8; payload num * size padded to 4 bytes (num 0 means 256).
//   STROW/STCOL 16 bytes, STMASK 4, MPG num * 8 (num 0 means 256), DIRECT/DIRECTHL imm * 16 (imm 0 means 65536);
//   every other command is the bare 4-byte word.
// The lists stored on disc use STCYCL with wl <= cl only, where an unpack reads exactly num elements.

#include <cstddef>
#include <cstdint>

namespace gcvu::formats::rc2 {

// Command bytes the stored lists and gcvu's frame chains use (the interrupt bit, bit 7, is masked off first).
inline constexpr uint8_t kVifNop = 0x00;
inline constexpr uint8_t kVifStcycl = 0x01;
inline constexpr uint8_t kVifOffset = 0x02;
inline constexpr uint8_t kVifBase = 0x03;
inline constexpr uint8_t kVifItop = 0x04;
inline constexpr uint8_t kVifStmod = 0x05;
inline constexpr uint8_t kVifFlushe = 0x10;
inline constexpr uint8_t kVifFlush = 0x11;
inline constexpr uint8_t kVifFlusha = 0x13;
inline constexpr uint8_t kVifMscal = 0x14;
inline constexpr uint8_t kVifStmask = 0x20;
inline constexpr uint8_t kVifStrow = 0x30;
inline constexpr uint8_t kVifStcol = 0x31;
inline constexpr uint8_t kVifMpg = 0x4a;
inline constexpr uint8_t kVifDirect = 0x50;
inline constexpr uint8_t kVifDirectHl = 0x51;
inline constexpr uint8_t kVifUnpackBase = 0x60;

struct VifCode {
  uint32_t word = 0;

  uint8_t command() const { return static_cast<uint8_t>((word >> 24) & 0x7f); }
  uint8_t num() const { return static_cast<uint8_t>(word >> 16); }
  uint16_t immediate() const { return static_cast<uint16_t>(word); }
  bool is_unpack() const { return (command() & 0x60) == 0x60; }
  // Unpack fields (meaningful only when is_unpack()).
  unsigned vn() const { return (command() >> 2) & 3; }
  unsigned vl() const { return command() & 3; }
  bool masked() const { return (command() & 0x10) != 0; }
  bool unsigned_data() const { return (immediate() & 0x4000) != 0; }
  bool tops_relative() const { return (immediate() & 0x8000) != 0; }
  unsigned address() const { return immediate() & 0x3ff; }
  // Elements an unpack writes (num 0 means 256).
  unsigned unpack_count() const { return num() == 0 ? 256u : num(); }
  // Bytes one unpack element occupies in the stream.
  unsigned element_size() const { return ((32u >> vl()) * (vn() + 1)) / 8; }
  // Bytes of inline data after the code word.
  size_t payload_size() const;
};

// Builds a code word (for writers): command byte, num and immediate.
constexpr uint32_t vif_word(uint8_t command, uint8_t num, uint16_t immediate) {
  return (uint32_t{command} << 24) | (uint32_t{num} << 16) | immediate;
}
// The unpack command byte for a vn/vl format.
constexpr uint8_t unpack_command(unsigned vn, unsigned vl) {
  return static_cast<uint8_t>(kVifUnpackBase | (vn << 2) | vl);
}

inline constexpr uint32_t kVifNopWord = vif_word(kVifNop, 0, 0);
inline constexpr uint8_t kUnpackV4_32 = unpack_command(3, 0);

}  // namespace gcvu::formats::rc2
