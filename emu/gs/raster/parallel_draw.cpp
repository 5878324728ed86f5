#include "emu/gs/raster/parallel_draw.hpp"

#include <algorithm>
#include <cmath>

#include "emu/gs/raster/buffer_pages.hpp"

namespace gcvu::gs {

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

  PageRange frame, zbuf, texture;
  if (!frame_pages(state, scissor, frame)) return 1;
  if (inputs.z && (!z_pages(state, scissor, zbuf) || pages_overlap(frame, zbuf))) return 1;
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
    if (pages_overlap(texture, frame) || (inputs.z && pages_overlap(texture, zbuf))) return 1;
  }
  return config.threads;
}

}  // namespace gcvu::gs
