#include "emu/gs/display/pcrtc.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "emu/gs/display/framebuffer_readout.hpp"
#include "emu/gs/registers/privileged_registers.hpp"

namespace gcvu::gs {
namespace {

struct Circuit {
  BufferLayout layout;
  uint32_t source_x = 0;  // DBX, DBY
  uint32_t source_y = 0;
  int32_t x = 0;  // placement in display pixels
  int32_t y = 0;
  uint32_t width = 0;
  uint32_t height = 0;
};

std::optional<Circuit> circuit(std::span<const uint64_t> privileged, bool enabled, uint32_t dispfb_offset,
                               uint32_t display_offset) {
  if (!enabled) return std::nullopt;
  const Dispfb dispfb{privileged[dispfb_offset / 8]};
  const Display display{privileged[display_offset / 8]};
  auto psm = psm_from_code(dispfb.psm());
  if (!psm) return std::nullopt;
  Circuit c;
  c.layout = BufferLayout{dispfb.fbp() << 5, dispfb.fbw(), *psm};
  c.source_x = dispfb.dbx();
  c.source_y = dispfb.dby();
  c.x = static_cast<int32_t>(display.dx() / (display.magh() + 1));
  c.y = static_cast<int32_t>(display.dy() / (display.magv() + 1));
  c.width = (display.dw() + 1) / (display.magh() + 1);
  c.height = (display.dh() + 1) / (display.magv() + 1);
  if (c.width == 0 || c.height == 0) return std::nullopt;
  return c;
}

// Circuit c's pixels on display row y (none when the row misses it): c->width RGBA pixels from display x = c->x.
bool read_circuit_row(const LocalMemory& memory, const std::optional<Circuit>& c, int32_t y,
                      std::vector<uint8_t>& rgba) {
  if (!c || y < c->y || y >= c->y + static_cast<int32_t>(c->height)) return false;
  rgba.resize(size_t{c->width} * 4);
  read_framebuffer_row(memory, c->layout, c->source_x, c->source_y + static_cast<uint32_t>(y - c->y), rgba);
  return true;
}

// The reference path: each display pixel on its own, both circuits sampled through read_pixel and merged there.
std::optional<std::array<uint8_t, 4>> sample(const LocalMemory& memory, const std::optional<Circuit>& c, int32_t x,
                                             int32_t y) {
  if (!c || x < c->x || y < c->y || x >= c->x + static_cast<int32_t>(c->width) ||
      y >= c->y + static_cast<int32_t>(c->height)) {
    return std::nullopt;
  }
  const uint32_t px = c->source_x + static_cast<uint32_t>(x - c->x);
  const uint32_t py = c->source_y + static_cast<uint32_t>(y - c->y);
  return decode_pixel(c->layout.psm, memory.read_pixel(c->layout, px, py));
}

uint8_t mix(uint32_t top, uint32_t bottom, uint32_t alpha) {
  return static_cast<uint8_t>((top * alpha + bottom * (255 - alpha) + 127) / 255);
}

void merge_pixel_by_pixel(const LocalMemory& memory, const Pmode& pmode, const std::array<uint8_t, 4>& background,
                          const std::optional<Circuit>& one, const std::optional<Circuit>& two, int32_t left,
                          int32_t top, formats::Image& image) {
  for (uint32_t y = 0; y < image.height; ++y) {
    for (uint32_t x = 0; x < image.width; ++x) {
      const int32_t dx = left + static_cast<int32_t>(x);
      const int32_t dy = top + static_cast<int32_t>(y);
      const auto c1 = sample(memory, one, dx, dy);
      const auto c2 = sample(memory, two, dx, dy);
      std::array<uint8_t, 4> under = (!pmode.slbg() && c2) ? *c2 : background;
      std::array<uint8_t, 4> out = under;
      if (c1) {
        const uint32_t alpha = pmode.mmod() ? pmode.alp() : std::min<uint32_t>(uint32_t{(*c1)[3]} * 2, 255);
        for (int i = 0; i < 3; ++i) out[i] = mix((*c1)[i], under[i], alpha);
      }
      out[3] = 0xff;
      std::copy(out.begin(), out.end(), image.pixel(x, y));
    }
  }
}

}  // namespace

formats::Image render_display(const LocalMemory& memory, std::span<const uint64_t> privileged, Readout readout) {
  const Pmode pmode{privileged[priv_reg::kPmode / 8]};
  const Bgcolor bgcolor{privileged[priv_reg::kBgcolor / 8]};
  const auto one = circuit(privileged, pmode.en1(), priv_reg::kDispfb1, priv_reg::kDisplay1);
  const auto two = circuit(privileged, pmode.en2(), priv_reg::kDispfb2, priv_reg::kDisplay2);
  if (!one && !two) return formats::Image{};

  int32_t left = INT32_MAX, top = INT32_MAX, right = INT32_MIN, bottom = INT32_MIN;
  for (const auto* c : {&one, &two}) {
    if (!*c) continue;
    left = std::min(left, (*c)->x);
    top = std::min(top, (*c)->y);
    right = std::max(right, (*c)->x + static_cast<int32_t>((*c)->width));
    bottom = std::max(bottom, (*c)->y + static_cast<int32_t>((*c)->height));
  }
  formats::Image image(static_cast<uint32_t>(right - left), static_cast<uint32_t>(bottom - top));
  const std::array<uint8_t, 4> background{static_cast<uint8_t>(bgcolor.r()), static_cast<uint8_t>(bgcolor.g()),
                                          static_cast<uint8_t>(bgcolor.b()), 0};
  if (readout == Readout::kPixelByPixel) {
    merge_pixel_by_pixel(memory, pmode, background, one, two, left, top, image);
    return image;
  }
  // Row by row: the background, circuit 2 over it where it shows (SLBG=0), circuit 1 merged on top, alpha 0xFF.
  const bool over_circuit2 = !pmode.slbg();
  const bool alpha_from_alp = pmode.mmod();
  const uint32_t alp = pmode.alp();
  // (c·255 + u·0 + 127) / 255 = c for every c <= 255: with ALP 0xFF circuit 1 shows as it is (its alpha byte is
  // replaced below), so it is read straight into the picture, and where it covers a whole row nothing under it
  // shows.
  const bool circuit1_opaque = alpha_from_alp && alp == 0xff;
  const bool circuit1_covers_rows = one && circuit1_opaque && one->x == left && one->width == image.width;
  uint32_t background_word;
  std::memcpy(&background_word, background.data(), 4);
  std::vector<uint8_t> row1, row2;
  for (uint32_t y = 0; y < image.height; ++y) {
    const int32_t dy = top + static_cast<int32_t>(y);
    uint8_t* out = image.pixel(0, y);
    const bool row_has_circuit1 = one && dy >= one->y && dy < one->y + static_cast<int32_t>(one->height);
    if (circuit1_covers_rows && row_has_circuit1) {
      // The rows of circuit 1 up to the end of the source's block row, read a block at a time.
      const uint32_t source_y = one->source_y + static_cast<uint32_t>(dy - one->y);
      const uint32_t circuit_rows_left = static_cast<uint32_t>(one->y + static_cast<int32_t>(one->height) - dy);
      const uint32_t count = std::min(8 - (source_y & 7), circuit_rows_left);
      read_framebuffer_block_row(memory, one->layout, one->source_x, source_y, count, image.width, out,
                                 size_t{image.width} * 4, Readout::kRows, ReadAlpha::kOpaque);
      y += count - 1;
      continue;
    }
    for (uint32_t x = 0; x < image.width; ++x) std::memcpy(out + size_t{x} * 4, &background_word, 4);
    if (over_circuit2 && read_circuit_row(memory, two, dy, row2)) {
      std::copy(row2.begin(), row2.end(), out + static_cast<size_t>(two->x - left) * 4);
    }
    if (read_circuit_row(memory, one, dy, row1)) {
      uint8_t* under = out + static_cast<size_t>(one->x - left) * 4;
      if (circuit1_opaque) {
        std::copy(row1.begin(), row1.end(), under);
      } else {
        for (uint32_t x = 0; x < one->width; ++x) {
          const uint8_t* c1 = &row1[size_t{x} * 4];
          uint8_t* pixel = under + size_t{x} * 4;
          const uint32_t alpha = alpha_from_alp ? alp : std::min<uint32_t>(uint32_t{c1[3]} * 2, 255);
          for (int i = 0; i < 3; ++i) pixel[i] = mix(c1[i], pixel[i], alpha);
        }
      }
    }
    set_alpha_opaque(out, image.width);
  }
  return image;
}

}  // namespace gcvu::gs
