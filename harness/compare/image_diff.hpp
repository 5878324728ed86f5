#pragma once
// Pixel-exact comparison of two RGBA images, and the diff picture `gcvu compare --diff` writes.

#include <array>
#include <cstdint>
#include <optional>

#include "formats/png/png.hpp"

namespace gcvu::harness {

struct PixelDifference {
  uint32_t x = 0;
  uint32_t y = 0;
  std::array<uint8_t, 4> a{};
  std::array<uint8_t, 4> b{};
};

struct ImageDiff {
  bool same_size = true;
  uint64_t compared_pixels = 0;
  uint64_t differing_pixels = 0;
  std::optional<PixelDifference> first;       // in row-major order
  std::array<uint8_t, 4> max_channel_diff{};  // R, G, B, A
  bool identical() const { return same_size && differing_pixels == 0; }
};

// Compares the overlapping area; images of different sizes are never identical.
ImageDiff diff_images(const formats::Image& a, const formats::Image& b);

// A picture of the difference, the size of the larger image: matching pixels are `a` dimmed to a quarter of
// their brightness in grey, differing pixels (and pixels outside the overlap) are bright red.
formats::Image render_image_diff(const formats::Image& a, const formats::Image& b);

}  // namespace gcvu::harness
