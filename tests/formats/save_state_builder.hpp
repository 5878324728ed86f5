#pragma once
// Builds PCSX2 save states (.p2s) for the tests, from the documented format (reference/vif-gif-formats.md §4b)
// rather than from gcvu's reader. The zip is written byte by byte (APPNOTE.TXT: local headers, central directory,
// end record) so an entry can use any method id, Zstandard's 93 included, and can carry a wrong size on purpose.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gcvu::test {

enum class ZipMethod : uint16_t { kStored = 0, kDeflate = 8, kZstd = 93 };

struct ZipMember {
  std::string name;
  ZipMethod method = ZipMethod::kStored;
  std::vector<uint8_t> data;  // uncompressed
  // Bytes written as the entry's compressed data instead of compressing `data` (a corrupt stream, say).
  std::optional<std::vector<uint8_t>> compressed_override;
  // The uncompressed size written in both headers instead of data.size().
  std::optional<uint32_t> declared_size;
};

// `data` as an entry of `method` holds it: raw deflate, a zstd frame, or the bytes themselves.
std::vector<uint8_t> compress_for_zip(ZipMethod method, const std::vector<uint8_t>& data);

std::vector<uint8_t> build_zip(const std::vector<ZipMember>& members);

// "PCSX2 Internal Structures.dat" as save state version 0x9a590000 lays it out (PCSX2 ade5762a4, SaveState.cpp
// FreezeInternals), with the blocks gcvu reads as raw bytes a test fills at offsets worked out by hand from
// PCSX2's headers, and the blocks gcvu skips as filler of plausible sizes.
struct InternalStructuresParts {
  std::vector<uint8_t> gs_privileged = std::vector<uint8_t>(0x2000);  // PS2MEM_GS (gsFreeze)
  uint32_t video_mode = 0;
  std::vector<uint8_t> vu0 = std::vector<uint8_t>(1570);  // VU0's fields in vuMicroFreeze's order
  std::vector<uint8_t> vu1 = std::vector<uint8_t>(1618);  // VU1's (VU0's plus p and the xgkick fields)
  uint32_t vif1_cycles = 0;
  std::vector<uint8_t> vif1 = std::vector<uint8_t>(144);  // vifStruct (Vif_Dma.h)
  std::vector<uint8_t> vif1_buffer;                       // nVif[1].buffer's first bSize bytes
  std::array<uint32_t, 4> mtvu_cycles{};
};

std::vector<uint8_t> build_internal_structures(const InternalStructuresParts& parts);

// The parts of a save state the tests set, with PCSX2's sizes by default.
struct SaveStateParts {
  uint32_t version = 0x9a590000;
  std::string tag = "v2.3.100";
  std::vector<uint8_t> ee_memory = std::vector<uint8_t>(32u << 20);
  std::vector<uint8_t> scratchpad = std::vector<uint8_t>(16u << 10);
  std::vector<uint8_t> vu1_memory = std::vector<uint8_t>(16u << 10);
  std::vector<uint8_t> vu1_micro_memory = std::vector<uint8_t>(16u << 10);
  std::vector<uint8_t> ee_hw_registers = std::vector<uint8_t>(64u << 10);
  std::vector<uint8_t> gs_blob;         // empty: a version 9 blob of zeroes (4194813 bytes)
  ZipMethod method = ZipMethod::kZstd;  // for every entry but the screenshot, which PCSX2 always stores
  InternalStructuresParts internal;
  bool screenshot = false;  // a stored Screenshot.png (a 1x1 PNG), as PCSX2 writes one
};

// Little-endian u32 at `offset` of `bytes`.
void put_u32(std::vector<uint8_t>& bytes, size_t offset, uint32_t value);

// The entries PCSX2 writes that gcvu reads, in PCSX2's order, plus a few it does not read.
std::vector<ZipMember> save_state_members(const SaveStateParts& parts);
std::vector<uint8_t> build_save_state(const SaveStateParts& parts);

}  // namespace gcvu::test
