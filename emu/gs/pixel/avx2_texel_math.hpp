#pragma once
// Eight-pixel AVX2 helpers of the texture lookup, shared by the bilinear row passes (bilinear_rows.cpp) and the
// fused group passes (fused_groups.cpp). Each is a [[gnu::target("avx2")]] inline function: include this only from
// files whose callers run after a CPU check.

#include <immintrin.h>

#include <cstdint>

#include "emu/gs/pixel/bilinear_rows.hpp"

namespace gcvu::gs::pixel::avx2 {

// wrap_texel on eight coordinates: repeat ((c & lo) | hi) or clamp (max with lo, then min with hi, both as int16),
// the low 16 bits kept. kRepeat: the axis is known to repeat (`repeat` all ones) with lo and hi at most 0x7fff (as
// every repeat axis's limits are: a mask below the 1 << 15 texel size and a 10-bit fix), so only the repeat is
// worked out and it needs no 16-bit cut.
template <bool kRepeat = false>
[[gnu::target("avx2")]] inline __m256i wrap8(__m256i c, __m256i lo, __m256i hi, __m256i lo16, __m256i hi16,
                                             __m256i repeat) {
  const __m256i repeated = _mm256_or_si256(_mm256_and_si256(c, lo), hi);
  if constexpr (kRepeat) return repeated;
  const __m256i clamped = _mm256_min_epi32(_mm256_max_epi32(c, lo16), hi16);
  return _mm256_and_si256(_mm256_blendv_epi8(clamped, repeated, repeat), _mm256_set1_epi32(0xffff));
}
// int16(c + 1) in 32-bit lanes.
[[gnu::target("avx2")]] inline __m256i next_int16(__m256i c) {
  return _mm256_srai_epi32(_mm256_slli_epi32(_mm256_add_epi32(c, _mm256_set1_epi32(1)), 16), 16);
}
// The coordinate after c as the quad's far corner takes it: int16(c + 1), or c + 1 where wrap8<true> masks it.
template <bool kRepeat>
[[gnu::target("avx2")]] inline __m256i next_coordinate(__m256i c) {
  if constexpr (kRepeat) return _mm256_add_epi32(c, _mm256_set1_epi32(1));
  return next_int16(c);
}
// lerp4 on 16-bit lanes: the products of an 8-bit difference and a 4-bit fraction fit, so the arithmetic shift
// gives lerp4's bits.
[[gnu::target("avx2")]] inline __m256i lerp4x16(__m256i a, __m256i b, __m256i f) {
  return _mm256_add_epi16(a, _mm256_srai_epi16(_mm256_mullo_epi16(_mm256_sub_epi16(b, a), f), 4));
}
// Two channels of eight quads (the byte pairs at `shift` and `shift` + 16) blended by fractions in both halves.
[[gnu::target("avx2")]] inline __m256i bilinear_pairs(const __m256i* quad, int shift, __m256i uf2, __m256i vf2) {
  const __m256i pairs = _mm256_set1_epi32(0x00ff00ff);
  __m256i t[4];
  for (int q = 0; q < 4; q++) t[q] = _mm256_and_si256(_mm256_srli_epi32(quad[q], shift), pairs);
  return lerp4x16(lerp4x16(t[0], t[1], uf2), lerp4x16(t[2], t[3], uf2), vf2);
}
// texels[index[0..7]] by eight scalar loads: faster than vpgatherdd on the AMD Zen cores measured here.
[[gnu::target("avx2")]] inline __m256i fetch8(const uint32_t* texels, const uint32_t* index) {
  auto at = [&](int k) { return static_cast<int>(texels[index[k]]); };
  return _mm256_setr_epi32(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7));
}
// The rows of eight quads as the dot-product lerp (bilinear_dot8) takes them: each texel's bytes next to its right
// neighbour's (l.r r.r l.g r.g l.b r.b l.a r.a), pixels 0, 1 and 4, 5 in `lo`, 2, 3 and 6, 7 in `hi` (unpacklo and
// unpackhi's order). From the left and right texels in lanes:
[[gnu::target("avx2")]] inline void interleave_corners8(__m256i left, __m256i right, __m256i& lo, __m256i& hi) {
  lo = _mm256_unpacklo_epi8(left, right), hi = _mm256_unpackhi_epi8(left, right);
}
// Or straight from memory where each right texel follows its left one, by eight 8-byte loads and a byte shuffle.
[[gnu::target("avx2")]] inline void fetch_row_pairs8(const uint32_t* texels, const uint32_t* index, __m256i& lo,
                                                     __m256i& hi) {
  auto pairs = [&](int k) {  // lanes k and k + 1: left, right, left, right
    const __m128i a = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(texels + index[k]));
    const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(texels + index[k + 1]));
    return _mm_unpacklo_epi64(a, b);
  };
  const __m256i byte_pairs = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15, 0, 4, 1, 5, 2, 6, 3,
                                              7, 8, 12, 9, 13, 10, 14, 11, 15);
  lo = _mm256_shuffle_epi8(_mm256_set_m128i(pairs(4), pairs(0)), byte_pairs);
  hi = _mm256_shuffle_epi8(_mm256_set_m128i(pairs(6), pairs(2)), byte_pairs);
}
// One lerp of bilinear_dot8: byte pairs times their weight pairs, summed, shifted back.
[[gnu::target("avx2")]] inline __m256i lerp_dot(__m256i pairs, __m256i weights) {
  return _mm256_srli_epi16(_mm256_maddubs_epi16(pairs, weights), 4);
}
// The vertical lerp's pairs: the top row's value in each word's low byte, the bottom row's in its high byte.
[[gnu::target("avx2")]] inline __m256i stack_rows(__m256i top, __m256i bottom) {
  return _mm256_or_si256(top, _mm256_slli_epi16(bottom, 8));
}
// bilinear_pairs's lerps of eight quads as byte dot products (pmaddubsw): a * (16 - f) + b * f >> 4 is
// a + ((b - a) * f >> 4), since 16 * a is a multiple of 16 and the shift a floor, with every product and sum within
// 16 bits (at most 255 * 16); the vertical lerp takes the horizontal results, at most 255, as bytes again. `top_*`,
// `bottom_*`: the quads' rows (interleave_corners8's layout); `uu`, `vv`: 16.16 coordinates, fractions in bits 12-15.
// Returns the eight filtered texels, four bytes each.
[[gnu::target("avx2")]] inline __m256i bilinear_dot8(__m256i top_lo, __m256i top_hi, __m256i bottom_lo,
                                                     __m256i bottom_hi, __m256i uu, __m256i vv) {
  const __m256i low16 = _mm256_set1_epi32(0xffff), sixteen = _mm256_set1_epi32(16);
  const __m256i uf = _mm256_srli_epi32(_mm256_and_si256(uu, low16), 12);
  const __m256i vf = _mm256_srli_epi32(_mm256_and_si256(vv, low16), 12);
  // Each pixel's weights as a byte pair, 16 - f then f, spread over its four channels.
  const __m256i wu = _mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(uf, 8), uf), sixteen);
  const __m256i wv = _mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(vf, 8), vf), sixteen);
  const __m256i first_two =
      _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5, 0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5);
  const __m256i last_two = _mm256_setr_epi8(8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13, 8, 9, 8, 9, 8, 9, 8,
                                            9, 12, 13, 12, 13, 12, 13, 12, 13);
  const __m256i wu_lo = _mm256_shuffle_epi8(wu, first_two), wu_hi = _mm256_shuffle_epi8(wu, last_two);
  const __m256i lo =
      lerp_dot(stack_rows(lerp_dot(top_lo, wu_lo), lerp_dot(bottom_lo, wu_lo)), _mm256_shuffle_epi8(wv, first_two));
  const __m256i hi =
      lerp_dot(stack_rows(lerp_dot(top_hi, wu_hi), lerp_dot(bottom_hi, wu_hi)), _mm256_shuffle_epi8(wv, last_two));
  return _mm256_packus_epi16(lo, hi);
}
template <typename T>
[[gnu::target("avx2")]] inline __m256i load8(const T* from) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(from));
}
template <typename T>
[[gnu::target("avx2")]] inline void store8(T* to, __m256i value) {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(to), value);
}

// A TexelWrap in registers, and the four quad indices of eight pixels from 16.16 coordinates already moved half a
// texel back (quad_index_row_portable's rules).
struct WrapRegs {
  __m256i u_lo, u_hi, v_lo, v_hi, u_lo16, u_hi16, v_lo16, v_hi16, u_repeat, v_repeat, mask;
  __m128i pitch;
};
[[gnu::target("avx2")]] inline WrapRegs wrap_regs(const TexelWrap& k) {
  return {_mm256_set1_epi32(k.u_lo),
          _mm256_set1_epi32(k.u_hi),
          _mm256_set1_epi32(k.v_lo),
          _mm256_set1_epi32(k.v_hi),
          _mm256_set1_epi32(static_cast<int16_t>(k.u_lo)),
          _mm256_set1_epi32(static_cast<int16_t>(k.u_hi)),
          _mm256_set1_epi32(static_cast<int16_t>(k.v_lo)),
          _mm256_set1_epi32(static_cast<int16_t>(k.v_hi)),
          _mm256_set1_epi32(k.u_repeat ? -1 : 0),
          _mm256_set1_epi32(k.v_repeat ? -1 : 0),
          _mm256_set1_epi32(static_cast<int32_t>(k.mask)),
          _mm_cvtsi32_si128(k.pitch_log2)};
}
// Eight lanes built once per draw (an aligned array of eight).
[[gnu::target("avx2")]] inline __m256i load_lanes(const int32_t* lanes) {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(lanes));
}
[[gnu::target("avx2")]] inline void store_lanes(int32_t* lanes, __m256i value) {
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), value);
}
// The same from its lanes built once per draw (the loads fold into the instructions that use them).
[[gnu::target("avx2")]] inline WrapRegs wrap_regs(const WrapLanes& k) {
  return {load_lanes(k.u_lo),     load_lanes(k.u_hi),     load_lanes(k.v_lo),   load_lanes(k.v_hi),
          load_lanes(k.u_lo16),   load_lanes(k.u_hi16),   load_lanes(k.v_lo16), load_lanes(k.v_hi16),
          load_lanes(k.u_repeat), load_lanes(k.v_repeat), load_lanes(k.mask),   _mm_cvtsi32_si128(k.pitch_log2)};
}
// kRepeat: both axes repeat, their limits at most 0x7fff (wrap8), so the mask drops the bits from 15 up that
// int16(c + 1) would set and the next coordinate is c + 1.
template <bool kRepeat = false>
[[gnu::target("avx2")]] inline void quad_indices8(__m256i uu, __m256i vv, const WrapRegs& k, __m256i quad[4]) {
  const __m256i x0 = _mm256_srai_epi32(uu, 16), y0 = _mm256_srai_epi32(vv, 16);
  const __m256i xw0 = wrap8<kRepeat>(x0, k.u_lo, k.u_hi, k.u_lo16, k.u_hi16, k.u_repeat);
  const __m256i xw1 = wrap8<kRepeat>(next_coordinate<kRepeat>(x0), k.u_lo, k.u_hi, k.u_lo16, k.u_hi16, k.u_repeat);
  const __m256i r0 = _mm256_sll_epi32(wrap8<kRepeat>(y0, k.v_lo, k.v_hi, k.v_lo16, k.v_hi16, k.v_repeat), k.pitch);
  const __m256i r1 = _mm256_sll_epi32(
      wrap8<kRepeat>(next_coordinate<kRepeat>(y0), k.v_lo, k.v_hi, k.v_lo16, k.v_hi16, k.v_repeat), k.pitch);
  quad[0] = _mm256_and_si256(_mm256_add_epi32(r0, xw0), k.mask);
  quad[1] = _mm256_and_si256(_mm256_add_epi32(r0, xw1), k.mask);
  quad[2] = _mm256_and_si256(_mm256_add_epi32(r1, xw0), k.mask);
  quad[3] = _mm256_and_si256(_mm256_add_epi32(r1, xw1), k.mask);
}
// The nearest texel's index (the quad's first corner).
template <bool kRepeat = false>
[[gnu::target("avx2")]] inline __m256i nearest_index8(__m256i uu, __m256i vv, const WrapRegs& k) {
  const __m256i xw = wrap8<kRepeat>(_mm256_srai_epi32(uu, 16), k.u_lo, k.u_hi, k.u_lo16, k.u_hi16, k.u_repeat);
  const __m256i yw = wrap8<kRepeat>(_mm256_srai_epi32(vv, 16), k.v_lo, k.v_hi, k.v_lo16, k.v_hi16, k.v_repeat);
  return _mm256_and_si256(_mm256_add_epi32(_mm256_sll_epi32(yw, k.pitch), xw), k.mask);
}

}  // namespace gcvu::gs::pixel::avx2
