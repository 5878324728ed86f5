#pragma once
// The vector FMAC ops compiled for AVX2 (vector_ops_avx2.cpp): the same body as vector_ops_sse2.hpp with the
// adder's alignment shift as one per-lane variable shift and every instruction VEX-encoded. Call them only when
// cpu_has_avx2() (emu/common/cpu_features.hpp) is true; vector_ops.hpp selects them once, at start-up, and falls
// back to SSE2 otherwise.

#include "emu/vu/float/vector_ops_scalar.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu::avx2 {

Vec4Result add4(const Vec4& fs, const Vec4& ft, FieldMask fields);
Vec4Result sub4(const Vec4& fs, const Vec4& ft, FieldMask fields);
Vec4Result mul4(const Vec4& fs, const Vec4& ft, FieldMask fields);
Vec4Result madd4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields);
Vec4Result msub4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields);

// True once at start-up on an AVX2 host: vector_ops.hpp's entry points then call the functions above. Before
// static initialisation has set it, it reads false and the (equivalent) SSE2 path runs.
extern const bool kUseAvx2;

}  // namespace gcvu::vu::avx2
