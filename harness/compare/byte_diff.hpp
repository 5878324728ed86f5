#pragma once
// Byte-exact comparison of two raw files, and a picture of where they differ.

#include <cstdint>
#include <optional>
#include <span>

#include "formats/png/png.hpp"

namespace gcvu::harness {

struct ByteDifference {
  uint64_t offset = 0;
  uint8_t a = 0;
  uint8_t b = 0;
};

struct ByteDiff {
  uint64_t size_a = 0;
  uint64_t size_b = 0;
  uint64_t differing_bytes = 0;  // inside the common length
  std::optional<ByteDifference> first;
  uint8_t max_diff = 0;
  bool identical() const { return size_a == size_b && differing_bytes == 0; }
};

ByteDiff diff_bytes(std::span<const uint8_t> a, std::span<const uint8_t> b);

// One pixel per byte, 256 bytes per row: matching bytes dim grey (their value / 4), differing bytes and bytes
// past the end of the shorter file bright red. Refuses inputs whose picture would exceed the PNG size limit.
formats::Image render_byte_diff(std::span<const uint8_t> a, std::span<const uint8_t> b);

}  // namespace gcvu::harness
