// STUB (gs-raster branch only): a minimal per-pixel stage so the rasterizer links and its tests run. It writes
// the span colour (8.7 >> 7, saturated; nearest CT32 texels for MODULATE/DECAL; fog) as PSMCT32/CT24 pixels under FBMSK
// and, with ZTE, tests GEQUAL/GREATER and writes Z. The real pipeline (branch gs-pixel) replaces this file.

#include "emu/gs/pixel/pixel_pipeline.hpp"

#include <algorithm>

namespace gcvu::gs {

struct PixelPipeline::Impl {
  DrawState state;
  LocalMemory& memory;
  RasterInputs inputs;
  uint64_t pixels = 0;
  uint32_t textured(const Span& span, int i) const;
  uint32_t fogged(uint32_t c, int16_t fog) const {
    uint32_t out = c & 0xff000000u;
    for (int ch = 0; ch < 3; ++ch) {
      const int32_t col = int32_t((c >> (8 * ch)) & 0xff);
      const int32_t fc = int32_t((state.fogcol.raw >> (8 * ch)) & 0xff);
      out |= uint32_t((fc + (((col - fc) * int32_t(uint16_t(fog))) >> 15)) & 0xff) << (8 * ch);
    }
    return out;
  }
};

PixelPipeline::PixelPipeline(const DrawState& state, LocalMemory& memory, const Clut&)
    : impl_(std::make_unique<Impl>(Impl{state, memory, {}, 0})) {
  RasterInputs& in = impl_->inputs;
  const Prim prim = state.prim;
  in.z = state.test.zte();
  in.color = true;
  in.fog = prim.fge();
  in.texture = prim.tme();
  const bool sprite = prim.type() == 6;
  in.perspective = prim.tme() && !prim.fst() && !sprite && state.summary.q_min != state.summary.q_max;
}

PixelPipeline::~PixelPipeline() = default;

bool PixelPipeline::draws_nothing() const { return impl_->state.test.zte() && impl_->state.test.ztst() == 0; }

const RasterInputs& PixelPipeline::inputs() const { return impl_->inputs; }

void PixelPipeline::draw_span(const Span& span) {
  Impl& d = *impl_;
  const Frame& frame = d.state.frame;
  const BufferLayout fb{frame.fbp() << 5, frame.fbw(), frame.psm() == 1 ? Psm::kCt24 : Psm::kCt32};
  const Zbuf& zbuf = d.state.zbuf;
  // ZBUF bits 28-29 say whether the Z buffer is addressed with Z swizzle (3) or colour swizzle (0).
  const bool z_swizzle = ((zbuf.raw >> 28) & 3) == 3;
  const bool z24 = (zbuf.psm() & 0xf) == 1;
  const BufferLayout zb{zbuf.zbp() << 5, frame.fbw(),
                        z_swizzle ? (z24 ? Psm::kZ24 : Psm::kZ32) : (z24 ? Psm::kCt24 : Psm::kCt32)};
  const Test& test = d.state.test;
  auto channel = [](const int16_t* c, int i) { return uint32_t(std::clamp(c[i] >> 7, 0, 255)); };
  for (int i = 0; i < span.count; ++i) {
    const uint32_t x = uint32_t(span.x + i), y = uint32_t(span.y);
    if (test.zte() && span.z) {
      const uint32_t zd = d.memory.read_pixel(zb, x, y);
      const uint32_t zs = span.z[i];
      if (test.ztst() == 2 && zs < zd) continue;
      if (test.ztst() == 3 && zs <= zd) continue;
      if (!zbuf.zmsk()) d.memory.write_pixel(zb, x, y, zs);
    }
    uint32_t c = channel(span.r, i) | channel(span.g, i) << 8 | channel(span.b, i) << 16 | channel(span.a, i) << 24;
    if (d.state.prim.tme() && (span.u || span.s)) c = d.textured(span, i);
    if (d.state.prim.fge() && span.fog) c = d.fogged(c, span.fog[i]);
    const uint32_t fbmsk = frame.fbmsk();
    if (fbmsk != 0xffffffffu) d.memory.write_pixel(fb, x, y, (c & ~fbmsk) | (d.memory.read_pixel(fb, x, y) & fbmsk));
    ++d.pixels;
  }
}

// Nearest CT32 texels with REPEAT/CLAMP, MODULATE/DECAL: enough to check the rasterizer's u, v stepping.
uint32_t PixelPipeline::Impl::textured(const Span& span, int i) const {
  const Tex0& tex0 = state.tex0;
  auto wrap = [](int32_t coord, uint32_t log2_size, uint32_t mode) {
    const int32_t size = 1 << std::min(log2_size, 10u);
    if (mode == 1) return std::clamp(coord, 0, size - 1);
    return coord & (size - 1);
  };
  const int32_t u = span.u ? span.u[i] : int32_t(span.s[i] / span.q[i]);
  const int32_t v = span.u ? span.v[i] : int32_t(span.t[i] / span.q[i]);
  const int32_t x = wrap(u >> 16, tex0.tw(), state.clamp.wms());
  const int32_t y = wrap(v >> 16, tex0.th(), state.clamp.wmt());
  const uint32_t t = memory.read_pixel({tex0.tbp0(), tex0.tbw(), Psm::kCt32}, uint32_t(x), uint32_t(y));
  const int16_t* f[4] = {span.r, span.g, span.b, span.a};
  uint32_t out = 0;
  for (int ch = 0; ch < 4; ++ch) {
    const int32_t ct = int32_t((t >> (8 * ch)) & 0xff);
    const int32_t cf = f[ch][i];
    int32_t v;
    if (ch == 3 && !tex0.tcc()) {
      v = std::clamp(cf >> 7, 0, 255);
    } else if (tex0.tfx() == 1) {
      v = ct;
    } else {
      v = std::min((ct * cf) >> 14, 255);
    }
    out |= uint32_t(v) << (8 * ch);
  }
  return out;
}

uint64_t PixelPipeline::pixels_drawn() const { return impl_->pixels; }

}  // namespace gcvu::gs
