#include "emu/gs/pixel/row_pair_fill_avx2.hpp"

#include <algorithm>

#include <immintrin.h>

#include "emu/gs/memory/pixel_address.hpp"

namespace gcvu::gs::pixel {

namespace {

using Traits = PsmTraits<Psm::kCt32>;

// All ones in the 32-bit words whose x lies in [lo, hi) (per word).
[[gnu::target("avx2")]] inline __m256i inside(__m256i x, __m256i lo, __m256i hi) {
  return _mm256_andnot_si256(_mm256_cmpgt_epi32(lo, x), _mm256_cmpgt_epi32(hi, x));
}

template <int kBuffers>
[[gnu::target("avx2")]] void fill_pairs(uint8_t* vm, uint32_t width_pages, uint32_t y, int x0, int n0, int x1, int n1,
                                        const PairBuffer* buffers, bool break_rows) {
  n0 = std::max(n0, 0), n1 = std::max(n1, 0);
  const int begin = n0 == 0 ? x1 : n1 == 0 ? x0 : std::min(x0, x1);
  const int end = n0 == 0 ? x1 + n1 : n1 == 0 ? x0 + n0 : std::max(x0 + n0, x1 + n1);
  if (begin >= end) return;
  const int first = begin & ~7;
  const int aligned_end = first + 8 * ((end - first + 7) / 8);
  // Groups [full_first, full_end) (pixel x) lie wholly in both rows; every other group is blended.
  int full_first = (std::max(x0, x1) + 7) & ~7;
  int full_end = std::min(x0 + n0, x1 + n1) & ~7;
  if (break_rows || n0 == 0 || n1 == 0 || full_first >= full_end) full_first = full_end = aligned_end;

  __m256i whole[kBuffers];
  uint32_t row_base[kBuffers];
  const uint16_t* columns[kBuffers];
  const uint32_t page_row = ((y >> Traits::kPageHeightLog2) * width_pages) << Traits::kPageElementsLog2;
  for (int t = 0; t < kBuffers; t++) {
    whole[t] = _mm256_set1_epi32(static_cast<int>(buffers[t].value));
    row_base[t] = buffers[t].base_elements + page_row;
    columns[t] = buffers[t].columns[y & (Traits::kPageHeight - 1)].data();
  }
  // A column's 32-byte half h holds lanes 4h + {0, 1} of the even row, of the odd row, then 4h + {2, 3} of each:
  // each word's lane offset, and the bounds of its row (empty for a row without pixels).
  const __m256i word_lane = _mm256_setr_epi32(0, 1, 0, 1, 2, 3, 2, 3);
  constexpr int kOddRowWords = 0xcc;
  const __m256i lo0 = _mm256_set1_epi32(x0), hi0 = _mm256_set1_epi32(x0 + n0);
  const __m256i lo1 = _mm256_set1_epi32(x1), hi1 = _mm256_set1_epi32(x1 + n1);
  const __m256i lo = _mm256_blend_epi32(lo0, lo1, kOddRowWords), hi = _mm256_blend_epi32(hi0, hi1, kOddRowWords);
  // The broken fill's other row's bounds: a lane either row covers is written in both.
  const __m256i lo_other = _mm256_blend_epi32(lo1, lo0, kOddRowWords);
  const __m256i hi_other = _mm256_blend_epi32(hi1, hi0, kOddRowWords);
  const __m256i four = _mm256_set1_epi32(4);

  int gx = first;
  while (gx < aligned_end) {
    // A page at a time, as for_each_group32 walks it.
    const uint32_t at = static_cast<uint32_t>(gx) & 2047;
    uint8_t* page[kBuffers];
    for (int t = 0; t < kBuffers; t++)
      page[t] = vm + (((row_base[t] + ((at >> 6) << Traits::kPageElementsLog2)) & Traits::kMemoryElementMask) << 2);
    int k = static_cast<int>((at >> 3) & 7);
    const int page_end = std::min(aligned_end, gx + 8 * (8 - k));
    for (; gx < page_end; gx += 8, k++) {
      if (gx >= full_first && gx < full_end) {
        for (int t = 0; t < kBuffers; t++) {
          auto* column = reinterpret_cast<__m256i*>(page[t] + columns[t][k]);
          _mm256_storeu_si256(column, whole[t]);
          _mm256_storeu_si256(column + 1, whole[t]);
        }
        continue;
      }
      const __m256i x_low = _mm256_add_epi32(_mm256_set1_epi32(gx), word_lane);
      const __m256i x_high = _mm256_add_epi32(x_low, four);
      __m256i keep_low = inside(x_low, lo, hi), keep_high = inside(x_high, lo, hi);
      if (break_rows) {
        keep_low = _mm256_or_si256(keep_low, inside(x_low, lo_other, hi_other));
        keep_high = _mm256_or_si256(keep_high, inside(x_high, lo_other, hi_other));
      }
      for (int t = 0; t < kBuffers; t++) {
        auto* column = reinterpret_cast<__m256i*>(page[t] + columns[t][k]);
        _mm256_storeu_si256(column, _mm256_blendv_epi8(_mm256_loadu_si256(column), whole[t], keep_low));
        _mm256_storeu_si256(column + 1, _mm256_blendv_epi8(_mm256_loadu_si256(column + 1), whole[t], keep_high));
      }
    }
  }
}

}  // namespace

void fill_row_pair32_avx2(uint8_t* vm, uint32_t width_pages, uint32_t y, int x0, int n0, int x1, int n1,
                          const PairBuffer* buffers, int count, bool break_rows) {
  if (count == 2) {
    fill_pairs<2>(vm, width_pages, y, x0, n0, x1, n1, buffers, break_rows);
  } else {
    fill_pairs<1>(vm, width_pages, y, x0, n0, x1, n1, buffers, break_rows);
  }
}

}  // namespace gcvu::gs::pixel
