#pragma once
// What `gcvu info` reports about a PCSX2 save state: version, entries, the VIF1 and DMA registers by name, the
// VU1 microprogram's extent and hash, and the GS state version.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/core/hash.hpp"
#include "formats/pcsx2/save_state.hpp"

namespace gcvu::formats {

// The part of a micro memory image that holds a program: up to and including the last doubleword (one VU
// instruction pair, upper and lower) that is not zero. Zeroes past it are unwritten memory, not NOPs.
struct MicroprogramExtent {
  uint32_t bytes = 0;
  uint32_t instructions = 0;  // bytes / 8
  Hash128 hash;               // XXH3-128 of those bytes
};

MicroprogramExtent microprogram_extent(std::span<const uint8_t> micro_memory);

// "key: value" lines for `gcvu info`.
std::vector<std::string> save_state_summary_lines(const SaveState& state);

}  // namespace gcvu::formats
