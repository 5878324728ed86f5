#include "emu/gs/pixel/lod_rows.hpp"

#include "emu/common/cpu_features.hpp"
#include "emu/gs/pixel/pixel_math.hpp"

namespace gcvu::gs::pixel {

namespace {

// Inlined into each build below, so its std::fma and std::nearbyint compile for that build's target.
[[gnu::always_inline]] inline void lod_row_body(const float* q, int count, const LodConstants& k, int32_t* lod,
                                                int32_t* frac_ba) {
  for (int i = 0; i < count; i++) {
    const int32_t value = lod_from_q(q[i], k.l_neg, k.k16, k.mxl16) + k.bias;
    lod[i] = value;
    frac_ba[i] = value & 0xffff;
  }
}

}  // namespace

void lod_row_portable(const float* q, int count, const LodConstants& k, int32_t* lod, int32_t* frac_ba) {
  lod_row_body(q, count, k, lod, frac_ba);
}

[[gnu::target("fma")]] void lod_row_fma(const float* q, int count, const LodConstants& k, int32_t* lod,
                                        int32_t* frac_ba) {
  lod_row_body(q, count, k, lod, frac_ba);
}

LodRowFn lod_row() {
  static const LodRowFn chosen = cpu_has_fma() ? lod_row_fma : lod_row_portable;
  return chosen;
}

}  // namespace gcvu::gs::pixel
