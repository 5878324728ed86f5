#pragma once
// "PCSX2 Internal Structures.dat", the save state entry that holds PCSX2's private device state, as written by
// save state version 0x9A590000 (PCSX2 ade5762a4, pcsx2/SaveState.cpp FreezeInternals). The entry is the blocks
// of SaveStateBase written one after another with no padding between them: each Freeze(x) writes sizeof(x)
// bytes as the x86-64 build lays x out (padding inside a struct included), and most blocks begin with a 32-byte
// tag, the name NUL-padded (FreezeTag). gcvu reads four places in it:
//
// - The GS privileged registers: gsFreeze writes the 0x2000 bytes of PS2MEM_GS (PMODE at 0x00 ... DISPFB1 0x70,
//   DISPLAY1 0x80, DISPFB2 0x90, DISPLAY2 0xA0, BGCOLOR 0xE0, CSR 0x1000, each a u64) and the u32 gsVideoMode,
//   untagged, right before vuMicroFreeze's tag "vuMicroRegs" (EE-Subsystems order in FreezeInternals).
// - "vuMicroRegs" (VUmicroMem.cpp vuMicroFreeze): VU0's fields, 1570 bytes, then VU1's, 1618 bytes; offsets in
//   internal_structures.cpp (VU.h: VECTOR and REG_VI are 16 bytes; fmacPipe 48, fdivPipe 40, efuPipe 40,
//   ialuPipe 24 with their u64 members 8-aligned).
// - "VIF1dma" (Vif.cpp vif1Freeze): u32 g_vif1Cycles, PCSX2's vifStruct vif1 (Vif_Dma.h, 144 bytes: MaskRow and
//   MaskCol, the live ROW/COL, then the VIFcode in progress), u32 nVif[1].bSize and that many buffered bytes of a
//   half-received UNPACK.
// - "MTVU" (MTVU.cpp mtvuFreeze): the VU thread's four cycle counters, which only a run with the multi-threaded
//   VU1 (MTVU) moves from zero.
// Blocks other than these have layouts gcvu does not need; the tags are found by their 32 bytes, each after the
// one before it, in FreezeInternals' order.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "formats/pcsx2/vu_reg_flags.hpp"

namespace gcvu::formats {

inline constexpr size_t kFreezeTagSize = 32;
inline constexpr size_t kGsPrivilegedBlockSize = 0x2000;
inline constexpr size_t kSavedVu0Size = 1570;
inline constexpr size_t kSavedVu1Size = 1618;
inline constexpr size_t kSavedVifStructSize = 144;
inline constexpr size_t kNewVifBufferSize = 256 * 16;  // nVifStruct::buffer

namespace saved_vi = pcsx2_vi;

// A DIV (fdivPipe) or EFU (efuPipe) result in flight: it lands in Q (P) when `cycle` cycles have passed since
// `start_cycle` of the VU's cycle counter.
struct SavedDivisionPipe {
  bool enabled = false;
  uint32_t result = 0;
  uint64_t start_cycle = 0;
  uint32_t cycles = 0;
  uint32_t status = 0;  // fdivPipe only: the status flag bits (D, I) it sets
  friend bool operator==(const SavedDivisionPipe&, const SavedDivisionPipe&) = default;
};

struct SavedVuRegisters {
  std::array<std::array<uint32_t, 4>, 32> vf{};
  std::array<uint32_t, 32> vi{};  // the first word of each 16-byte slot
  std::array<uint32_t, 4> acc{};
  uint32_t q_latest = 0;  // VURegs::q: the interpreter's latest DIV result (in fdiv while in flight)
  uint32_t p_latest = 0;  // VURegs::p (VU1 only): its latest EFU result
  uint64_t cycle = 0;
  // The interpreter's branch countdown: 1 after a taken branch's pair, so the pair at TPC is its delay slot and
  // then TPC becomes branch_pc (a byte address); take_delay_branch: that delay slot held a taken branch too, to
  // delay_branch_pc.
  uint32_t branch = 0;
  uint32_t branch_pc = 0;
  uint32_t delay_branch_pc = 0;
  bool take_delay_branch = false;
  uint32_t ebit = 0;
  // microVU's second Q/P instances (VURegs::pending_q/pending_p): the result of a DIV/EFU still in flight when a
  // recompiled block ended. Its remaining latency is microVU's own block state, not in these fields.
  uint32_t pending_q = 0;
  uint32_t pending_p = 0;
  uint32_t mac_flag = 0;
  uint32_t status_flag = 0;
  uint32_t clip_flag = 0;
  SavedDivisionPipe fdiv;
  SavedDivisionPipe efu;

  // Between runs PCSX2 keeps TPC as an instruction index (VU1micro.cpp vu1ExecMicro stores addr & 0x7ff;
  // InterpVU1::Execute and microVU shift it left by 3 on entry and back on exit), not the byte address a vutrace
  // snapshot shows.
  uint32_t tpc() const { return vi[saved_vi::kTpc]; }
  friend bool operator==(const SavedVuRegisters&, const SavedVuRegisters&) = default;
};

// PCSX2's vifStruct for VIF1 and the buffered bytes beside it.
struct SavedVif1State {
  uint32_t cycles = 0;  // g_vif1Cycles
  std::array<uint32_t, 4> row{};
  std::array<uint32_t, 4> col{};
  // The VIFcode in progress: cmd is its command byte (0: none); tag_size the 32-bit words still to come; tag_addr
  // the VU byte address an UNPACK writes next; cl the position inside its write cycle; pass the handler's phase.
  uint32_t tag_addr = 0;
  uint32_t tag_size = 0;
  uint32_t tag_cmd = 0;
  uint32_t cmd = 0;
  uint32_t pass = 0;
  uint32_t cl = 0;
  bool done = false;
  uint8_t in_progress = 0;  // bit 0: a DMA tag's data transfer is under way
  bool queued_program = false;
  uint32_t queued_pc = 0;
  std::vector<uint8_t> partial_unpack;  // nVif[1].buffer's first bSize bytes
  friend bool operator==(const SavedVif1State&, const SavedVif1State&) = default;
};

struct InternalStructures {
  std::array<uint8_t, kGsPrivilegedBlockSize> gs_privileged{};
  uint32_t video_mode = 0;
  SavedVuRegisters vu0;
  SavedVuRegisters vu1;
  SavedVif1State vif1;
  std::array<uint32_t, 4> mtvu_cycles{};

  bool vu1_running() const { return (vu0.vi[saved_vi::kVpuStat] & 0x100u) != 0; }
  bool mtvu_was_on() const;
  uint64_t gs_privileged_u64(uint32_t offset) const;  // 8-byte aligned offset in the block
};

// Byte offsets (from each block's start) gcvu reads, for the tests and the fuzz seed builders.
namespace saved_layout {
// VURegs fields in vuMicroFreeze's order: ACC 0, VF 16, VI 528, q 1040; VU1 adds p at 1056, so every later
// field of VU1 is 16 further on; VU1 alone has the xgkick fields (32 bytes at 1185), so from VIBackupCycles on
// VU1's fields are 48 further on than VU0's.
inline constexpr size_t kAcc = 0;
inline constexpr size_t kVf = 16;
inline constexpr size_t kVi = 528;
inline constexpr size_t kQ = 1040;
inline constexpr size_t kVu1P = 1056;
// VU0 offsets; VU1 = these + 16 (and + 40 more from fmac on).
inline constexpr size_t kCycle = 1056;
inline constexpr size_t kBranch = 1076;
inline constexpr size_t kBranchPc = 1080;
inline constexpr size_t kDelayBranchPc = 1084;
inline constexpr size_t kTakeDelayBranch = 1088;  // a 1-byte bool, so ebit and what follows are unaligned
inline constexpr size_t kEbit = 1089;
inline constexpr size_t kPendingQ = 1093;
inline constexpr size_t kPendingP = 1097;
inline constexpr size_t kMacFlag = 1149;
inline constexpr size_t kStatusFlag = 1153;
inline constexpr size_t kClipFlag = 1157;
inline constexpr size_t kVu0Fdiv = 1382;  // VU1: 1430; efu follows fdiv
inline constexpr size_t kVu1Extra = 16 + 32;
inline constexpr size_t kFdivSize = 40;
// vifStruct (Vif_Dma.h): MaskRow 0, MaskCol 16, tag {addr 32, size 36, cmd 40, wl 44, cl 46}, cmd 48, pass 52,
// cl 56, irq 64, done 68, inprogress 128, queued_program 130, queued_pc 132.
inline constexpr size_t kVifRow = 0;
inline constexpr size_t kVifCol = 16;
inline constexpr size_t kVifTagAddr = 32;
inline constexpr size_t kVifTagSize = 36;
inline constexpr size_t kVifTagCmd = 40;
inline constexpr size_t kVifCmd = 48;
inline constexpr size_t kVifPass = 52;
inline constexpr size_t kVifCl = 56;
inline constexpr size_t kVifDone = 68;
inline constexpr size_t kVifInProgress = 128;
inline constexpr size_t kVifQueuedProgram = 130;
inline constexpr size_t kVifQueuedPc = 132;
}  // namespace saved_layout

// Reads the entry's data. Throws FormatError naming `source` and the offset for a missing tag (the entry is not
// of this version's layout), a block cut short, or a buffered-UNPACK size over nVif's 4096-byte buffer.
InternalStructures read_internal_structures(std::span<const uint8_t> data, const std::string& source);

}  // namespace gcvu::formats
