#include "emu/gs/raster/parallel_draw.hpp"

#include <algorithm>
#include <cmath>

namespace gcvu::gs {
namespace {

constexpr int kPagesInMemory = 512;  // 8 KiB pages in the 4 MiB local memory
constexpr int kBlocksPerPage = 32;

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

// Pages [first, last) a buffer of `width` x `height` pixels may touch; false when that range wraps past the end
// of memory, or when rows wider than the buffer width spill into the page rows below (then rows share memory).
struct PageRange {
  int first = 0;
  int last = 0;
};
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

bool overlap(const PageRange& a, const PageRange& b) { return a.first < b.last && b.first < a.last; }

}  // namespace

int parallel_draw_threads(const DrawState& state, const RasterInputs& inputs, const PixelRect& scissor,
                          std::span<const RasterVertex> vertices, const GsConfig& config) {
  if (config.threads <= 1 || vertices.empty()) return 1;
  float left = vertices[0].x, right = left, top = vertices[0].y, bottom = top;
  for (const RasterVertex& v : vertices) {
    left = std::min(left, v.x), right = std::max(right, v.x);
    top = std::min(top, v.y), bottom = std::max(bottom, v.y);
  }
  const double width = std::min<double>(right, scissor.right) - std::max<double>(left, scissor.left);
  const double height = std::min<double>(bottom, scissor.bottom) - std::max<double>(top, scissor.top);
  if (!(width > 0 && height > 0) || width * height < double(config.parallel_min_pixels)) return 1;

  const int extent_w = scissor.right, extent_h = scissor.bottom;
  PageRange frame, zbuf, texture;
  if (!buffer_pages(state.frame.fbp() * kBlocksPerPage, state.frame.psm(), state.frame.fbw(), extent_w, extent_h,
                    frame)) {
    return 1;
  }
  if (inputs.z) {
    if (!buffer_pages(state.zbuf.zbp() * kBlocksPerPage, 0x30 | state.zbuf.psm(), state.frame.fbw(), extent_w, extent_h,
                      zbuf) ||
        overlap(frame, zbuf)) {
      return 1;
    }
  }
  if (inputs.texture) {
    // Mipmap levels live elsewhere; keep it simple and draw those on one thread.
    if (inputs.mip_levels > 0) return 1;
    const bool region_u = state.clamp.wms() >= 2, region_v = state.clamp.wmt() >= 2;
    const int tex_w = region_u ? 1024 : 1 << std::min(state.tex0.tw(), 10u);
    const int tex_h = region_v ? 1024 : 1 << std::min(state.tex0.th(), 10u);
    PageRange tex_pages;
    // A texture wider than its buffer width reads across page rows, which is fine for reading: widen the range.
    const uint32_t tbw = std::max<uint32_t>(state.tex0.tbw(), uint32_t(tex_w + 63) / 64);
    if (!buffer_pages(state.tex0.tbp0(), state.tex0.psm(), tbw, tex_w, tex_h, tex_pages)) return 1;
    texture = tex_pages;
    if (overlap(texture, frame) || (inputs.z && overlap(texture, zbuf))) return 1;
  }
  return config.threads;
}

}  // namespace gcvu::gs
