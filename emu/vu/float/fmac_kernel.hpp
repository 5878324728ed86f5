#pragma once
// Whole FMAC ops for compiled code (emu/vu/jit): one function per operation and second-operand form, with the
// operands given by address, so generated code passes register addresses it knows at compile time and needs no
// decoded instruction. Each computes exactly what vector_ops.hpp's add4/sub4/mul4/madd4/msub4 compute (the same
// vector_lanes.hpp body, fast paths and model fallbacks included), writes the lanes in `fields` of `dest` (the
// others keep their bits), and returns the op's MAC value in bits 0-15 and its sticky Z/S/U/O bits in bits 16-19
// (Vec4Result's mac and sticky). tests/vu/fmac_kernel_test.cpp holds them to vector_ops.hpp.
//
//   fs, ft        the operands; with `broadcast`, ft points at the one word used in every lane (a bc lane, Q, I)
//   dest          where the result goes (a VF register, ACC, or scratch for VF00); may be fs, ft or acc
//   acc           ACC, read by MADD/MSUB only
//   acc_overflow  per field, whether that ACC lane's last write overflowed (MADD/MSUB only)

#include <cstdint>

namespace gcvu::vu {

enum class FmacKernelOp : uint8_t { kAdd, kSub, kMul, kMadd, kMsub };

using FmacKernel = uint32_t (*)(const uint32_t* fs, const uint32_t* ft, uint32_t* dest, const uint32_t* acc,
                                uint32_t acc_overflow, uint32_t fields);

namespace sse2 {
FmacKernel fmac_kernel(FmacKernelOp op, bool broadcast);
}
namespace avx2 {
FmacKernel fmac_kernel(FmacKernelOp op, bool broadcast);  // only on a host with AVX2 (avx2::kUseAvx2)
}

// The kernel for this host: AVX2 where it has it, else SSE2 (the same bits either way).
FmacKernel fmac_kernel(FmacKernelOp op, bool broadcast);

}  // namespace gcvu::vu
