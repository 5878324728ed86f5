#pragma once
// vutrace trace files (chaoticgd/vutrace, reference/peers.md §4): PCSX2's VU1 interpreter, patched, writes one file
// per microprogram run with the VU1 state after every executed instruction pair.
//
// Layout (all little-endian): "VUTR", u32 version (versions 2 and 3; version 1 files have no header and start with
// their first packet), then packets, each a type byte and a fixed-size body:
//   'I' micro memory, 16 KiB          'M' data memory, 16 KiB
//   'R' registers: VF[32], VI[32], ACC, q, p, 16 bytes each (1072 bytes). Versions 1 and 2 dumped PCSX2's whole
//       VURegs struct instead (1584 and 1552 bytes, as the vutrace viewer reads them); the first 1072 bytes are the
//       same fields, and the rest holds the interpreter's cycle, branch and DIV/EFU pipe state (read into
//       VutraceInterpreterState).
//   'L' / 'S' u32 address, u32 size of the load / store the pair's lower op made
//   'r' (version 3) u8 slot, 16 bytes: replaces one register (0-31 VF, 32-63 VI, 64 ACC, 65 q, 66 p)
//   'm' (version 3) u16 byte address, u32 word: replaces one data-memory word
//   'P' pushes the state built so far as the next snapshot; loads and stores belong to that snapshot only.
// The capture writes I, R and M before the first P, then only what changed; the file ends with a P.
//
// A snapshot is the state *after* its pair executed in PCSX2's interpreter; its TPC (VI slot 26) is the byte address
// of the pair that runs next. PCSX2 keeps the special registers in VI slots 16-31 (status 16, MAC 17, clip 18, R 20,
// I 21, Q 22, P 23, TPC 26); the separate q and p fields hold the DIV/EFU result still in flight.
//
// Memory images are shared between snapshots until a packet changes them, so a long trace that rarely stores costs
// little; versions 1 and 2 write a full 'M' (and often 'I') in every snapshot, and one identical to the image before
// is not copied. VutraceLimits bounds what a hostile file can make the reader allocate.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "formats/pcsx2/vu_reg_flags.hpp"

namespace gcvu::formats {

inline constexpr uint32_t kVutraceLatestVersion = 3;
inline constexpr size_t kVutraceMemoryBytes = 16 * 1024;
inline constexpr size_t kVutraceRegisterBytes = 67 * 16;  // VF[32], VI[32], ACC, q, p
inline constexpr size_t kVutraceRegisterBytesV1 = 1584;
inline constexpr size_t kVutraceRegisterBytesV2 = 1552;
inline constexpr uint8_t kVutraceRegisterSlots = 67;

namespace vutrace_vi = pcsx2_vi;

using VutraceSlot = std::array<uint32_t, 4>;  // one 16-byte register slot as four little-endian words (x..w)
using VutraceMemory = std::array<uint8_t, kVutraceMemoryBytes>;

struct VutraceRegisters {
  std::array<VutraceSlot, 32> vf{};
  std::array<VutraceSlot, 32> vi{};  // the value is in word 0 (VI00-VI15: its low 16 bits)
  VutraceSlot acc{};
  VutraceSlot q{};  // PCSX2's pending FDIV result; the architectural Q is vi[vutrace_vi::kQ]
  VutraceSlot p{};  // pending EFU result; the architectural P is vi[vutrace_vi::kP]

  uint32_t tpc() const { return vi[vutrace_vi::kTpc][0]; }
  // Slot numbering of the 'r' packet: 0-31 VF, 32-63 VI, 64 ACC, 65 q, 66 p.
  VutraceSlot& slot(uint8_t index);
  const VutraceSlot& slot(uint8_t index) const;
  friend bool operator==(const VutraceRegisters&, const VutraceRegisters&) = default;
};

// The address and size PCSX2 recorded for the load or store of a pair's lower op (the byte address it computed,
// before masking to 16 KiB; the size is 16).
struct VutraceAccess {
  uint32_t address = 0;
  uint32_t size = 0;
  friend bool operator==(const VutraceAccess&, const VutraceAccess&) = default;
};

// A DIV (fdivPipe) or EFU (efuPipe) result in flight in PCSX2's interpreter: it lands in Q (P) once the VU's
// cycle counter minus start_cycle reaches `cycles`.
struct VutracePipe {
  bool enabled = false;
  uint32_t result = 0;
  uint32_t start_cycle = 0;
  uint32_t cycles = 0;
  uint32_t status = 0;  // fdiv only: the status flag it writes with Q
  friend bool operator==(const VutracePipe&, const VutracePipe&) = default;
};

// What a version 1 or 2 'R' packet holds besides the registers: the interpreter's own fields of PCSX2's VURegs as
// the tracer's PCSX2 laid them out (the vutrace viewer's pcsx2defs.h, old_pcsx2_structs_v1 / _v2; offsets in
// vutrace.cpp). Version 3 records none of them.
struct VutraceInterpreterState {
  uint32_t cycle = 0;
  // 1 after a taken branch's pair: the pair at TPC is its delay slot, then TPC becomes branch_pc (a byte address).
  uint32_t branch = 0;
  uint32_t branch_pc = 0;
  uint32_t delay_branch_pc = 0;
  bool take_delay_branch = false;  // the delay slot holds a taken branch too
  uint32_t ebit = 0;
  VutracePipe fdiv;
  VutracePipe efu;
  friend bool operator==(const VutraceInterpreterState&, const VutraceInterpreterState&) = default;
};

// Where VutraceInterpreterState's fields sit in a version 1 or 2 'R' body (byte offsets from the body's start),
// worked out from the vutrace viewer's pcsx2defs.h (old_pcsx2_structs_v1: 32-bit build, u32 Mem/Micro, fmacPipe 32
// bytes x 8; old_pcsx2_structs_v2: 64-bit pointers, start_pc and pending_q/p/blockhasmbit added, alignas(16) flag
// arrays, fmacPipe 40 bytes x 4). After VF, VI, ACC, q, p (1072 bytes) both have idx 1072 and cycle 1076. fdivPipe
// is {int enable, REG_VI reg (16), u32 sCycle, u32 Cycle, u32 statusflag}, efuPipe the same without statusflag.
// The struct sizes check the sums: 1584 and 1552 bytes.
struct VutraceVuRegsLayout {
  size_t cycle, branch, branch_pc, delay_branch_pc, take_delay_branch, ebit, fdiv, efu;
  static constexpr size_t kPipeResult = 4, kPipeStartCycle = 20, kPipeCycles = 24, kPipeStatus = 28;
};
inline constexpr VutraceVuRegsLayout kVutraceVuRegsV1{1076, 1088, 1092, 1096, 1100, 1124, 1396, 1428};
inline constexpr VutraceVuRegsLayout kVutraceVuRegsV2{1076, 1092, 1096, 1100, 1104, 1108, 1428, 1460};

struct VutraceSnapshot {
  VutraceRegisters registers;
  std::optional<VutraceInterpreterState> interpreter;  // versions 1 and 2
  std::shared_ptr<const VutraceMemory> data;
  std::shared_ptr<const VutraceMemory> micro;
  std::optional<VutraceAccess> load;
  std::optional<VutraceAccess> store;
};

struct VutraceTrace {
  uint32_t version = kVutraceLatestVersion;  // 1 means the headerless first format
  std::vector<VutraceSnapshot> snapshots;
  // What the reader tolerated, one line each with the byte offset: a version-2 early 'P' skipped, a file cut short
  // (read to its last complete snapshot), TPCs past micro memory masked.
  std::vector<std::string> warnings;
  size_t shared_memory_images = 0;  // full 'M'/'I' packets identical to the image before, kept shared
};

struct VutraceLimits {
  // Bytes the decoded snapshots may take: each snapshot's registers and markers, plus 16 KiB for every memory image
  // a packet changed since the last snapshot. 1 GiB holds ~60,000 snapshots that each stored to memory, or ~900,000
  // that did not: far more than one microprogram run (one trace file) makes, while a few-KiB file of 'm' and 'P'
  // packets cannot make the reader allocate more than this.
  uint64_t max_decoded_bytes = uint64_t{1} << 30;
};

// The largest trace file read whole: the decoded limit or its default, whichever is larger. A trace decodes to more
// bytes than its file holds (a memory packet to a 16 KiB image, a snapshot to a whole register set), so a larger
// file could not be decoded; with a smaller --max-decoded-mib the file is still read, and the decoder names its limit.
constexpr uint64_t vutrace_file_limit(const VutraceLimits& limits) {
  return std::max(limits.max_decoded_bytes, VutraceLimits{}.max_decoded_bytes);
}

// What one snapshot costs against VutraceLimits::max_decoded_bytes, besides memory images.
inline constexpr uint64_t kVutraceSnapshotCost = sizeof(VutraceSnapshot);

// True when the data starts with the "VUTR" magic (versions 2 and later).
bool looks_like_vutrace(std::span<const uint8_t> data);
// True for the magic, or for a headerless version-1 trace recognised by content: an 'I' packet (16 KiB of micro
// memory) followed by another packet type byte ('R', 'M' or 'P'). Needs the first 16386 bytes.
bool looks_like_vutrace_content(std::span<const uint8_t> data);
inline constexpr size_t kVutraceContentProbeBytes = 1 + kVutraceMemoryBytes + 1;

// Reads a whole trace. A file without the magic is read as a headerless version-1 trace when its first byte is an
// 'I' packet (the v1 capture always wrote the micro memory first), else it is not a trace.
// Tolerated, with a warning in VutraceTrace::warnings:
// - a version-2 'P' right after the header (chaoticgd/pcsx2 89cb1d461 pushed once before the first state): skipped;
// - a file that ends inside a packet, or with packets no 'P' pushed (PCSX2 closed before the closing VSync): read
//   up to its last complete snapshot;
// - a TPC of 0x4000 or more (JR/JALR to a VI of 0x800 or more, or running past 0x3ff8; PCSX2 masks it on the next
//   step): masked to 0x3fff as PCSX2 does.
// Throws FormatError naming `source`, the byte offset and the rule for: a missing magic, a version other than 1-3,
// an unknown packet type, a delta packet in a version before 3 or before the full packet it patches, a register
// slot over 66, a memory delta address not a multiple of 4 below 16 KiB, a second L or S in one snapshot, a
// snapshot pushed before R, M and I gave a full state, a TPC that is not a multiple of 8, a file cut short before
// any complete snapshot, and decoded snapshots over `limits.max_decoded_bytes`.
VutraceTrace read_vutrace(std::span<const uint8_t> bytes, const std::string& source, const VutraceLimits& limits = {});

}  // namespace gcvu::formats
