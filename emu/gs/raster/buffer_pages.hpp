#pragma once
// Which 8 KiB pages of local memory a buffer of a draw may touch, to prove two buffers never share memory (then
// rows can go to threads, and a draw's frame writes cannot change its Z buffer).

#include <cstdint>

#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/raster/scanline_sink.hpp"

namespace gcvu::gs {

constexpr int kBlocksPerPage = 32;  // 256-byte blocks in an 8 KiB page

// Pages [first, last).
struct PageRange {
  int first = 0;
  int last = 0;
};

// The pages a buffer of `width` x `height` pixels at `base_block` may touch; false when that range wraps past the
// end of memory, or when rows wider than the buffer width spill into the page rows below (then rows share memory).
bool buffer_pages(uint32_t base_block, uint32_t psm, uint32_t width_64, int width, int height, PageRange& range);

inline bool pages_overlap(const PageRange& a, const PageRange& b) { return a.first < b.last && b.first < a.last; }

// The pages of the draw's frame (FRAME) and Z buffer (ZBUF, at the frame's width) over the scissor's extent.
bool frame_pages(const DrawState& state, const PixelRect& scissor, PageRange& range);
bool z_pages(const DrawState& state, const PixelRect& scissor, PageRange& range);

// The draw's frame and Z buffers cannot share a page.
bool frame_and_z_apart(const DrawState& state, const PixelRect& scissor);

}  // namespace gcvu::gs
