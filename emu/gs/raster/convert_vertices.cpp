#include "emu/gs/raster/convert_vertices.hpp"

#include <algorithm>

namespace gcvu::gs {

void convert_vertices(std::span<const GsVertex> in, const VertexConversion& conversion,
                      std::vector<RasterVertex>& out) {
  out.resize(in.size());
  // PCSX2 builds the texture scale with an int shift, so TW=15 wraps to -2^31.
  const float scale_s = float(int32_t(uint32_t{0x10000} << conversion.tw));
  const float scale_t = float(int32_t(uint32_t{0x10000} << conversion.th));
  for (size_t i = 0; i < in.size(); ++i) {
    const GsVertex& v = in[i];
    RasterVertex& r = out[i];
    // (X - OFX) is exact in int and in float; /16 is exact.
    r.x = float(int32_t(v.x) - conversion.offset_x) * (1.0f / 16);
    r.y = float(int32_t(v.y) - conversion.offset_y) * (1.0f / 16);
    for (int c = 0; c < 4; ++c) r.attr[kAttrR + c] = float(vertex_channel(v.rgba, c) << 7);
    float s = 0.0f, t = 0.0f, q = 0.0f;
    if (conversion.texture) {
      if (conversion.fst) {
        s = float(v.u << 12);
        t = float(v.v << 12);
      } else if (conversion.divide_per_vertex) {
        // Sprites already carry the second vertex's Q in both (VertexQueue::kick).
        s = (v.s / v.q) * scale_s;
        t = (v.t / v.q) * scale_t;
        q = v.q / v.q;
      } else {
        s = v.s * scale_s;
        t = v.t * scale_t;
        q = v.q;
      }
      if (conversion.half_texel_offset) {
        s -= 32768.0f;
        t -= 32768.0f;
      }
    }
    r.attr[kAttrS] = s;
    r.attr[kAttrT] = t;
    r.attr[kAttrQ] = q;
    if (conversion.sprite) {
      r.z = 0.0;
      r.sprite_z = std::min(v.z, conversion.z_max);
      r.sprite_fog = float(int32_t(v.fog)) * 128.0f;
      r.attr[kAttrFog] = 0.0f;
    } else {
      r.z = double(v.z);
      r.attr[kAttrFog] = float(v.fog << 7);
    }
  }
}

}  // namespace gcvu::gs
