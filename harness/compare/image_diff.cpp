#include "harness/compare/image_diff.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace gcvu::harness {

namespace {
std::array<uint8_t, 4> load(const uint8_t* pixel) { return {pixel[0], pixel[1], pixel[2], pixel[3]}; }
}  // namespace

ImageDiff diff_images(const formats::Image& a, const formats::Image& b) {
  ImageDiff diff;
  diff.same_size = a.width == b.width && a.height == b.height;
  uint32_t width = std::min(a.width, b.width);
  uint32_t height = std::min(a.height, b.height);
  diff.compared_pixels = uint64_t{width} * height;
  for (uint32_t y = 0; y < height; ++y) {
    for (uint32_t x = 0; x < width; ++x) {
      const uint8_t* pa = a.pixel(x, y);
      const uint8_t* pb = b.pixel(x, y);
      if (std::memcmp(pa, pb, 4) == 0) continue;
      ++diff.differing_pixels;
      for (int c = 0; c < 4; ++c) {
        auto delta = static_cast<uint8_t>(std::abs(int{pa[c]} - int{pb[c]}));
        diff.max_channel_diff[c] = std::max(diff.max_channel_diff[c], delta);
      }
      if (!diff.first) diff.first = PixelDifference{x, y, load(pa), load(pb)};
    }
  }
  return diff;
}

formats::Image render_image_diff(const formats::Image& a, const formats::Image& b) {
  formats::Image out(std::max(a.width, b.width), std::max(a.height, b.height));
  for (uint32_t y = 0; y < out.height; ++y) {
    for (uint32_t x = 0; x < out.width; ++x) {
      uint8_t* po = out.pixel(x, y);
      bool inside = x < a.width && y < a.height && x < b.width && y < b.height;
      if (inside && std::memcmp(a.pixel(x, y), b.pixel(x, y), 4) == 0) {
        const uint8_t* pa = a.pixel(x, y);
        auto grey = static_cast<uint8_t>((pa[0] * 2 + pa[1] * 5 + pa[2]) / 32);  // luma / 4
        po[0] = po[1] = po[2] = grey;
      } else {
        po[0] = 255;
        po[1] = 0;
        po[2] = 0;
      }
      po[3] = 255;
    }
  }
  return out;
}

}  // namespace gcvu::harness
