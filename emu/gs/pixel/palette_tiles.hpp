#pragma once
// Texel indices through the palette, eight texels to a row over a run of rows: how the per-draw texture cache
// copies a tile of an indexed texture from its resident copy (texture_cache.cpp). Two builds give the same words:
// one for CPUs with AVX2 (a row's eight palette entries fetched by one gather), and a portable one, a texel at a
// time. The choice is made once at start-up.

#include <cstddef>
#include <cstdint>

namespace gcvu::gs::pixel {

// out[row * out_stride + x] = palette[from[row * from_stride + x] & 0xff] for x < 8 and row < rows.
using PaletteTileFn = void (*)(const uint32_t* from, size_t from_stride, uint32_t* out, size_t out_stride, int rows,
                               const uint32_t* palette);

void palette_tile_portable(const uint32_t* from, size_t from_stride, uint32_t* out, size_t out_stride, int rows,
                           const uint32_t* palette);
void palette_tile_avx2(const uint32_t* from, size_t from_stride, uint32_t* out, size_t out_stride, int rows,
                       const uint32_t* palette);  // AVX2 CPUs only

// The AVX2 build where the CPU has AVX2, else the portable one.
PaletteTileFn palette_tile();

}  // namespace gcvu::gs::pixel
