#pragma once
// Whole-instruction FMAC operations: the four lanes of one upper instruction at once, with the MAC value already
// in register layout. The interpreter calls these; how they compute is hidden, and every implementation must equal
// the lane functions bit for bit, flags included:
//   vector_ops_scalar.hpp  lane by lane with the scalar lane functions: the reference (gcvu::vu::scalar)
//   vector_ops_sse2.hpp    SSE2, the x86-64 baseline, falling back per lane to the scalar functions where the
//                          vector path stops (gcvu::vu::sse2)
// tests/vu/float_vector_ops_test.cpp cross-tests them on fixed seeds.

#include "emu/vu/float/vector_ops_scalar.hpp"
#include "emu/vu/float/vector_ops_sse2.hpp"

namespace gcvu::vu {

inline Vec4Result add4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return sse2::add4(fs, ft, fields); }
inline Vec4Result sub4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return sse2::sub4(fs, ft, fields); }
inline Vec4Result mul4(const Vec4& fs, const Vec4& ft, FieldMask fields) { return sse2::mul4(fs, ft, fields); }
// `acc_overflow` holds, per field, whether that ACC lane's last write overflowed (ACC-overflow persistence).
inline Vec4Result madd4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return sse2::madd4(acc, acc_overflow, fs, ft, fields);
}
inline Vec4Result msub4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return sse2::msub4(acc, acc_overflow, fs, ft, fields);
}

}  // namespace gcvu::vu
