#pragma once
// The per-pixel LOD of a run of pixels (pixel_math.hpp lod_from_q), in two builds that give the same bits: one for
// CPUs with FMA, where its four fused multiply-adds and the rounding are single instructions, and a portable one
// (libm's fmaf and nearbyintf, exact on any x86-64). The choice is made once at start-up.

#include <cstdint>

namespace gcvu::gs::pixel {

struct LodConstants {
  float l_neg = 0;  // lod_from_q's l_neg, k16, mxl16
  float k16 = 0;
  float mxl16 = 0;
  int32_t bias = 0;  // added to each LOD: 0x8000 when MMIN rounds to the nearest level
};

// lod[i] = lod_from_q(q[i], ...) + bias, frac_ba[i] = lod[i] & 0xffff, for i < count.
using LodRowFn = void (*)(const float* q, int count, const LodConstants& k, int32_t* lod, int32_t* frac_ba);

void lod_row_portable(const float* q, int count, const LodConstants& k, int32_t* lod, int32_t* frac_ba);
void lod_row_fma(const float* q, int count, const LodConstants& k, int32_t* lod, int32_t* frac_ba);  // FMA CPUs only

// lod_row_fma where the CPU has FMA, else lod_row_portable.
LodRowFn lod_row();

}  // namespace gcvu::gs::pixel
