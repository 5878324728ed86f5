#pragma once
// FTOIn and ITOFn (convert.hpp) on all four lanes at once, in SSE2 (the x86-64 baseline), for the interpreter's and
// the compiled engine's upper ops. Bit for bit convert.hpp's ftoi/itof on every input, under any MXCSR: the only
// host float operations are a truncating conversion of an exact value and an exact integer-to-double conversion.
// tests/vu/convert_vector_test.cpp checks them against convert.hpp on fixed seeds in CI, and over every 32-bit
// input once by hand (GCVU_CONVERT_EXHAUSTIVE=1).

#include <emmintrin.h>

#include <cstdint>

#include "emu/vu/float/convert.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

// FTOIn. Why it equals ftoi: ftoi's magnitude is (significand << 8) >> (158 - exp - n) = floor(|x| * 2^n), and its
// value that magnitude with x's sign, i.e. x * 2^n truncated toward zero. For an exponent field in
// [1, 0x9D - n], x is an IEEE normal single of the same value (the PS2 and IEEE formats agree there), and adding n
// to its exponent field gives another normal single (exponent at most 0x9D), exactly x * 2^n, with |x * 2^n| < 2^31;
// cvttps2dq truncates toward zero whatever the MXCSR rounding mode, and the result fits, so it is ftoi's value.
// The other lanes are ftoi's two special cases, selected by the exponent as ftoi does: an exponent field of 0
// gives 0, and a scaled exponent of 0x9E or more saturates to 0x7FFFFFFF + sign bit (whatever the conversion gave
// there, Inf/NaN or a denormal's scaling, is not used).
inline Vec4 ftoi4(const Vec4& x, FixedPoint format) {
  const auto n = static_cast<int>(format);
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x.data()));
  const __m128i exp = _mm_and_si128(_mm_srli_epi32(v, 23), _mm_set1_epi32(0xff));
  const __m128i zero = _mm_cmpeq_epi32(exp, _mm_setzero_si128());
  const __m128i saturate = _mm_cmpgt_epi32(_mm_add_epi32(exp, _mm_set1_epi32(n)), _mm_set1_epi32(0x9d));
  const __m128i scaled = _mm_add_epi32(v, _mm_set1_epi32(n << 23));
  const __m128i converted = _mm_cvttps_epi32(_mm_castsi128_ps(scaled));
  const __m128i saturated = _mm_add_epi32(_mm_set1_epi32(0x7fffffff), _mm_srli_epi32(v, 31));
  const __m128i value = _mm_or_si128(_mm_and_si128(saturate, saturated), _mm_andnot_si128(saturate, converted));
  Vec4 out;
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data()), _mm_andnot_si128(zero, value));
  return out;
}

// ITOFn. Why it equals itof: an int32 converts to a double exactly (cvtdq2pd, any MXCSR), with exponent
// E = 1023 + top (top = the index of |v|'s leading one, 0..31; -2^31 has magnitude 2^31) and |v|'s bits below the
// leading one at the top of the 52-bit fraction. Shifting the double's bits right by 29 drops the fraction's low 29
// bits, which is itof's truncation of the magnitude to 24 significant bits (nothing is dropped below 2^24), and
// leaves E's low 9 bits above the 23 kept fraction bits in the low 32 bits. The single's exponent 127 + top is
// E - 896; modulo 2^32 that subtraction of 896 << 23 is an addition of 0x40000000, exact because the true
// exponent is below 256 (the sign and E's high bits fall off). Then 2^-n is n off the exponent (at least 112, so
// no underflow), the sign is v's, and 0 gives 0.
inline Vec4 itof4(const Vec4& x, FixedPoint format) {
  const auto n = static_cast<int>(format);
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x.data()));
  const auto high_words = [](__m128d d) { return _mm_castsi128_ps(_mm_srli_epi64(_mm_castpd_si128(d), 29)); };
  const __m128 low = high_words(_mm_cvtepi32_pd(v));
  const __m128 high = high_words(_mm_cvtepi32_pd(_mm_unpackhi_epi64(v, v)));
  const __m128i packed = _mm_castps_si128(_mm_shuffle_ps(low, high, _MM_SHUFFLE(2, 0, 2, 0)));
  const __m128i magnitude = _mm_add_epi32(packed, _mm_set1_epi32(static_cast<int>(0x40000000u - (static_cast<uint32_t>(n) << 23))));
  const __m128i value = _mm_or_si128(magnitude, _mm_and_si128(v, _mm_set1_epi32(static_cast<int>(kSignBit))));
  Vec4 out;
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out.data()),
                   _mm_andnot_si128(_mm_cmpeq_epi32(v, _mm_setzero_si128()), value));
  return out;
}

}  // namespace gcvu::vu
