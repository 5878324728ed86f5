#include "emu/gs/pixel/bilinear_rows.hpp"

#include <immintrin.h>

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

// The whole groups of eight; returns how many pixels it did. The callers finish the rest with the portable build
// outside any AVX function: GCC built the tail's arguments in ymm registers after the vzeroupper, and with dirty
// upper halves the SSE pixel stages after this one ran three times slower (measured on the AMD Zen machine).
[[gnu::target("avx2")]] int quad_index_groups(const int32_t* u, const int32_t* v, int count, const TexelWrap& k,
                                              const QuadIndices& out) {
  const WrapRegs regs = wrap_regs(k);
  const __m256i low16 = _mm256_set1_epi32(0xffff);
  int i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m256i uu = load8(u + i), vv = load8(v + i);
    __m256i quad[4];
    quad_indices8(uu, vv, regs, quad);
    for (int q = 0; q < 4; q++) store8(out.quad[q] + i, quad[q]);
    store8(out.u_frac + i, _mm256_srli_epi32(_mm256_and_si256(uu, low16), 12));
    store8(out.v_frac + i, _mm256_srli_epi32(_mm256_and_si256(vv, low16), 12));
  }
  _mm256_zeroupper();
  return i;
}

[[gnu::target("avx2")]] int bilinear_groups(const uint32_t* texels, const QuadSamples& in, int count,
                                            const Channels& out) {
  const __m256i low16 = _mm256_set1_epi32(0xffff);
  int i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i c[4];
    for (int q = 0; q < 4; q++) c[q] = fetch8(texels, in.quad[q] + i);
    // Each fraction in both 16-bit halves of its lane.
    const __m256i uf = load8(in.u_frac + i), vf = load8(in.v_frac + i);
    const __m256i uf2 = _mm256_or_si256(uf, _mm256_slli_epi32(uf, 16));
    const __m256i vf2 = _mm256_or_si256(vf, _mm256_slli_epi32(vf, 16));
    const __m256i rb = bilinear_pairs(c, 0, uf2, vf2), ga = bilinear_pairs(c, 8, uf2, vf2);
    store8(out.r + i, _mm256_and_si256(rb, low16));
    store8(out.b + i, _mm256_srli_epi32(rb, 16));
    store8(out.g + i, _mm256_and_si256(ga, low16));
    store8(out.a + i, _mm256_srli_epi32(ga, 16));
  }
  _mm256_zeroupper();
  return i;
}

}  // namespace

void quad_index_row_avx2(const int32_t* u, const int32_t* v, int count, const TexelWrap& k, const QuadIndices& out) {
  const int i = quad_index_groups(u, v, count, k, out);
  const QuadIndices tail = {{out.quad[0] + i, out.quad[1] + i, out.quad[2] + i, out.quad[3] + i},
                            out.u_frac + i,
                            out.v_frac + i};
  quad_index_row_portable(u + i, v + i, count - i, k, tail);
}

void bilinear_row_avx2(const uint32_t* texels, const QuadSamples& in, int count, const Channels& out) {
  const int i = bilinear_groups(texels, in, count, out);
  const QuadSamples tail = {{in.quad[0] + i, in.quad[1] + i, in.quad[2] + i, in.quad[3] + i},
                            in.u_frac + i,
                            in.v_frac + i};
  bilinear_row_portable(texels, tail, count - i, {out.r + i, out.g + i, out.b + i, out.a + i});
}

bool cpu_has_avx2() {
  __builtin_cpu_init();  // may run from a static initialiser, before libgcc's own
  return __builtin_cpu_supports("avx2") != 0;
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
