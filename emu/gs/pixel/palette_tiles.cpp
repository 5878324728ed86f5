#include "emu/gs/pixel/palette_tiles.hpp"

#include <immintrin.h>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/pixel/bilinear_rows.hpp"

namespace gcvu::gs::pixel {

void palette_tile_portable(const uint32_t* from, size_t from_stride, uint32_t* out, size_t out_stride, int rows,
                           const uint32_t* palette) {
  for (int row = 0; row < rows; row++, from += from_stride, out += out_stride) {
    for (int x = 0; x < 8; x++) out[x] = palette[from[x] & 0xff];
  }
}

[[gnu::target("avx2")]] void palette_tile_avx2(const uint32_t* from, size_t from_stride, uint32_t* out,
                                               size_t out_stride, int rows, const uint32_t* palette) {
  const __m256i low_byte = _mm256_set1_epi32(0xff);
  const auto* entries = reinterpret_cast<const int*>(palette);
  for (int row = 0; row < rows; row++, from += from_stride, out += out_stride) {
    const __m256i indices = _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(from)), low_byte);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_i32gather_epi32(entries, indices, 4));
  }
  _mm256_zeroupper();
}

PaletteTileFn palette_tile() {
  static const PaletteTileFn chosen = cpu_has_avx2() ? palette_tile_avx2 : palette_tile_portable;
  return chosen;
}

}  // namespace gcvu::gs::pixel
