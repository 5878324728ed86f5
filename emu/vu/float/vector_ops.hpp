#pragma once
// Whole-instruction FMAC operations: the four lanes of one upper instruction at once, with the MAC value already
// in register layout. The interpreter calls these; how they compute is hidden, and every implementation must equal
// the lane functions bit for bit, flags included:
//   vector_ops_scalar.hpp  lane by lane with the scalar lane functions: the reference (gcvu::vu::scalar)
//   vector_ops_sse2.hpp    SSE2, the x86-64 baseline, every lane in integer vector arithmetic (gcvu::vu::sse2)
//   vector_ops_avx2.hpp    the same body compiled for AVX2 (gcvu::vu::avx2), used when the host has it
// The choice is made once at start-up (avx2::kUseAvx2) between implementations that give the same bits; it never
// changes a result.
// tests/vu/float_vector_ops_test.cpp cross-tests them on fixed seeds.

#include "emu/vu/float/vector_ops_scalar.hpp"
#include "emu/vu/float/vector_ops_avx2.hpp"
#include "emu/vu/float/vector_ops_sse2.hpp"

namespace gcvu::vu {

inline Vec4Result add4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return avx2::kUseAvx2 ? avx2::add4(fs, ft, fields) : sse2::add4(fs, ft, fields);
}
inline Vec4Result sub4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return avx2::kUseAvx2 ? avx2::sub4(fs, ft, fields) : sse2::sub4(fs, ft, fields);
}
inline Vec4Result mul4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return avx2::kUseAvx2 ? avx2::mul4(fs, ft, fields) : sse2::mul4(fs, ft, fields);
}
// `acc_overflow` holds, per field, whether that ACC lane's last write overflowed (ACC-overflow persistence).
inline Vec4Result madd4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return avx2::kUseAvx2 ? avx2::madd4(acc, acc_overflow, fs, ft, fields)
                        : sse2::madd4(acc, acc_overflow, fs, ft, fields);
}
inline Vec4Result msub4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return avx2::kUseAvx2 ? avx2::msub4(acc, acc_overflow, fs, ft, fields)
                        : sse2::msub4(acc, acc_overflow, fs, ft, fields);
}

}  // namespace gcvu::vu
