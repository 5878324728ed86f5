// vector_lanes.hpp instantiated for AVX2. Everything shared with the rest of the program (the scalar lane functions,
// Vec4Result, the standard headers) is included first, under the default target, so no inline function that other
// translation units also define is compiled here for AVX2; only the class template instantiated below, whose
// symbols are its own (simd::VectorLanes<avx2::Isa>), and this file's functions are.

#include "emu/vu/float/vector_ops_avx2.hpp"

#include <immintrin.h>

#include <cstdint>

#include "emu/common/cpu_features.hpp"
#include "emu/vu/float/adder.hpp"
#include "emu/vu/float/fmac_kernel.hpp"
#include "emu/vu/float/fused.hpp"
#include "emu/vu/float/multiplier.hpp"
#include "emu/vu/float/ps2_float.hpp"
#include "emu/vu/float/vector_ops_scalar.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu::avx2 {

const bool kUseAvx2 = cpu_has_avx2();

}  // namespace gcvu::vu::avx2

// Everything from here to the end of the AVX2 section is compiled for AVX2 (clang and GCC spell it differently).
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif

#include "emu/vu/float/double_lanes.hpp"
#include "emu/vu/float/vector_lanes.hpp"

namespace gcvu::vu::avx2 {

struct Isa {
  // Under an AVX2 target GCC 12 builds a splatted constant from a general register (movabs, vmovq, vpunpcklqdq:
  // three instructions per use, ~60 per op), and it does so too for a constant it can read through (a constexpr or
  // const array). An array it must assume writable is never rebuilt: each use is one RIP-relative memory operand.
  // Nothing writes it; it is not const only so that the optimiser keeps it in memory. (The earlier fix, an empty
  // asm hiding the array's address, cost an extra lea per use: 10-20 instructions per op, callgrind.)
  template <uint32_t kValue>
  [[gnu::always_inline]] static __m128i splat_constant() {
    alignas(16) static uint32_t kLanes[4] = {kValue, kValue, kValue, kValue};
    return _mm_load_si128(reinterpret_cast<const __m128i*>(kLanes));
  }
  // x >> count per lane; counts above 31 give 0, which the adder masks anyway.
  [[gnu::always_inline]] static __m128i shift_right(__m128i x, __m128i count) { return _mm_srlv_epi32(x, count); }
  // The fast adder's exact sums (vector_lanes.hpp add_lanes_fast): the four lane pairs as doubles in one 256-bit
  // register (exact: normal singles or zeros), added (exact: at most 26 significant bits), and the magnitude bits
  // >> 29 of each gathered back into 32-bit lanes (the sign moves to bit 34 and is dropped).
  [[gnu::always_inline]] static __m128i truncated_sums(__m128i a, __m128i b) {
    const __m256d sum = _mm256_add_pd(_mm256_cvtps_pd(_mm_castsi128_ps(a)), _mm256_cvtps_pd(_mm_castsi128_ps(b)));
    const __m256i bits = _mm256_srli_epi64(_mm256_castpd_si256(sum), 29);
    return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(bits, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
  }
  // by_1 and by_2 are 0 or -1 per lane: the count is their negated sum.
  [[gnu::always_inline]] static __m128i shift_right_0_to_2(__m128i x, __m128i by_1, __m128i by_2) {
    return _mm_srlv_epi32(x, _mm_sub_epi32(_mm_setzero_si128(), _mm_add_epi32(by_1, by_2)));
  }
};

using Ops = simd::VectorLanes<Isa>;
using DoubleOps = simd::DoubleLanes<Isa>;

Vec4Result add4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return Ops::add4(fs, ft, fields); }
Vec4Result sub4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return Ops::sub4(fs, ft, fields); }
Vec4Result mul4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return Ops::mul4(fs, ft, fields); }
Vec4Result madd4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return Ops::madd4(acc, acc_overflow, fs, ft, fields);
}
Vec4Result msub4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return Ops::msub4(acc, acc_overflow, fs, ft, fields);
}
// MUL, MADD and MSUB from exact host doubles (double_lanes.hpp), ADD and SUB from Ops.
FmacKernel fmac_kernel(FmacKernelOp op, bool broadcast, FmacFlags flags) {
  return DoubleOps::kernel_for(op, broadcast, flags);
}
uint32_t double_fmac_fast_lanes(FmacKernelOp op, const uint32_t* fs, const uint32_t* ft, const uint32_t* acc,
                                uint32_t acc_overflow) {
  const auto vec = [](const uint32_t* p) { return Vec4{p[0], p[1], p[2], p[3]}; };
  const auto overflow = static_cast<FieldMask>(acc_overflow);
  switch (op) {
    case FmacKernelOp::kMul: return DoubleOps::fast_lanes<FmacKernelOp::kMul>(vec(fs), vec(ft), vec(acc), overflow);
    case FmacKernelOp::kMadd: return DoubleOps::fast_lanes<FmacKernelOp::kMadd>(vec(fs), vec(ft), vec(acc), overflow);
    case FmacKernelOp::kMsub: return DoubleOps::fast_lanes<FmacKernelOp::kMsub>(vec(fs), vec(ft), vec(acc), overflow);
    case FmacKernelOp::kAdd:
    case FmacKernelOp::kSub: break;
  }
  return 0;
}
// Only the kMacAndSticky instances: each fault's kernels are instantiated here for the test alone, and each flags
// variant would add twelve more kernel bodies to compile.
FmacKernel broken_fmac_kernel(FmacKernelOp op, bool broadcast, DoubleFmacFault fault) {
  const auto pick = [&]<DoubleFmacFault kFault>() -> FmacKernel {
    constexpr FmacFlags kAll = FmacFlags::kMacAndSticky;
    switch (op) {
      case FmacKernelOp::kMul:
        return broadcast ? &DoubleOps::kernel<FmacKernelOp::kMul, true, kAll, kFault>
                         : &DoubleOps::kernel<FmacKernelOp::kMul, false, kAll, kFault>;
      case FmacKernelOp::kMadd:
        return broadcast ? &DoubleOps::kernel<FmacKernelOp::kMadd, true, kAll, kFault>
                         : &DoubleOps::kernel<FmacKernelOp::kMadd, false, kAll, kFault>;
      case FmacKernelOp::kMsub:
        return broadcast ? &DoubleOps::kernel<FmacKernelOp::kMsub, true, kAll, kFault>
                         : &DoubleOps::kernel<FmacKernelOp::kMsub, false, kAll, kFault>;
      case FmacKernelOp::kAdd:
      case FmacKernelOp::kSub: break;  // the double kernels are MUL/MADD/MSUB
    }
    return nullptr;
  };
  switch (fault) {
    case DoubleFmacFault::kNone: return pick.template operator()<DoubleFmacFault::kNone>();
    case DoubleFmacFault::kBrokenTreeWindow: return pick.template operator()<DoubleFmacFault::kBrokenTreeWindow>();
    case DoubleFmacFault::kBrokenDenormals: return pick.template operator()<DoubleFmacFault::kBrokenDenormals>();
    case DoubleFmacFault::kBrokenOneTruncation:
      return pick.template operator()<DoubleFmacFault::kBrokenOneTruncation>();
    case DoubleFmacFault::kBrokenAccRange: return pick.template operator()<DoubleFmacFault::kBrokenAccRange>();
  }
  return nullptr;
}

}  // namespace gcvu::vu::avx2

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
