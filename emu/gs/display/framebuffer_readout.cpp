#include "emu/gs/display/framebuffer_readout.hpp"

namespace gcvu::gs {

std::array<uint8_t, 4> decode_pixel(Psm psm, uint32_t raw) {
  auto byte = [](uint32_t value) { return static_cast<uint8_t>(value & 0xff); };
  switch (psm) {
    case Psm::kCt32:
    case Psm::kZ32: return {byte(raw), byte(raw >> 8), byte(raw >> 16), byte(raw >> 24)};
    case Psm::kCt24:
    case Psm::kZ24: return {byte(raw), byte(raw >> 8), byte(raw >> 16), 0x80};
    case Psm::kCt16:
    case Psm::kCt16s:
    case Psm::kZ16:
    case Psm::kZ16s:
      return {byte((raw & 0x1f) << 3), byte(((raw >> 5) & 0x1f) << 3), byte(((raw >> 10) & 0x1f) << 3),
              static_cast<uint8_t>((raw & 0x8000) ? 0x80 : 0)};
    case Psm::kT8:
    case Psm::kT8h: return {byte(raw), byte(raw), byte(raw), 0xff};
    case Psm::kT4:
    case Psm::kT4hl:
    case Psm::kT4hh: return {byte(raw * 17), byte(raw * 17), byte(raw * 17), 0xff};  // 0-15 spread over 0-255
  }
  return {0, 0, 0, 0};
}

formats::Image read_framebuffer(const LocalMemory& memory, const BufferLayout& layout, const Rect& rect) {
  formats::Image image(rect.width, rect.height);
  for (uint32_t y = 0; y < rect.height; ++y) {
    for (uint32_t x = 0; x < rect.width; ++x) {
      auto rgba = decode_pixel(layout.psm, memory.read_pixel(layout, rect.x + x, rect.y + y));
      std::copy(rgba.begin(), rgba.end(), image.pixel(x, y));
    }
  }
  return image;
}

}  // namespace gcvu::gs
