#pragma once
// One horizontal run of pixels a primitive covers, with every per-pixel attribute already interpolated the way
// PCSX2's software renderer steps it (reference/gs.md §2: lane offsets, 8-pixel steps, truncations). The
// rasterizer (gs/raster/) fills it; the pixel pipeline (gs/pixel/) shades it. Arrays hold `count` entries.

#include <cstdint>

namespace gcvu::gs {

inline constexpr int kMaxSpanPixels = 2048;

struct Span;

// Where a span's attributes other than Z come from when the rasterizer leaves them until the pixel stage asks:
// PCSX2 tests Z first, and a draw whose pixels mostly fail it should not pay for stepping colour and texture
// coordinates.
class SpanAttributeSource {
 public:
  // Sets the span's colour, fog and texture arrays, stepped for at least pixels [0, count).
  virtual void fill_attributes(Span& span, int count) = 0;

 protected:
  ~SpanAttributeSource() = default;
};

// Colour, texture coordinates and fog of a span as the span stepper steps them in 8-pixel groups
// (raster/span_stepper.hpp): the lanes of the group that holds the span's first pixel and what each later group
// adds, colour in 16 bits (clamped at zero after each group's add when `clamp_color`, PCSX2's max_i16; flat colour
// adds nothing and is not clamped), u and v in 32 bits (wrapping; zero for an untextured or STQ draw), s, t and q
// as floats (one IEEE add per group; zero unless STQ), fog in 16 bits (wrapping; zero without fog). A pixel stage
// that walks the span's whole groups from the first may step them itself instead of asking for the arrays.
struct SpanSteps {
  int16_t color[4][8] = {};  // r, g, b, a
  int16_t color_step[4] = {};
  bool clamp_color = false;
  bool flat_color = false;  // every lane of every group holds color[c][0] (the colour steps are zero)
  int32_t u[8] = {}, v[8] = {};
  int32_t u_step = 0, v_step = 0;
  float s[8] = {}, t[8] = {}, q[8] = {};
  float s_step = 0, t_step = 0, q_step = 0;
  int16_t fog[8] = {};
  int16_t fog_step = 0;
};

struct Span {
  int y = 0;
  int x = 0;                    // first pixel
  int count = 0;                // pixels [x, x + count)
  const uint32_t* z = nullptr;  // depth, truncated and clamped as PCSX2 does before the Z test
  // Colour in 8.7 fixed point (c * 128), as PCSX2 interpolates it; flat draws repeat one value.
  const int16_t* r = nullptr;
  const int16_t* g = nullptr;
  const int16_t* b = nullptr;
  const int16_t* a = nullptr;
  const int16_t* fog = nullptr;  // F in 8.7 fixed point (always interpolated)
  // Texture coordinates: 16.16 fixed texel units on the FST path (and for STQ draws PCSX2 divides per vertex),
  // or s, t, q floats scaled by the texture size for perspective STQ draws.
  const int32_t* u = nullptr;
  const int32_t* v = nullptr;
  const float* s = nullptr;
  const float* t = nullptr;
  const float* q = nullptr;
  bool flat_color = false;  // r, g, b, a each hold one value over the whole span
  bool flat_z = false;      // z holds one value over the whole span
  // Every array above holds determinate values over the whole 8-pixel groups aligned to x that the span touches,
  // indices [-(x & 7), round_up((x & 7) + count, 8) - (x & 7)): values outside [0, count) mean nothing, but the
  // pixel stage may load them into lanes it masks off instead of copying the span's ends apart.
  bool whole_groups = false;
  // When set, the arrays above except z are not filled yet: the pixel stage asks for them (once per span).
  SpanAttributeSource* deferred = nullptr;
  // For 8-lane spans with colour (not sprites): r, g, b, a, u, v or s, t, q, and fog as steps, which give the arrays'
  // values group by group (SpanSteps; a pixel stage steps them itself only over whole groups).
  const SpanSteps* steps = nullptr;
};

}  // namespace gcvu::gs
