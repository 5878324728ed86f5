#pragma once
// One vertex as the GS latches it at a kick: the current ST/RGBAQ/UV/FOG attributes and the XYZ that kicked it.
// Kept raw (12.4 positions, 8-bit colours, float S/T/Q) so per-draw decisions and the rasterizer's conversion
// (gs/raster/convert_vertices.hpp) both start from what the GIF wrote.

#include <cstdint>

namespace gcvu::gs {

struct GsVertex {
  float s = 0.0f;
  float t = 0.0f;
  uint32_t rgba = 0;  // R in bits 0-7 ... A in bits 24-31
  float q = 1.0f;
  uint32_t x = 0;  // 12.4 window coordinates before XYOFFSET (16 bits)
  uint32_t y = 0;
  uint32_t z = 0;  // 24 bits from XYZF, 32 from XYZ
  uint32_t u = 0;  // 10.4 (14 bits)
  uint32_t v = 0;
  uint32_t fog = 0;  // 8 bits
};

inline uint32_t vertex_channel(uint32_t rgba, int channel) { return (rgba >> (8 * channel)) & 0xff; }

}  // namespace gcvu::gs
