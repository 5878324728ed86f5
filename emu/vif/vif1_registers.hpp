#pragma once
// VIF1's registers (reference/vif-gif-formats.md §1.6; EE addresses 0x10003C00 + 0x10·k) as named fields of their
// hardware widths. Fields are packed into 32-bit register words only here (word()/from_word()), the I/O edge that
// `gcvu vif-cases`, tests and a debugger read through.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "emu/vif/register_field.hpp"

namespace gcvu::vif {

// VIFn_STAT: what VIF1 is doing.
struct Vif1Stat {
  // VPS, bits 0-1: 0 idle, 1 waiting for the data of a command, 2 decoding (a VIFcode is held: waiting before it
  // runs, or stalled after an i-bit), 3 transferring a command's data (DIRECT held up by the GIF).
  UField<2> vps;
  bool vew = false;        // bit 2: waiting for VU1 to end (MSCAL*, MSCNT, MPG, FLUSH*)
  bool vgw = false;        // bit 3: waiting for a GIF path (MSCALF, FLUSH, FLUSHA, DIRECT)
  bool mrk = false;        // bit 6: a MARK ran
  bool dbf = false;        // bit 7: double-buffer flag, which half TOPS points at
  bool vss = false;        // bit 8: stopped by FBRST.STP
  bool vfs = false;        // bit 9: stopped by FBRST.FBK
  bool vis = false;        // bit 10: stalled by an i-bit
  bool interrupt = false;  // bit 11 (INT): an i-bit fired
  bool er0 = false;        // bit 12: DMAtag mismatch
  bool er1 = false;        // bit 13: undefined VIFcode
  bool fdr = false;        // bit 23: FIFO direction (0 = EE to VIF1, the only one gcvu models)
  UField<5> fqc;           // bits 24-28: qwords waiting in the FIFO (0-16)

  uint32_t word() const;
  static Vif1Stat from_word(uint32_t word);
};

// VIFn_ERR: which errors are masked.
struct Vif1Err {
  bool mii = false;  // bit 0: ignore i-bits
  bool me0 = false;  // bit 1: mask DMAtag mismatch (ER0)
  bool me1 = false;  // bit 2: mask undefined VIFcodes (ER1): they are skipped instead of stalling

  uint32_t word() const { return (mii ? 1u : 0u) | (me0 ? 2u : 0u) | (me1 ? 4u : 0u); }
  static Vif1Err from_word(uint32_t word) { return {(word & 1) != 0, (word & 2) != 0, (word & 4) != 0}; }
};

// VIFn_FBRST bits (write-only; it reads 0).
inline constexpr uint32_t kFbrstRst = 1u << 0;  // reset VIF1 and empty the FIFO
inline constexpr uint32_t kFbrstFbk = 1u << 1;  // force break (VFS)
inline constexpr uint32_t kFbrstStp = 1u << 2;  // stop at the next VIFcode boundary (VSS)
inline constexpr uint32_t kFbrstStc = 1u << 3;  // cancel a stall: clears VSS VFS VIS INT ER0 ER1

// VIFn_CYCLE: the write cycle of UNPACK (STCYCL).
struct Vif1Cycle {
  UField<8> cl;  // bits 0-7: cycle length (qwords read per block)
  UField<8> wl;  // bits 8-15: write length (qwords written per block; 0 means 256)

  uint32_t word() const { return cl | wl << 8; }
  static Vif1Cycle from_word(uint32_t word) { return {word & 0xff, (word >> 8) & 0xff}; }
};

// Every register by name, in address order (0x10003C00 + 0x10·k, then R0-R3 at 0x3D00, C0-C3 at 0x3D40).
enum class Vif1Reg : uint8_t {
  kStat,
  kFbrst,
  kErr,
  kMark,
  kCycle,
  kMode,
  kNum,
  kMask,
  kCode,
  kItops,
  kBase,
  kOfst,
  kTops,
  kItop,
  kTop,
  kR0,
  kR1,
  kR2,
  kR3,
  kC0,
  kC1,
  kC2,
  kC3,
};
inline constexpr int kVif1RegCount = 23;

std::string_view vif1_register_name(Vif1Reg reg);
// "STAT", "R2", ... (upper case, as the EE manual names them); nullopt for an unknown name.
std::optional<Vif1Reg> vif1_register_from_name(std::string_view name);

struct Vif1Registers {
  Vif1Stat stat;
  Vif1Err err;
  UField<16> mark;    // MARK: IMMEDIATE of the last MARK
  Vif1Cycle cycle;    // CYCLE
  UField<2> mode;     // MODE: UNPACK addition mode (STMOD)
  UField<9> num;      // NUM: qwords an UNPACK still has to write (VIF1 reads 256 for a pending NUM=0), or MPG pairs
  uint32_t mask = 0;  // MASK: 2 bits per field per cycle row (STMASK)
  uint32_t code = 0;  // CODE: the last VIFcode read
  UField<10> itops;   // ITOPS (ITOP command)
  UField<10> base;    // BASE
  UField<10> ofst;    // OFST
  UField<10> tops;    // TOPS: the buffer FLG-UNPACKs write to
  UField<10> itop;    // ITOP: ITOPS latched at the last microprogram start (XITOP)
  UField<10> top;     // TOP: TOPS latched at the last microprogram start (XTOP)
  std::array<uint32_t, 4> row{};  // R0-R3: the ROW registers (STROW, and MODE 2/3 updates)
  std::array<uint32_t, 4> col{};  // C0-C3: the COL registers (STCOL)

  // The register's 32-bit value as the EE would read it (FBRST reads 0).
  uint32_t read(Vif1Reg reg) const;
  // Sets a register's fields from a 32-bit value, as a debugger or a test's starting state does; bits beyond a
  // field's width are dropped. Not the EE's write semantics (FBRST here only stores nothing: use Vif1 for it).
  void write(Vif1Reg reg, uint32_t value);

  // "STAT=00000c02 (VPS=2 VIS INT) CYCLE=00000404 ..." for failure messages.
  std::string to_string() const;
};

}  // namespace gcvu::vif
