#pragma once
// DIV, SQRT and RSQRT for compiled code (emu/vu/jit): the FDIV op's result from its two operand words, by the same
// functions the interpreter's lower_op calls (divider.hpp div, sqrt, rsqrt), packed in one register: Q's value in
// bits 0-31 and FdivResult::flags (I, D) from bit 32. tests/vu/lane_kernel_test.cpp holds them to those functions.
//
//   fs, ft   the words fs[fsf] and ft[ftf] (SQRT reads only ft)

#include <cstdint>

namespace gcvu::vu {

enum class FdivKernelOp : uint8_t { kDiv, kSqrt, kRsqrt };

using FdivKernel = uint64_t (*)(uint32_t fs, uint32_t ft);

FdivKernel fdiv_kernel(FdivKernelOp op);

}  // namespace gcvu::vu
