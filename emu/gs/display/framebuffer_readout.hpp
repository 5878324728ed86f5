#pragma once
// Reading a rectangle of any buffer in local memory as an 8-bit RGBA image: what `gcvu compare --fbp` and the
// PCRTC look at. Colour formats decode as the GS's read-out does (16-bit: R=(c&31)<<3 ... with no low-bit
// replication, A = bit 15 ? 0x80 : 0; 24-bit: A = 0x80, as PCSX2 treats a 24-bit buffer's alpha as 1.0); Z formats
// show their raw value as if it were the colour format of the same size; indexed formats show the index as grey.
//
// Rows are read whole: one format dispatch per row and the swizzle table's offsets for that row (the readout path).
// PSMCT32 and PSMCT24 rows go a block row (8 rows) at a time: each 8x8 block is 256 contiguous bytes, read once
// for its 8 rows. Readout::kPixelByPixel reads each pixel through LocalMemory::read_pixel instead: the reference path
// the row and block readouts are cross-checked against.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "emu/gs/memory/local_memory.hpp"
#include "formats/png/png.hpp"

namespace gcvu::gs {

struct Rect {
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t width = 0;
  uint32_t height = 0;
};

// kBlocksRowsSwapped: tests only, a deliberately wrong block readout that gives each row pair of a block the other
// row's pixels, so DisplayReadoutCrossCheck can show it would catch rows taken from the wrong half of a column.
enum class Readout : uint8_t { kRows, kPixelByPixel, kBlocksRowsSwapped };

using Rgba = std::array<uint8_t, 4>;

// The alpha byte of the pixels read: as the format decodes it, or 0xFF (what the PCRTC outputs).
enum class ReadAlpha : uint8_t { kDecoded, kOpaque };

// RGBA of one raw pixel value of format `psm`.
Rgba decode_pixel(Psm psm, uint32_t raw);

// RGBA of pixels x .. x + rgba.size() / 4 - 1 of row y of a buffer, 4 bytes each (x wraps at 2048, as
// read_pixel's does).
void read_framebuffer_row(const LocalMemory& memory, const BufferLayout& layout, uint32_t x, uint32_t y,
                          std::span<uint8_t> rgba, Readout readout = Readout::kRows);

// Rows y .. y + count - 1 of a buffer (count >= 1, all in one aligned 8-row block row: (y & 7) + count <= 8), each
// `width` pixels from x, into `rgba` rows `stride` bytes apart: the bytes read_framebuffer_row gives each row, with
// alpha 0xFF under ReadAlpha::kOpaque (set as the blocks are read, instead of in another pass over the rows).
void read_framebuffer_block_row(const LocalMemory& memory, const BufferLayout& layout, uint32_t x, uint32_t y,
                                uint32_t count, uint32_t width, uint8_t* rgba, size_t stride,
                                Readout readout = Readout::kRows, ReadAlpha alpha = ReadAlpha::kDecoded);

// Alpha 0xFF in each of `count` RGBA pixels.
void set_alpha_opaque(uint8_t* rgba, uint32_t count);

formats::Image read_framebuffer(const LocalMemory& memory, const BufferLayout& layout, const Rect& rect,
                                Readout readout = Readout::kRows);

}  // namespace gcvu::gs
