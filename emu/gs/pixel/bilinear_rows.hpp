#pragma once
// The bilinear texture lookup of a run of pixels (stage_texture without mipmapping), in two builds that give the
// same bits: one for CPUs with AVX2, eight pixels to a register (the four texels of each quad fetched by gathers,
// red with blue and green with alpha lerped as pairs of 16-bit lanes), and a portable one, one pixel at a time
// with pixel_math.hpp's lerp4. The choice is made once at start-up.

#include <cstdint>

namespace gcvu::gs::pixel {

// How texel coordinates wrap (pixel_math.hpp wrap_texel) and where the texel rows lie.
struct TexelWrap {
  int32_t u_lo = 0, u_hi = 0, v_lo = 0, v_hi = 0;
  bool u_repeat = false, v_repeat = false;
  int pitch_log2 = 3;  // texels per row, log2
  uint32_t mask = 0;   // texel index mask
};

// A TexelWrap as the AVX2 lookup's registers take it (avx2_texel_math.hpp WrapRegs), each value in eight lanes: built
// once per draw, so the fused pass loads a level's limits instead of broadcasting them at each call and each group's
// level (~45 host instructions a level of a mipmapped group, callgrind).
struct alignas(32) WrapLanes {
  int32_t u_lo[8], u_hi[8], v_lo[8], v_hi[8];
  int32_t u_lo16[8], u_hi16[8], v_lo16[8], v_hi16[8];  // the limits as int16 (the clamp's)
  int32_t u_repeat[8], v_repeat[8];                    // all ones where the axis repeats
  int32_t mask[8];
  int32_t pitch_log2 = 3;
};
inline WrapLanes wrap_lanes(const TexelWrap& k) {
  WrapLanes w;
  for (int i = 0; i < 8; i++) {
    w.u_lo[i] = k.u_lo, w.u_hi[i] = k.u_hi, w.v_lo[i] = k.v_lo, w.v_hi[i] = k.v_hi;
    w.u_lo16[i] = static_cast<int16_t>(k.u_lo), w.u_hi16[i] = static_cast<int16_t>(k.u_hi);
    w.v_lo16[i] = static_cast<int16_t>(k.v_lo), w.v_hi16[i] = static_cast<int16_t>(k.v_hi);
    w.u_repeat[i] = k.u_repeat ? -1 : 0, w.v_repeat[i] = k.v_repeat ? -1 : 0;
    w.mask[i] = static_cast<int32_t>(k.mask);
  }
  w.pitch_log2 = k.pitch_log2;
  return w;
}

// The four texel indices of each pixel's bilinear quad (top left, top right, bottom left, bottom right) and its
// 4-bit fractions, from 16.16 texel coordinates already moved half a texel back.
struct QuadIndices {
  uint32_t* quad[4];
  int32_t* u_frac;
  int32_t* v_frac;
};
using QuadIndexRowFn = void (*)(const int32_t* u, const int32_t* v, int count, const TexelWrap& wrap,
                                const QuadIndices& out);

// Each pixel's four texels (texels[quad[k][i]]) blended by its fractions into 8-bit channels.
struct Channels {
  int32_t* r;
  int32_t* g;
  int32_t* b;
  int32_t* a;
};
struct QuadSamples {
  const uint32_t* quad[4];
  const int32_t* u_frac;
  const int32_t* v_frac;
};
using BilinearRowFn = void (*)(const uint32_t* texels, const QuadSamples& in, int count, const Channels& out);

void quad_index_row_portable(const int32_t* u, const int32_t* v, int count, const TexelWrap& wrap,
                             const QuadIndices& out);
void quad_index_row_avx2(const int32_t* u, const int32_t* v, int count, const TexelWrap& wrap,
                         const QuadIndices& out);  // AVX2 CPUs only
void bilinear_row_portable(const uint32_t* texels, const QuadSamples& in, int count, const Channels& out);
void bilinear_row_avx2(const uint32_t* texels, const QuadSamples& in, int count, const Channels& out);  // AVX2 only

// The AVX2 builds where the CPU has AVX2, else the portable ones.
QuadIndexRowFn quad_index_row();
BilinearRowFn bilinear_row();

}  // namespace gcvu::gs::pixel
