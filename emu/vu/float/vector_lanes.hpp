#pragma once
// The body of the vector FMAC ops (vector_ops_sse2.hpp describes them), written once over SSE2 intrinsics and
// parameterised by an instruction-set policy `Isa` that supplies what differs between instruction sets: the
// per-lane variable right shifts (`Isa::shift_right(x, count)`, counts 0..31, and
// `Isa::shift_right_0_to_2(x, by_1, by_2)`, a shift by 1 where by_1 is set and by a further 1 where by_2 is), and
// how a constant in every lane is best built (`Isa::splat_constant<kValue>()`). Everything is a member of the class
// template, so each instruction set gets its own instantiation and symbols: vector_ops_sse2.hpp instantiates it for
// the SSE2 baseline, vector_ops_avx2.cpp inside a region compiled for AVX2 (where the same intrinsics are
// VEX-encoded). Never include this from a file that is not one of those two.

#include <emmintrin.h>

#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "emu/vu/float/adder.hpp"
#include "emu/vu/float/fmac_kernel.hpp"
#include "emu/vu/float/fused.hpp"
#include "emu/vu/float/multiplier.hpp"
#include "emu/vu/float/ps2_float.hpp"
#include "emu/vu/float/vector_ops_scalar.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu::simd {

template <typename Isa>
struct VectorLanes {
  [[gnu::always_inline]] static __m128i load(const Vec4& v) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(v.data()));
  }
  [[gnu::always_inline]] static void store(Vec4& v, __m128i x) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(v.data()), x);
  }
  [[gnu::always_inline]] static __m128i splat(uint32_t x) { return _mm_set1_epi32(static_cast<int>(x)); }
  // A constant in every lane, as the instruction set's policy builds it best (Isa::splat_constant).
  template <uint32_t kValue>
  [[gnu::always_inline]] static __m128i constant() {
    return Isa::template splat_constant<kValue>();
  }

  // All ones in the lanes whose field is set (x = bit 3 is lane 0).
  [[gnu::always_inline]] static __m128i field_lanes(FieldMask fields) {
    const __m128i bits = _mm_setr_epi32(kFieldX, kFieldY, kFieldZ, kFieldW);
    return _mm_cmpeq_epi32(_mm_and_si128(_mm_set1_epi32(fields), bits), bits);
  }

  // mask ? x : y, for a mask of whole lanes.
  [[gnu::always_inline]] static __m128i select(__m128i mask, __m128i x, __m128i y) {
    return _mm_or_si128(_mm_and_si128(mask, x), _mm_andnot_si128(mask, y));
  }

  // The MAC register bits and the sticky bits of the four per-flag lane masks (0 or all ones), in one word per
  // lane: flag n (Z, S, U, O) of lane l sets MAC bit 4n + 3 - l (x is each nibble's top bit) and sticky bit 16 + n.
  // The OR over lanes of that word is the MAC value in bits 0-15 and the sticky bits in bits 16-19.
  [[gnu::always_inline]] static __m128i flag_words(__m128i z, __m128i s, __m128i u, __m128i o) {
    const __m128i z_bits = _mm_setr_epi32(0x10008, 0x10004, 0x10002, 0x10001);
    const __m128i s_bits = _mm_setr_epi32(0x20080, 0x20040, 0x20020, 0x20010);
    const __m128i u_bits = _mm_setr_epi32(0x40800, 0x40400, 0x40200, 0x40100);
    const __m128i o_bits = _mm_setr_epi32(0x88000, 0x84000, 0x82000, 0x81000);
    return _mm_or_si128(_mm_or_si128(_mm_and_si128(z, z_bits), _mm_and_si128(s, s_bits)),
                        _mm_or_si128(_mm_and_si128(u, u_bits), _mm_and_si128(o, o_bits)));
  }
  // The same for flags that reach only the sticky bits (MADD/MSUB's multiply stage).
  [[gnu::always_inline]] static __m128i sticky_words(__m128i z, __m128i s, __m128i u, __m128i o) {
    return _mm_or_si128(_mm_or_si128(_mm_and_si128(z, constant<0x10000>()), _mm_and_si128(s, constant<0x20000>())),
                        _mm_or_si128(_mm_and_si128(u, constant<0x40000>()), _mm_and_si128(o, constant<0x80000>())));
  }
  [[gnu::always_inline]] static uint32_t or_lanes(__m128i x) {
    x = _mm_or_si128(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(1, 0, 3, 2)));
    x = _mm_or_si128(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)));
    return static_cast<uint32_t>(_mm_cvtsi128_si32(x));
  }

  // One op's lanes before field selection. S is always the value's sign bit; Z is whether the value is ±0 except
  // where MADD/MSUB pass an overflowed ACC through (O and S only), so the caller supplies Z.
  struct Lanes {
    __m128i value;
    __m128i under;  // U (and Z)
    __m128i over;   // O
  };

  // The tree's bit 15 for every ft significand's low 16 bits when fs's significand has its low 16 bits clear, one
  // bit per entry. The tree reads only bits 0-15 of x and of y (multiplier.hpp's booth_tree_bit15: rows are
  // |digit| * x << 2i and their complements, digits from y's windows up to bit 15, and only bits 0-15 of the rows
  // reach bit 15), so with x's low bits 0 the bit is a function of y's low 16 bits alone: a table generated from
  // the scalar tree at first use. tests/vu/float_fast_add_cross_test.cpp checks it against the reference tree for
  // all 65536 entries.
  static const std::array<uint32_t, 2048>& short_fs_tree_bits() {
    static const std::array<uint32_t, 2048> table = [] {
      std::array<uint32_t, 2048> bits{};
      for (uint32_t y = 0; y < 65536; ++y) bits[y >> 5] |= detail::booth_tree_bit15(0, y) << (y & 31);
      return bits;
    }();
    return table;
  }

  // All ones in the lanes whose tree bit 15 is set, for an fs whose significand's low 16 bits are clear.
  [[gnu::always_inline]] static __m128i short_fs_tree_bit15(__m128i y) {
    const std::array<uint32_t, 2048>& table = short_fs_tree_bits();
    alignas(16) uint32_t index[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(index), _mm_and_si128(y, constant<0xFFFFu>()));
    alignas(16) uint32_t bit[4];
    for (int lane = 0; lane < 4; ++lane) bit[lane] = 0u - ((table[index[lane] >> 5] >> (index[lane] & 31)) & 1u);
    return _mm_load_si128(reinterpret_cast<const __m128i*>(bit));
  }

  // A constant with kLow in the low 16 bits of every lane and kHigh in the high ones (a constant(), so the AVX2
  // policy's single memory operand rather than a build from a general register).
  template <uint32_t kLow, uint32_t kHigh>
  [[gnu::always_inline]] static __m128i halves() {
    return constant<(kLow & 0xFFFFu) | (kHigh << 16)>();
  }

  // The Booth/CSA tree of multiplier.hpp (detail::booth_tree_bit15) on four lanes: the same rows, compressors and
  // final XOR. Only bits 0-15 of the rows reach bit 15 (everything carries upwards), so the tree runs on 16-bit
  // words, two per 32-bit lane: the low half holds one row or partial sum, the high half another, paired as the
  // tree pairs them (rows 1-3 with rows 4-6 at the first level, row 0 with row 7 at the second), with 16-bit
  // carry shifts so nothing crosses between halves. A row's magnitude |digit| x << 2i, modulo 2^16, is one 16-bit
  // multiply by |digit| << 2i (the low bits of a product depend only on the low bits of its operands).
  // Returns all ones in the lanes whose tree bit 15 is set.
  [[gnu::always_inline]] static __m128i booth_tree_bit15(__m128i x, __m128i y) {
    // The digit flags of all eight windows, digit i's at bit 2i (multiplier.hpp's booth_digits).
    const __m128i w0 = _mm_slli_epi32(y, 1);
    const __m128i w1 = y;
    const __m128i w2 = _mm_srli_epi32(y, 1);
    const __m128i one = _mm_xor_si128(w0, w1);
    const __m128i two = _mm_andnot_si128(one, _mm_xor_si128(w2, w1));
    const __m128i negative = _mm_andnot_si128(_mm_and_si128(w1, w0), w2);
    // |digit i| << 2i at bits 2i and 2i + 1, for all eight digits.
    const __m128i digits = constant<0x5555u>();
    const __m128i magnitudes = _mm_or_si128(_mm_and_si128(one, digits), _mm_slli_epi32(_mm_and_si128(two, digits), 1));
    // Bits 0-15 copied into both halves of each lane.
    const auto both_halves = [](__m128i v) {
      return _mm_shufflehi_epi16(_mm_shufflelo_epi16(v, _MM_SHUFFLE(2, 2, 0, 0)), _MM_SHUFFLE(2, 2, 0, 0));
    };
    const __m128i xs = both_halves(x);
    const __m128i ms = both_halves(magnitudes);
    const __m128i ns = both_halves(negative);
    // Row kLow in the low halves, row kHigh in the high halves: 0, x or 2x at bit 2i, one's-complemented over
    // bits >= 2i when negative.
    const auto rows = [&]<unsigned kLow, unsigned kHigh>(std::integer_sequence<unsigned, kLow, kHigh>) {
      const __m128i magnitude = _mm_mullo_epi16(xs, _mm_and_si128(ms, halves<3u << 2 * kLow, 3u << 2 * kHigh>()));
      const __m128i sign_bits = halves<1u << 2 * kLow, 1u << 2 * kHigh>();
      const __m128i negated = _mm_cmpeq_epi16(_mm_and_si128(ns, sign_bits), sign_bits);
      const __m128i complement = halves<0xFFFFu << 2 * kLow, (0xFFFFu << 2 * kHigh) & 0xFFFFu>();
      return _mm_xor_si128(magnitude, _mm_and_si128(negated, complement));
    };
    const __m128i rows_1_4 = rows(std::integer_sequence<unsigned, 1, 4>{});
    const __m128i rows_2_5 = rows(std::integer_sequence<unsigned, 2, 5>{});
    const __m128i rows_3_6 = rows(std::integer_sequence<unsigned, 3, 6>{});
    const __m128i rows_0_7 = rows(std::integer_sequence<unsigned, 0, 7>{});

    // A 3:2 compressor on both halves: the sum bits, and the majority bits moved up one place (within each half)
    // into `carry`.
    const auto compress = [](__m128i p, __m128i q, __m128i r, __m128i& carry) {
      const __m128i p_xor_q = _mm_xor_si128(p, q);
      carry = _mm_slli_epi16(_mm_or_si128(_mm_and_si128(p, q), _mm_and_si128(r, p_xor_q)), 1);
      return _mm_xor_si128(p_xor_q, r);
    };
    // Level 1: rows 1, 2, 3 (low halves) and rows 4 & ~0x7FF, 5 & ~0xFFF, 6 (high halves); the high carry word
    // also takes row 6's +1 and row 5's bit 11.
    __m128i carry_1;
    const __m128i sum_1 = compress(_mm_and_si128(rows_1_4, halves<0xFFFFu, 0xF800u>()),
                                   _mm_and_si128(rows_2_5, halves<0xFFFFu, 0xF000u>()), rows_3_6, carry_1);
    carry_1 = _mm_or_si128(
        carry_1, _mm_or_si128(_mm_and_si128(ns, halves<0, 1u << 12>()), _mm_and_si128(rows_2_5, halves<0, 0x800u>())));
    // Level 2: row 0 with level 1's low words, and row 7 | ((row 5 & 0x400) + row 5's +1) with the high ones.
    const __m128i row7_plus =
        _mm_add_epi32(_mm_and_si128(rows_2_5, halves<0, 0x400u>()), _mm_and_si128(ns, halves<0, 1u << 10>()));
    __m128i carry_2;
    const __m128i sum_2 = compress(_mm_or_si128(rows_0_7, row7_plus), sum_1, carry_1, carry_2);
    // Levels 3 and 4 in the high halves: the low words move up.
    __m128i carry_3;
    const __m128i sum_3 = compress(_mm_slli_epi32(carry_2, 16), sum_2, carry_2, carry_3);
    __m128i carry_4;
    const __m128i sum_4 = compress(_mm_slli_epi32(sum_2, 16), sum_3, carry_3, carry_4);
    carry_4 = _mm_add_epi32(carry_4, _mm_and_si128(ns, halves<0, 1u << 14>()));  // row 7's +1
    // The final adder's bit 15 is the XOR of the two words' bit 15 (nothing carries in): bit 31 of the lane.
    return _mm_srai_epi32(_mm_xor_si128(sum_4, carry_4), 31);
  }

  // The multiplier (multiplier.hpp `mul`), all lanes in the vector path. Its fast path is the exact 48-bit product
  // (two 32x32->64 multiplies) truncated. The tree is computed only when some lane in `needed` (all ones per lane:
  // the lanes whose result is kept) needs it: its exact product's bits 15-22 all clear and ft's low 16 bits not
  // (multiplier.hpp's bound: elsewhere the Booth loss cannot reach bit 23). The branch is rarely taken on random
  // data and always for 1.0 * x and the like. A lane outside `needed` may then keep a wrong last bit (no tree, or
  // the short-fs table applied to a long fs); its value and flags are discarded (finish masks them, and
  // MADD/MSUB's add ignores it).
  [[gnu::always_inline]] static Lanes mul_lanes(__m128i fs, __m128i ft, __m128i needed) {
    const __m128i exp_mask = constant<0xFFu>();
    const __m128i fraction = constant<kFractionMask>();
    const __m128i hidden = constant<kHiddenBit>();
    const __m128i zero = _mm_setzero_si128();
    const __m128i sign = _mm_and_si128(_mm_xor_si128(fs, ft), constant<kSignBit>());
    const __m128i exp_s = _mm_and_si128(_mm_srli_epi32(fs, 23), exp_mask);
    const __m128i exp_t = _mm_and_si128(_mm_srli_epi32(ft, 23), exp_mask);
    const __m128i zero_operand = _mm_or_si128(_mm_cmpeq_epi32(exp_s, zero), _mm_cmpeq_epi32(exp_t, zero));
    const __m128i x = _mm_or_si128(_mm_and_si128(fs, fraction), hidden);
    const __m128i y = _mm_or_si128(_mm_and_si128(ft, fraction), hidden);

    // The exact 48-bit products of lanes 0, 2 and of lanes 1, 3, regathered as low and high 32-bit halves.
    const __m128i even = _mm_mul_epu32(x, y);
    const __m128i odd = _mm_mul_epu32(_mm_srli_epi64(x, 32), _mm_srli_epi64(y, 32));
    const __m128i even_halves = _mm_shuffle_epi32(even, _MM_SHUFFLE(3, 1, 2, 0));  // lo0 lo2 hi0 hi2
    const __m128i odd_halves = _mm_shuffle_epi32(odd, _MM_SHUFFLE(3, 1, 2, 0));    // lo1 lo3 hi1 hi3
    const __m128i lo = _mm_unpacklo_epi32(even_halves, odd_halves);
    const __m128i hi = _mm_unpackhi_epi32(even_halves, odd_halves);

    __m128i top = _mm_or_si128(_mm_srli_epi32(lo, 23), _mm_slli_epi32(hi, 9));  // product bits 23-47
    const __m128i bound_clear = _mm_cmpeq_epi32(_mm_and_si128(lo, constant<0x7F8000u>()), zero);
    const __m128i ft_low_set =
        _mm_xor_si128(_mm_cmpeq_epi32(_mm_and_si128(y, constant<0xFFFFu>()), zero), constant<~0u>());
    const __m128i tree = _mm_andnot_si128(zero_operand, _mm_and_si128(bound_clear, ft_low_set));
    if (_mm_movemask_ps(_mm_castsi128_ps(_mm_and_si128(tree, needed))) != 0) [[unlikely]] {
      // In these lanes the exact bit 15 is 0, so the tree disagrees where its bit 15 is 1, and the product is
      // then 0x8000 lower: as bits 15-22 are clear that borrows exactly 1 from bits 23 and up.
      // fs with at most 8 significant bits (1.0, 0.5, 255.0, ...: x's low 16 bits clear) looks its tree bit up.
      const __m128i short_fs = _mm_cmpeq_epi32(_mm_and_si128(x, constant<0xFFFFu>()), zero);
      const bool all_short =
          _mm_movemask_ps(_mm_castsi128_ps(_mm_andnot_si128(short_fs, _mm_and_si128(tree, needed)))) == 0;
      top = _mm_add_epi32(top, _mm_and_si128(tree, all_short ? short_fs_tree_bit15(y) : booth_tree_bit15(x, y)));
    }
    const __m128i carry = _mm_srai_epi32(_mm_slli_epi32(top, 7), 31);        // product bit 47
    const __m128i significand = select(carry, _mm_srli_epi32(top, 1), top);  // hidden bit at bit 23
    // exp_s + exp_t + carry - 127 (carry is -1 where set).
    const __m128i exp = _mm_sub_epi32(_mm_sub_epi32(_mm_add_epi32(exp_s, exp_t), constant<127>()), carry);
    const __m128i over = _mm_andnot_si128(zero_operand, _mm_cmpgt_epi32(exp, constant<255>()));
    const __m128i under = _mm_andnot_si128(zero_operand, _mm_cmpgt_epi32(constant<1>(), exp));
    const __m128i normal = _mm_add_epi32(_mm_slli_epi32(_mm_sub_epi32(exp, constant<1>()), 23), significand);
    const __m128i magnitude =
        _mm_or_si128(_mm_andnot_si128(_mm_or_si128(_mm_or_si128(zero_operand, under), over), normal),
                     _mm_and_si128(over, constant<kMaxMagnitude>()));
    return Lanes{_mm_or_si128(sign, magnitude), under, over};
  }

  // A cancelled sum (below 2^23, not 0) shifted left until its leading one is at bit 23, and the shift (0..23) in
  // `count`: a branch-free binary search of five conditional fixed shifts, integer ops only. A sum already at or
  // above 2^23 is left alone with a count of 0; a sum of 0 gives garbage, which the adder masks.
  [[gnu::always_inline]] static __m128i normalise_left(__m128i sum, __m128i& count) {
    const __m128i zero = _mm_setzero_si128();
    count = zero;
    const auto step = [&]<int kBy>(std::integral_constant<int, kBy>) {
      const __m128i take = _mm_cmpeq_epi32(_mm_srli_epi32(sum, 24 - kBy), zero);
      sum = select(take, _mm_slli_epi32(sum, kBy), sum);
      count = _mm_add_epi32(count, _mm_and_si128(take, constant<kBy>()));
    };
    step(std::integral_constant<int, 16>{});
    step(std::integral_constant<int, 8>{});
    step(std::integral_constant<int, 4>{});
    step(std::integral_constant<int, 2>{});
    step(std::integral_constant<int, 1>{});
    return sum;
  }

  // An adder's operands ordered so that |big| >= |small| per lane, with their exponent fields.
  struct Ordered {
    __m128i big;
    __m128i small;
    __m128i exp_big;
    __m128i exp_small;
  };
  [[gnu::always_inline]] static Ordered order_by_magnitude(__m128i a, __m128i b) {
    const __m128i magnitude = constant<kMagnitudeMask>();
    const __m128i exp_mask = constant<0xFFu>();
    // Both magnitudes are below 2^31, so the signed compare is the unsigned one.
    const __m128i swap = _mm_cmpgt_epi32(_mm_and_si128(b, magnitude), _mm_and_si128(a, magnitude));
    const __m128i exchange = _mm_and_si128(_mm_xor_si128(a, b), swap);
    const __m128i big = _mm_xor_si128(a, exchange);
    const __m128i small = _mm_xor_si128(b, exchange);
    return Ordered{big, small, _mm_and_si128(_mm_srli_epi32(big, 23), exp_mask),
                   _mm_and_si128(_mm_srli_epi32(small, 23), exp_mask)};
  }

  // The adder (adder.hpp `add`), all lanes in the vector path. Leading-bit cancellations (opposite signs, exponents
  // at most 1 apart) normalise left with normalise_left, only when some lane needs it.
  [[gnu::always_inline]] static Lanes add_lanes(__m128i a, __m128i b) {
    const __m128i fraction = constant<kFractionMask>();
    const __m128i hidden = constant<kHiddenBit>();
    const __m128i sign_bit = constant<kSignBit>();
    const __m128i zero = _mm_setzero_si128();
    const __m128i magnitude = constant<kMagnitudeMask>();
    const auto [big_operand, small_operand, exp_a, exp_b] = order_by_magnitude(a, b);
    const __m128i both_zero = _mm_cmpeq_epi32(exp_a, zero);
    const __m128i sign = _mm_and_si128(big_operand, sign_bit);
    const __m128i shift = _mm_sub_epi32(exp_a, exp_b);  // 0..255
    const __m128i big = _mm_slli_epi32(_mm_or_si128(_mm_and_si128(big_operand, fraction), hidden), 1);
    // A zero b, or a shift past its 25 bits, leaves nothing of b (the shift's high bits are not read below).
    const __m128i drop = _mm_or_si128(_mm_cmpeq_epi32(exp_b, zero), _mm_cmpgt_epi32(shift, constant<24>()));
    const __m128i small = Isa::shift_right(
        _mm_andnot_si128(drop, _mm_slli_epi32(_mm_or_si128(_mm_and_si128(small_operand, fraction), hidden), 1)), shift);
    const __m128i negate = _mm_srai_epi32(_mm_xor_si128(a, b), 31);
    const __m128i sum = _mm_add_epi32(big, _mm_sub_epi32(_mm_xor_si128(small, negate), negate));  // 0..2^26

    const __m128i at_24 = _mm_cmpgt_epi32(sum, constant<(1u << 24) - 1>());
    const __m128i at_25 = _mm_cmpgt_epi32(sum, constant<(1u << 25) - 1>());
    const __m128i cancelled = _mm_cmpgt_epi32(constant<1u << 23>(), sum);
    const __m128i exact_zero = _mm_cmpeq_epi32(sum, zero);
    // A cancelled sum moves its leading one up to bit 23, lowering the exponent by the shift (adder.hpp's
    // add_uncommon: exp_a + top - 24 with top = 23 - count). Then a leading one at bit 23, 24 or 25 shifts right by
    // 0, 1 or 2, raising the exponent to match.
    __m128i normalised = sum;
    __m128i lowered = zero;
    if (_mm_movemask_ps(_mm_castsi128_ps(_mm_andnot_si128(exact_zero, cancelled))) != 0) [[unlikely]] {
      normalised = normalise_left(sum, lowered);
    }
    const __m128i significand = Isa::shift_right_0_to_2(normalised, at_24, at_25);
    const __m128i exp =
        _mm_sub_epi32(_mm_sub_epi32(_mm_sub_epi32(_mm_sub_epi32(exp_a, constant<1>()), at_24), at_25), lowered);
    const __m128i special = _mm_or_si128(both_zero, exact_zero);
    const __m128i over = _mm_andnot_si128(special, _mm_cmpgt_epi32(exp, constant<255>()));
    const __m128i under = _mm_andnot_si128(special, _mm_cmpgt_epi32(constant<1>(), exp));
    const __m128i normal = _mm_add_epi32(_mm_slli_epi32(_mm_sub_epi32(exp, constant<1>()), 23), significand);
    const __m128i magnitude_out = _mm_or_si128(
        _mm_andnot_si128(_mm_or_si128(_mm_or_si128(special, under), over), normal), _mm_and_si128(over, magnitude));
    // An exact cancellation gives +0; two zero operands give -0 only when both are negative.
    __m128i value = _mm_andnot_si128(exact_zero, _mm_or_si128(sign, magnitude_out));
    value = select(both_zero, _mm_and_si128(_mm_and_si128(a, b), sign_bit), value);
    return Lanes{value, under, over};
  }

  // The adder's host-speed path: the PS2 sum from one exact host double addition, for every lane whose larger
  // operand's exponent is 0 (both operands zero) or in [25, 253]. `refused` comes back all ones in the other
  // lanes, whose outputs are then meaningless (add_lanes_checked sends the op to add_lanes).
  //
  // Why it equals add_lanes (adder.hpp's model) in the lanes it takes. Order |A| >= |B|, d = exp(A) - exp(B). The
  // model adds A's significand with one guard bit to B's significand shifted right by d below it, then truncates
  // the integer sum to 24 significant bits. Both steps are exact functions of the real numbers involved:
  //  1. the shifted B keeps exactly B's bits of weight >= g = ulp(A) / 2, so it is B' = B with its low d - 1
  //     fraction bits cleared (d >= 2), B itself (d <= 1), only its hidden bit (d = 24), or 0 (d >= 25, or B zero
  //     or denormal). That is an AND with a mask, done here in integers;
  //  2. the model's sum is A + B' exactly (an integer count of g, below 2^26 of them), and its result is that value
  //     truncated toward zero to 24 significant bits, with A's sign, or +0 when it is 0.
  // So the PS2 result is RTZ(A + B') with the sign of A, whatever the signs (the "same sign" and "opposite sign with
  // nothing shifted out" conditions are both special cases: the mask makes every case exact). A + B' is a multiple
  // of g below 2^(exp(A) + 2) in magnitude: at most 26 significant bits, exact in a double under every rounding
  // mode, so the host's MXCSR (rounding, DAZ, FTZ) cannot change it. Both operands are normal singles (exponent
  // 1..253) or zero when converted, so the float-to-double conversions are exact too. RTZ to a single is then a
  // truncation of the double's bit pattern: drop its low 29 fraction bits and rebias the exponent by 1023 - 127.
  // Range: a non-zero A + B' lies in [g, 2^(exp(A) + 2)), so the result's exponent field is in
  // [exp(A) - 24, exp(A) + 1], inside [1, 254] exactly when exp(A) is in [25, 253]: no U, no O, and Z only for an
  // exact cancellation (+0, as the model gives). Both operands zero (exp(A) = 0) give -0 only when both are
  // negative, taken from the bits. Nothing here branches or leaves integer-exact arithmetic.
  [[gnu::always_inline]] static Lanes add_lanes_fast(__m128i a, __m128i b, __m128i& refused) {
    const __m128i sign_bit = constant<kSignBit>();
    const __m128i zero = _mm_setzero_si128();
    const auto [big_operand, small_operand, exp_a, exp_b] = order_by_magnitude(a, b);
    const __m128i both_zero = _mm_cmpeq_epi32(exp_a, zero);
    const __m128i out_of_range =
        _mm_or_si128(_mm_cmpgt_epi32(constant<25>(), exp_a), _mm_cmpgt_epi32(exp_a, constant<253>()));
    refused = _mm_andnot_si128(both_zero, out_of_range);
    const __m128i shift = _mm_sub_epi32(exp_a, exp_b);  // 0..253 where it matters
    // B' (step 1): nothing of B when it is zero or denormal or d >= 25; else B without its low d - 1 bits, whose
    // mask ~0 >> (33 - d) is built only for d >= 2 (the count is then 9..31).
    const __m128i drop = _mm_or_si128(_mm_cmpeq_epi32(exp_b, zero), _mm_cmpgt_epi32(shift, constant<24>()));
    const __m128i low_bits = _mm_and_si128(_mm_cmpgt_epi32(shift, constant<1>()),
                                           Isa::shift_right(constant<~0u>(), _mm_sub_epi32(constant<33>(), shift)));
    const __m128i small_kept = _mm_andnot_si128(_mm_or_si128(drop, refused), _mm_andnot_si128(low_bits, small_operand));
    // Refused and zero lanes convert +0, so no Inf, NaN or denormal ever reaches the host's float unit.
    const __m128i big_kept = _mm_andnot_si128(_mm_or_si128(both_zero, refused), big_operand);
    // Step 2 (Isa::truncated_sums): the exact double sums, and each one's magnitude bits >> 29 packed to 32 bits:
    // the single's exponent (rebiased below by 1023 - 127, modulo 2^32, which the result fits) and fraction,
    // truncated. The packed bits of 2.0 are 0 too, so an exact cancellation is found from the operands: B' = -A.
    const __m128i packed = Isa::truncated_sums(big_kept, small_kept);
    const __m128i zero_sum = _mm_cmpeq_epi32(small_kept, _mm_xor_si128(big_kept, sign_bit));
    const __m128i magnitude_out = _mm_andnot_si128(zero_sum, _mm_sub_epi32(packed, constant<(1023u - 127u) << 23>()));
    // A's sign on a non-zero result; +0 for an exact cancellation; the zero operands' rule where both are zero.
    const __m128i sign = _mm_andnot_si128(zero_sum, _mm_and_si128(big_operand, sign_bit));
    const __m128i value =
        select(both_zero, _mm_and_si128(_mm_and_si128(a, b), sign_bit), _mm_or_si128(sign, magnitude_out));
    return Lanes{value, zero, zero};
  }

  // The model's adder out of line: the lanes add_lanes_fast refuses (an exponent below 25 or above 253) are rare,
  // so the fast path keeps the code small. Its own symbol also makes its calls countable (callgrind).
  [[gnu::noinline]] static Lanes add_lanes_refused(__m128i a, __m128i b) { return add_lanes(a, b); }

  // The adder: add_lanes_fast where every lane in `needed` (all ones per lane) takes it, else the model.
  [[gnu::always_inline]] static Lanes add_lanes_checked(__m128i a, __m128i b, __m128i needed) {
    __m128i refused;
    const Lanes fast = add_lanes_fast(a, b, refused);
    if (_mm_movemask_ps(_mm_castsi128_ps(_mm_and_si128(refused, needed))) != 0) [[unlikely]] {
      return add_lanes_refused(a, b);
    }
    return fast;
  }

  [[gnu::always_inline]] static __m128i zero_lanes(__m128i value) {
    return _mm_cmpeq_epi32(_mm_and_si128(value, constant<0x7F800000u>()), _mm_setzero_si128());
  }

  // The multiply stage's flags of MADD/MSUB, which reach only the sticky bits.
  struct ProductFlags {
    __m128i z;
    __m128i s;
    __m128i under;
    __m128i over;
  };

  // The MAC value (bits 0-15) and sticky bits (16-19) of the lanes in `keep` (all ones per lane).
  template <bool kProductFlags>
  [[gnu::always_inline]] static uint32_t flag_word(__m128i keep, __m128i value, __m128i z, __m128i under,
                                                   __m128i over, const ProductFlags& product) {
    __m128i words = flag_words(z, _mm_srai_epi32(value, 31), under, over);
    if constexpr (kProductFlags) {
      words = _mm_or_si128(words, sticky_words(product.z, product.s, product.under, product.over));
    }
    return or_lanes(_mm_and_si128(words, keep));
  }
  [[gnu::always_inline]] static uint32_t flag_word(__m128i keep, const Lanes& r) {
    const __m128i none = _mm_setzero_si128();
    return flag_word<false>(keep, r.value, zero_lanes(r.value), r.under, r.over, ProductFlags{none, none, none, none});
  }
  [[gnu::always_inline]] static Vec4Result result(__m128i keep, __m128i value, uint32_t flags) {
    Vec4Result out;
    store(out.value, _mm_and_si128(value, keep));
    out.mac = static_cast<uint16_t>(flags);
    out.sticky = static_cast<uint8_t>(flags >> 16);
    return out;
  }

  // Field selection, MAC layout and sticky bits.
  [[gnu::always_inline]] static Vec4Result finish(FieldMask fields, const Lanes& r) {
    const __m128i keep = field_lanes(fields);
    return result(keep, r.value, flag_word(keep, r));
  }

  // MADD/MSUB's result (fused.hpp) from its product, the addend (the product, negated for MSUB) and the sum of ACC
  // and the addend: in priority order the product's overflow (±0x7FFFFFFF with the product's sign, negated for MSUB),
  // an overflowed ACC passed through, or the sum; with the final add's Z/U/O and the multiply stage's flags.
  struct Accumulated {
    __m128i value;
    __m128i z;
    __m128i under;
    __m128i over;  // holds the product's O (an overflowed product is passed through with O)
    ProductFlags product;
  };
  [[gnu::always_inline]] static Accumulated accumulate(__m128i acc_value, __m128i acc_over, const Lanes& product,
                                                       __m128i addend, const Lanes& sum) {
    const __m128i passed = _mm_or_si128(product.over, acc_over);  // the add does not decide these lanes
    // acc_over is second in priority: the outer select tests product.over first.
    const __m128i value = select(product.over, addend, select(acc_over, acc_value, sum.value));
    // The product's S is the sign of fs XOR ft, unflipped for MSUB, even for a -0 product.
    return Accumulated{value, _mm_andnot_si128(passed, zero_lanes(value)), _mm_andnot_si128(passed, sum.under),
                       _mm_or_si128(passed, sum.over),
                       ProductFlags{zero_lanes(product.value), _mm_srai_epi32(product.value, 31), product.under,
                                    product.over}};
  }

  // MADD/MSUB: the value's lanes, and the flag word of the lanes in `keep` in `flags`.
  [[gnu::always_inline]] static __m128i multiply_accumulate_lanes(__m128i acc_value, FieldMask acc_overflow,
                                                                  __m128i fs, __m128i ft, __m128i keep,
                                                                  uint32_t sign_flip, uint32_t& flags) {
    const Lanes product = mul_lanes(fs, ft, keep);
    const __m128i addend = _mm_xor_si128(product.value, splat(sign_flip));
    const __m128i acc_over = field_lanes(acc_overflow);
    const Lanes sum = add_lanes_checked(acc_value, addend, _mm_andnot_si128(_mm_or_si128(product.over, acc_over), keep));
    const Accumulated r = accumulate(acc_value, acc_over, product, addend, sum);
    flags = flag_word<true>(keep, r.value, r.z, r.under, r.over, r.product);
    return r.value;
  }
  [[gnu::always_inline]] static Vec4Result multiply_accumulate4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs,
                                                                const Vec4& ft, FieldMask fields, uint32_t sign_flip) {
    const __m128i keep = field_lanes(fields);
    uint32_t flags = 0;
    const __m128i value = multiply_accumulate_lanes(load(acc), acc_overflow, load(fs), load(ft), keep, sign_flip, flags);
    return result(keep, value, flags);
  }

  [[gnu::always_inline]] static Vec4Result add4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
    return finish(fields, add_lanes_checked(load(fs), load(ft), field_lanes(fields)));
  }

  [[gnu::always_inline]] static Vec4Result sub4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
    return finish(fields,
                  add_lanes_checked(load(fs), _mm_xor_si128(load(ft), constant<kSignBit>()), field_lanes(fields)));
  }

  [[gnu::always_inline]] static Vec4Result mul4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
    return finish(fields, mul_lanes(load(fs), load(ft), field_lanes(fields)));
  }

  // `acc_overflow` holds, per field, whether that ACC lane's last write overflowed (ACC-overflow persistence).
  [[gnu::always_inline]] static Vec4Result madd4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs,
                                                 const Vec4& ft, FieldMask fields) {
    return multiply_accumulate4(acc, acc_overflow, fs, ft, fields, 0);
  }

  [[gnu::always_inline]] static Vec4Result msub4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs,
                                                 const Vec4& ft, FieldMask fields) {
    return multiply_accumulate4(acc, acc_overflow, fs, ft, fields, kSignBit);
  }

  // The flag word a compiled op's kernel returns (fmac_kernel.hpp FmacFlags), over the lanes in `keep`, from the
  // result's Z/U/O lane masks, its value (S is the sign) and, with kProductFlags (MADD/MSUB), the multiply stage's
  // flags, which reach only the sticky bits. kMacAndSticky is flag_word's word. The other two build only the
  // sticky bits (plus, for kStickyAndOverflow, the MAC's O bits): a sticky bit is the OR over the kept lanes of
  // that flag in either stage, so the stages' masks are ORed first and one word per lane is built. The product's O
  // is left out there because it is already in the result's O (accumulate: an overflowed product passes through
  // with O), so the result's O bits stay the result's own.
  template <FmacFlags kFlags, bool kProductFlags>
  [[gnu::always_inline]] static uint32_t kernel_flags(__m128i keep, __m128i value, __m128i z, __m128i under,
                                                      __m128i over, const ProductFlags& product) {
    if constexpr (kFlags == FmacFlags::kMacAndSticky) {
      return flag_word<kProductFlags>(keep, value, z, under, over, product);
    } else {
      __m128i s = _mm_srai_epi32(value, 31);
      if constexpr (kProductFlags) {
        z = _mm_or_si128(z, product.z);
        s = _mm_or_si128(s, product.s);
        under = _mm_or_si128(under, product.under);
      }
      const __m128i o_bits = kFlags == FmacFlags::kStickyAndOverflow
                                 ? _mm_setr_epi32(0x88000, 0x84000, 0x82000, 0x81000)
                                 : constant<0x80000>();
      const __m128i words = _mm_or_si128(_mm_or_si128(_mm_and_si128(z, constant<0x10000>()),
                                                      _mm_and_si128(s, constant<0x20000>())),
                                         _mm_or_si128(_mm_and_si128(under, constant<0x40000>()),
                                                      _mm_and_si128(over, o_bits)));
      return or_lanes(_mm_and_si128(words, keep));
    }
  }

  // Compiled code's entry points (fmac_kernel.hpp): add4 ... msub4 with the operands by address, the result written
  // into `dest`'s lanes in `fields` and the flag word (kFlags) returned. Every input is loaded before `dest` is
  // written. The adder's fast path and its refusal (add_lanes_checked) are split here: when a needed lane is
  // refused, the whole op starts over out of line with the model's adder (kModelAdder; the operands are unchanged,
  // and the product is a function of them). So the flag word is built in each path from what that path knows (the
  // fast adder never sets U or O: those terms fold away), and the common path calls nothing: no stack frame, no
  // lane values kept across a call.
  template <FmacKernelOp kOp, bool kBroadcast, FmacFlags kFlags, bool kModelAdder = false>
  [[gnu::noinline]] static uint32_t kernel(const uint32_t* fs, const uint32_t* ft, uint32_t* dest, const uint32_t* acc,
                                           uint32_t acc_overflow, uint32_t fields) {
    const auto load_at = [](const uint32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); };
    const auto refused_by = [](__m128i refused, __m128i needed) {
      return _mm_movemask_ps(_mm_castsi128_ps(_mm_and_si128(refused, needed))) != 0;
    };
    const __m128i a = load_at(fs);
    __m128i b = kBroadcast ? splat(*ft) : load_at(ft);
    const __m128i keep = field_lanes(static_cast<FieldMask>(fields));
    __m128i value;
    uint32_t flags = 0;
    if constexpr (kOp == FmacKernelOp::kMadd || kOp == FmacKernelOp::kMsub) {
      const __m128i acc_value = load_at(acc);
      const Lanes product = mul_lanes(a, b, keep);
      const __m128i addend = _mm_xor_si128(product.value, splat(kOp == FmacKernelOp::kMsub ? kSignBit : 0));
      const __m128i acc_over = field_lanes(static_cast<FieldMask>(acc_overflow));
      Lanes sum;
      if constexpr (kModelAdder) {
        sum = add_lanes(acc_value, addend);
      } else {
        __m128i refused;
        sum = add_lanes_fast(acc_value, addend, refused);
        if (refused_by(refused, _mm_andnot_si128(_mm_or_si128(product.over, acc_over), keep))) [[unlikely]] {
          return kernel<kOp, kBroadcast, kFlags, true>(fs, ft, dest, acc, acc_overflow, fields);
        }
      }
      const Accumulated r = accumulate(acc_value, acc_over, product, addend, sum);
      value = r.value;
      flags = kernel_flags<kFlags, true>(keep, r.value, r.z, r.under, r.over, r.product);
    } else {
      if constexpr (kOp == FmacKernelOp::kSub) b = _mm_xor_si128(b, constant<kSignBit>());
      Lanes r;
      if constexpr (kOp == FmacKernelOp::kMul) {
        r = mul_lanes(a, b, keep);
      } else if constexpr (kModelAdder) {
        r = add_lanes(a, b);
      } else {
        __m128i refused;
        r = add_lanes_fast(a, b, refused);
        if (refused_by(refused, keep)) [[unlikely]] {
          return kernel<kOp, kBroadcast, kFlags, true>(fs, ft, dest, acc, acc_overflow, fields);
        }
      }
      value = r.value;
      const __m128i none = _mm_setzero_si128();
      flags = kernel_flags<kFlags, false>(keep, r.value, zero_lanes(r.value), r.under, r.over,
                                          ProductFlags{none, none, none, none});
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dest), select(keep, value, load_at(dest)));
    return flags;
  }
  static FmacKernel kernel_for(FmacKernelOp op, bool broadcast, FmacFlags flags) {
    return select_fmac_kernel(op, broadcast, flags, []<FmacKernelOp kOp, bool kBroadcast, FmacFlags kFlags>() {
      return &kernel<kOp, kBroadcast, kFlags>;
    });
  }
};

}  // namespace gcvu::vu::simd
