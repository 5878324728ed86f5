#pragma once
// What the host CPU offers, for the units that choose a SIMD build of a kernel at run time (the portable build
// always stays correct). Each query initialises libgcc's CPU model first, because a choice may be made from a static
// initialiser that runs before libgcc's own.

namespace gcvu {

inline bool cpu_has_avx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}

inline bool cpu_has_fma() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("fma") != 0;
}

// The AVX-512 subsets the GS's 256-bit AVX-512 kernels use (masked and byte/word forms on ymm registers).
inline bool cpu_has_avx512_vl_bw_dq() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512vl") != 0 &&
         __builtin_cpu_supports("avx512bw") != 0 && __builtin_cpu_supports("avx512dq") != 0;
}

}  // namespace gcvu
