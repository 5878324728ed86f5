#pragma once
// Reading a rectangle of any buffer in local memory as an 8-bit RGBA image: what `gcvu compare --fbp` and the
// PCRTC look at. Colour formats decode as the GS's read-out does (16-bit: R=(c&31)<<3 ... with no low-bit
// replication, A = bit 15 ? 0x80 : 0; 24-bit: A = 0x80, as PCSX2 treats a 24-bit buffer's alpha as 1.0); Z formats
// show their raw value as if it were the colour format of the same size; indexed formats show the index as grey.

#include <cstdint>

#include "emu/gs/memory/local_memory.hpp"
#include "formats/png/png.hpp"

namespace gcvu::gs {

struct Rect {
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t width = 0;
  uint32_t height = 0;
};

// RGBA of one raw pixel value of format `psm`.
std::array<uint8_t, 4> decode_pixel(Psm psm, uint32_t raw);

formats::Image read_framebuffer(const LocalMemory& memory, const BufferLayout& layout, const Rect& rect);

}  // namespace gcvu::gs
