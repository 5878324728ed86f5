#pragma once
// The whole-instruction FMAC ops on SSE2 (the x86-64 baseline; vector_ops_avx2.cpp is the same body for AVX2): all
// four lanes in one pass of integer vector arithmetic, bit for bit equal to the scalar lane functions (adder.hpp,
// multiplier.hpp, fused.hpp), flags included. tests/vu/float_vector_ops_test.cpp holds them to
// vector_ops_scalar.hpp on fixed seeds and on the format's edges.
//
// Like the scalar code this is integer arithmetic only: no host float instruction is used, not even as a bit scan.
// MUL lanes whose exact product's bits 15-22 are all clear while ft's low 16 bits are not (the only ones that can
// differ from the truncated exact product: multiplier.hpp explains the bound) run the Booth tree in the vector path
// too, all four lanes at once, behind a branch taken only when some lane needs it (about 1 in 256 random products;
// 1.0 * x and the like always, x * 1.0 never). ADD lanes whose leading bits cancel (a sum below 2^23 but not 0)
// normalise left in the vector path by a branch-free binary search of conditional fixed shifts (integer ops only,
// no bit-scan instruction, no host float), again behind a branch taken only when some lane cancels. So every lane
// of every op is computed here, zeros and denormals, saturation, flush to zero, ACC-overflow persistence and the
// product-overflow priority of MADD/MSUB included: nothing falls back to the scalar lane functions, which remain
// the reference these are tested against.
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
