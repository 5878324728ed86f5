#pragma once
// Hand-built draws for the pixel pipeline tests: register values assembled from their fields, spans filled by
// hand, and pixels read back from local memory through gs/memory's addressing.

#include <cstdint>
#include <cstring>
#include <vector>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/memory/pixel_address.hpp"
#include "emu/gs/pixel/pixel_pipeline.hpp"

namespace gcvu::test::pixel {

using namespace gcvu::gs;

inline uint64_t field(uint64_t v, unsigned lo) { return v << lo; }

inline uint64_t prim_bits(bool tme, bool fge, bool abe, bool fst, uint32_t type = 3) {
  return type | field(tme, 4) | field(fge, 5) | field(abe, 6) | field(fst, 8);
}
inline uint64_t frame_bits(uint32_t fbp, uint32_t fbw, uint32_t psm, uint32_t fbmsk = 0) {
  return fbp | field(fbw, 16) | field(psm, 24) | field(fbmsk, 32);
}
// ZBUF as the rasterizer hands it to the pipeline: PSM bits 4-5 set, the Z swizzle (gs/pixel/draw_state.hpp).
inline uint64_t zbuf_bits(uint32_t zbp, uint32_t psm, bool zmsk = false) {
  return zbp | field(psm | 0x30, 24) | field(zmsk, 32);
}
inline uint64_t test_bits(bool ate, uint32_t atst, uint32_t aref, uint32_t afail, bool date, bool datm, bool zte,
                          uint32_t ztst) {
  return ate | field(atst, 1) | field(aref, 4) | field(afail, 12) | field(date, 14) | field(datm, 15) | field(zte, 16) |
         field(ztst, 17);
}
inline uint64_t alpha_bits(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t fix) {
  return a | field(b, 2) | field(c, 4) | field(d, 6) | field(fix, 32);
}
inline uint64_t tex0_bits(uint32_t tbp, uint32_t tbw, uint32_t psm, uint32_t tw, uint32_t th, bool tcc, uint32_t tfx,
                          uint32_t cbp = 0, uint32_t cpsm = 0, uint32_t csa = 0) {
  return tbp | field(tbw, 14) | field(psm, 20) | field(tw, 26) | field(th, 30) | field(tcc, 34) | field(tfx, 35) |
         field(cbp, 37) | field(cpsm, 51) | field(csa, 56);
}
inline uint64_t clamp_bits(uint32_t wms, uint32_t wmt, uint32_t minu, uint32_t maxu, uint32_t minv, uint32_t maxv) {
  return wms | field(wmt, 2) | field(minu, 4) | field(maxu, 14) | field(minv, 24) | field(maxv, 34);
}
inline uint64_t tex1_bits(bool lcm, uint32_t mxl, bool mmag, uint32_t mmin, uint32_t l, int32_t k) {
  return lcm | field(mxl, 2) | field(mmag, 5) | field(mmin, 6) | field(l, 19) |
         field(static_cast<uint32_t>(k) & 0xfff, 32);
}

// A draw to a 64-pixel-wide CT32 frame at page 0 with nothing else enabled.
inline DrawState basic_state() {
  DrawState s;
  s.prim.raw = prim_bits(false, false, false, false);
  s.frame.raw = frame_bits(0, 1, 0x00);
  s.zbuf.raw = zbuf_bits(64, 0x00);
  s.test.raw = 0;
  s.colclamp.raw = 1;
  return s;
}

// Span data owned by the test.
struct SpanData {
  int y = 0, x = 0;
  std::vector<uint32_t> z;
  std::vector<int16_t> r, g, b, a, fog;
  std::vector<int32_t> u, v;
  std::vector<float> s, t, q;

  explicit SpanData(int count, int x0 = 0, int y0 = 0) : y(y0), x(x0) {
    z.assign(count, 0);
    r.assign(count, 0), g.assign(count, 0), b.assign(count, 0), a.assign(count, 0), fog.assign(count, 0);
    u.assign(count, 0), v.assign(count, 0);
    s.assign(count, 0), t.assign(count, 0), q.assign(count, 1.0f);
  }
  void color(int i, int r8, int g8, int b8, int a8) {
    r[i] = static_cast<int16_t>(r8 << 7), g[i] = static_cast<int16_t>(g8 << 7);
    b[i] = static_cast<int16_t>(b8 << 7), a[i] = static_cast<int16_t>(a8 << 7);
  }
  Span span() const {
    Span sp;
    sp.y = y, sp.x = x, sp.count = static_cast<int>(z.size());
    sp.z = z.data(), sp.r = r.data(), sp.g = g.data(), sp.b = b.data(), sp.a = a.data(), sp.fog = fog.data();
    sp.u = u.data(), sp.v = v.data(), sp.s = s.data(), sp.t = t.data(), sp.q = q.data();
    return sp;
  }
};

// Pixels of a buffer through gs/memory's addressing; `z` selects the Z swizzle, `psm16` the 16-bit arrangement.
inline Psm psm32(bool z) { return z ? Psm::kZ32 : Psm::kCt32; }
inline Psm psm16_of(bool z, Psm psm16) {
  if (!z) return psm16;
  return psm16 == Psm::kCt16s ? Psm::kZ16s : Psm::kZ16;
}
inline uint32_t read32(const LocalMemory& m, uint32_t bp, uint32_t bw, uint32_t x, uint32_t y, bool z = false) {
  return m.read_pixel(BufferLayout{bp, bw, psm32(z)}, x, y);
}
inline void write32(LocalMemory& m, uint32_t bp, uint32_t bw, uint32_t x, uint32_t y, uint32_t v, bool z = false) {
  m.write_pixel(BufferLayout{bp, bw, psm32(z)}, x, y, v);
}
inline uint32_t read16(const LocalMemory& m, uint32_t bp, uint32_t bw, uint32_t x, uint32_t y, bool z = false,
                       Psm psm16 = Psm::kCt16) {
  return m.read_pixel(BufferLayout{bp, bw, psm16_of(z, psm16)}, x, y);
}
inline void write16(LocalMemory& m, uint32_t bp, uint32_t bw, uint32_t x, uint32_t y, uint32_t v, bool z = false,
                    Psm psm16 = Psm::kCt16) {
  m.write_pixel(BufferLayout{bp, bw, psm16_of(z, psm16)}, x, y, v);
}

// Runs one span through a draw.
inline void run(const DrawState& st, LocalMemory& mem, const Clut& clut, const SpanData& d) {
  PixelPipeline p(st, mem, clut);
  p.draw_span(d.span());
}
inline void run(const DrawState& st, LocalMemory& mem, const Clut& clut, const SpanData& d, const GsConfig& config) {
  PixelPipeline p(st, mem, clut, config);
  p.draw_span(d.span());
}

}  // namespace gcvu::test::pixel
