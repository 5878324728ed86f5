#include "emu/gs/raster/buffer_pages.hpp"

#include <algorithm>

namespace gcvu::gs {
namespace {

constexpr int kPagesInMemory = 512;  // 8 KiB pages in the 4 MiB local memory

struct PageShape {
  int width_log2;
  int height_log2;
};

// Page size in pixels by format: 32-bit layouts (CT32/24, Z32/24, T8H, T4HL/HH) 64x32, 16-bit 64x64,
// T8 128x64, T4 128x128.
PageShape page_shape(uint32_t psm) {
  if (psm == 0x13) return {7, 6};
  if (psm == 0x14) return {7, 7};
  if ((psm & 0x0f) == 0x02 || (psm & 0x0f) == 0x0a) return {6, 6};
  return {6, 5};
}

}  // namespace

bool buffer_pages(uint32_t base_block, uint32_t psm, uint32_t width_64, int width, int height, PageRange& range) {
  const PageShape shape = page_shape(psm);
  const int page_w = 1 << shape.width_log2, page_h = 1 << shape.height_log2;
  const int row_pages = std::max(1, int(width_64) * 64 / page_w);
  const int columns = (width + page_w - 1) / page_w;
  if (int(width_64) * 64 < width) return false;
  const int rows = (height + page_h - 1) / page_h;
  range.first = int(base_block) / kBlocksPerPage;
  // An unaligned base spreads the last page's blocks into the next page.
  range.last = range.first + (rows - 1) * row_pages + columns + (base_block % kBlocksPerPage != 0 ? 1 : 0);
  return range.last <= kPagesInMemory;
}

bool frame_pages(const DrawState& state, const PixelRect& scissor, PageRange& range) {
  return buffer_pages(state.frame.fbp() * kBlocksPerPage, state.frame.psm(), state.frame.fbw(), scissor.right,
                      scissor.bottom, range);
}

bool z_pages(const DrawState& state, const PixelRect& scissor, PageRange& range) {
  return buffer_pages(state.zbuf.zbp() * kBlocksPerPage, 0x30 | state.zbuf.psm(), state.frame.fbw(), scissor.right,
                      scissor.bottom, range);
}

bool frame_and_z_apart(const DrawState& state, const PixelRect& scissor) {
  PageRange frame, zbuf;
  return frame_pages(state, scissor, frame) && z_pages(state, scissor, zbuf) && !pages_overlap(frame, zbuf);
}

}  // namespace gcvu::gs
