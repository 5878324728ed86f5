// The AVX2 UNPACK kernels. Every header shared with other translation units is included before the target pragma,
// so no inline function they also define is compiled here for AVX2; inside it only this file's own functions are.

#include "emu/vif/unpack_avx2.hpp"

#include <immintrin.h>

#include <cstdint>

#include "emu/common/cpu_features.hpp"

namespace gcvu::vif::avx2 {
namespace {

const bool kHasAvx2 = cpu_has_avx2();

}  // namespace
}  // namespace gcvu::vif::avx2

// Everything from here to the end of the AVX2 section is compiled for AVX2 (clang and GCC spell it differently).
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif

namespace gcvu::vif::avx2 {
namespace {

// Two consecutive vectors of format F as eight fields.
template <UnpackFormat F, bool kUnsigned>
inline __m256i decode_pair(const uint8_t* p) {
  if constexpr (F == UnpackFormat::kV4_8) {
    const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
    return kUnsigned ? _mm256_cvtepu8_epi32(bytes) : _mm256_cvtepi8_epi32(bytes);
  } else if constexpr (F == UnpackFormat::kV4_16) {
    const __m128i halves = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    return kUnsigned ? _mm256_cvtepu16_epi32(halves) : _mm256_cvtepi16_epi32(halves);
  } else if constexpr (F == UnpackFormat::kV4_5) {
    // Each 16-bit colour d in all four lanes of its qword, then R = d<<3, G = d>>2, B = d>>7, A = d>>8 (masked to
    // their 5 or 1 bits): (d << (11, 6, 1, 0)) >> 8.
    int32_t word;
    __builtin_memcpy(&word, p, 4);
    const __m256i colours = _mm256_cvtepu16_epi32(_mm_cvtsi32_si128(word));
    const __m256i spread = _mm256_permutevar8x32_epi32(colours, _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1));
    const __m256i shifted =
        _mm256_srli_epi32(_mm256_sllv_epi32(spread, _mm256_setr_epi32(11, 6, 1, 0, 11, 6, 1, 0)), 8);
    return _mm256_and_si256(shifted, _mm256_setr_epi32(0xf8, 0xf8, 0xf8, 0x80, 0xf8, 0xf8, 0xf8, 0x80));
  } else {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
}

// One vector of format F (the odd one at the end) in the low half.
template <UnpackFormat F, bool kUnsigned>
inline __m128i decode_one(const uint8_t* p) {
  if constexpr (F == UnpackFormat::kV4_8) {
    int32_t word;
    __builtin_memcpy(&word, p, 4);
    const __m128i bytes = _mm_cvtsi32_si128(word);
    return kUnsigned ? _mm_cvtepu8_epi32(bytes) : _mm_cvtepi8_epi32(bytes);
  } else if constexpr (F == UnpackFormat::kV4_16) {
    const __m128i halves = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
    return kUnsigned ? _mm_cvtepu16_epi32(halves) : _mm_cvtepi16_epi32(halves);
  } else if constexpr (F == UnpackFormat::kV4_5) {
    uint16_t half;
    __builtin_memcpy(&half, p, 2);
    const __m128i spread = _mm_set1_epi32(half);
    const __m128i shifted = _mm_srli_epi32(_mm_sllv_epi32(spread, _mm_setr_epi32(11, 6, 1, 0)), 8);
    return _mm_and_si128(shifted, _mm_setr_epi32(0xf8, 0xf8, 0xf8, 0x80));
  } else {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
}

template <UnpackFormat F, bool kMasked, int kMode, bool kUnsigned>
void write_consecutive(const uint8_t* source, uint32_t count, uint32_t* dest, uint32_t* row,
                       const UnpackRegisters& registers) {
  constexpr uint32_t kG = unpack_vector_bytes(F);
  __m128i row1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row));
  __m256i keep = _mm256_set1_epi32(-1);
  __m256i constant = _mm256_setzero_si256();
  __m256i protect = _mm256_setzero_si256();
  if constexpr (kMasked) {
    alignas(16) uint32_t k[4] = {}, c[4] = {}, w[4] = {};
    for (int lane = 0; lane < 4; ++lane) {
      switch ((registers.mask >> (lane * 2)) & 3) {
        case 0: k[lane] = 0xffffffffu; break;
        case 1: c[lane] = row[lane]; break;
        case 2: c[lane] = registers.col[0]; break;
        default: w[lane] = 0xffffffffu; break;
      }
    }
    keep = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(k)));
    constant = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(c)));
    protect = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(w)));
  }
  __m256i row2 = _mm256_broadcastsi128_si256(row1);
  uint32_t i = 0;
  for (; i + 2 <= count; i += 2) {
    __m256i data = decode_pair<F, kUnsigned>(source + i * kG);
    if constexpr (kMode == 1) data = _mm256_add_epi32(data, row2);
    if constexpr (kMode == 2) {
      // ROW += v0 for the first qword, ROW += v0 + v1 for the second.
      const __m256i low_into_high = _mm256_permute2x128_si256(data, data, 0x08);
      data = _mm256_add_epi32(row2, _mm256_add_epi32(data, low_into_high));
      row2 = _mm256_permute2x128_si256(data, data, 0x11);
    }
    if constexpr (kMode == 3) row2 = _mm256_permute2x128_si256(data, data, 0x11);
    auto* out = reinterpret_cast<__m256i*>(dest + i * 4);
    if constexpr (kMasked) {
      data = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(data, keep), constant),
                             _mm256_and_si256(_mm256_loadu_si256(out), protect));
    }
    _mm256_storeu_si256(out, data);
  }
  row1 = _mm256_castsi256_si128(row2);
  if (i < count) {
    __m128i data = decode_one<F, kUnsigned>(source + i * kG);
    if constexpr (kMode == 1) data = _mm_add_epi32(data, row1);
    if constexpr (kMode == 2) data = row1 = _mm_add_epi32(row1, data);
    if constexpr (kMode == 3) row1 = data;
    auto* out = reinterpret_cast<__m128i*>(dest + i * 4);
    if constexpr (kMasked) {
      data = _mm_or_si128(
          _mm_or_si128(_mm_and_si128(data, _mm256_castsi256_si128(keep)), _mm256_castsi256_si128(constant)),
          _mm_and_si128(_mm_loadu_si128(out), _mm256_castsi256_si128(protect)));
    }
    _mm_storeu_si128(out, data);
  }
  if constexpr (kMode >= 2) _mm_storeu_si128(reinterpret_cast<__m128i*>(row), row1);
}

}  // namespace
}  // namespace gcvu::vif::avx2

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

namespace gcvu::vif::avx2 {

namespace {

template <UnpackFormat F, bool kUnsigned>
ConsecutiveWrite pick(bool masked, uint32_t mode) {
  if (masked) {
    if (mode == 0) return &write_consecutive<F, true, 0, kUnsigned>;
    if (mode == 1) return &write_consecutive<F, true, 1, kUnsigned>;
    return nullptr;  // masked MODE 2/3: the scalar loop
  }
  switch (mode) {
    case 0: return &write_consecutive<F, false, 0, kUnsigned>;
    case 1: return &write_consecutive<F, false, 1, kUnsigned>;
    case 2: return &write_consecutive<F, false, 2, kUnsigned>;
    default: return &write_consecutive<F, false, 3, kUnsigned>;
  }
}

}  // namespace

ConsecutiveWrite consecutive_write(UnpackFormat format, bool masked, uint32_t mode, bool unsigned_) {
  if (!kHasAvx2) return nullptr;
  switch (format) {
    case UnpackFormat::kV4_8:
      return unsigned_ ? pick<UnpackFormat::kV4_8, true>(masked, mode) : pick<UnpackFormat::kV4_8, false>(masked, mode);
    case UnpackFormat::kV4_16:
      return unsigned_ ? pick<UnpackFormat::kV4_16, true>(masked, mode)
                       : pick<UnpackFormat::kV4_16, false>(masked, mode);
    case UnpackFormat::kV4_32: return pick<UnpackFormat::kV4_32, false>(masked, mode);
    case UnpackFormat::kV4_5: return pick<UnpackFormat::kV4_5, false>(masked, 0);  // V4-5 ignores MODE and USN
    default: return nullptr;
  }
}

}  // namespace gcvu::vif::avx2
