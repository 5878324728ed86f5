#pragma once
// A primitive's rows handed to the pixel stage in one call (PixelPipeline::draw_rows): per row only its pixels and
// the attributes at its first pixel, and the primitive's lane offsets and group steps once (SpanLanes), so the stage
// steps Z, colour, fog and texture coordinates itself exactly as the span stepper fills a Span's arrays and steps
// (raster/span_stepper.hpp fill_z, fill_steps), without a Span, a call and a set-up per row: per textured row of the
// replay bench_fill_tex those cost ~460 host instructions beside the kernel's ~824 (callgrind).

#include <cstdint>

namespace gcvu::gs {

// The 8-lane stepper's tables: entry k + kCentre holds the offset of lane k + skip of a row's first group
// (skip = x & 7, k in [-7, 7]).
struct SpanLanes {
  static constexpr int kCentre = 7;
  // Z: float products widened to double; each group adds z_step (double); converted by truncation, then the
  // unsigned minimum with z_max.
  const double* z = nullptr;
  double z_step = 0.0;
  uint32_t z_max = 0xffffffffu;
  // Colour (r, g, b, a) in 16 bits: a Gouraud row's first group is its start value truncated plus the offsets; a
  // flat primitive's every lane holds flat_color.
  bool gouraud = false;
  const int16_t* color[4] = {};
  int16_t color_step[4] = {};
  int16_t flat_color[4] = {};
  bool fog = false;
  const int16_t* fog_lane = nullptr;
  int16_t fog_step = 0;
  // Texture coordinates: u, v (16.16, the FST path) or s, t, q (floats); null when the draw has none.
  const int32_t* u = nullptr;
  const int32_t* v = nullptr;
  int32_t u_step = 0, v_step = 0;
  const float* s = nullptr;
  const float* t = nullptr;
  const float* q = nullptr;
  float s_step = 0, t_step = 0, q_step = 0;
};

// One row: pixels [x, x + count) of row y, and the attributes at pixel x as the rasterizer interpolated them.
struct SpanRow {
  int y = 0;
  int x = 0;
  int count = 0;
  double z = 0.0;
  float color[4] = {};
  float fog = 0.0f;
  float s = 0.0f, t = 0.0f, q = 0.0f;  // u, v before truncation on the FST path
};

}  // namespace gcvu::gs
