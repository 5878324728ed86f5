#pragma once
// The per-pixel arithmetic of the GS pipeline as PCSX2's software renderer does it (reference/gs.md §3), one
// channel at a time, so the span stages and the tests share one definition. Colours are 8-bit channel values in
// int32; vertex colours and fog arrive in 8.7 fixed point (value * 128).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <emmintrin.h>

namespace gcvu::gs::pixel {

constexpr int32_t clamp8(int32_t v) { return std::clamp(v, 0, 255); }

// Texture colour times fragment colour: the product of an 8-bit texel channel and an 8.7 vertex channel, taken as
// the high half of a signed 16x16 multiply with the texel pre-shifted by 2 (= floor(ct * cf87 / 2^14)).
constexpr int32_t modulate(int32_t ct, int32_t cf87) { return (ct * 4 * cf87) >> 16; }

// The blend multiply: (A - B) * C >> 7 with an arithmetic (floor) shift; C is a full 8-bit alpha or FIX.
constexpr int32_t blend_multiply(int32_t diff, int32_t c) { return (diff * 4 * (c << 7)) >> 16; }

// Fog: FOG + ((C - FOG) * F >> 8) with F in 8.7 fixed point, as a signed 16-bit high multiply of (C-FOG)*2 by F.
constexpr int32_t fog(int32_t c, int32_t fog_color, int32_t f87) {
  return fog_color + ((((c - fog_color) * 2) * f87) >> 16);
}

// The texture clamp of a coordinate: max with the lower limit first, then min with the upper (PCSX2's sat_i16), so
// a lower limit above the upper one (REGION_CLAMP with MINU > MAXU) gives the upper limit. (std::clamp would be
// undefined there.)
constexpr int32_t region_clamp(int32_t c, int32_t lo, int32_t hi) { return std::min(std::max(c, lo), hi); }

// A texel coordinate wrapped as PCSX2 does it: it computes both and selects, repeat = (c & lo) | hi and clamp =
// region_clamp on signed 16-bit lanes (pmaxsw then pminsw). The order matters when REGION_CLAMP has MINU > MAXU:
// every coordinate becomes MAXU. The result is the low 16 bits.
constexpr int32_t wrap_texel(int32_t c, int32_t lo, int32_t hi, bool repeat) {
  const int32_t repeated = static_cast<uint16_t>((c & lo) | hi);
  const int32_t clamped = region_clamp(c, static_cast<int16_t>(lo), static_cast<int16_t>(hi));
  return static_cast<uint16_t>(repeat ? repeated : clamped);
}

// The bilinear step: a + ((b - a) * f >> 4) for a 4-bit fraction, arithmetic shift.
constexpr int32_t lerp4(int32_t a, int32_t b, int32_t f) { return a + (((b - a) * f) >> 4); }

// The trilinear step between two mip levels with the 16-bit LOD fraction: a + ((b - a) * 2 * (frac >> 1) >> 16).
constexpr int32_t lerp_lod(int32_t a, int32_t b, int32_t frac16) { return a + ((((b - a) * 2) * (frac16 >> 1)) >> 16); }

// Float to int32 with truncation; NaN and out-of-range values give INT32_MIN (what cvttps2dq returns).
inline int32_t truncate_to_int(float f) {
  if (!(f > -2147483904.0f && f < 2147483648.0f)) return INT32_MIN;
  return static_cast<int32_t>(f);
}

// out[i] = truncate_to_int(num[i] / den[i]) for a run of pixels (s/q and t/q), four to an SSE2 register:
// divps is IEEE division as divss is, and cvttps2dq gives truncate_to_int's INT32_MIN for NaN and out-of-range
// quotients.
inline void divide_truncate_row(const float* num, const float* den, int count, int32_t* out) {
  int i = 0;
  for (; i + 4 <= count; i += 4) {
    const __m128 quotient = _mm_div_ps(_mm_loadu_ps(num + i), _mm_loadu_ps(den + i));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm_cvttps_epi32(quotient));
  }
  for (; i < count; i++) out[i] = truncate_to_int(num[i] / den[i]);
}

// A bilinear sample is centred half a texel (0x8000 in 16.16) back. An out-of-range S/Q truncates to INT32_MIN, and
// the step then wraps, as the x86 code it compiled to (and PCSX2's SIMD) does; a plain int subtraction would be
// undefined there (found by the gs_registers fuzz target).
inline int32_t half_texel_back(int32_t coordinate) {
  return static_cast<int32_t>(static_cast<uint32_t>(coordinate) - 0x8000u);
}

// Float to int32 rounding to nearest even (cvtps2dq under the default MXCSR); out of range gives INT32_MIN.
inline int32_t round_to_int(float f) {
  if (!(f > -2147483904.0f && f < 2147483648.0f)) return INT32_MIN;
  return static_cast<int32_t>(std::nearbyint(f));
}

// log2 approximation PCSX2 uses for the LOD (degree-2 polynomial in the mantissa times (m - 1), plus the
// exponent; coefficients from PCSX2's log2 table), evaluated with fused multiply-adds as its AVX2+FMA JIT does.
inline float lod_log2(float q) {
  uint32_t bits;
  std::memcpy(&bits, &q, 4);
  float exponent = static_cast<float>(static_cast<int32_t>((bits << 1) >> 24) - 127);
  uint32_t mant_bits = ((bits << 9) >> 9) | 0x3f800000u;
  float m;
  std::memcpy(&m, &mant_bits, 4);
  float p = std::fma(0.204446009836232697516f, m, -1.04913055217340124191f);
  p = std::fma(p, m, 2.28330284476918490682f);
  return std::fma(m - 1.0f, p, exponent);
}

// The per-pixel LOD in 16.16: (-log2(q) * 2^L + K) * 2^16 clamped to [0, mxl16] and rounded to an integer.
// `l_neg` is -(0x10000 << L), `k16` is K << 12 (K in 1/16 units), `mxl16` is the top level << 16.
inline int32_t lod_from_q(float q, float l_neg, float k16, float mxl16) {
  float v = std::fma(lod_log2(q), l_neg, k16);
  v = v < mxl16 ? v : mxl16;  // minps: a NaN takes the limit
  v = v > 0.0f ? v : 0.0f;
  return round_to_int(v);
}

}  // namespace gcvu::gs::pixel
