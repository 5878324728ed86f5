#include "formats/rc2/shrub_span.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "formats/core/format_error.hpp"

namespace gcvu::formats::rc2 {

bool chunk_signature_at(std::span<const uint8_t> core_data, uint64_t at) {
  const uint64_t words_at = at + kChunkHeaderSize + kChunkZeroBytes;
  if (at < 2 || words_at + 4 * kChunkMinimumTaggedOffsets > core_data.size()) return false;
  if (core_data[at - 2] != kChunkMarker[0] || core_data[at - 1] != kChunkMarker[1]) return false;
  if (core_data[at + kChunkHeaderSize - 1] != 0xff) return false;
  for (size_t i = 0; i < kChunkZeroBytes; ++i) {
    if (core_data[at + kChunkHeaderSize + i] != 0) return false;
  }
  for (size_t i = 0; i < kChunkMinimumTaggedOffsets; ++i) {
    if (core_data[words_at + 4 * i + 3] != 0xf0) return false;
  }
  return true;
}

std::optional<uint64_t> find_chunk_container(std::span<const uint8_t> core_data, uint64_t from) {
  for (uint64_t at = std::max<uint64_t>(from, 2); at + 1 < core_data.size(); ++at) {
    // Cheap first test: the marker pair.
    if (core_data[at - 2] == kChunkMarker[0] && core_data[at - 1] == kChunkMarker[1] &&
        chunk_signature_at(core_data, at)) {
      return at;
    }
  }
  return std::nullopt;
}

std::vector<ShrubSpan> shrub_spans(std::span<const uint8_t> core_data, const std::vector<ClassEntry>& shrubs,
                                   const std::string& source) {
  std::vector<uint32_t> starts;
  for (const ClassEntry& entry : shrubs) {
    if (entry.asset_offset != 0) starts.push_back(entry.asset_offset);
  }
  std::sort(starts.begin(), starts.end());
  if (std::adjacent_find(starts.begin(), starts.end()) != starts.end()) {
    const uint32_t twice = *std::adjacent_find(starts.begin(), starts.end());
    throw FormatError(source, twice, "shrub span bounds: two shrub classes start at the same offset");
  }
  std::vector<ShrubSpan> spans;
  if (starts.empty()) return spans;
  const std::optional<uint64_t> container = find_chunk_container(core_data, starts.back());
  if (!container) {
    throw FormatError(source, starts.back(),
                      "shrub span bounds: no chunk container (f6 7c before a chunk header ending 0xff, ten zero "
                      "bytes, four 0xf0-tagged offsets) after the last shrub class");
  }
  for (size_t i = 0; i < shrubs.size(); ++i) {
    const uint32_t start = shrubs[i].asset_offset;
    if (start == 0) continue;
    const auto next = std::upper_bound(starts.begin(), starts.end(), start);
    const uint64_t end = next == starts.end() ? *container - sizeof(kChunkMarker) : *next;
    spans.push_back(ShrubSpan{i, start, static_cast<uint32_t>(end - start)});
  }
  return spans;
}

}  // namespace gcvu::formats::rc2
