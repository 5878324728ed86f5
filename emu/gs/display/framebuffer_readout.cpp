#include "emu/gs/display/framebuffer_readout.hpp"

#include <algorithm>
#include <cstring>

#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs {

namespace {

template <Psm kPsm>
Rgba decode(uint32_t raw) {
  auto byte = [](uint32_t value) { return static_cast<uint8_t>(value & 0xff); };
  if constexpr (kPsm == Psm::kCt32 || kPsm == Psm::kZ32) {
    return {byte(raw), byte(raw >> 8), byte(raw >> 16), byte(raw >> 24)};
  } else if constexpr (kPsm == Psm::kCt24 || kPsm == Psm::kZ24) {
    return {byte(raw), byte(raw >> 8), byte(raw >> 16), 0x80};
  } else if constexpr (kPsm == Psm::kCt16 || kPsm == Psm::kCt16s || kPsm == Psm::kZ16 || kPsm == Psm::kZ16s) {
    return {byte((raw & 0x1f) << 3), byte(((raw >> 5) & 0x1f) << 3), byte(((raw >> 10) & 0x1f) << 3),
            static_cast<uint8_t>((raw & 0x8000) ? 0x80 : 0)};
  } else if constexpr (kPsm == Psm::kT8 || kPsm == Psm::kT8h) {
    return {byte(raw), byte(raw), byte(raw), 0xff};
  } else {
    return {byte(raw * 17), byte(raw * 17), byte(raw * 17), 0xff};  // T4, T4HL, T4HH: 0-15 spread over 0-255
  }
}

}  // namespace

Rgba decode_pixel(Psm psm, uint32_t raw) {
  return visit_psm(psm, [&](auto format) { return decode<format.value>(raw); });
}

void read_framebuffer_row(const LocalMemory& memory, const BufferLayout& layout, uint32_t x, uint32_t y,
                          std::span<uint8_t> rgba, Readout readout) {
  const auto count = static_cast<uint32_t>(rgba.size() / 4);
  if (readout == Readout::kPixelByPixel) {
    for (uint32_t i = 0; i < count; ++i) {
      const Rgba pixel = decode_pixel(layout.psm, memory.read_pixel(layout, x + i, y));
      std::memcpy(&rgba[size_t{i} * 4], pixel.data(), 4);
    }
    return;
  }
  visit_psm(layout.psm, [&](auto format) {
    constexpr Psm kPsm = format.value;
    const uint8_t* bytes = memory.bytes().data();
    const RowAddress<kPsm> row = PixelAddress<kPsm>(layout).row(y);
    // The element addresses a page-row chunk at a time (RowAddress::run reads the offsets in order), then the reads.
    constexpr uint32_t kChunk = 64;
    uint32_t addresses[kChunk];
    for (uint32_t done = 0; done < count; done += kChunk) {
      const uint32_t n = std::min(kChunk, count - done);
      row.run(x + done, n, addresses);
      for (uint32_t i = 0; i < n; ++i) {
        const Rgba pixel = decode<kPsm>(read_element<kPsm>(bytes, addresses[i]));
        std::memcpy(&rgba[size_t{done + i} * 4], pixel.data(), 4);
      }
    }
  });
}

formats::Image read_framebuffer(const LocalMemory& memory, const BufferLayout& layout, const Rect& rect,
                                Readout readout) {
  formats::Image image(rect.width, rect.height);
  if (rect.width == 0) return image;
  for (uint32_t y = 0; y < rect.height; ++y) {
    read_framebuffer_row(memory, layout, rect.x, rect.y + y, {image.pixel(0, y), size_t{rect.width} * 4}, readout);
  }
  return image;
}

}  // namespace gcvu::gs
