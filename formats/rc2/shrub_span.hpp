#pragma once
// Where each shrub class span ends (reference/rc2-level-formats.md, "Shrub span bounds: resolved"): at the next
// shrub span, and the last at the start of the chunk container, found by its signature: the bytes f6 7c directly
// before a chunk header (16 bytes ending 0xff, then ten zero bytes, then four or more 0xf0-tagged offsets).
//
// The record gives the signature's parts, not their byte positions inside the header; our reading, stated so it can
// be checked: header byte 15 is 0xff; the ten bytes after the header are zero; then 32-bit words follow whose top
// byte is 0xf0 ("tagged offsets"), at least four in a row. The ten zero bytes leave the first word at +26, which is
// not 4-aligned; we read the words unaligned from there. The container is taken to start at the marker (two bytes
// before the header): the record says every shrub body is whole 8-byte records with all-zero padding, which holds
// only if the marker is not part of the last body.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/core_index.hpp"

namespace gcvu::formats::rc2 {

inline constexpr uint8_t kChunkMarker[2] = {0xf6, 0x7c};
inline constexpr size_t kChunkHeaderSize = 16;
inline constexpr size_t kChunkZeroBytes = 10;
inline constexpr size_t kChunkMinimumTaggedOffsets = 4;

// The offset of the first chunk header at or after `from` that the marker precedes, if any.
std::optional<uint64_t> find_chunk_container(std::span<const uint8_t> core_data, uint64_t from);

// True when a chunk header (with its marker two bytes before) starts at `at`.
bool chunk_signature_at(std::span<const uint8_t> core_data, uint64_t at);

struct ShrubSpan {
  size_t index = 0;  // in the shrub class table
  uint32_t offset = 0;
  uint32_t size = 0;
};

// The spans of every shrub class with geometry, in table order. A class ends at the nearest later shrub span start;
// the one with the greatest offset ends at the chunk container's marker. Errors (FormatError naming `source`): two classes at
// one offset; no chunk container after the last span while shrub geometry exists.
std::vector<ShrubSpan> shrub_spans(std::span<const uint8_t> core_data, const std::vector<ClassEntry>& shrubs,
                                   const std::string& source);

}  // namespace gcvu::formats::rc2
