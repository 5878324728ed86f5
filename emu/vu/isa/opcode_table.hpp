#pragma once
// The one declarative VU1 opcode table: a row per Opcode with its mnemonic, match/mask, operand descriptors,
// execution unit, latency, effects on hidden state and a one-line semantics note. The decoder, OpInfo,
// assembler, disassembler and tracer all read it; nothing else lists opcodes.
//
// Bit layout (VU User's Manual, as summarised by public emulators and binutils' dvp-opc.c):
//   upper: 31 I, 30 E, 29 M, 28 D, 27 T, 26..25 reserved, 24..21 dest (x=bit 24 .. w=bit 21),
//          20..16 ft, 15..11 fs, 10..6 fd, 5..0 opcode; opcodes 0x3c..0x3f use bits 10..0 (bc = bits 1..0).
//   lower: 31..25 opcode; 0x40 = register group with opcode in bits 5..0, or in bits 10..0 when 5..2 = 1111.
//          VI fields are the low 4 bits of the 5-bit it/is/id fields; ftf = 24..23, fsf = 22..21.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "emu/vu/isa/opcode.hpp"

namespace gcvu::vu {

// The pipeline resource an instruction occupies.
enum class Unit : uint8_t { kNone, kFmac, kFdiv, kEfu, kIalu, kLsu, kBranch, kFlag, kRandom, kGif };
std::string_view unit_name(Unit unit);

// How an operand is encoded, printed and parsed. Field bits are those of the layout above.
enum class OperandKind : uint8_t {
  kNone,
  kVfD,          // fd (10..6)                    VF01
  kVfS,          // fs (15..11)                   VF01
  kVfT,          // ft (20..16)                   VF01
  kVfSDest,      // fs printed with the dest      VF01xyz  (clipw)
  kVfTBc,        // ft printed with the bc field  VF01x    (bc forms, clipw)
  kVfSFsf,       // fs with fsf (22..21)          VF01x
  kVfTFtf,       // ft with ftf (24..23)          VF01w
  kAcc,          // ACC
  kQ,            // Q
  kP,            // P
  kI,            // I
  kR,            // R
  kVi01,         // VI01, implied by the opcode   (fceq, fcand, fcor)
  kViD,          // id (9..6)                     VI01
  kViS,          // is (14..11)                   VI01
  kViT,          // it (19..16)                   VI01
  kMemViS,       // imm11(is)                     -4(VI02)
  kMemViT,       // imm11(it)                     16(VI02) (sq)
  kMemViSDest,   // imm11(is) + dest letters      0(VI02)x (ilw, isw)
  kRegViSDest,   // (is) + dest letters           (VI02)x  (ilwr, iswr)
  kPostIncViS,   // (is++)
  kPostIncViT,   // (it++)
  kPreDecViS,    // (--is)
  kPreDecViT,    // (--it)
  kImm5,         // signed 10..6
  kImm12,        // unsigned, bit 21 then 10..0
  kImm12Up6,     // kImm12 of which only bits 11..6 are stored (FSSET: bit 21 then 10..6; 5..0 don't care)
  kImm15,        // unsigned, 24..21 then 10..0
  kImm24,        // unsigned 23..0
  kBranch,       // signed 11-bit instruction offset from the delay slot, 10..0
};

// Whether the dest field (24..21) is an operand printed as ".xyzw" on the mnemonic.
enum class DestMode : uint8_t { kNone, kFree };

// Effects on state outside the VF/VI operands. OpInfo turns these into read/write sets.
namespace effect {
inline constexpr uint32_t kReadsAcc = 1u << 0;
inline constexpr uint32_t kWritesAcc = 1u << 1;
inline constexpr uint32_t kReadsQ = 1u << 2;
inline constexpr uint32_t kWritesQ = 1u << 3;
inline constexpr uint32_t kReadsI = 1u << 4;
inline constexpr uint32_t kReadsP = 1u << 5;
inline constexpr uint32_t kWritesP = 1u << 6;
inline constexpr uint32_t kReadsR = 1u << 7;
inline constexpr uint32_t kWritesR = 1u << 8;
inline constexpr uint32_t kSetsMacStatus = 1u << 9;  // FMAC result flags: MAC and status (Z, S, U, O + sticky)
inline constexpr uint32_t kReadsMac = 1u << 10;
inline constexpr uint32_t kReadsStatus = 1u << 11;
inline constexpr uint32_t kWritesStatus = 1u << 12;  // FSSET, or D/I set by FDIV when Q lands
inline constexpr uint32_t kReadsClip = 1u << 13;
inline constexpr uint32_t kWritesClip = 1u << 14;
inline constexpr uint32_t kLoad = 1u << 15;          // reads VU data memory
inline constexpr uint32_t kStore = 1u << 16;         // writes VU data memory
inline constexpr uint32_t kBranch = 1u << 17;        // has a delay slot
inline constexpr uint32_t kLink = 1u << 18;          // writes the return address into it
inline constexpr uint32_t kWait = 1u << 19;          // stalls the pair until the unit is idle (WAITQ, WAITP)
inline constexpr uint32_t kGifKick = 1u << 20;       // starts a PATH1 transfer
inline constexpr uint32_t kReadsTop = 1u << 21;      // XTOP/XITOP read VIF1 TOP/ITOP
inline constexpr uint32_t kAlias = 1u << 22;         // a special case of another row (checked: a strict subset)
inline constexpr uint32_t kPseudo = 1u << 23;        // never matched by bits (LOI, Invalid)
}  // namespace effect

struct OpcodeRow {
  Opcode op;
  Slot slot;
  std::string_view name;  // lower-case dvp-as mnemonic; bc rows print the bc letter after it
  uint32_t match;
  uint32_t mask;          // the opcode bits; operand bits and don't-care bits are outside it
  std::array<OperandKind, 3> operands;
  DestMode dest;
  bool bc_suffix;         // bits 1..0 are a free bc field spelled on the mnemonic (addx, mulaw)
  Unit unit;
  uint8_t latency;        // cycles until the result may be read without a stall (0 = no result)
  uint32_t effects;       // effect:: bits
  std::string_view semantics;
  uint32_t canonical = 0;  // the value of the don't-care bits in the canonical encoding (see used_bits)
};

// Bits an operand kind occupies in its word.
constexpr uint32_t operand_bits(OperandKind kind) {
  constexpr uint32_t kFd = 0x1fu << 6, kFs = 0x1fu << 11, kFt = 0x1fu << 16;
  constexpr uint32_t kId = 0xfu << 6, kIs = 0xfu << 11, kIt = 0xfu << 16, kImm11 = 0x7ffu;
  switch (kind) {
    case OperandKind::kVfD: return kFd;
    case OperandKind::kVfS: case OperandKind::kVfSDest: return kFs;
    case OperandKind::kVfT: case OperandKind::kVfTBc: return kFt;
    case OperandKind::kVfSFsf: return kFs | (3u << 21);
    case OperandKind::kVfTFtf: return kFt | (3u << 23);
    case OperandKind::kViD: return kId;
    case OperandKind::kViS: case OperandKind::kRegViSDest: case OperandKind::kPostIncViS:
    case OperandKind::kPreDecViS: return kIs;
    case OperandKind::kViT: case OperandKind::kPostIncViT: case OperandKind::kPreDecViT: return kIt;
    case OperandKind::kMemViS: case OperandKind::kMemViSDest: return kImm11 | kIs;
    case OperandKind::kMemViT: return kImm11 | kIt;
    case OperandKind::kImm5: return 0x1fu << 6;
    case OperandKind::kImm12: return (1u << 21) | kImm11;
    case OperandKind::kImm12Up6: return (1u << 21) | (0x1fu << 6);
    case OperandKind::kImm15: return (0xfu << 21) | kImm11;
    case OperandKind::kImm24: return 0xffffffu;
    case OperandKind::kBranch: return kImm11;
    default: return 0;
  }
}

inline constexpr uint32_t kUpperFlagBits = 0xf8000000u;  // I E M D T
inline constexpr uint32_t kDestBits = 0xfu << 21;
inline constexpr uint32_t kBcBits = 0x3u;

// Every bit a row gives meaning to: its opcode bits, its operands, the dest and bc fields it uses, and on the
// upper word the I/E/M/D/T flags. The other bits are "don't care": the decoder ignores them, and an encoding is
// canonical (what the assembler emits, what the disassembler prints as an instruction) only if they equal
// row.canonical (zero except where dvp-as fixes a field, e.g. dest = xyzw on ESADD).
constexpr uint32_t used_bits(const OpcodeRow& row) {
  uint32_t used = row.mask;
  for (OperandKind kind : row.operands) used |= operand_bits(kind);
  if (row.dest == DestMode::kFree) used |= kDestBits;
  if (row.bc_suffix) used |= kBcBits;
  if (row.slot == Slot::kUpper) used |= kUpperFlagBits;
  return used;
}

// All rows, in Opcode order (opcode_row(op) is opcode_table()[op]).
std::span<const OpcodeRow> opcode_table();
const OpcodeRow& opcode_row(Opcode op);

// Whether `word`'s don't-care bits hold the row's canonical values.
constexpr bool is_canonical(const OpcodeRow& row, uint32_t word) {
  return (word & ~used_bits(row)) == (row.canonical & ~used_bits(row));
}

}  // namespace gcvu::vu
