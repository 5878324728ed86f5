#pragma once
// The whole-instruction FMAC ops on SSE2 (the x86-64 baseline; vector_ops_avx2.cpp is the same body for AVX2): all
// four lanes in one pass of integer vector arithmetic, bit for bit equal to the scalar lane functions (adder.hpp,
// multiplier.hpp, fused.hpp), flags included. tests/vu/float_vector_ops_test.cpp holds them to
// vector_ops_scalar.hpp on fixed seeds and on the format's edges.
//
// MUL is integer arithmetic only. Its fast path is the exact 64-bit product truncated; lanes whose exact product's
// bits 15-22 are all clear while ft's low 16 bits are not (the only ones that can differ from the truncated exact
// product: multiplier.hpp explains the bound) run the Booth tree in the vector path too, all four lanes at once,
// behind a branch taken only when some lane needs it (about 1 in 256 random products; 1.0 * x and the like always,
// x * 1.0 never).
// ADD (and the add of MADD/MSUB) takes add_lanes_fast when every needed lane's larger operand has an exponent of 0
// or 25..253: the smaller operand is masked as the PS2's one guard bit masks it (integers), the two are added as
// host doubles, exactly, whatever the MXCSR says, and the sum is truncated to a single by integer shifts
// (vector_lanes.hpp gives the argument). Otherwise the whole op runs add_lanes, the model in integer vector
// arithmetic, whose leading-bit cancellations normalise left by a branch-free binary search of conditional fixed
// shifts. So every lane of every op is computed here, zeros and denormals, saturation, flush to zero, ACC-overflow
// persistence and the product-overflow priority of MADD/MSUB included: nothing falls back to the scalar lane
// functions, which remain the reference these are tested against.
//
// SSE2 has no per-lane variable shift; the adder's alignment shift (0..24, larger shifts leave nothing) is five
// conditional fixed shifts.

#include <emmintrin.h>

#include <cstdint>

#include "emu/vu/float/vector_lanes.hpp"
#include "emu/vu/float/vector_ops_scalar.hpp"
#include "emu/vu/state/vector.hpp"

#if !defined(__SSE2__)
#error "vector_ops_sse2.hpp needs SSE2 (the x86-64 baseline)"
#endif

namespace gcvu::vu::sse2 {

// The instruction-set policy for vector_lanes.hpp: SSE2 has no per-lane variable shift.
struct Isa {
  // GCC takes these from the constant pool as memory operands.
  template <uint32_t kValue>
  [[gnu::always_inline]] static __m128i splat_constant() {
    return _mm_set1_epi32(static_cast<int>(kValue));
  }
  // One step of a variable right shift: shift by 2^k where bit k of count is set.
  template <int kBit>
  [[gnu::always_inline]] static __m128i shift_right_step(__m128i x, __m128i count) {
    const __m128i take = _mm_srai_epi32(_mm_slli_epi32(count, 31 - kBit), 31);
    return _mm_or_si128(_mm_and_si128(take, _mm_srli_epi32(x, 1 << kBit)), _mm_andnot_si128(take, x));
  }
  // x >> count per lane for counts 0..31 (only the low five bits of count are read).
  [[gnu::always_inline]] static __m128i shift_right(__m128i x, __m128i count) {
    x = shift_right_step<4>(x, count);
    x = shift_right_step<3>(x, count);
    x = shift_right_step<2>(x, count);
    x = shift_right_step<1>(x, count);
    return shift_right_step<0>(x, count);
  }
  // The fast adder's exact sums (vector_lanes.hpp add_lanes_fast): each lane pair as doubles (exact: normal singles
  // or zeros), added (exact: at most 26 significant bits), the magnitude bits >> 29 packed back to 32 bits.
  [[gnu::always_inline]] static __m128i truncated_sums(__m128i a, __m128i b) {
    const auto sums = [](__m128i x, __m128i y) {
      const __m128d sum = _mm_add_pd(_mm_cvtps_pd(_mm_castsi128_ps(x)), _mm_cvtps_pd(_mm_castsi128_ps(y)));
      return _mm_castsi128_ps(_mm_srli_epi64(_mm_castpd_si128(sum), 29));  // the sign moves to bit 34: dropped
    };
    return _mm_castps_si128(
        _mm_shuffle_ps(sums(a, b), sums(_mm_unpackhi_epi64(a, a), _mm_unpackhi_epi64(b, b)), _MM_SHUFFLE(2, 0, 2, 0)));
  }
  // The adder's normalisation: x >> 1 where by_1 is set, >> 2 where by_2 is too (by_2 implies by_1).
  [[gnu::always_inline]] static __m128i shift_right_0_to_2(__m128i x, __m128i by_1, __m128i by_2) {
    x = _mm_or_si128(_mm_and_si128(by_1, _mm_srli_epi32(x, 1)), _mm_andnot_si128(by_1, x));
    return _mm_or_si128(_mm_and_si128(by_2, _mm_srli_epi32(x, 1)), _mm_andnot_si128(by_2, x));
  }
};

using Ops = simd::VectorLanes<Isa>;

inline Vec4Result add4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return Ops::add4(fs, ft, fields); }
inline Vec4Result sub4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return Ops::sub4(fs, ft, fields); }
inline Vec4Result mul4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return Ops::mul4(fs, ft, fields); }
inline Vec4Result madd4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return Ops::madd4(acc, acc_overflow, fs, ft, fields);
}
inline Vec4Result msub4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return Ops::msub4(acc, acc_overflow, fs, ft, fields);
}

}  // namespace gcvu::vu::sse2
