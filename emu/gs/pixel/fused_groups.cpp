#include "emu/gs/pixel/fused_groups.hpp"

#include <immintrin.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/pixel/avx2_texel_math.hpp"
#include "emu/gs/pixel/lod_rows.hpp"

namespace gcvu::gs::pixel {

namespace {

// A lean shape whose textured draws repeat on both axes (fused_groups.hpp).
constexpr bool repeats(FusedShape shape) {
  return shape == FusedShape::kOpaqueRepeat || shape == FusedShape::kAlphaRepeat || shape == FusedShape::kGeneralRepeat;
}
// A lean shape fixes the per-draw choices (fused_groups.hpp); the general ones read them.
constexpr bool lean(FusedShape shape) { return shape != FusedShape::kGeneral && shape != FusedShape::kGeneralRepeat; }

using namespace avx2;

// The eight 32-bit values of a group in a 32-bit arrangement: four pixel pairs 16 bytes apart.
[[gnu::target("avx2")]] inline __m256i load_pairs(const uint8_t* at) {
  const __m128d lo = _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(at))),
                                  reinterpret_cast<const double*>(at + 16));
  const __m128d hi = _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(at + 32))),
                                  reinterpret_cast<const double*>(at + 48));
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_castpd_si128(lo)), _mm_castpd_si128(hi), 1);
}
[[gnu::target("avx2")]] inline void store_pairs(uint8_t* at, __m256i v) {
  const __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(at), lo);
  _mm_storeh_pd(reinterpret_cast<double*>(at + 16), _mm_castsi128_pd(lo));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(at + 32), hi);
  _mm_storeh_pd(reinterpret_cast<double*>(at + 48), _mm_castsi128_pd(hi));
}

// All ones in lane k where bit k of `bits` is set.
[[gnu::target("avx2")]] inline __m256i lane_mask8(uint32_t bits) {
  const __m256i lane_bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
  return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(static_cast<int32_t>(bits)), lane_bit), lane_bit);
}

// Eight uint16-as-stored (static_cast<uint16_t>) values from a span array.
[[gnu::target("avx2")]] inline __m256i load_u16(const int16_t* from) {
  return _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(from)));
}

[[gnu::target("avx2")]] inline __m256i clamp8x8(__m256i v) {
  return _mm256_min_epi32(_mm256_max_epi32(v, _mm256_setzero_si256()), _mm256_set1_epi32(255));
}
// pixel_math.hpp modulate: (ct * 4 * cf) >> 16, the product fits int32.
[[gnu::target("avx2")]] inline __m256i modulate8(__m256i ct, __m256i cf) {
  return _mm256_srai_epi32(_mm256_mullo_epi32(_mm256_slli_epi32(ct, 2), cf), 16);
}
[[gnu::target("avx2")]] inline __m256i select8(__m256i a, __m256i b, __m256i take_b) {
  return _mm256_or_si256(_mm256_andnot_si256(take_b, a), _mm256_and_si256(take_b, b));
}

// pixel_math.hpp fog: FOG + ((C - FOG) * 2 * F >> 16).
[[gnu::target("avx2")]] inline __m256i fog8(__m256i c, __m256i fog_color, __m256i f) {
  const __m256i diff2 = _mm256_slli_epi32(_mm256_sub_epi32(c, fog_color), 1);
  return _mm256_add_epi32(fog_color, _mm256_srai_epi32(_mm256_mullo_epi32(diff2, f), 16));
}
// One channel of the blend: ((A - B) * C >> 7) + D, with c512 = C << 9 (pixel_math.hpp blend_multiply).
struct BlendSelect {
  __m256i a_s, a_d, b_s, b_d, d_s, d_d;
};
[[gnu::target("avx2")]] inline __m256i blend8(__m256i cs, __m256i cd, __m256i c512, const BlendSelect& k) {
  const __m256i pa = _mm256_or_si256(_mm256_and_si256(cs, k.a_s), _mm256_and_si256(cd, k.a_d));
  const __m256i pb = _mm256_or_si256(_mm256_and_si256(cs, k.b_s), _mm256_and_si256(cd, k.b_d));
  const __m256i pd = _mm256_or_si256(_mm256_and_si256(cs, k.d_s), _mm256_and_si256(cd, k.d_d));
  return _mm256_add_epi32(_mm256_srai_epi32(_mm256_mullo_epi32(_mm256_sub_epi32(pa, pb), c512), 16), pd);
}
// The same with A = Cs, B = Cd, C = As, D = Cd.
[[gnu::target("avx2")]] inline __m256i alpha_blend8(__m256i cs, __m256i cd, __m256i c512) {
  return _mm256_add_epi32(_mm256_srai_epi32(_mm256_mullo_epi32(_mm256_sub_epi32(cs, cd), c512), 16), cd);
}
// A channel as stored: wrapped (mask 0xff) or kept, then clamped to 8 bits.
[[gnu::target("avx2")]] inline __m256i out8(__m256i c, __m256i wrap_mask) {
  return clamp8x8(_mm256_and_si256(c, wrap_mask));
}

// The same stages on channel pairs, one channel in each 16-bit half of a lane (r | b << 16, g | a << 16): the
// packed path of the lean textured kernels. Each gives the bits of its 32-bit twin above for the values it gets
// there: an 8-bit texel channel, a colour of any 16 bits, an alpha of at most 511 and a colour of at most 255
// to blend (MODULATE's and DECAL's outputs), so every product and sum fits its 16-bit half.
//
// modulate8 as the high half of the unsigned product (ct * 4 <= 1020, cf < 2^16: the 32-bit product is
// non-negative, so its arithmetic shift is this high half), then the clamp (no lower one: it is non-negative).
[[gnu::target("avx2")]] inline __m256i modulate16(__m256i ct, __m256i cf) {
  return _mm256_min_epu16(_mm256_mulhi_epu16(_mm256_slli_epi16(ct, 2), cf), _mm256_set1_epi16(255));
}
// alpha_blend8 with a4 = As * 4 in both halves: ((Cs - Cd) << 7) * (As << 2) >> 16 is the same product as
// (Cs - Cd) * (As << 9) >> 16 (|Cs - Cd| <= 255, so (Cs - Cd) << 7 fits; As <= 511).
[[gnu::target("avx2")]] inline __m256i alpha_blend16(__m256i cs, __m256i cd, __m256i a4) {
  return _mm256_add_epi16(_mm256_mulhi_epi16(_mm256_slli_epi16(_mm256_sub_epi16(cs, cd), 7), a4), cd);
}
// Eight 16-bit fog values, each in both halves of its 32-bit lane (as fog16 takes them).
[[gnu::target("avx2")]] inline __m256i fog_pairs(__m128i f16) {
  return _mm256_set_m128i(_mm_unpackhi_epi16(f16, f16), _mm_unpacklo_epi16(f16, f16));
}
// fog8 on pairs, `f` in both halves: C and FOG are 8-bit, so (C - FOG) * 2 fits int16, and the signed high half of
// its product with an int16 F is fog8's arithmetic shift of the exact 32-bit product; the sum lies in [-255, 510].
[[gnu::target("avx2")]] inline __m256i fog16(__m256i c, __m256i fog_color, __m256i f) {
  return _mm256_add_epi16(fog_color, _mm256_mulhi_epi16(_mm256_slli_epi16(_mm256_sub_epi16(c, fog_color), 1), f));
}
// out8 on both halves of both pairs, packed as the frame stores them (r | g << 8 | b << 16 | a << 24): the sums
// above lie in [-1018, 1273], so the 16-bit mask sees what the 32-bit one does, and packus's signed saturation to
// [0, 255] is out8's clamp; a byte shuffle then puts each pixel's four channels together (packus leaves r0 b0 r1
// b1 .. then g0 a0 g1 a1 .. in each 128-bit half).
[[gnu::target("avx2")]] inline __m256i pack_pairs(__m256i rb, __m256i ga, __m256i wrap_mask) {
  const __m256i bytes = _mm256_packus_epi16(_mm256_and_si256(rb, wrap_mask), _mm256_and_si256(ga, wrap_mask));
  return _mm256_shuffle_epi8(bytes, _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15, 0, 8, 1, 9,
                                                     2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
}

// Texel channels of a group.
struct Texel8 {
  __m256i r, g, b, a;
};
// The same two to a lane, as the lookup produces them: r | b << 16 and g | a << 16, each channel 8 bits.
struct TexelPairs {
  __m256i rb, ga;
};
[[gnu::target("avx2")]] inline Texel8 unpack_pairs(const TexelPairs& t) {
  const __m256i low16 = _mm256_set1_epi32(0xffff);
  return {_mm256_and_si256(t.rb, low16), _mm256_and_si256(t.ga, low16), _mm256_srli_epi32(t.rb, 16),
          _mm256_srli_epi32(t.ga, 16)};
}

// The bilinear lookup of eight pixels from 16.16 coordinates already moved half a texel back (bilinear_rows.cpp's
// rules): quad indices, the four corners, the 4-bit lerps as byte dot products (bilinear_dot8).
template <bool kRepeat>
[[gnu::target("avx2"), gnu::always_inline]] inline __m256i bilinear8(const uint32_t* texels, const WrapRegs& wrap,
                                                                     __m256i uu, __m256i vv) {
  alignas(32) uint32_t index[4][8];
  __m256i quad[4];
  quad_indices8<kRepeat>(uu, vv, wrap, quad);
  __m256i c[4];
  // Where every quad's right corners are the texels after its left ones (no wrap or clamp between them), each
  // row of a quad is one 8-byte load: half the loads and index extractions, the same texels.
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i adjacent = _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_add_epi32(quad[0], one), quad[1]),
                                            _mm256_cmpeq_epi32(_mm256_add_epi32(quad[2], one), quad[3]));
  __m256i top_lo, top_hi, bottom_lo, bottom_hi;
  if (_mm256_movemask_epi8(adjacent) == -1) {
    store8(index[0], quad[0]);
    store8(index[2], quad[2]);
    fetch_row_pairs8(texels, index[0], top_lo, top_hi);
    fetch_row_pairs8(texels, index[2], bottom_lo, bottom_hi);
  } else {
    for (int q = 0; q < 4; q++) store8(index[q], quad[q]);
    for (int q = 0; q < 4; q++) c[q] = fetch8(texels, index[q]);
    interleave_corners8(c[0], c[1], top_lo, top_hi);
    interleave_corners8(c[2], c[3], bottom_lo, bottom_hi);
  }
  return bilinear_dot8(top_lo, top_hi, bottom_lo, bottom_hi, uu, vv);
}
// Eight texels as pairs.
[[gnu::target("avx2")]] inline TexelPairs texel_pairs(__m256i texel) {
  return {_mm256_and_si256(texel, _mm256_set1_epi32(0x00ff00ff)), _mm256_srli_epi16(texel, 8)};
}

// The lookup of eight pixels at 16.16 coordinates (bilinear ones already half a texel back).
template <FusedTexture kTexture, bool kRepeat>
[[gnu::target("avx2"), gnu::always_inline]] inline TexelPairs sample_at8(const uint32_t* texels, const WrapRegs& wrap,
                                                                         __m256i uu, __m256i vv) {
  constexpr bool kLinear = kTexture == FusedTexture::kBilinearUv || kTexture == FusedTexture::kBilinearStq;
  if constexpr (kLinear) {
    return texel_pairs(bilinear8<kRepeat>(texels, wrap, uu, vv));
  } else {
    alignas(32) uint32_t index[8];
    store8(index, nearest_index8<kRepeat>(uu, vv, wrap));
    const __m256i c = fetch8(texels, index);
    return {_mm256_and_si256(c, _mm256_set1_epi32(0x00ff00ff)), _mm256_srli_epi16(c, 8)};
  }
}

// The lookup of eight pixels of an STQ draw (kNearestStq, kBilinearStq) from their s, t, q.
template <FusedTexture kTexture, bool kRepeat>
[[gnu::target("avx2"), gnu::always_inline]] inline TexelPairs sample_stq8(const uint32_t* texels, const WrapRegs& wrap,
                                                                          __m256 s, __m256 t, __m256 q) {
  constexpr bool kLinear = kTexture == FusedTexture::kBilinearUv || kTexture == FusedTexture::kBilinearStq;
  // divide_truncate_row: the IEEE quotient, truncated, INT32_MIN for NaN and out of range.
  __m256i uu = _mm256_cvttps_epi32(_mm256_div_ps(s, q));
  __m256i vv = _mm256_cvttps_epi32(_mm256_div_ps(t, q));
  if constexpr (kLinear) {  // half_texel_back, wrapping
    uu = _mm256_sub_epi32(uu, _mm256_set1_epi32(0x8000));
    vv = _mm256_sub_epi32(vv, _mm256_set1_epi32(0x8000));
  }
  return sample_at8<kTexture, kRepeat>(texels, wrap, uu, vv);
}

template <FusedTexture kTexture, bool kRepeat>
[[gnu::target("avx2"), gnu::always_inline]] inline TexelPairs sample8(const uint32_t* texels, const WrapRegs& wrap,
                                                                      const Span& s, int i) {
  constexpr bool kStq = kTexture == FusedTexture::kNearestStq || kTexture == FusedTexture::kBilinearStq;
  if constexpr (kStq) {
    return sample_stq8<kTexture, kRepeat>(texels, wrap, _mm256_loadu_ps(s.s + i), _mm256_loadu_ps(s.t + i),
                                          _mm256_loadu_ps(s.q + i));
  } else {
    return sample_at8<kTexture, kRepeat>(texels, wrap, load8(s.u + i), load8(s.v + i));
  }
}

// pixel_math.hpp lod_from_q plus the bias on eight pixels: the same fused multiply-adds (vfmadd rounds once, as
// std::fma), minps/maxps with lod_from_q's operand order (a NaN takes the limit, then 0), and cvtps2dq's rounding
// to nearest even under the default MXCSR, as nearbyint there. Built for FMA CPUs (fused_groups() checks).
// Inlined: as a call in the group loop it made the kernel spill every vector register it kept live (the SysV ABI
// saves none across a call).
[[gnu::target("avx2,fma"), gnu::always_inline]] inline __m256i lod8(__m256 q, const FusedMip& k) {
  const __m256i bits = _mm256_castps_si256(q);
  const __m256 exponent =
      _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_srli_epi32(_mm256_slli_epi32(bits, 1), 24), _mm256_set1_epi32(127)));
  const __m256 m = _mm256_castsi256_ps(
      _mm256_or_si256(_mm256_srli_epi32(_mm256_slli_epi32(bits, 9), 9), _mm256_set1_epi32(0x3f800000)));
  __m256 p = _mm256_fmadd_ps(_mm256_set1_ps(0.204446009836232697516f), m, _mm256_set1_ps(-1.04913055217340124191f));
  p = _mm256_fmadd_ps(p, m, _mm256_set1_ps(2.28330284476918490682f));
  const __m256 log2 = _mm256_fmadd_ps(_mm256_sub_ps(m, _mm256_set1_ps(1.0f)), p, exponent);
  __m256 v = _mm256_fmadd_ps(log2, _mm256_set1_ps(k.l_neg), _mm256_set1_ps(k.k16));
  v = _mm256_min_ps(v, _mm256_set1_ps(k.mxl16));
  v = _mm256_max_ps(v, _mm256_setzero_ps());
  return _mm256_add_epi32(_mm256_cvtps_epi32(v), _mm256_set1_epi32(k.bias));
}

// A kBilinearStqMip group: s/q and t/q truncated, each pixel's level from its LOD, then per level the group
// shifted to it, half a texel back, and sampled bilinearly (stage_texture_mip's bits), the level's samples kept
// in the lanes that take it. Only lanes in `wanted` (those that may write) choose the levels sampled; a group
// rarely straddles more than two. Inlined, its pairs kept in registers: returned or copied as a struct they went
// through the stack, a 256-bit store read back in 128-bit halves, which stalled store forwarding.
// `s`, `t`, `q`: the group's eight of each.
template <bool kRepeat>
[[gnu::target("avx2,fma"), gnu::always_inline]] inline TexelPairs sample_mip8(const FusedMip& mip, __m256 s, __m256 t,
                                                                              __m256 q, __m256i wanted) {
  const __m256i u0 = _mm256_cvttps_epi32(_mm256_div_ps(s, q));
  const __m256i v0 = _mm256_cvttps_epi32(_mm256_div_ps(t, q));
  const __m256i lod = mip.lod_constant ? _mm256_set1_epi32(mip.lod_value) : lod8(q, mip);
  // lodi within [0, top] (lod_from_q clamps to the top level); min as the list's lvl for any other.
  const __m256i level = _mm256_min_epu32(_mm256_srli_epi32(lod, 16), _mm256_set1_epi32(mip.top));
  alignas(32) uint32_t levels[8];
  store8(levels, level);
  uint32_t todo = static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(wanted)));
  if (todo == 0) todo = 1;
  // The texels, packed: a level's lanes taken before they are split into pairs, once.
  __m256i out = _mm256_setzero_si256();
  bool first = true;  // the first level sampled fills every lane
  while (todo != 0) {
    const uint32_t lvl = levels[std::countr_zero(todo)];
    const __m256i at = mip.one_level_per_group
                           ? _mm256_set1_epi32(-1)
                           : _mm256_cmpeq_epi32(level, _mm256_set1_epi32(static_cast<int32_t>(lvl)));
    todo &= ~static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(at)));
    const __m128i shift = _mm_cvtsi32_si128(static_cast<int>(lvl));
    const __m256i half = _mm256_set1_epi32(0x8000);
    const __m256i uu = _mm256_sub_epi32(_mm256_sra_epi32(u0, shift), half);
    const __m256i vv = _mm256_sub_epi32(_mm256_sra_epi32(v0, shift), half);
    const __m256i texel = bilinear8<kRepeat>(mip.texels[lvl], wrap_regs(mip.wrap[lvl]), uu, vv);
    out = first ? texel : select8(out, texel, at);
    first = false;
  }
  return texel_pairs(out);
}

// A group's lookup, as pairs: from s, t, q (STQ draws; mipmapped ones by level) or u, v, stepped (at_*) or the
// span's.
// `texels`: the kernel's copy of d.texels (read through `d`, it would be reloaded after every store).
// `fm`: the group's frame mask so far; only lanes that may write choose the mip levels sampled.
template <FusedTexture kTexture, bool kRepeat, bool kStepped>
[[gnu::target("avx2,fma"), gnu::always_inline]] inline TexelPairs sample_group(const FusedDraw& d,
                                                                               const uint32_t* texels, const Span& s,
                                                                               int i, __m256 at_s, __m256 at_t,
                                                                               __m256 at_q, __m256i at_u, __m256i at_v,
                                                                               __m256i fm) {
  constexpr bool kStq = kTexture == FusedTexture::kNearestStq || kTexture == FusedTexture::kBilinearStq ||
                        kTexture == FusedTexture::kBilinearStqMip;
  if constexpr (kStq) {
    const __m256 ts = kStepped ? at_s : _mm256_loadu_ps(s.s + i);
    const __m256 tt = kStepped ? at_t : _mm256_loadu_ps(s.t + i);
    const __m256 tq = kStepped ? at_q : _mm256_loadu_ps(s.q + i);
    if constexpr (kTexture == FusedTexture::kBilinearStqMip) {
      const __m256i ones = _mm256_set1_epi32(-1);
      return sample_mip8<kRepeat>(d.mip, ts, tt, tq, _mm256_xor_si256(_mm256_cmpeq_epi32(fm, ones), ones));
    } else {
      return sample_stq8<kTexture, kRepeat>(texels, wrap_regs(d.wrap), ts, tt, tq);
    }
  } else if constexpr (kStepped) {
    return sample_at8<kTexture, kRepeat>(texels, wrap_regs(d.wrap), at_u, at_v);
  } else {
    return sample8<kTexture, kRepeat>(texels, wrap_regs(d.wrap), s, i);
  }
}

// The stages from the texture lookup to the stores, a group at a time (pixel_pipeline.cpp's passes, same order
// and arithmetic).
// Eight lanes of two 16-bit channels (a span's arrays or a SpanSteps group) as pairs: lo | hi << 16 in each lane.
[[gnu::target("avx2")]] inline __m256i channel_pairs(const int16_t* lo, const int16_t* hi) {
  return _mm256_or_si256(load_u16(lo), _mm256_slli_epi32(load_u16(hi), 16));
}
// Eight 32-bit lanes of SpanSteps, loaded as the span stepper stores them, 16 bytes at a time (a 32-byte load of
// two 16-byte stores just made waits for them to reach the cache instead of taking their data).
[[gnu::target("avx2")]] inline __m256i load_step_lanes(const int32_t* from) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(from))),
                                 _mm_loadu_si128(reinterpret_cast<const __m128i*>(from + 4)), 1);
}
// Two 16-bit steps as pairs; `borrow` (GsConfig::break_span_steps) packs them as a 32-bit sum instead, so a negative
// low step takes one from the high one.
[[gnu::target("avx2")]] inline __m256i step_pair(int16_t lo, int16_t hi, bool borrow) {
  const uint32_t packed = borrow ? static_cast<uint32_t>(lo) + (static_cast<uint32_t>(static_cast<uint16_t>(hi)) << 16)
                                 : static_cast<uint16_t>(lo) | uint32_t{static_cast<uint16_t>(hi)} << 16;
  return _mm256_set1_epi32(static_cast<int32_t>(packed));
}

// After a group of a run with the kernel's own Z test failed (FusedDraw::z_reject_loop): the next group from
// `from` with a lane that passes, or the run's end. Within a run every pixel is written once and Z into its own
// buffer, so a group's stores change no other group's test: the groups skipped here fail the test in the full body
// too. A loop with only the Z values live: the full body keeps too many values for the registers, and its reject
// path reloaded them each group. `lanes`: the movemask bits that decide (GsConfig::break_z_reject takes the first
// lane's alone). Unsigned compares through the sign bias, as in the body: GEQUAL fails when zd > zs, GREATER
// passes when zs > zd.
// `z_offset(g)`: group g's Z offset (FusedRun::z_pair or z_row).
// `z`: the span's Z from the run's first pixel; `count`: the run's groups.
template <bool kGreater, class ZOffset>
[[gnu::target("avx2"), gnu::always_inline]] inline int next_group_passing_z(const uint8_t* vm, int count,
                                                                            const ZOffset& z_offset, const uint32_t* z,
                                                                            __m256i z_bits, uint32_t lanes, int from) {
  const __m256i bias = _mm256_set1_epi32(static_cast<int32_t>(0x80000000u));
  int g = from;
  for (; g < count; g++) {
    const __m256i zs = _mm256_xor_si256(load8(z + 8 * g), bias);
    const __m256i zd = _mm256_xor_si256(_mm256_and_si256(load_pairs(vm + z_offset(g)), z_bits), bias);
    if constexpr (kGreater) {
      const uint32_t pass = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi32(zs, zd)));
      if ((pass & lanes) != 0) break;
    } else {
      const uint32_t fail = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpgt_epi32(zd, zs)));
      if ((fail & lanes) != lanes) break;
    }
  }
  return g;
}

// kStepped (lean kernels on the u, v path or untextured, and general ones of STQ draws): colour, u, v or s, t, q, and
// fog stepped group by group from the run's SpanSteps as the span stepper steps its arrays, instead of read from
// them (the same IEEE float adds and wrapping 16-bit adds, eight lanes at a time). kRows (stepped kernels only): each
// group's offsets from the run's rows (FusedRun::z_row), else from its arrays; a template choice, as a per-run one
// cost the arrays' kernels ~10 host instructions a group (callgrind, BM_GsFillBilinearBlendedTriangles).
template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape, bool kStepped = false, bool kRows = false>
[[gnu::target("avx2,fma"), gnu::always_inline]] inline uint64_t fused_pass(const FusedDraw& d, const FusedRun& run) {
  // Copies in locals: the frame and Z stores go through bytes, which could alias anything reached through the
  // arguments, and the compiler would reload the span's pointers and the run's fields after every group.
  const Span s = *run.span;
  const FusedRun groups = run;
  uint8_t* const vm = d.vm;
  const uint32_t* const texels = d.texels;
  const bool z_greater = d.z_greater;
  // The lean shapes' fixed choices (fused_groups.hpp); constants there, so their branches fold away.
  constexpr bool kLean = lean(kShape);
  constexpr bool kRepeat = repeats(kShape);
  constexpr bool kAlphaBlend = kShape == FusedShape::kAlpha || kShape == FusedShape::kAlphaRepeat;
  // The lean textured kernels keep channels two to a lane from the lookup to the pack (pack_pairs and friends), and so
  // do the lean opaque untextured ones (the colour's integer part, at most 511, only wrapped and clamped; the
  // packed blend takes colours of at most 255, so the untextured blend stays 32-bit).
  constexpr bool kUntextured = kTexture == FusedTexture::kNone;
  constexpr bool kStq = kTexture == FusedTexture::kNearestStq || kTexture == FusedTexture::kBilinearStq ||
                        kTexture == FusedTexture::kBilinearStqMip;
  constexpr bool kPacked =
      kLean && (kTfx == Tfx::kModulate || kTfx == Tfx::kDecal || (kTfx == Tfx::kNone && !kAlphaBlend));
  // The general shapes' textured MODULATE and DECAL kernels keep the pairs too, through the fog (fog16), to the pack
  // when the draw does not blend; a blending draw takes them apart, sign-extended, for the 32-bit blend (the values
  // there, at most 510 in magnitude, are those of the 32-bit stages).
  constexpr bool kPairs = kPacked || (!kLean && !kUntextured && (kTfx == Tfx::kModulate || kTfx == Tfx::kDecal));
  const bool fog = !kLean && d.fog;
  const bool merge = !kLean && d.merge;
  const bool z_test = kLean || d.z_test;
  const bool z_write = kLean || d.z_write;
  const bool z_24 = !kLean && d.z_24;
  const bool blend = kLean ? kAlphaBlend : d.blend;
  const __m256i ones = _mm256_set1_epi32(-1);
  const __m256i fm0 = _mm256_set1_epi32(static_cast<int32_t>(groups.fm0));
  const __m256i zm0 = _mm256_set1_epi32(static_cast<int32_t>(groups.zm0));
  // The draw's values in lanes (fused_lanes, and the texture's wrap_regs), loaded where they are used: held in
  // locals, they were copied to the stack at each call (the AVX2 build has too few registers to keep them), as many
  // instructions as broadcasting them.
  const FusedLanes& k = d.lanes;
  const __m256i c255 = _mm256_set1_epi32(255);
  const __m256i pairs_low8 = _mm256_set1_epi32(0x00ff00ff);
  const __m256i low8 = _mm256_set1_epi32(0xff);
  const __m256i bias = _mm256_set1_epi32(static_cast<int32_t>(0x80000000u));
  // Stored values are read only when something needs them: a group whose lanes all write is stored without
  // waiting for its lines (mostly not in the cache).
  const bool needs_frame = blend || merge;
  const bool needs_z = z_test || z_24;
  const __m256i head_outside = lane_mask8(groups.head_outside), tail_outside = lane_mask8(groups.tail_outside);
  const int last_group = groups.groups - 1;
  // Each group's offsets: from the arrays, or worked out from the rows (kRows).
  const RowColumns32 z_row = kRows ? *groups.z_row : RowColumns32{};
  const RowColumns32 frame_row = kRows ? *groups.frame_row : RowColumns32{};
  const uint32_t x0 = static_cast<uint32_t>(s.x + groups.first);
  // What they read held by value: a lambda capturing by reference kept `groups` in memory, copied there whole with a
  // 64-byte load of the caller's just-written fields, which waited for them to reach the cache (store forwarding).
  // A struct, not lambdas: a capture that only the kRows build reads is an unused capture to clang (-Werror).
  struct GroupOffset {
    RowColumns32 row;
    uint32_t x0;
    const uint32_t* pairs;
    uint32_t operator()(int g) const {
      if constexpr (kRows) return row.group_bytes(x0 + 8 * static_cast<uint32_t>(g));
      return pairs[g];
    }
  };
  const GroupOffset z_offset{z_row, x0, groups.z_pair};
  const GroupOffset frame_offset{frame_row, x0, groups.frame_pair};
  // kStepped: the group's colour pairs and u, v, and what each group adds (SpanSteps); a flat colour's floor lets
  // every value through.
  __m256i step_rb = _mm256_setzero_si256(), step_ga = step_rb, step_u = step_rb, step_v = step_rb;
  __m256i at_rb = step_rb, at_ga = step_rb, at_u = step_rb, at_v = step_rb, floor16 = step_rb;
  __m256 at_s = _mm256_setzero_ps(), at_t = at_s, at_q = at_s, step_s = at_s, step_t = at_s, step_q = at_s;
  __m128i at_fog = _mm_setzero_si128(), step_fog = at_fog;  // eight 16-bit lanes
  // kPairs: the same in both halves of each 32-bit lane (fog_pairs), stepped as such (wrapping 16-bit adds).
  __m256i at_fog_pairs = _mm256_setzero_si256(), step_fog_pairs = at_fog_pairs;
  if constexpr (kStepped) {
    const SpanSteps& st = *groups.steps;
    at_rb = channel_pairs(st.color[0], st.color[2]), at_ga = channel_pairs(st.color[1], st.color[3]);
    step_rb = step_pair(st.color_step[0], st.color_step[2], d.steps_borrow);
    step_ga = step_pair(st.color_step[1], st.color_step[3], d.steps_borrow);
    floor16 = _mm256_set1_epi16(st.clamp_color ? 0 : INT16_MIN);
    if constexpr (kStq) {
      at_s = _mm256_loadu_ps(st.s), at_t = _mm256_loadu_ps(st.t), at_q = _mm256_loadu_ps(st.q);
      step_s = _mm256_set1_ps(st.s_step), step_t = _mm256_set1_ps(st.t_step), step_q = _mm256_set1_ps(st.q_step);
    } else if constexpr (!kUntextured) {
      at_u = load_step_lanes(st.u), at_v = load_step_lanes(st.v);
      step_u = _mm256_set1_epi32(st.u_step), step_v = _mm256_set1_epi32(st.v_step);
    }
    if constexpr (!kLean) {  // the lean shapes have no fog
      at_fog = _mm_loadu_si128(reinterpret_cast<const __m128i*>(st.fog));
      step_fog = _mm_set1_epi16(st.fog_step);
      at_fog_pairs = fog_pairs(at_fog), step_fog_pairs = _mm256_set1_epi16(st.fog_step);
    }
  }
  // z_reject_loop: after a group that fails, the next that passes found in a short loop (next_group_passing_z).
  const bool reject_loop = z_test && z_write && d.z_reject_loop;
  const uint32_t decisive_lanes = d.z_reject_lane0_only ? 0xfu : 0xffffffffu;
  uint64_t pixels = 0;
  int stepped_to = 0;  // kStepped: the group at_* hold
  for (int g = 0; g < groups.groups; g++) {
    const int i = groups.first + 8 * g;
    if constexpr (kStepped) {
      for (; stepped_to < g; stepped_to++) {
        at_rb = _mm256_max_epi16(_mm256_add_epi16(at_rb, step_rb), floor16);
        at_ga = _mm256_max_epi16(_mm256_add_epi16(at_ga, step_ga), floor16);
        if constexpr (kStq) {
          at_s = _mm256_add_ps(at_s, step_s), at_t = _mm256_add_ps(at_t, step_t), at_q = _mm256_add_ps(at_q, step_q);
        } else if constexpr (!kUntextured) {
          at_u = _mm256_add_epi32(at_u, step_u), at_v = _mm256_add_epi32(at_v, step_v);
        }
        if constexpr (!kLean && kPairs) {
          at_fog_pairs = _mm256_add_epi16(at_fog_pairs, step_fog_pairs);
        } else if constexpr (!kLean) {
          at_fog = _mm_add_epi16(at_fog, step_fog);
        }
      }
    }
    // Stepped runs are whole spans with the draw's masks (no per-pixel ones).
    __m256i fm = !kStepped && groups.fm ? load8(groups.fm + i) : fm0;
    __m256i zm = !kStepped && groups.zm ? load8(groups.zm + i) : zm0;
    if (g == 0 || g == last_group) {
      const __m256i outside = _mm256_or_si256(g == 0 ? head_outside : _mm256_setzero_si256(),
                                              g == last_group ? tail_outside : _mm256_setzero_si256());
      fm = _mm256_or_si256(fm, outside), zm = _mm256_or_si256(zm, outside);
    }
    uint8_t* z_at = vm + z_offset(g);
    __m256i z_old = _mm256_setzero_si256();
    if (needs_z) z_old = load_pairs(z_at);
    if (z_test) {  // per draw
      // Unsigned compares through the sign bias: GEQUAL fails when zd > zs, GREATER unless zs > zd.
      const __m256i zs = _mm256_xor_si256(load8(s.z + i), bias);
      const __m256i z_bits = kLean ? ones : load_lanes(k.z_bits);  // lean: 32-bit Z
      const __m256i zd = _mm256_xor_si256(_mm256_and_si256(z_old, z_bits), bias);
      const __m256i fail = z_greater ? _mm256_xor_si256(_mm256_cmpgt_epi32(zs, zd), ones) : _mm256_cmpgt_epi32(zd, zs);
      if (_mm256_movemask_epi8(fail) == -1) {
        if (reject_loop) {
          const uint32_t* const z_from = s.z + groups.first;
          const int count = groups.groups;
          g = (z_greater ? next_group_passing_z<true>(vm, count, z_offset, z_from, z_bits, decisive_lanes, g + 1)
                         : next_group_passing_z<false>(vm, count, z_offset, z_from, z_bits, decisive_lanes, g + 1)) -
              1;
        }
        continue;
      }
      fm = _mm256_or_si256(fm, fail), zm = _mm256_or_si256(zm, fail);
    }
    // TFX: the texel with the fragment colour (8.7).
    __m256i r = _mm256_setzero_si256(), gg = r, b = r, a = r;
    __m256i rb = r, ga = r;  // kPairs
    if constexpr (kPacked && kUntextured) {
      // The colour's integer part in both halves (tfx kNone), alpha included.
      const __m256i crb = kStepped ? at_rb : channel_pairs(s.r + i, s.b + i);
      const __m256i cga = kStepped ? at_ga : channel_pairs(s.g + i, s.a + i);
      rb = _mm256_srli_epi16(crb, 7), ga = _mm256_srli_epi16(cga, 7);
    } else if constexpr (kPairs) {
      const TexelPairs t = sample_group<kTexture, kRepeat, kStepped>(d, texels, s, i, at_s, at_t, at_q, at_u, at_v, fm);
      const __m256i crb = kStepped ? at_rb : channel_pairs(s.r + i, s.b + i);
      const __m256i cga = kStepped ? at_ga : channel_pairs(s.g + i, s.a + i);
      if constexpr (kTfx == Tfx::kModulate) {
        rb = modulate16(t.rb, crb), ga = modulate16(t.ga, cga);
      } else {
        rb = t.rb, ga = t.ga;
      }
      ga = select8(ga, _mm256_srli_epi16(cga, 7), load_lanes(k.vertex_alpha));
    } else {
      __m256i cr, cg, cb, ca;
      if constexpr (kStepped) {  // the stepped pairs' halves, as load_u16 reads the arrays
        const __m256i low16 = _mm256_set1_epi32(0xffff);
        cr = _mm256_and_si256(at_rb, low16), cb = _mm256_srli_epi32(at_rb, 16);
        cg = _mm256_and_si256(at_ga, low16), ca = _mm256_srli_epi32(at_ga, 16);
      } else {
        cr = load_u16(s.r + i), cg = load_u16(s.g + i), cb = load_u16(s.b + i), ca = load_u16(s.a + i);
      }
      const __m256i af = _mm256_srai_epi32(ca, 7);
      if constexpr (kTfx == Tfx::kNone) {
        r = _mm256_srai_epi32(cr, 7), gg = _mm256_srai_epi32(cg, 7), b = _mm256_srai_epi32(cb, 7), a = af;
      } else {
        const Texel8 t =
            unpack_pairs(sample_group<kTexture, kRepeat, kStepped>(d, texels, s, i, at_s, at_t, at_q, at_u, at_v, fm));
        if constexpr (kTfx == Tfx::kModulate) {
          r = clamp8x8(modulate8(t.r, cr)), gg = clamp8x8(modulate8(t.g, cg)), b = clamp8x8(modulate8(t.b, cb));
          a = select8(af, clamp8x8(modulate8(t.a, ca)), load_lanes(k.tcc));
        } else if constexpr (kTfx == Tfx::kDecal) {
          r = t.r, gg = t.g, b = t.b, a = select8(af, t.a, load_lanes(k.tcc));
        } else {
          r = clamp8x8(_mm256_add_epi32(modulate8(t.r, cr), af));
          gg = clamp8x8(_mm256_add_epi32(modulate8(t.g, cg), af));
          b = clamp8x8(_mm256_add_epi32(modulate8(t.b, cb), af));
          if constexpr (kTfx == Tfx::kHighlight) {
            a = select8(af, _mm256_min_epi32(_mm256_add_epi32(t.a, af), c255), load_lanes(k.tcc));
          } else {
            a = select8(af, t.a, load_lanes(k.tcc));
          }
        }
      }
    }
    if (fog) {  // per draw
      const __m128i f16 = kStepped ? at_fog : _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.fog + i));
      if constexpr (kPairs) {
        const __m256i f = kStepped ? at_fog_pairs : fog_pairs(f16);
        rb = fog16(rb, load_lanes(k.fog_rb), f);
        ga = select8(fog16(ga, load_lanes(k.fog_ga), f), ga, load_lanes(k.fog_keep));  // alpha takes no fog
      } else {
        const __m256i f = _mm256_cvtepi16_epi32(f16);
        r = fog8(r, load_lanes(k.fog_r), f), gg = fog8(gg, load_lanes(k.fog_g), f), b = fog8(b, load_lanes(k.fog_b), f);
      }
    }
    uint8_t* frame_at = vm + frame_offset(g);
    __m256i fd = _mm256_setzero_si256();
    if (needs_frame) fd = load_pairs(frame_at);
    if (z_write) {
      const __m256i keep = _mm256_cmpeq_epi32(zm, ones);
      if (!needs_z && _mm256_testz_si256(keep, keep)) {
        store_pairs(z_at, load8(s.z + i));
      } else {
        if (!needs_z) z_old = load_pairs(z_at);
        const __m256i z_keep = z_24 ? load_lanes(k.z_keep) : _mm256_setzero_si256();  // 24-bit Z keeps the top byte
        const __m256i value = select8(load8(s.z + i), z_old, z_keep);
        store_pairs(z_at, select8(value, z_old, keep));
      }
    }
    if constexpr (kPacked && kAlphaBlend) {
      const __m256i drb = _mm256_and_si256(fd, pairs_low8), dga = _mm256_srli_epi16(fd, 8);
      const __m256i a4 = _mm256_slli_epi16(_mm256_shuffle_epi8(ga, load_lanes(k.alpha_both)), 2);
      rb = alpha_blend16(rb, drb, a4);
      ga = _mm256_blend_epi16(alpha_blend16(ga, dga, a4), ga, 0xaa);  // the alpha halves stay the source's
    } else if (!kPacked && blend) {                                   // per draw
      // The pairs' halves, sign-extended.
      if constexpr (kPairs) {
        r = _mm256_srai_epi32(_mm256_slli_epi32(rb, 16), 16), b = _mm256_srai_epi32(rb, 16);
        gg = _mm256_srai_epi32(_mm256_slli_epi32(ga, 16), 16), a = _mm256_srai_epi32(ga, 16);
      }
      const __m256i dr = _mm256_and_si256(fd, low8), dg = _mm256_and_si256(_mm256_srli_epi32(fd, 8), low8);
      const __m256i db = _mm256_and_si256(_mm256_srli_epi32(fd, 16), low8);
      const __m256i da = select8(_mm256_srli_epi32(fd, 24), _mm256_set1_epi32(0x80), load_lanes(k.ad_24));
      if constexpr (kAlphaBlend) {  // A = Cs, B = Cd, C = As, D = Cd, no PABE
        const __m256i c512 = _mm256_slli_epi32(a, 9);
        r = alpha_blend8(r, dr, c512), gg = alpha_blend8(gg, dg, c512), b = alpha_blend8(b, db, c512);
      } else {
        const __m256i c = _mm256_or_si256(
            _mm256_or_si256(_mm256_and_si256(a, load_lanes(k.c_s)), _mm256_and_si256(da, load_lanes(k.c_d))),
            load_lanes(k.c_fix));
        const __m256i c512 = _mm256_slli_epi32(c, 9);  // 4 * (c << 7)
        // PABE with As bit 7 clear: the source stays.
        const __m256i keep = _mm256_andnot_si256(
            _mm256_cmpgt_epi32(_mm256_and_si256(a, _mm256_set1_epi32(0x80)), _mm256_setzero_si256()),
            load_lanes(k.pabe));
        const BlendSelect select{load_lanes(k.a_s), load_lanes(k.a_d), load_lanes(k.b_s),
                                 load_lanes(k.b_d), load_lanes(k.d_s), load_lanes(k.d_d)};
        r = select8(blend8(r, dr, c512, select), r, keep);
        gg = select8(blend8(gg, dg, c512, select), gg, keep);
        b = select8(blend8(b, db, c512, select), b, keep);
      }
    }
    // Wrap or clamp, pack, masks.
    __m256i fs;
    if (kPacked || (kPairs && !blend)) {
      fs = pack_pairs(rb, ga, load_lanes(k.wrap_mask16));
    } else {
      fs = _mm256_or_si256(
          _mm256_or_si256(out8(r, load_lanes(k.wrap_mask)), _mm256_slli_epi32(out8(gg, load_lanes(k.wrap_mask)), 8)),
          _mm256_or_si256(_mm256_slli_epi32(out8(b, load_lanes(k.wrap_mask)), 16),
                          _mm256_slli_epi32(out8(a, load_lanes(k.wrap_mask)), 24)));
    }
    fs = _mm256_or_si256(fs, load_lanes(k.fba));
    if (merge) fs = select8(fs, fd, fm);
    const __m256i keep = _mm256_cmpeq_epi32(fm, ones);
    if (!needs_frame && _mm256_testz_si256(keep, keep)) {
      store_pairs(frame_at, fs);
    } else {
      if (!needs_frame) fd = load_pairs(frame_at);
      store_pairs(frame_at, select8(fs, fd, keep));
    }
    const __m256i nothing = _mm256_cmpeq_epi32(_mm256_and_si256(fm, zm), ones);
    const uint32_t idle = static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(nothing)));
    pixels += static_cast<uint64_t>(8 - std::popcount(idle));
  }
  return pixels;
}

// The pass built for AVX2 with FMA (every kernel: the mip kernels' LOD inlined takes FMA, and a target the inlined
// pass lacks would keep it a call), and the same source built for CPUs with AVX-512 (VL, BW, DQ) on the same 256-bit
// registers: the instructions' results are the same, but the compiler has 32 vector registers instead of 16 (the
// AVX2 build spills the group's values and the draw's constants to the stack; GsFill bilinear + blend + Z,
// one thread: ~10 % faster).
template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape, bool kStepped = false, bool kRows = false>
[[gnu::target("avx2,fma")]] uint64_t fused_kernel_avx2(const FusedDraw& d, const FusedRun& run) {
  return fused_pass<kTexture, kTfx, kShape, kStepped, kRows>(d, run);
}
template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape, bool kStepped = false, bool kRows = false>
[[gnu::target("avx2,fma,avx512f,avx512vl,avx512bw,avx512dq")]] uint64_t fused_kernel_avx512(const FusedDraw& d,
                                                                                            const FusedRun& run) {
  return fused_pass<kTexture, kTfx, kShape, kStepped, kRows>(d, run);
}
template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape, bool kAvx512, bool kStepped = false, bool kRows = false>
constexpr FusedGroupsFn fused_kernel() {
  return kAvx512 ? fused_kernel_avx512<kTexture, kTfx, kShape, kStepped, kRows>
                 : fused_kernel_avx2<kTexture, kTfx, kShape, kStepped, kRows>;
}

// A row's first group of steps as SpanStepper::fill_steps stores them for its span, from the row's start values and
// the primitive's lanes: the same truncations and wrapping 16-bit and IEEE float adds.
template <FusedTexture kTexture, bool kFog>
[[gnu::target("avx2"), gnu::always_inline]] inline void row_steps(const SpanLanes& l, const SpanRow& row, int skip,
                                                                  SpanSteps& st) {
  constexpr bool kStq = kTexture == FusedTexture::kNearestStq || kTexture == FusedTexture::kBilinearStq ||
                        kTexture == FusedTexture::kBilinearStqMip;
  const int at = SpanLanes::kCentre - skip;
  for (int c = 0; c < 4; ++c) {
    __m128i lanes = _mm_set1_epi16(l.flat_color[c]);
    if (l.gouraud) {
      const int16_t base = static_cast<int16_t>(_mm_cvttss_si32(_mm_set_ss(row.color[c])));
      lanes = _mm_add_epi16(_mm_set1_epi16(base), _mm_loadu_si128(reinterpret_cast<const __m128i*>(l.color[c] + at)));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(st.color[c]), lanes);
    st.color_step[c] = l.gouraud ? l.color_step[c] : int16_t{0};
  }
  st.clamp_color = l.gouraud;
  st.flat_color = !l.gouraud;
  if constexpr (kFog) {
    const int16_t base = static_cast<int16_t>(_mm_cvttss_si32(_mm_set_ss(row.fog)));
    _mm_storeu_si128(
        reinterpret_cast<__m128i*>(st.fog),
        _mm_add_epi16(_mm_set1_epi16(base), _mm_loadu_si128(reinterpret_cast<const __m128i*>(l.fog_lane + at))));
    st.fog_step = l.fog_step;
  }
  if constexpr (kStq) {
    _mm256_storeu_ps(st.s, _mm256_add_ps(_mm256_set1_ps(row.s), _mm256_loadu_ps(l.s + at)));
    _mm256_storeu_ps(st.t, _mm256_add_ps(_mm256_set1_ps(row.t), _mm256_loadu_ps(l.t + at)));
    _mm256_storeu_ps(st.q, _mm256_add_ps(_mm256_set1_ps(row.q), _mm256_loadu_ps(l.q + at)));
    st.s_step = l.s_step, st.t_step = l.t_step, st.q_step = l.q_step;
  } else if constexpr (kTexture != FusedTexture::kNone) {
    const __m128i u0 = _mm_set1_epi32(_mm_cvttss_si32(_mm_set_ss(row.s)));
    const __m128i v0 = _mm_set1_epi32(_mm_cvttss_si32(_mm_set_ss(row.t)));
    for (int half = 0; half < 8; half += 4) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(st.u + half),
                       _mm_add_epi32(u0, _mm_loadu_si128(reinterpret_cast<const __m128i*>(l.u + at + half))));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(st.v + half),
                       _mm_add_epi32(v0, _mm_loadu_si128(reinterpret_cast<const __m128i*>(l.v + at + half))));
    }
    st.u_step = l.u_step, st.v_step = l.v_step;
  }
}

// A row's Z for its `groups` whole groups from `out` (pixel 0 of the row at out + skip), as SpanStepper::fill_z
// steps a span's: lanes base + offset in double, each group the previous plus the step, truncated (vcvttpd2dq) and
// clamped unsigned.
[[gnu::target("avx2"), gnu::always_inline]] inline void row_z(const SpanLanes& l, double base, int skip, int groups,
                                                              uint32_t* out) {
  const __m256d base_v = _mm256_set1_pd(base);
  const double* offsets = l.z + SpanLanes::kCentre - skip;
  __m256d lo = _mm256_add_pd(base_v, _mm256_loadu_pd(offsets));
  __m256d hi = _mm256_add_pd(base_v, _mm256_loadu_pd(offsets + 4));
  const __m256d step = _mm256_set1_pd(l.z_step);
  const __m256i max_v = _mm256_set1_epi32(static_cast<int32_t>(l.z_max));
  for (int g = 0; g < groups; g++) {
    const __m256i z = _mm256_set_m128i(_mm256_cvttpd_epi32(hi), _mm256_cvttpd_epi32(lo));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out + 8 * g), _mm256_min_epu32(z, max_v));
    lo = _mm256_add_pd(lo, step);
    hi = _mm256_add_pd(hi, step);
  }
}

// A primitive's rows (FusedRows) through the stepped pass built with rows, one row after another: what
// draw_whole_groups_with_z hands it for each span, made here from the row's start values.
template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape, bool kFog>
[[gnu::target("avx2,fma"), gnu::always_inline]] inline uint64_t fused_rows_pass(const FusedDraw& d,
                                                                                const FusedRows& batch) {
  alignas(32) uint32_t z[kMaxSpanPixels + 16];
  constexpr int kMaxGroups = kMaxSpanPixels / 8 + 1;
  uint32_t frame_pair[kMaxGroups], z_pair[kMaxGroups];
  SpanSteps steps;
  const SpanLanes& l = *batch.lanes;
  bool rows_now = *batch.rows_now;
  uint64_t pixels = 0;
  for (int r = 0; r < batch.count; r++) {
    const SpanRow& row = batch.rows[r];
    const int skip = row.x & 7;
    const int count = std::min(row.count, kMaxSpanPixels);
    const int groups = (skip + count + 7) / 8;
    const int tail_lanes = skip + count - 8 * (groups - 1);  // lanes of the last group inside the row, 1-8
    row_z(l, d.rows_z_one_late && r > 0 ? batch.rows[r - 1].z : row.z, skip, groups, z);
    row_steps<kTexture, kFog>(l, row, skip, steps);
    Span span;
    span.y = row.y, span.x = row.x, span.count = count;
    span.z = z + skip;
    span.whole_groups = true;
    span.steps = &steps;
    const uint32_t y = static_cast<uint32_t>(row.y) ^ batch.row_xor;
    const RowColumns32 frame_row = batch.frame_rows.row(y), z_row = batch.z_rows.row(y);
    if (!rows_now) {  // as the span path's group_pairs: the offsets first, each group's lines asked for
      const uint32_t x0 = static_cast<uint32_t>(row.x - skip);
      for (int g = 0; g < groups; g++) {
        const uint32_t x = x0 + 8 * static_cast<uint32_t>(g);
        frame_pair[g] = frame_row.group_bytes(x), z_pair[g] = z_row.group_bytes(x);
        _mm_prefetch(reinterpret_cast<const char*>(d.vm + frame_pair[g]), _MM_HINT_T0);
        _mm_prefetch(reinterpret_cast<const char*>(d.vm + z_pair[g]), _MM_HINT_T0);
      }
    }
    const FusedRun run{.span = &span,
                       .first = -skip,
                       .groups = groups,
                       .fm = nullptr,
                       .zm = nullptr,
                       .fm0 = batch.fm0,
                       .zm0 = batch.zm0,
                       .frame_pair = frame_pair,
                       .z_pair = z_pair,
                       .frame_row = &frame_row,
                       .z_row = &z_row,
                       .head_outside = (1u << skip) - 1,
                       .tail_outside = 0xffu & ~((1u << tail_lanes) - 1),
                       .steps = &steps};
    const uint64_t written = rows_now ? fused_pass<kTexture, kTfx, kShape, true, true>(d, run)
                                      : fused_pass<kTexture, kTfx, kShape, true, false>(d, run);
    if (batch.rows_below_written_share != 0) {
      rows_now = written * batch.rows_below_written_share < static_cast<uint64_t>(count);
    }
    pixels += written;
  }
  *batch.rows_now = rows_now;
  return pixels;
}

template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape, bool kFog>
[[gnu::target("avx2,fma")]] uint64_t fused_rows_kernel_avx2(const FusedDraw& d, const FusedRows& rows) {
  return fused_rows_pass<kTexture, kTfx, kShape, kFog>(d, rows);
}
template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape, bool kFog>
[[gnu::target("avx2,fma,avx512f,avx512vl,avx512bw,avx512dq")]] uint64_t fused_rows_kernel_avx512(
    const FusedDraw& d, const FusedRows& rows) {
  return fused_rows_pass<kTexture, kTfx, kShape, kFog>(d, rows);
}
// The rows kernel of a stepped kernel's choices; the general shape's with fog or without (its row steps differ).
template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape, bool kAvx512>
FusedRowsFn fused_rows_kernel(bool fog) {
  constexpr bool kLean = lean(kShape);
  if (kLean || !fog) {
    return kAvx512 ? fused_rows_kernel_avx512<kTexture, kTfx, kShape, false>
                   : fused_rows_kernel_avx2<kTexture, kTfx, kShape, false>;
  }
  return kAvx512 ? fused_rows_kernel_avx512<kTexture, kTfx, kShape, true>
                 : fused_rows_kernel_avx2<kTexture, kTfx, kShape, true>;
}

// What the stepped picks below give: a span kernel (built with rows or not) or a rows kernel.
template <bool kAvx512, bool kRows>
struct SteppedSpans {
  using Fn = FusedGroupsFn;
  template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape>
  static Fn make(bool) {
    return fused_kernel<kTexture, kTfx, kShape, kAvx512, true, kRows>();
  }
};
template <bool kAvx512>
struct SteppedRows {
  using Fn = FusedRowsFn;
  template <FusedTexture kTexture, Tfx kTfx, FusedShape kShape>
  static Fn make(bool fog) {
    return fused_rows_kernel<kTexture, kTfx, kShape, kAvx512>(fog);
  }
};

// The stepped kernels: lean shapes, MODULATE or DECAL, the u, v path.
template <FusedTexture kTexture, FusedShape kShape, class Make>
typename Make::Fn pick_stepped_tfx(Tfx tfx, bool fog) {
  if (tfx == Tfx::kModulate) return Make::template make<kTexture, Tfx::kModulate, kShape>(fog);
  if (tfx == Tfx::kDecal) return Make::template make<kTexture, Tfx::kDecal, kShape>(fog);
  return nullptr;
}
template <FusedShape kShape, class Make>
typename Make::Fn pick_stepped_texture(FusedTexture texture, Tfx tfx, bool fog) {
  if constexpr (!repeats(kShape)) {
    if (texture == FusedTexture::kNone)
      return tfx == Tfx::kNone ? Make::template make<FusedTexture::kNone, Tfx::kNone, kShape>(fog) : nullptr;
  }
  if (texture == FusedTexture::kBilinearUv) return pick_stepped_tfx<FusedTexture::kBilinearUv, kShape, Make>(tfx, fog);
  if (texture == FusedTexture::kNearestUv) return pick_stepped_tfx<FusedTexture::kNearestUv, kShape, Make>(tfx, fog);
  return nullptr;
}
// The general shapes' stepped kernels: bilinear STQ draws, mipmapped or not (the demo's terrain, with fog and
// 24-bit Z, repeating).
template <FusedShape kShape, class Make>
typename Make::Fn pick_stepped_general(FusedTexture texture, Tfx tfx, bool fog) {
  if (texture == FusedTexture::kBilinearStqMip)
    return pick_stepped_tfx<FusedTexture::kBilinearStqMip, kShape, Make>(tfx, fog);
  if (texture == FusedTexture::kBilinearStq)
    return pick_stepped_tfx<FusedTexture::kBilinearStq, kShape, Make>(tfx, fog);
  return nullptr;
}
template <class Make>
typename Make::Fn pick_stepped(FusedTexture texture, Tfx tfx, FusedShape shape, bool fog = false) {
  switch (shape) {
    case FusedShape::kGeneral: return pick_stepped_general<FusedShape::kGeneral, Make>(texture, tfx, fog);
    case FusedShape::kGeneralRepeat: return pick_stepped_general<FusedShape::kGeneralRepeat, Make>(texture, tfx, fog);
    case FusedShape::kOpaque: return pick_stepped_texture<FusedShape::kOpaque, Make>(texture, tfx, fog);
    case FusedShape::kAlpha: return pick_stepped_texture<FusedShape::kAlpha, Make>(texture, tfx, fog);
    case FusedShape::kOpaqueRepeat: return pick_stepped_texture<FusedShape::kOpaqueRepeat, Make>(texture, tfx, fog);
    case FusedShape::kAlphaRepeat: return pick_stepped_texture<FusedShape::kAlphaRepeat, Make>(texture, tfx, fog);
  }
  return nullptr;
}

template <FusedTexture kTexture, FusedShape kShape, bool kAvx512>
FusedGroupsFn pick_tfx(Tfx tfx) {
  constexpr bool kLean = lean(kShape);
  constexpr FusedShape kGeneral = FusedShape::kGeneral;
  switch (tfx) {
    case Tfx::kModulate: return fused_kernel<kTexture, Tfx::kModulate, kShape, kAvx512>();
    case Tfx::kDecal: return fused_kernel<kTexture, Tfx::kDecal, kShape, kAvx512>();
    case Tfx::kHighlight: return kLean ? nullptr : fused_kernel<kTexture, Tfx::kHighlight, kGeneral, kAvx512>();
    case Tfx::kHighlight2: return kLean ? nullptr : fused_kernel<kTexture, Tfx::kHighlight2, kGeneral, kAvx512>();
    default: return nullptr;
  }
}

template <FusedShape kShape, bool kAvx512>
FusedGroupsFn pick_texture(FusedTexture texture, Tfx tfx) {
  constexpr bool kRepeat = repeats(kShape);
  switch (texture) {
    case FusedTexture::kNone:
      if constexpr (kRepeat) {
        return nullptr;
      } else {
        return tfx == Tfx::kNone ? fused_kernel<FusedTexture::kNone, Tfx::kNone, kShape, kAvx512>() : nullptr;
      }
    case FusedTexture::kNearestUv: return pick_tfx<FusedTexture::kNearestUv, kShape, kAvx512>(tfx);
    case FusedTexture::kBilinearUv: return pick_tfx<FusedTexture::kBilinearUv, kShape, kAvx512>(tfx);
    case FusedTexture::kNearestStq: return pick_tfx<FusedTexture::kNearestStq, kShape, kAvx512>(tfx);
    case FusedTexture::kBilinearStq: return pick_tfx<FusedTexture::kBilinearStq, kShape, kAvx512>(tfx);
    case FusedTexture::kBilinearStqMip: return pick_tfx<FusedTexture::kBilinearStqMip, kShape, kAvx512>(tfx);
  }
  return nullptr;
}

template <bool kAvx512>
FusedGroupsFn pick_shape(FusedTexture texture, Tfx tfx, FusedShape shape) {
  switch (shape) {
    case FusedShape::kGeneral: return pick_texture<FusedShape::kGeneral, kAvx512>(texture, tfx);
    case FusedShape::kOpaque: return pick_texture<FusedShape::kOpaque, kAvx512>(texture, tfx);
    case FusedShape::kAlpha: return pick_texture<FusedShape::kAlpha, kAvx512>(texture, tfx);
    case FusedShape::kOpaqueRepeat: return pick_texture<FusedShape::kOpaqueRepeat, kAvx512>(texture, tfx);
    case FusedShape::kAlphaRepeat: return pick_texture<FusedShape::kAlphaRepeat, kAvx512>(texture, tfx);
    case FusedShape::kGeneralRepeat: return nullptr;  // stepped only
  }
  return nullptr;
}

}  // namespace

bool cpu_runs_fused_kernels() { return cpu_has_avx2() && cpu_has_fma(); }

[[gnu::target("avx2")]] FusedLanes fused_lanes(const FusedDraw& d) {
  FusedLanes k;
  store_lanes(k.tcc, _mm256_set1_epi32(d.tcc ? -1 : 0));
  store_lanes(k.fog_r, _mm256_set1_epi32(d.fog_r)), store_lanes(k.fog_g, _mm256_set1_epi32(d.fog_g));
  store_lanes(k.fog_b, _mm256_set1_epi32(d.fog_b));
  // The fog colour as the pairs take it (fog16): r | b << 16, and g (the alpha half takes none).
  store_lanes(k.fog_rb, _mm256_set1_epi32(static_cast<int32_t>(static_cast<uint32_t>(d.fog_r & 0xffff) |
                                                               static_cast<uint32_t>(d.fog_b & 0xffff) << 16)));
  store_lanes(k.fog_ga, _mm256_set1_epi32(d.fog_g & 0xffff));
  store_lanes(k.fog_keep, _mm256_set1_epi32(d.fog_alpha ? 0 : static_cast<int32_t>(0xffff0000u)));
  store_lanes(k.a_s, _mm256_set1_epi32(d.a_s)), store_lanes(k.a_d, _mm256_set1_epi32(d.a_d));
  store_lanes(k.b_s, _mm256_set1_epi32(d.b_s)), store_lanes(k.b_d, _mm256_set1_epi32(d.b_d));
  store_lanes(k.d_s, _mm256_set1_epi32(d.d_s)), store_lanes(k.d_d, _mm256_set1_epi32(d.d_d));
  store_lanes(k.c_s, _mm256_set1_epi32(d.c_s)), store_lanes(k.c_d, _mm256_set1_epi32(d.c_d));
  store_lanes(k.c_fix, _mm256_set1_epi32(d.c_fix)), store_lanes(k.pabe, _mm256_set1_epi32(d.pabe));
  store_lanes(k.ad_24, _mm256_set1_epi32(d.frame_24 ? -1 : 0));
  store_lanes(k.wrap_mask, _mm256_set1_epi32(d.wrap_mask));
  store_lanes(k.wrap_mask16, _mm256_set1_epi16(static_cast<int16_t>(d.wrap_mask)));  // 0xff or all ones
  // TCC clear: the alpha half takes the vertex alpha.
  store_lanes(k.vertex_alpha, _mm256_set1_epi32(d.tcc ? 0 : static_cast<int32_t>(0xffff0000u)));
  // The packed blend's As (the high half of ga) in both halves; GsConfig::break_packed_alpha drops its high byte
  // (a shuffle index with bit 7 set gives 0).
  store_lanes(k.alpha_both, _mm256_or_si256(_mm256_setr_epi8(2, 3, 2, 3, 6, 7, 6, 7, 10, 11, 10, 11, 14, 15, 14, 15, 2,
                                                             3, 2, 3, 6, 7, 6, 7, 10, 11, 10, 11, 14, 15, 14, 15),
                                            _mm256_set1_epi16(static_cast<int16_t>(d.alpha_low_byte ? 0x8000 : 0))));
  store_lanes(k.fba, _mm256_set1_epi32(static_cast<int32_t>(d.fba)));
  store_lanes(k.z_keep, _mm256_set1_epi32(d.z_24 ? static_cast<int32_t>(0xff000000u) : 0));
  store_lanes(k.z_bits, _mm256_set1_epi32(static_cast<int32_t>(d.z_bits)));
  return k;
}

FusedGroupsFn fused_groups(FusedTexture texture, Tfx tfx, FusedShape shape, bool allow_avx512) {
  static const bool supported = cpu_runs_fused_kernels(), avx512 = cpu_has_avx512_vl_bw_dq();
  if (!supported) return nullptr;
  return allow_avx512 && avx512 ? pick_shape<true>(texture, tfx, shape) : pick_shape<false>(texture, tfx, shape);
}

FusedGroupsFn fused_groups_stepped(FusedTexture texture, Tfx tfx, FusedShape shape, bool allow_avx512, bool rows) {
  static const bool supported = cpu_runs_fused_kernels(), avx512 = cpu_has_avx512_vl_bw_dq();
  if (!supported) return nullptr;
  if (rows) {
    return allow_avx512 && avx512 ? pick_stepped<SteppedSpans<true, true>>(texture, tfx, shape)
                                  : pick_stepped<SteppedSpans<false, true>>(texture, tfx, shape);
  }
  return allow_avx512 && avx512 ? pick_stepped<SteppedSpans<true, false>>(texture, tfx, shape)
                                : pick_stepped<SteppedSpans<false, false>>(texture, tfx, shape);
}

FusedRowsFn fused_groups_rows(FusedTexture texture, Tfx tfx, FusedShape shape, bool fog, bool allow_avx512) {
  static const bool supported = cpu_runs_fused_kernels(), avx512 = cpu_has_avx512_vl_bw_dq();
  if (!supported) return nullptr;
  return allow_avx512 && avx512 ? pick_stepped<SteppedRows<true>>(texture, tfx, shape, fog)
                                : pick_stepped<SteppedRows<false>>(texture, tfx, shape, fog);
}

}  // namespace gcvu::gs::pixel
