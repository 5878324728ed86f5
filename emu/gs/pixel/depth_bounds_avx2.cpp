#include <immintrin.h>

#include "emu/gs/pixel/depth_bounds.hpp"

namespace gcvu::gs::pixel {

namespace {
// Row `i` (32 bytes, eight words) of a block, masked.
[[gnu::target("avx2")]] inline __m256i masked_row(const uint8_t* block, int i, __m256i mask) {
  return _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(block + 32 * i)), mask);
}
}  // namespace

// DepthBounds::block_minimum's value: the block's eight 32-byte rows masked and folded by the unsigned minimum,
// then the lanes folded in halves.
[[gnu::target("avx2")]] uint32_t DepthBounds::block_minimum_avx2(const uint8_t* vm, uint32_t element,
                                                                  uint32_t width) {
  const uint8_t* block = vm + ((element & ~63u) << 2);
  const __m256i mask = _mm256_set1_epi32(static_cast<int32_t>(width));
  // Two chains of rows, so each minimum waits only on its own chain's last one.
  __m256i even = masked_row(block, 0, mask), odd = masked_row(block, 1, mask);
  for (int i = 2; i < 8; i += 2) {
    even = _mm256_min_epu32(even, masked_row(block, i, mask));
    odd = _mm256_min_epu32(odd, masked_row(block, i + 1, mask));
  }
  const __m256i lowest8 = _mm256_min_epu32(even, odd);
  __m128i lowest = _mm_min_epu32(_mm256_castsi256_si128(lowest8), _mm256_extracti128_si256(lowest8, 1));
  lowest = _mm_min_epu32(lowest, _mm_shuffle_epi32(lowest, _MM_SHUFFLE(1, 0, 3, 2)));
  lowest = _mm_min_epu32(lowest, _mm_shuffle_epi32(lowest, _MM_SHUFFLE(2, 3, 0, 1)));
  return static_cast<uint32_t>(_mm_cvtsi128_si32(lowest));
}

}  // namespace gcvu::gs::pixel
