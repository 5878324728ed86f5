#pragma once
// Whole FMAC ops for compiled code (emu/vu/jit): one function per operation and second-operand form, with the
// operands given by address, so generated code passes register addresses it knows at compile time and needs no
// decoded instruction. Each computes exactly what vector_ops.hpp's add4/sub4/mul4/madd4/msub4 compute (the same
// vector_lanes.hpp body, fast paths and model fallbacks included; on AVX2, MUL, MADD and MSUB come from exact host
// doubles, double_lanes.hpp, and fall back to that body), writes the lanes in `fields` of `dest` (the others keep
// their bits), and returns the op's MAC value in bits 0-15 and its sticky Z/S/U/O bits in bits 16-19 (Vec4Result's
// mac and sticky). tests/vu/float_fast_add_cross_test.cpp and float_fast_fmac_cross_test.cpp hold them to the
// reference model.
//
//   fs, ft        the operands; with `broadcast`, ft points at the one word used in every lane (a bc lane, Q, I)
//   dest          where the result goes (a VF register, ACC, or scratch for VF00); may be fs, ft or acc
//   acc           ACC, read by MADD/MSUB only
//   acc_overflow  per field, whether that ACC lane's last write overflowed (MADD/MSUB only)
//
// Each op has a variant per FmacFlags: what of the flag word its caller will read, known when the code is compiled
// from the pair's FlagUse (interpreter/flag_liveness.hpp). The value written is the same in every variant; the
// variants differ only in which flag bits they build, and every bit they return is the full kernel's bit
// (tests/vu/float_fast_add_cross_test.cpp holds each variant to the reference model).

#include <cstdint>

namespace gcvu::vu {

enum class FmacKernelOp : uint8_t { kAdd, kSub, kMul, kMadd, kMsub };

enum class FmacFlags : uint8_t {
  // MAC | sticky << 16: a result that goes to the flag pipeline (FlagUse::kLive, kLiveCarrying).
  kMacAndSticky,
  // sticky << 16 only (MAC bits 0-15 are 0): a dead result (FlagUse::kDead). Nothing reads its MAC value, and its
  // sticky bits, which already hold its own Z/S/U/O (ps2_float.hpp FmacResult::sticky), carry it into the next live
  // result.
  kSticky,
  // sticky << 16 and the MAC's O bits (12-15, the other MAC bits 0): a dead result written to ACC, whose O bits
  // ACC-overflow persistence still reads.
  kStickyAndOverflow,
};

// Deliberately broken variants of the AVX2 double kernels (double_lanes.hpp), each one wrong assumption, for the
// cross-test to catch (tests/vu/float_fast_fmac_cross_test.cpp). Compiled code always uses kNone.
enum class DoubleFmacFault : uint8_t {
  kNone,
  kBrokenTreeWindow,     // the Booth test reads mantissa bits 20-27 (one place too low)
  kBrokenDenormals,      // exponent-0 operands are converted as they are, not zeroed
  kBrokenOneTruncation,  // the sum is truncated once, as if B kept its bits below g (a fused multiply-add's rule)
  kBrokenAccRange,       // |A| up to 2^128 taken (an A of exponent 254, whose sum can reach exponent 255)
};

using FmacKernel = uint32_t (*)(const uint32_t* fs, const uint32_t* ft, uint32_t* dest, const uint32_t* acc,
                                uint32_t acc_overflow, uint32_t fields);

// The kernel for a run-time (op, broadcast, flags): `instance` is a generic lambda
// []<FmacKernelOp kOp, bool kBroadcast, FmacFlags kFlags>() -> FmacKernel naming a kernel set's instance for those
// template arguments. Every kernel set (vector_lanes.hpp, double_lanes.hpp) picks its instances through this one.
template <typename Instance>
FmacKernel select_fmac_kernel(FmacKernelOp op, bool broadcast, FmacFlags flags, const Instance& instance) {
  const auto with_broadcast = [&]<FmacKernelOp kOp, FmacFlags kFlags>() -> FmacKernel {
    return broadcast ? instance.template operator()<kOp, true, kFlags>()
                     : instance.template operator()<kOp, false, kFlags>();
  };
  const auto with_flags = [&]<FmacKernelOp kOp>() -> FmacKernel {
    switch (flags) {
      case FmacFlags::kMacAndSticky: return with_broadcast.template operator()<kOp, FmacFlags::kMacAndSticky>();
      case FmacFlags::kSticky: return with_broadcast.template operator()<kOp, FmacFlags::kSticky>();
      case FmacFlags::kStickyAndOverflow:
        return with_broadcast.template operator()<kOp, FmacFlags::kStickyAndOverflow>();
    }
    return nullptr;
  };
  switch (op) {
    case FmacKernelOp::kAdd: return with_flags.template operator()<FmacKernelOp::kAdd>();
    case FmacKernelOp::kSub: return with_flags.template operator()<FmacKernelOp::kSub>();
    case FmacKernelOp::kMul: return with_flags.template operator()<FmacKernelOp::kMul>();
    case FmacKernelOp::kMadd: return with_flags.template operator()<FmacKernelOp::kMadd>();
    case FmacKernelOp::kMsub: return with_flags.template operator()<FmacKernelOp::kMsub>();
  }
  return nullptr;
}

namespace sse2 {
FmacKernel fmac_kernel(FmacKernelOp op, bool broadcast, FmacFlags flags = FmacFlags::kMacAndSticky);
}
namespace avx2 {
// Only on a host with AVX2 (avx2::kUseAvx2).
FmacKernel fmac_kernel(FmacKernelOp op, bool broadcast, FmacFlags flags = FmacFlags::kMacAndSticky);
// A deliberately broken kernel (kMacAndSticky) for MUL, MADD or MSUB, for the cross-test only.
FmacKernel broken_fmac_kernel(FmacKernelOp op, bool broadcast, DoubleFmacFault fault);
// The lanes (bit l for lane l, x = bit 0) of MUL, MADD or MSUB on these operands that its kernel computes itself,
// from host doubles, rather than refusing to the integer path: for the cross-test and lane counts.
uint32_t double_fmac_fast_lanes(FmacKernelOp op, const uint32_t* fs, const uint32_t* ft, const uint32_t* acc,
                                uint32_t acc_overflow);
}

// The kernel for this host: AVX2 where it has it, else SSE2 (the same bits either way).
FmacKernel fmac_kernel(FmacKernelOp op, bool broadcast, FmacFlags flags = FmacFlags::kMacAndSticky);

}  // namespace gcvu::vu
