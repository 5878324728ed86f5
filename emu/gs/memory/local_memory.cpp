#include "emu/gs/memory/local_memory.hpp"

#include <cstring>

#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs {

namespace {
constexpr uint32_t kAddressMask = kLocalMemoryBytes - 1;
}

LocalMemory::LocalMemory() : bytes_(kLocalMemoryBytes) {}

uint32_t LocalMemory::read_pixel(const BufferLayout& layout, uint32_t x, uint32_t y) const {
  return visit_psm(layout.psm,
                   [&](auto psm) { return read_texel<psm.value>(*this, PixelAddress<psm.value>(layout), x, y); });
}

void LocalMemory::write_pixel(const BufferLayout& layout, uint32_t x, uint32_t y, uint32_t value) {
  visit_psm(layout.psm, [&](auto psm) { write_texel<psm.value>(*this, PixelAddress<psm.value>(layout), x, y, value); });
}

uint32_t LocalMemory::read32(uint32_t byte_address) const {
  return detail::load32(bytes_.data(), (byte_address & kAddressMask) >> 2);
}
void LocalMemory::write32(uint32_t byte_address, uint32_t value) {
  detail::store32(bytes_.data(), (byte_address & kAddressMask) >> 2, value);
}
uint16_t LocalMemory::read16(uint32_t byte_address) const {
  return static_cast<uint16_t>(detail::load16(bytes_.data(), (byte_address & kAddressMask) >> 1));
}
void LocalMemory::write16(uint32_t byte_address, uint16_t value) {
  detail::store16(bytes_.data(), (byte_address & kAddressMask) >> 1, value);
}

}  // namespace gcvu::gs
