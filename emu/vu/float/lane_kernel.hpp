#pragma once
// Whole upper ops that set no MAC/status flags, for compiled code (emu/vu/jit): MAX, MINI (vector, broadcast, I),
// ABS, ITOFn and FTOIn, one function per op and form, with the operands given by address as fmac_kernel.hpp's. Each
// computes exactly what the interpreter's upper_fmac / upper_other (interpreter/upper_ops.cpp) compute, from the
// same functions (compare.hpp max and mini, convert_vector.hpp itof4 and ftoi4, ABS's magnitude mask), and writes
// the lanes in `fields` of `dest` (the others keep their bits). Every input is read before `dest` is written, so
// dest may be fs or hold ft. tests/vu/lane_kernel_test.cpp holds them to those functions.
//
//   fs, ft   the operands (ft: MAX/MINI only); with `broadcast`, ft points at the one word used in every lane

#include <cstdint>

#include "emu/vu/float/convert.hpp"

namespace gcvu::vu {

enum class LaneKernelOp : uint8_t { kMax, kMini, kAbs, kItof, kFtoi };

using LaneKernel = void (*)(const uint32_t* fs, const uint32_t* ft, uint32_t* dest, uint32_t fields);

// `fixed` is ITOF/FTOI's fixed-point format (ignored by the others); `broadcast` only matters to MAX/MINI.
LaneKernel lane_kernel(LaneKernelOp op, bool broadcast, FixedPoint fixed);

// CLIP fs.xyz, ft.w: the 6-bit judgement (compare.hpp clip) of fs's x, y, z against ft's w, which upper_other puts in
// the flag pipeline.
uint32_t clip_kernel(const uint32_t* fs, const uint32_t* ft);

}  // namespace gcvu::vu
