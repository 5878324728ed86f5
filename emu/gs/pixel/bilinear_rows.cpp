#include "emu/gs/pixel/bilinear_rows.hpp"

#include <immintrin.h>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/pixel/avx2_texel_math.hpp"
#include "emu/gs/pixel/pixel_math.hpp"

namespace gcvu::gs::pixel {

void quad_index_row_portable(const int32_t* u, const int32_t* v, int count, const TexelWrap& k,
                             const QuadIndices& out) {
  for (int i = 0; i < count; i++) {
    const int32_t x0 = u[i] >> 16, y0 = v[i] >> 16;  // always within int16
    const int32_t x1 = static_cast<int16_t>(static_cast<uint16_t>(x0 + 1));
    const int32_t y1 = static_cast<int16_t>(static_cast<uint16_t>(y0 + 1));
    const uint32_t xw0 = static_cast<uint32_t>(wrap_texel(x0, k.u_lo, k.u_hi, k.u_repeat));
    const uint32_t xw1 = static_cast<uint32_t>(wrap_texel(x1, k.u_lo, k.u_hi, k.u_repeat));
    const uint32_t r0 = static_cast<uint32_t>(wrap_texel(y0, k.v_lo, k.v_hi, k.v_repeat)) << k.pitch_log2;
    const uint32_t r1 = static_cast<uint32_t>(wrap_texel(y1, k.v_lo, k.v_hi, k.v_repeat)) << k.pitch_log2;
    out.quad[0][i] = (r0 + xw0) & k.mask;
    out.quad[1][i] = (r0 + xw1) & k.mask;
    out.quad[2][i] = (r1 + xw0) & k.mask;
    out.quad[3][i] = (r1 + xw1) & k.mask;
    out.u_frac[i] = (u[i] & 0xffff) >> 12;
    out.v_frac[i] = (v[i] & 0xffff) >> 12;
  }
}

void bilinear_row_portable(const uint32_t* texels, const QuadSamples& in, int count, const Channels& out) {
  for (int i = 0; i < count; i++) {
    const uint32_t c00 = texels[in.quad[0][i]], c01 = texels[in.quad[1][i]];
    const uint32_t c10 = texels[in.quad[2][i]], c11 = texels[in.quad[3][i]];
    const int32_t uf = in.u_frac[i], vf = in.v_frac[i];
    auto channel = [&](int shift) {
      const int32_t t00 = (c00 >> shift) & 0xff, t01 = (c01 >> shift) & 0xff;
      const int32_t t10 = (c10 >> shift) & 0xff, t11 = (c11 >> shift) & 0xff;
      return lerp4(lerp4(t00, t01, uf), lerp4(t10, t11, uf), vf);
    };
    out.r[i] = channel(0), out.g[i] = channel(8), out.b[i] = channel(16), out.a[i] = channel(24);
  }
}

namespace {

using namespace avx2;

// The lanes of a last group of `left` pixels (1-7): all ones in lanes 0 .. left - 1.
[[gnu::target("avx2")]] inline __m256i first_lanes(int left) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(left), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// Whole groups of eight, then the last few pixels as one group with masked loads and stores (nothing past `count`
// is read or written; the lanes' arithmetic is the groups'). Runs are short in game frames (small triangles, and
// mip runs end where the LOD integer changes), so the tails were most of the pixels: the demo frame spent more in the
// portable per-pixel tail than in the groups. The tail stays inside the AVX function, before its vzeroupper: built
// outside it, GCC passed the tail's arguments in ymm registers after the vzeroupper, and with dirty upper halves the
// SSE pixel stages after this one ran three times slower (measured on the AMD Zen machine).
// Lambdas do not take the target attribute, hence these two helpers.
[[gnu::target("avx2")]] inline void quad_group(__m256i uu, __m256i vv, const WrapRegs& regs, __m256i quad[4],
                                               __m256i& u_frac, __m256i& v_frac) {
  const __m256i low16 = _mm256_set1_epi32(0xffff);
  quad_indices8(uu, vv, regs, quad);
  u_frac = _mm256_srli_epi32(_mm256_and_si256(uu, low16), 12);
  v_frac = _mm256_srli_epi32(_mm256_and_si256(vv, low16), 12);
}

[[gnu::target("avx2")]] inline void bilinear_group(const __m256i c[4], __m256i uf, __m256i vf, __m256i& r, __m256i& g,
                                                   __m256i& b, __m256i& a) {
  const __m256i low16 = _mm256_set1_epi32(0xffff);
  // Each fraction in both 16-bit halves of its lane.
  const __m256i uf2 = _mm256_or_si256(uf, _mm256_slli_epi32(uf, 16));
  const __m256i vf2 = _mm256_or_si256(vf, _mm256_slli_epi32(vf, 16));
  const __m256i rb = bilinear_pairs(c, 0, uf2, vf2), ga = bilinear_pairs(c, 8, uf2, vf2);
  r = _mm256_and_si256(rb, low16), b = _mm256_srli_epi32(rb, 16);
  g = _mm256_and_si256(ga, low16), a = _mm256_srli_epi32(ga, 16);
}

[[gnu::target("avx2")]] void quad_index_groups(const int32_t* u, const int32_t* v, int count, const TexelWrap& k,
                                               const QuadIndices& out) {
  const WrapRegs regs = wrap_regs(k);
  int i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i quad[4], u_frac, v_frac;
    quad_group(load8(u + i), load8(v + i), regs, quad, u_frac, v_frac);
    for (int q = 0; q < 4; q++) store8(out.quad[q] + i, quad[q]);
    store8(out.u_frac + i, u_frac);
    store8(out.v_frac + i, v_frac);
  }
  if (i < count) {
    const __m256i lanes = first_lanes(count - i);
    __m256i quad[4], u_frac, v_frac;
    quad_group(_mm256_maskload_epi32(u + i, lanes), _mm256_maskload_epi32(v + i, lanes), regs, quad, u_frac, v_frac);
    for (int q = 0; q < 4; q++) _mm256_maskstore_epi32(reinterpret_cast<int*>(out.quad[q] + i), lanes, quad[q]);
    _mm256_maskstore_epi32(out.u_frac + i, lanes, u_frac);
    _mm256_maskstore_epi32(out.v_frac + i, lanes, v_frac);
  }
  _mm256_zeroupper();
}

[[gnu::target("avx2")]] void bilinear_groups(const uint32_t* texels, const QuadSamples& in, int count,
                                             const Channels& out) {
  int i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i c[4], r, g, b, a;
    for (int q = 0; q < 4; q++) c[q] = fetch8(texels, in.quad[q] + i);
    bilinear_group(c, load8(in.u_frac + i), load8(in.v_frac + i), r, g, b, a);
    store8(out.r + i, r), store8(out.g + i, g), store8(out.b + i, b), store8(out.a + i, a);
  }
  if (i < count) {
    const int left = count - i;
    const __m256i lanes = first_lanes(left);
    __m256i c[4], r, g, b, a;
    for (int q = 0; q < 4; q++) {
      alignas(32) uint32_t index[8] = {};
      for (int k = 0; k < left; k++) index[k] = in.quad[q][i + k];
      c[q] = fetch8(texels, index);  // lanes past the run read texel 0, which a run of one or more texels has
    }
    bilinear_group(c, _mm256_maskload_epi32(in.u_frac + i, lanes), _mm256_maskload_epi32(in.v_frac + i, lanes), r, g, b,
                   a);
    _mm256_maskstore_epi32(out.r + i, lanes, r), _mm256_maskstore_epi32(out.g + i, lanes, g);
    _mm256_maskstore_epi32(out.b + i, lanes, b), _mm256_maskstore_epi32(out.a + i, lanes, a);
  }
  _mm256_zeroupper();
}

}  // namespace

void quad_index_row_avx2(const int32_t* u, const int32_t* v, int count, const TexelWrap& k, const QuadIndices& out) {
  quad_index_groups(u, v, count, k, out);
}

void bilinear_row_avx2(const uint32_t* texels, const QuadSamples& in, int count, const Channels& out) {
  bilinear_groups(texels, in, count, out);
}

QuadIndexRowFn quad_index_row() {
  static const QuadIndexRowFn chosen = cpu_has_avx2() ? quad_index_row_avx2 : quad_index_row_portable;
  return chosen;
}

BilinearRowFn bilinear_row() {
  static const BilinearRowFn chosen = cpu_has_avx2() ? bilinear_row_avx2 : bilinear_row_portable;
  return chosen;
}

}  // namespace gcvu::gs::pixel
