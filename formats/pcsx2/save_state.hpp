#pragma once
// A PCSX2 save state (.p2s): a zip of memory images and device blobs (reference/vif-gif-formats.md §4b). This
// reads the version entry, the entry list, and the parts gcvu needs: EE RAM, scratchpad, VU1 data and micro
// memory, the EE hardware registers (with the VIF1, DMAC channel 1 and DMAC control registers by name) and the
// GS state blob, and from "PCSX2 Internal Structures.dat" (internal_structures.hpp, laid out by the same version)
// the live VIF1 ROW/COL and VIFcode in progress, VU0's and VU1's registers, and the GS privileged registers.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "formats/pcsx2/ee_hw_registers.hpp"
#include "formats/pcsx2/gs_dump_state.hpp"
#include "formats/pcsx2/internal_structures.hpp"
#include "formats/pcsx2/zip_archive.hpp"

namespace gcvu::formats {

// PCSX2's g_SaveVersion (pcsx2/SaveState.h). A state loads only if its upper 16 bits are equal and it is not
// newer than this (CheckVersion).
inline constexpr uint32_t kSaveStateVersion = 0x9a59u << 16;
inline constexpr size_t kSaveStateVersionTagSize = 32;
inline constexpr std::string_view kSaveStateVersionEntry = "PCSX2 Savestate Version.id";
inline constexpr std::string_view kInternalStructuresEntry = "PCSX2 Internal Structures.dat";

inline constexpr uint32_t kEeMemorySize = 32u << 20;
inline constexpr uint32_t kEeMemorySizeExtended = 128u << 20;  // with PCSX2's extra (devkit) RAM enabled
inline constexpr uint32_t kScratchpadSize = 16u << 10;
inline constexpr uint32_t kVu1MemorySize = 16u << 10;
inline constexpr uint32_t kVu1MicroMemorySize = 16u << 10;
// The largest save state file read: twice the largest entry the zip reader accepts. A state with 128 MiB of EE RAM
// stored uncompressed is about 140 MiB; PCSX2's compressed states are 5-40 MiB.
inline constexpr uint64_t kMaxSaveStateFileBytes = 2 * ZipArchive::kMaxEntrySize;

struct SaveState {
  uint32_t version = 0;
  std::string version_tag;  // the PCSX2 git tag, or "Unknown"
  std::vector<ZipEntry> entries;
  std::vector<uint8_t> ee_memory;  // 32 MiB, or 128 MiB
  std::vector<uint8_t> scratchpad;
  std::vector<uint8_t> vu1_memory;
  std::vector<uint8_t> vu1_micro_memory;
  std::vector<uint8_t> ee_hw_registers;  // 0x10000000-0x1000FFFF
  Vif1Registers vif1;
  DmaChannelRegisters vif1_dma;
  DmacControlRegisters dmac;
  std::vector<uint8_t> gs_blob;  // GS.bin as stored; gs.local_memory_offset points into it
  GsDumpState gs;
  // Absent only when the state has no Internal Structures entry (PCSX2 always writes one).
  std::optional<InternalStructures> internal;
};

// What read_save_state materialises. Every entry it needs is looked up, and its size in the central directory
// checked against the format, whatever these say; only the decompression of the large images is optional.
struct SaveStateReadOptions {
  // false: eeMemory.bin (32 or 128 MiB) and GS.bin (4 MiB of GS memory) are checked for presence, declared size
  // (and, for zstd, a compressed size within what an encoder writes) but not decompressed: ee_memory, gs_blob and gs
  // stay empty. For callers that only check or list a state's small parts, the fuzz target among them (it stays
  // fast while every small entry still goes through zstd, CRC-32 and the field readers).
  bool large_images = true;
};

// Throws FormatError naming `source` (or "<source>:<entry>" for a fault inside an entry) for data that is not a
// readable zip, a missing or short version entry, an unsupported version, a missing required entry, an entry of
// the wrong size, corrupt compressed data, a GS blob its reader rejects, or an Internal Structures entry that is
// not laid out as this version writes it.
SaveState read_save_state(std::span<const uint8_t> bytes, const std::string& source,
                          const SaveStateReadOptions& options = {});

}  // namespace gcvu::formats
