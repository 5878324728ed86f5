#pragma once
// MUL and MADD/MSUB for compiled code (fmac_kernel.hpp's kernels, all their forms) from exact host double arithmetic
// on four 64-bit lanes: AVX2 only. vector_ops_avx2.cpp includes this inside its AVX2 region, after
// vector_lanes.hpp; never include it from anywhere else. Each kernel computes what VectorLanes<Isa>::kernel computes
// (the integer vector path with its model fallbacks), which stays the definition: when a lane in `fields` falls
// outside the conditions argued below, the whole op runs that kernel instead (a tail call with the same arguments).
// tests/vu/float_fast_fmac_cross_test.cpp holds these to the reference model (reference.hpp), bit for bit, and shows
// that the deliberately broken variants (DoubleFmacFault) are caught.
//
// Why the fast lanes are exact, whatever the MXCSR says (rounding mode, DAZ, FTZ): every double operation below is
// exact on the lanes it decides, so nothing rounds; the only roundings are explicit truncations (cvttpd, bit masks).
//
// The product (multiplier.hpp). A single whose exponent field is 0 is a PS2 zero: it becomes a signed zero (sign
// kept, the rest cleared) before converting, so the host never sees a denormal there. Normal singles convert to
// doubles exactly, and the product of two 24-bit significands has at most 48 bits: the host product P is the exact
// product, and 0 * x is ±0 with the XOR of the signs, as on the PS2. The PS2 keeps E = x * y (the 48-bit integer
// product of the significands) truncated to 24 significant bits, except where the Booth tree's loss reaches bit 23;
// truncating to 24 bits is clearing P's low 29 mantissa bits. multiplier.hpp's bound: the tree, which can only
// make the product 2^15 lower, cannot matter when ft's low 16 significand bits are all zero, nor when that
// subtraction borrows nothing from the kept bits: when some bit 15-22 of E is set (E < 2^47 keeps bits 23-46), or
// some bit 15-23 (E >= 2^47 keeps bits 24-47; the borrow then cannot cross 2^47 either). E's bit k is P's mantissa
// bit k + 6 when E < 2^47 and k + 5 when not, so P's mantissa bits 21-28 are E's bits 15-22 or 16-23: one of them
// set means the tree cannot matter. Where those eight bits are clear while ft's low 16 bits (ft's double mantissa
// bits 29-44) are not, and the product is not zero (a zero operand: no tree), the tree's bit 15 is computed (behind a
// branch: about 1 random product in 256, and 1.0 * x, 0.5 * x, ...; looked up inline for an fs whose low 16
// significand bits are clear, else by the vector tree after a restart) and P made E - 2^15 where it is set, exactly
// in the double. That is the model's product: E's bit 15 is clear there, except when E >= 2^47, where a set bit 15
// makes E and E - 2^15 agree in every kept bit anyway. Mantissa bit 20 would not do (E's bit 14 when E < 2^47:
// kBrokenTreeWindow), nor bit 29 (E's bit 23 then, which is kept). The PS2 product is a normal
// single (exponent 1-254, so no U or O, and representable as a single) exactly when 2^-126 <= |P| < 2^128 (both
// bounds are 24-bit values, so truncation does not move P across them); other lanes refuse, except a zero product.
// An exponent-255 operand (host Inf or NaN) gives an Inf or NaN product, whose bits are above 2^128's: it refuses
// (the host may set MXCSR's sticky exception bits there; nothing reads them and no result depends on them).
//
// The add of MADD/MSUB (adder.hpp; VectorLanes::add_lanes_fast gives the argument this extends). With A the
// operand of larger magnitude (ACC, or the PS2 product, negated for MSUB) and g = ulp_single(A) / 2, the PS2 sum is
// RTZ24(A + B') where B' is the smaller operand B with its bits of weight below g cleared: B truncated toward zero
// to a multiple of g (also for d = exp(A) - exp(B) >= 25, where it is 0, and d <= 1, where it is B). A is a multiple
// of 2g, so A / g is an integer, and (A + B') / g = trunc(A / g) + trunc(B / g): each operand is scaled by the
// power of two 1 / g (exact: the doubles stay normal) and truncated toward zero by cvttpd (an explicit truncation,
// never MXCSR's mode), without knowing which operand is A. |A + B'| < 2^(exp(A) + 2), so the integer sum has at
// most 26 bits and fits an int32; converting it back and multiplying by g is exact, and RTZ24 is again clearing the
// low 29 mantissa bits, after which the single conversion is exact. Range: as in add_lanes_fast, a lane whose A
// has a single exponent in [25, 253], i.e. 2^-102 <= |A| < 2^127, gives a result with an exponent in [1, 254] or an
// exact cancellation: no U, no O, Z only for a zero sum. Other lanes refuse, except when both operands are zero.
// Zeros: an integer sum of 0 converts to +0 (exact cancellation: the PS2's +0, in every rounding mode), and +0 times
// the positive g stays +0; two zero operands give -0 only when both are negative, so the result's sign bit is ORed
// with ACC's sign AND the addend's (a no-op on every non-zero result: two negative operands give a negative sum).
// With both operands zero A is 0 and g comes out as 0 * 2^-24 = +0. A denormal ACC (a PS2 zero, not cleared here)
// converts to a double below 2^-126 (or to ±0 under DAZ): below g, it truncates to 0 units, as the PS2's zero; with a
// zero product it is A and its lane refuses (or, under DAZ, it is the zero operand it stands for). An ACC of
// exponent 255 is Inf or NaN: vmaxpd returns its second operand when either is NaN, which is ACC's, so |A| is Inf or
// NaN and the lane refuses. A lane whose ACC overflowed on its last write (ACC-overflow persistence) refuses.
//
// Flags in the fast lanes: no U or O anywhere; the result's Z is a zero sum (MUL: a zero operand) and S its sign
// bit; MADD/MSUB's multiply stage adds its Z (a zero operand) and S (the sign of fs XOR ft, even for a zero product,
// unflipped for MSUB) to the sticky bits. fast_flags builds each FmacFlags variant from those masks.

#include <immintrin.h>

#include <array>
#include <cstdint>

#include "emu/vu/float/fmac_kernel.hpp"
#include "emu/vu/float/ps2_float.hpp"
#include "emu/vu/float/vector_lanes.hpp"

namespace gcvu::vu {

namespace simd {

template <typename Isa>
struct DoubleLanes {
  using Lanes = VectorLanes<Isa>;

  // A 64-bit constant in every lane, one memory operand per use (as Isa::splat_constant: an array the optimiser must
  // assume writable is never rebuilt from a general register; nothing writes it).
  template <uint64_t kValue>
  [[gnu::always_inline]] static __m256i constant() {
    alignas(32) static uint64_t kLanes[4] = {kValue, kValue, kValue, kValue};
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(kLanes));
  }

  static constexpr uint64_t kDoubleSign = uint64_t{1} << 63;
  static constexpr uint64_t kDoubleMagnitude = kDoubleSign - 1;
  static constexpr uint64_t kDoubleExponent = uint64_t{0x7FF} << 52;
  // A double's mantissa bits below a single's 23 fraction bits.
  static constexpr uint64_t kBelowSingle = (uint64_t{1} << 29) - 1;
  // The bits of the double 2^e.
  static constexpr uint64_t power_bits(int e) { return static_cast<uint64_t>(1023 + e) << 52; }

  // All ones in the 64-bit lanes whose magnitude bits m (a double's bits with the sign clear) lie in
  // [power_bits(kLow), power_bits(kHigh)): one add and one signed compare. With c = 2^63 - high, m + c is negative
  // (as a signed number) exactly when m >= high (m < 2^63), and otherwise m + c >= low + c is m >= low.
  template <int kLow, int kHigh>
  [[gnu::always_inline]] static __m256i magnitude_in(__m256i m) {
    constexpr uint64_t kShift = kDoubleSign - power_bits(kHigh);
    return _mm256_cmpgt_epi64(_mm256_add_epi64(m, constant<kShift>()), constant<power_bits(kLow) + kShift - 1>());
  }

  // x with every exponent-0 lane (a PS2 zero) made a signed zero.
  [[gnu::always_inline]] static __m128i zeroed(__m128i x, __m128i zero_lanes) {
    return _mm_andnot_si128(_mm_srli_epi32(zero_lanes, 1), x);
  }

  struct Product {
    __m256d value;      // the PS2 product (P truncated to 24 bits) where `fast`
    __m256i magnitude;  // its bits with the sign clear
    __m256i fast;       // 64-bit lanes: the argument above holds (or the product is zero)
    __m128i zero;       // 32-bit lanes: an operand is zero (the product is ±0)
  };

  // The lanes whose tree bit 15 is set, among the lanes in `tree` (all ones per lane: their exact product's bits
  // 21-28 are clear): the short-fs table where every such lane's fs has its low 16 significand bits clear, else the
  // vector tree (both VectorLanes', tested there against the scalar tree).
  [[gnu::always_inline]] static __m128i tree_bits(__m128i fs, __m128i ft, __m128i tree) {
    const __m128i x = _mm_or_si128(_mm_and_si128(fs, Lanes::template constant<kFractionMask>()),
                                   Lanes::template constant<kHiddenBit>());
    const __m128i y = _mm_or_si128(_mm_and_si128(ft, Lanes::template constant<kFractionMask>()),
                                   Lanes::template constant<kHiddenBit>());
    const __m128i short_fs =
        _mm_cmpeq_epi32(_mm_and_si128(x, Lanes::template constant<0xFFFFu>()), _mm_setzero_si128());
    const bool all_short = _mm_movemask_ps(_mm_castsi128_ps(_mm_andnot_si128(short_fs, tree))) == 0;
    return _mm_and_si128(tree, all_short ? Lanes::short_fs_tree_bit15(y) : Lanes::booth_tree_bit15(x, y));
  }

  // The tree's bit 15 for lanes whose fs has its low 16 significand bits clear: VectorLanes' table (indexed by
  // ft's low 16 bits, the only ones the tree then reads), gathered. All ones in the lanes whose bit is set.
  [[gnu::always_inline]] static __m128i short_fs_tree_bits_gathered(__m128i ft) {
    const std::array<uint32_t, 2048>& table = Lanes::short_fs_tree_bits();
    const __m128i index = _mm_and_si128(ft, Lanes::template constant<0xFFFFu>());
    const __m128i words = _mm_i32gather_epi32(reinterpret_cast<const int*>(table.data()), _mm_srli_epi32(index, 5), 4);
    const __m128i bit = _mm_srlv_epi32(words, _mm_and_si128(index, Lanes::template constant<31u>()));
    return _mm_srai_epi32(_mm_slli_epi32(bit, 31), 31);
  }

  // E - 2^15 in the lanes of `set` (32-bit lanes, all ones where the tree's bit 15 is set and the lane's tree
  // condition holds): P minus 2^15 units of its last place, ulp(fs) * ulp(ft), whose exponent is the operands'
  // exponents summed less the bias and the 46 fraction places. Exact (a 48-bit result); the correction carries P's
  // sign so that it lowers the magnitude. The other lanes keep P as it is (a blend: P - +0 would turn a +0 into -0
  // when MXCSR rounds down).
  [[gnu::always_inline]] static __m256i lowered(__m256i exact, __m256d x, __m256d y, __m128i set) {
    const __m256i exponents = _mm256_add_epi64(_mm256_and_si256(_mm256_castpd_si256(x), constant<kDoubleExponent>()),
                                               _mm256_and_si256(_mm256_castpd_si256(y), constant<kDoubleExponent>()));
    // (es + 896) + (et + 896) less 1054 is es + et + 738 = (es - 150) + (et - 150) + 15 + 1023.
    const __m256i units = _mm256_sub_epi64(exponents, constant<uint64_t{1054} << 52>());
    const __m256i correction = _mm256_or_si256(units, _mm256_and_si256(exact, constant<kDoubleSign>()));
    const __m256d lower = _mm256_sub_pd(_mm256_castsi256_pd(exact), _mm256_castsi256_pd(correction));
    return _mm256_castpd_si256(
        _mm256_blendv_pd(_mm256_castsi256_pd(exact), lower, _mm256_castsi256_pd(_mm256_cvtepi32_epi64(set))));
  }

  // The product, for the lanes in `needed` (bit l for lane l, x = bit 0). The tree's bit is looked up inline where
  // every needed lane that wants it has a short fs (1.0 * x, 0.5 * x, ...); otherwise, without kTree, `restart`
  // comes back non-zero and the kernel starts over with kTree, which runs the vector tree (a tail call: the common
  // path keeps no stack frame).
  template <DoubleFmacFault kFault, bool kTree>
  [[gnu::always_inline]] static Product product(__m128i fs, __m128i ft, int needed, int& restart) {
    const __m128i zero_s = Lanes::zero_lanes(fs);
    const __m128i zero_t = Lanes::zero_lanes(ft);
    const bool keep_denormals = kFault == DoubleFmacFault::kBrokenDenormals;
    const __m256d x = _mm256_cvtps_pd(_mm_castsi128_ps(keep_denormals ? fs : zeroed(fs, zero_s)));
    const __m256d y = _mm256_cvtps_pd(_mm_castsi128_ps(keep_denormals ? ft : zeroed(ft, zero_t)));
    __m256i exact = _mm256_castpd_si256(_mm256_mul_pd(x, y));
    const __m256i zero = _mm256_setzero_si256();
    const __m256i zero_product = _mm256_cmpeq_epi64(_mm256_and_si256(exact, constant<kDoubleMagnitude>()), zero);
    constexpr uint64_t kTreeWindow =
        uint64_t{0xFF} << (kFault == DoubleFmacFault::kBrokenTreeWindow ? 20 : 21);  // mantissa bits 21-28
    const __m256i tree_clear = _mm256_cmpeq_epi64(_mm256_and_si256(exact, constant<kTreeWindow>()), zero);
    const __m256i ft_short =
        _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_castpd_si256(y), constant<uint64_t{0xFFFF} << 29>()), zero);
    const __m256i tree = _mm256_andnot_si256(_mm256_or_si256(ft_short, zero_product), tree_clear);
    restart = 0;
    if constexpr (kTree) {
      exact = lowered(exact, x, y, tree_bits(fs, ft, narrow_lanes(tree)));
    } else {
      const int tree_lanes = _mm256_movemask_pd(_mm256_castsi256_pd(tree)) & needed;
      if (tree_lanes != 0) [[unlikely]] {
        const __m128i short_fs =
            _mm_cmpeq_epi32(_mm_and_si128(fs, Lanes::template constant<0xFFFFu>()), _mm_setzero_si128());
        restart = tree_lanes & ~_mm_movemask_ps(_mm_castsi128_ps(short_fs));
        exact = lowered(exact, x, y, _mm_and_si128(narrow_lanes(tree), short_fs_tree_bits_gathered(ft)));
      }
    }
    const __m256i truncated = _mm256_andnot_si256(constant<kBelowSingle>(), exact);
    const __m256i magnitude = _mm256_and_si256(truncated, constant<kDoubleMagnitude>());
    const __m256i fast = _mm256_or_si256(magnitude_in<-126, 128>(magnitude), zero_product);
    return Product{_mm256_castsi256_pd(truncated), magnitude, fast, _mm_or_si128(zero_s, zero_t)};
  }

  // Each 64-bit lane's low half, as 32-bit lanes (all ones per lane for a mask).
  [[gnu::always_inline]] static __m128i narrow_lanes(__m256i mask) {
    return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(mask, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
  }

  // The flag word (fmac_kernel.hpp FmacFlags) of fast lanes, which set no U or O: the result's Z (`zero`) and S,
  // and with kProductFlags the multiply stage's Z (a zero operand) and S (the sign of fs XOR ft) in the sticky bits.
  // The dead-result variants only test whether any kept lane has each flag (their MAC O bits are 0 here).
  template <FmacFlags kFlags, bool kProductFlags>
  [[gnu::always_inline]] static uint32_t fast_flags(__m128i keep, __m128i value, __m128i zero, __m128i product_zero,
                                                    __m128i sign_product) {
    const __m128i none = _mm_setzero_si128();
    if constexpr (kFlags == FmacFlags::kMacAndSticky) {
      const typename Lanes::ProductFlags product =
          kProductFlags ? typename Lanes::ProductFlags{product_zero, _mm_srai_epi32(sign_product, 31), none, none}
                        : typename Lanes::ProductFlags{none, none, none, none};
      return Lanes::template kernel_flags<kFlags, kProductFlags>(keep, value, zero, none, none, product);
    } else {
      const __m128i z = kProductFlags ? _mm_or_si128(zero, product_zero) : zero;
      const __m128i s = kProductFlags ? _mm_or_si128(value, sign_product) : value;  // sign bits
      const auto any_z = static_cast<uint32_t>(_mm_testz_si128(z, keep) == 0);
      const auto any_s = static_cast<uint32_t>(_mm_testz_ps(_mm_castsi128_ps(s), _mm_castsi128_ps(keep)) == 0);
      return any_z << 16 | any_s << 17;
    }
  }

  // The add of MADD/MSUB (the argument above): ACC plus the product (minus it with kSubtract) in the lanes
  // `fast` comes back all ones in; `zero` all ones in the lanes whose result is ±0.
  template <bool kSubtract, DoubleFmacFault kFault>
  [[gnu::always_inline]] static __m128i accumulate(__m128i acc, __m128i sign_product, const Product& p, __m256i& fast,
                                                   __m128i& zero) {
    const __m256d acc_d = _mm256_cvtps_pd(_mm_castsi128_ps(acc));
    const __m256i acc_magnitude = _mm256_and_si256(_mm256_castpd_si256(acc_d), constant<kDoubleMagnitude>());
    // ACC second: vmaxpd returns its second operand when either is NaN.
    const __m256i biggest =
        _mm256_castpd_si256(_mm256_max_pd(_mm256_castsi256_pd(p.magnitude), _mm256_castsi256_pd(acc_magnitude)));
    const __m256i a_in_range = kFault == DoubleFmacFault::kBrokenAccRange ? magnitude_in<-102, 128>(biggest)
                                                                          : magnitude_in<-102, 127>(biggest);
    fast = _mm256_and_si256(p.fast, _mm256_or_si256(a_in_range, _mm256_cmpeq_epi64(biggest, _mm256_setzero_si256())));
    const __m256i top = _mm256_and_si256(biggest, constant<kDoubleExponent>());  // 2^exp(A)
    // g = 2^(exp(A) - 24), and 1 / g from the exponent bits (2^-102 <= top < 2^127: both stay normal).
    const __m256d guard = _mm256_mul_pd(_mm256_castsi256_pd(top), _mm256_castsi256_pd(constant<power_bits(-24)>()));
    const __m256d inverse = _mm256_castsi256_pd(_mm256_sub_epi64(constant<uint64_t{2 * 1023 + 24} << 52>(), top));
    __m128i units;
    if constexpr (kFault == DoubleFmacFault::kBrokenOneTruncation) {
      const __m256d sum = kSubtract ? _mm256_sub_pd(acc_d, p.value) : _mm256_add_pd(acc_d, p.value);
      units = _mm256_cvttpd_epi32(_mm256_mul_pd(sum, inverse));
    } else {
      const __m128i acc_units = _mm256_cvttpd_epi32(_mm256_mul_pd(acc_d, inverse));
      const __m128i product_units = _mm256_cvttpd_epi32(_mm256_mul_pd(p.value, inverse));
      units = kSubtract ? _mm_sub_epi32(acc_units, product_units) : _mm_add_epi32(acc_units, product_units);
    }
    zero = _mm_cmpeq_epi32(units, _mm_setzero_si128());
    const __m256d sum = _mm256_mul_pd(_mm256_cvtepi32_pd(units), guard);
    const __m128i value = _mm_castps_si128(
        _mm256_cvtpd_ps(_mm256_castsi256_pd(_mm256_andnot_si256(constant<kBelowSingle>(), _mm256_castpd_si256(sum)))));
    // Two negative operands: -0 where both are zero (every other such sum is negative already).
    const __m128i both_negative = kSubtract ? _mm_andnot_si128(sign_product, acc) : _mm_and_si128(sign_product, acc);
    return _mm_or_si128(value, _mm_and_si128(both_negative, Lanes::template constant<kSignBit>()));
  }

  // fmac_kernel.hpp's kernel for MUL, MADD and MSUB (kOp), as VectorLanes::kernel with the same template arguments.
  template <FmacKernelOp kOp, bool kBroadcast, FmacFlags kFlags, DoubleFmacFault kFault = DoubleFmacFault::kNone,
            bool kTree = false>
  [[gnu::noinline]] static uint32_t kernel(const uint32_t* fs, const uint32_t* ft, uint32_t* dest, const uint32_t* acc,
                                           uint32_t acc_overflow, uint32_t fields) {
    static_assert(kOp == FmacKernelOp::kMul || kOp == FmacKernelOp::kMadd || kOp == FmacKernelOp::kMsub);
    const auto load_at = [](const uint32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); };
    const __m128i a = load_at(fs);
    const __m128i b = kBroadcast ? Lanes::splat(*ft) : load_at(ft);
    const __m128i keep = Lanes::field_lanes(static_cast<FieldMask>(fields));
    const int needed = _mm_movemask_ps(_mm_castsi128_ps(keep));
    int restart;
    const Product p = product<kFault, kTree>(a, b, needed, restart);
    const __m128i sign_product = _mm_xor_si128(a, b);  // the product's sign bit, zero or not
    __m128i value;
    __m128i zero;
    __m256i fast;
    if constexpr (kOp == FmacKernelOp::kMul) {
      value = _mm_castps_si128(_mm256_cvtpd_ps(p.value));
      zero = p.zero;
      fast = p.fast;
    } else {
      value = accumulate<kOp == FmacKernelOp::kMsub, kFault>(load_at(acc), sign_product, p, fast, zero);
    }
    // One test for the uncommon lanes: those needing the vector tree start over with it (kTree), which refuses in
    // turn.
    int uncommon = needed & ~_mm256_movemask_pd(_mm256_castsi256_pd(fast));
    if constexpr (!kTree) uncommon |= restart;
    if constexpr (kOp != FmacKernelOp::kMul) uncommon |= static_cast<int>(fields & acc_overflow);
    if (uncommon != 0) [[unlikely]] {
      if constexpr (kTree) {
        return Lanes::template kernel<kOp, kBroadcast, kFlags>(fs, ft, dest, acc, acc_overflow, fields);
      } else {
        return kernel<kOp, kBroadcast, kFlags, kFault, true>(fs, ft, dest, acc, acc_overflow, fields);
      }
    }
    const uint32_t flags = fast_flags<kFlags, kOp != FmacKernelOp::kMul>(keep, value, zero, p.zero, sign_product);
    const __m128 kept = _mm_blendv_ps(_mm_castsi128_ps(load_at(dest)), _mm_castsi128_ps(value), _mm_castsi128_ps(keep));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dest), _mm_castps_si128(kept));
    return flags;
  }

  // The lanes (movmskps order: x is bit 0) that kernel<kOp> takes itself rather than refusing, for the cross-test
  // and the lane counts (fast_fmac_lanes in fmac_kernel.hpp).
  template <FmacKernelOp kOp>
  static uint32_t fast_lanes(const Vec4& fs, const Vec4& ft, const Vec4& acc, FieldMask acc_overflow) {
    const __m128i a = Lanes::load(fs);
    const __m128i b = Lanes::load(ft);
    int restart;
    const Product p = product<DoubleFmacFault::kNone, true>(a, b, 0xF, restart);
    if constexpr (kOp == FmacKernelOp::kMul) {
      return static_cast<uint32_t>(_mm256_movemask_pd(_mm256_castsi256_pd(p.fast)));
    } else {
      __m256i fast;
      __m128i zero;
      accumulate<kOp == FmacKernelOp::kMsub, DoubleFmacFault::kNone>(Lanes::load(acc), _mm_xor_si128(a, b), p, fast,
                                                                     zero);
      const __m128i acc_over = Lanes::field_lanes(acc_overflow);
      return static_cast<uint32_t>(_mm256_movemask_pd(_mm256_castsi256_pd(fast)) &
                                   ~_mm_movemask_ps(_mm_castsi128_ps(acc_over)));
    }
  }

  // fmac_kernel.hpp's kernel for an op: these for MUL, MADD and MSUB, VectorLanes' for ADD and SUB.
  template <DoubleFmacFault kFault = DoubleFmacFault::kNone>
  static FmacKernel kernel_for(FmacKernelOp op, bool broadcast, FmacFlags flags) {
    return select_fmac_kernel(op, broadcast, flags,
                              []<FmacKernelOp kOp, bool kBroadcast, FmacFlags kFlags>() -> FmacKernel {
                                if constexpr (kOp == FmacKernelOp::kAdd || kOp == FmacKernelOp::kSub) {
                                  return &Lanes::template kernel<kOp, kBroadcast, kFlags>;
                                } else {
                                  return &kernel<kOp, kBroadcast, kFlags, kFault>;
                                }
                              });
  }
};

}  // namespace simd
}  // namespace gcvu::vu
