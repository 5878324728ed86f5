#pragma once
// AVX2 kernels for the most common UNPACKs into consecutive qwords (CL = WL): V4-8, V4-16, V4-32 and V4-5
// (MASK on with WL = 1, or off, any MODE), two qwords per 256-bit operation. Chosen at run time when the CPU has
// AVX2; unpack_sse2.hpp does the same work otherwise, and tests/vif/unpack_fast_path_test.cpp holds both to the
// scalar reference loop.

#include <cstdint>

#include "emu/vif/unpack_engine.hpp"
#include "emu/vif/unpack_format.hpp"

namespace gcvu::vif::avx2 {

// Writes `count` vectors from `source` into dest[0 .. count-1] through MODE and MASK row 0; MODE 2/3 update `row`
// (four words). The caller keeps dest inside VU memory (no wrap).
using ConsecutiveWrite = void (*)(const uint8_t* source, uint32_t count, uint32_t* dest, uint32_t* row,
                                  const UnpackRegisters& registers);

// The kernel for this UNPACK, or nullptr when the CPU has no AVX2 or no kernel covers it.
ConsecutiveWrite consecutive_write(UnpackFormat format, bool masked, uint32_t mode, bool unsigned_);

}  // namespace gcvu::vif::avx2
