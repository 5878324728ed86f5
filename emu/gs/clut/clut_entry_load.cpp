#include "emu/gs/clut/clut_entry_load.hpp"

#include <immintrin.h>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs {

void load_wide_entries_portable(const uint8_t* memory, const uint32_t* addresses, uint32_t count, uint16_t* entries) {
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t colour = read_element<Psm::kCt32>(memory, addresses[i]);
    entries[i] = static_cast<uint16_t>(colour);
    entries[i + 256] = static_cast<uint16_t>(colour >> 16);
  }
}

// A 256-entry load took ~2,700 host instructions a call one colour at a time, on every draw of the demo that loads
// its CLUT; eight to a gather ~600 (callgrind, plan lookup included).
[[gnu::target("avx2")]] void load_wide_entries_avx2(const uint8_t* memory, const uint32_t* addresses, uint32_t count,
                                                    uint16_t* entries) {
  const __m256i low_half = _mm256_set1_epi32(0xffff);
  uint32_t i = 0;
  for (; i + 8 <= count; i += 8) {
    // Word addresses below 2^20 (the 4 MiB memory): non-negative as signed gather indices.
    const __m256i words = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(addresses + i));
    const __m256i colours = _mm256_i32gather_epi32(reinterpret_cast<const int*>(memory), words, 4);
    // packus of values below 2^16 is exact; per 128-bit lane it gives low 0-3, high 0-3 | low 4-7, high 4-7.
    const __m256i packed = _mm256_packus_epi32(_mm256_and_si256(colours, low_half), _mm256_srli_epi32(colours, 16));
    const __m256i ordered = _mm256_permute4x64_epi64(packed, 0xd8);  // low 0-7 | high 0-7
    _mm_storeu_si128(reinterpret_cast<__m128i*>(entries + i), _mm256_castsi256_si128(ordered));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(entries + i + 256), _mm256_extracti128_si256(ordered, 1));
  }
  load_wide_entries_portable(memory, addresses + i, count - i, entries + i);
}

WideEntryLoadFn load_wide_entries() {
  static const WideEntryLoadFn chosen = cpu_has_avx2() ? load_wide_entries_avx2 : load_wide_entries_portable;
  return chosen;
}

}  // namespace gcvu::gs
