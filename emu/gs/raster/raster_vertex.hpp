#pragma once
// A vertex in the rasterizer's number formats (PCSX2 GSVertexSW): window position in float pixels, Z in double,
// and eight float attributes stepped together: texture s, t, q, fog, then colour r, g, b, a (all x128 where
// PCSX2 scales them). Gradients (per x, per y) use the same struct.

#include <cstdint>

namespace gcvu::gs {

inline constexpr int kAttrS = 0, kAttrT = 1, kAttrQ = 2, kAttrFog = 3;
inline constexpr int kAttrR = 4, kAttrG = 5, kAttrB = 6, kAttrA = 7;
inline constexpr int kAttrCount = 8;

struct RasterVertex {
  float x = 0.0f;
  float y = 0.0f;
  double z = 0.0;  // triangles, lines, points
  float attr[kAttrCount] = {};
  // Sprites keep Z as the raw value clamped to the Z format, and F*128 untouched by interpolation.
  uint32_t sprite_z = 0;
  float sprite_fog = 0.0f;
};

}  // namespace gcvu::gs
