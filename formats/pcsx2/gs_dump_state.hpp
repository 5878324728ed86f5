#pragma once
// The GS state blob of a PCSX2 GS dump (also GS.bin in a .p2s): environment and per-context registers, the vertex
// registers, the image-transfer state, the 4 MiB local memory, the four GIF path states and the internal Q.
// Layout: reference/vif-gif-formats.md §4a. Versions 8 and 9 are read; they differ only in the transfer state.

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace gcvu::formats {

class ByteWriter;

inline constexpr uint32_t kGsLocalMemorySize = 4u << 20;
// Blob sizes PCSX2 writes (GSState::GetSaveStateSize): v9 adds 61 bytes of transfer state after m_tr.x/y.
inline constexpr uint32_t kGsStateSizeV8 = 4194752;
inline constexpr uint32_t kGsStateSizeV9 = 4194813;

// The 12 registers each drawing context keeps, raw 64-bit values.
struct GsDumpContextRegisters {
  uint64_t xyoffset = 0;
  uint64_t tex0 = 0;
  uint64_t tex1 = 0;
  uint64_t clamp = 0;
  uint64_t miptbp1 = 0;
  uint64_t miptbp2 = 0;
  uint64_t scissor = 0;
  uint64_t alpha = 0;
  uint64_t test = 0;
  uint64_t fba = 0;
  uint64_t frame = 0;
  uint64_t zbuf = 0;

  friend bool operator==(const GsDumpContextRegisters&, const GsDumpContextRegisters&) = default;
};

// The host<->local image transfer in progress (PCSX2's GSTransferBuffer). A v9 blob stores it; for v8 it is
// derived the way PCSX2 restores an old state: w/h from TRXREG, copies of the registers, a rectangle at
// (DSAX, DSAY) of that size, counters zero, and `write` set.
struct GsDumpTransferState {
  int32_t x = 0;
  int32_t y = 0;
  int32_t w = 0;
  int32_t h = 0;
  uint64_t bitbltbuf = 0;
  uint64_t trxpos = 0;
  uint64_t trxreg = 0;
  std::array<int32_t, 4> rect{};  // left, top, right, bottom
  int32_t total = 0;
  int32_t start = 0;
  int32_t end = 0;
  bool write = false;
  bool stored = false;  // true when read from the blob (v9), false when derived (v8)

  friend bool operator==(const GsDumpTransferState&, const GsDumpTransferState&) = default;
};

// One GIF path's unpacking state. The tag's NLOOP and NREG fields hold what is still to come, not what the
// original tag said, and REGS are re-packed 4 bits per register.
struct GsDumpGifPathState {
  uint64_t tag_low = 0;   // NLOOP 0-14, EOP 15, PRE 46, PRIM 47-57, FLG 58-59, NREG 60-63
  uint64_t tag_high = 0;  // REGS
  uint32_t register_index = 0;

  uint32_t nloop() const { return static_cast<uint32_t>(tag_low & 0x7fff); }
  uint32_t flg() const { return static_cast<uint32_t>(tag_low >> 58) & 3; }
  uint32_t nreg() const { return static_cast<uint32_t>(tag_low >> 60); }  // raw: 0 means 16

  friend bool operator==(const GsDumpGifPathState&, const GsDumpGifPathState&) = default;
};

struct GsDumpState {
  uint32_t version = 0;
  // Environment registers, in blob order.
  uint64_t prim = 0;
  uint64_t prmodecont = 0;
  uint64_t texclut = 0;
  uint64_t scanmsk = 0;
  uint64_t texa = 0;
  uint64_t fogcol = 0;
  uint64_t dimx = 0;
  uint64_t dthe = 0;
  uint64_t colclamp = 0;
  uint64_t pabe = 0;
  uint64_t bitbltbuf = 0;
  uint64_t trxdir = 0;
  uint64_t trxpos = 0;
  uint64_t trxreg = 0;
  uint64_t trxreg_obsolete = 0;  // a second TRXREG that PCSX2 still writes and ignores on load
  std::array<GsDumpContextRegisters, 2> contexts{};
  // Vertex registers.
  uint64_t rgbaq = 0;
  uint64_t st = 0;
  uint32_t uv = 0;
  uint32_t fog = 0;
  uint64_t xyz = 0;
  GsDumpTransferState transfer;
  // Where the 4 MiB of local memory (native swizzled layout) sit in the bytes the blob was read from; kept as an
  // offset so a dump of hundreds of MB is never copied.
  uint64_t local_memory_offset = 0;
  std::array<GsDumpGifPathState, 4> gif_paths{};
  float q = 1.0f;  // the internal Q that ST writes use

  friend bool operator==(const GsDumpState&, const GsDumpState&) = default;
};

// The blob size PCSX2 writes for `version`, or 0 for a version this reader does not support.
uint32_t gs_state_size(uint32_t version);

// Reads the blob of `state_size` bytes at `state_offset` in `bytes`. Throws FormatError naming `source` for an
// unsupported version ("unsupported GS state version N"), a size that does not match the version, or a blob
// that runs past the end of `bytes`.
GsDumpState read_gs_dump_state(std::span<const uint8_t> bytes, uint64_t state_offset, uint32_t state_size,
                               const std::string& source);

// Appends the blob of `state` with `local_memory` (4 MiB) to `out`, in the layout of its version: what
// read_gs_dump_state reads back, with the 8 obsolete bytes zero (PCSX2 skips them) and, for version 8, no transfer
// state (a v8 blob has none; the derived one is not written). Throws FormatError naming `destination` for an
// unsupported version or local memory that is not 4 MiB.
void write_gs_dump_state(const GsDumpState& state, std::span<const uint8_t> local_memory, ByteWriter& out,
                         const std::string& destination);

}  // namespace gcvu::formats
