#include "emu/gs/pixel/texture_coverage.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace gcvu::gs::pixel {
namespace {

// float -> int, truncating, as x86's cvttss2si converts (the conversion these windows were built with, and PCSX2's):
// a value outside int's range, or NaN, gives INT_MIN ("integer indefinite") where a C++ cast is undefined. Found by
// the gs_registers fuzz target: a UV range of -2e38 reached the cast.
int truncate_like_x86(float value) {
  if (!(value >= -2147483648.0f && value < 2147483648.0f)) return std::numeric_limits<int>::min();
  return static_cast<int>(value);
}

constexpr uint32_t kRepeat = 0, kClamp = 1, kRegionClamp = 2, kRegionRepeat = 3;

int highest_bit(uint32_t v) { return 31 - std::countl_zero(v); }

// The range [out_min, out_max) REGION_REPEAT ((c & msk) | fix) maps the coordinates [min, max] into
// (PCSX2 UsesRegionRepeat).
void region_repeat_range(int fix, int msk, int min, int max, int& out_min, int& out_max) {
  if ((min < 0) != (max < 0)) {  // crossing zero reaches every value
    out_min = fix;
    out_max = (fix | msk) + 1;
    return;
  }
  const int cleared_bits = ~msk & ~fix;
  const int set_bits = fix;
  int variable_bits = min ^ max;
  if (variable_bits != 0) variable_bits |= (1 << highest_bit(uint32_t(variable_bits))) - 1;
  const int overwritten_variable_bits = (cleared_bits | set_bits) & variable_bits;
  // Incrementing through a replaced bit that is 0 in min clears every bit below it; the smallest value has
  // them cleared. The same for the largest value and a replaced 1 in max.
  const int min_zeros = ~min & overwritten_variable_bits;
  if (min_zeros != 0) min &= int(~0u << highest_bit(uint32_t(min_zeros)));
  const int max_ones = max & overwritten_variable_bits;
  if (max_ones != 0) max |= (1 << highest_bit(uint32_t(max_ones))) - 1;
  out_min = (msk & min) | fix;
  out_max = ((msk & max) | fix) + 1;
}

// One axis: [lo, hi) narrowed by the coordinate range [c0, c1] (already floored).
void narrow(uint32_t wm, int size_log2, int minc, int maxc, int c0, int c1, int& lo, int& hi) {
  const int mask = (1 << size_log2) - 1;
  switch (wm) {
    case kRepeat:
      if ((c0 & ~mask) == (c1 & ~mask)) {
        lo = std::max(lo, c0 & mask);
        hi = std::min(hi, (c1 & mask) + 1);
      }
      break;
    case kClamp:
    case kRegionClamp:
      if (lo < c0) lo = std::min(c0, hi - 1);
      if (hi > c1 + 1) hi = std::max(c1, lo) + 1;
      break;
    default: region_repeat_range(maxc, minc, c0, c1, lo, hi); break;
  }
}

// PCSX2's rintersect: every edge clamped into the texture, so an inverted window stays inverted next to its edge.
void clamp_into(int w, int h, int& x0, int& y0, int& x1, int& y1) {
  x0 = std::clamp(x0, 0, w), x1 = std::clamp(x1, 0, w);
  y0 = std::clamp(y0, 0, h), y1 = std::clamp(y1, 0, h);
}

// A sprite the scissor clips reads only the texels of its visible part: the texture range shrinks by the clipped
// pixels times the texels per pixel, from the side the clipped edge maps to (PCSX2 GetTextureMinMax; not for
// REGION_REPEAT, nor for REPEAT when the range would then span a wrap).
void scissor_narrow(const DrawState& s, int tw_log2, int th_log2, float& u0, float& v0, float& u1, float& v1) {
  const DrawSummary& t = s.summary;
  const float gu = (t.u_max - t.u_min) / std::max(t.x_max - t.x_min, 1.0f);
  const float gv = (t.v_max - t.v_min) / std::max(t.y_max - t.y_min, 1.0f);
  const int left = int(std::ceil(t.x_min)), top = int(std::ceil(t.y_min));
  const int right = int(std::floor(t.x_max)), bottom = int(std::floor(t.y_max));
  const int sx0 = int(s.scissor.scax0()), sy0 = int(s.scissor.scay0());
  const int sx1 = int(s.scissor.scax1()) + 1, sy1 = int(s.scissor.scay1()) + 1;
  auto clip = [](int c, int lo, int hi) { return std::clamp(c, lo, hi); };
  const int cl = clip(left, sx0, sx1), cr = clip(right, sx0, sx1);
  const int ct = clip(top, sy0, sy1), cb = clip(bottom, sy0, sy1);
  if (cl == left && cr == right && ct == top && cb == bottom) return;
  auto axis = [](uint32_t wm, int size_log2, bool swap, float g, int lo, int clo, int hi, int chi, float& c0,
                 float& c1) {
    float n0 = c0, n1 = c1;
    if (lo < clo) {
      const float d = std::floor(float(clo - lo) * g);
      if (!swap) {
        n0 += d;
      } else {
        n1 -= d;
      }
    }
    if (hi > chi) {
      const float d = std::floor(float(hi - chi) * g);
      if (!swap) {
        n1 -= d;
      } else {
        n0 += d;
      }
    }
    const int mask = (1 << size_log2) - 1;
    if (wm != kRegionRepeat &&
        (wm != kRepeat || (truncate_like_x86(n0) & ~mask) == (truncate_like_x86(n1 - 1) & ~mask)))
      c0 = n0, c1 = n1;
  };
  axis(s.clamp.wms(), tw_log2, t.swap_u, gu, left, cl, right, cr, u0, u1);
  axis(s.clamp.wmt(), th_log2, t.swap_v, gv, top, ct, bottom, cb, v0, v1);
}

}  // namespace

TexelRect texture_coverage(const DrawState& s, int tw_log2, int th_log2, bool linear) {
  const int w = 1 << tw_log2, h = 1 << th_log2;
  const int minu = int(s.clamp.minu()), maxu = int(s.clamp.maxu());
  const int minv = int(s.clamp.minv()), maxv = int(s.clamp.maxv());
  int x0 = 0, y0 = 0, x1 = w, y1 = h;
  if (s.clamp.wms() == kRegionClamp) x0 = minu, x1 = maxu + 1;
  if (s.clamp.wms() == kRegionRepeat) x0 = maxu, x1 = (maxu | minu) + 1;
  if (s.clamp.wmt() == kRegionClamp) y0 = minv, y1 = maxv + 1;
  if (s.clamp.wmt() == kRegionRepeat) y0 = maxv, y1 = (maxv | minv) + 1;
  clamp_into(w, h, x0, y0, x1, y1);
  const DrawSummary& t = s.summary;
  constexpr float kMax = std::numeric_limits<float>::max();
  const bool unbounded = !t.has_uv_range || t.u_max >= kMax || t.u_min <= -kMax || t.v_max >= kMax || t.v_min <= -kMax;
  if (!unbounded) {
    const float off = linear ? 0.5f : 0.0f;
    float su0 = t.u_min - off, sv0 = t.v_min - off, su1 = t.u_max + off, sv1 = t.v_max + off;
    if (t.sprite_without_gaps) scissor_narrow(s, tw_log2, th_log2, su0, sv0, su1, sv1);
    const int u0 = truncate_like_x86(std::floor(su0)), v0 = truncate_like_x86(std::floor(sv0));
    const int u1 = truncate_like_x86(std::floor(su1)), v1 = truncate_like_x86(std::floor(sv1));
    narrow(s.clamp.wms(), tw_log2, minu, maxu, u0, u1, x0, x1);
    narrow(s.clamp.wmt(), th_log2, minv, maxv, v0, v1, y0, y1);
  }
  clamp_into(w, h, x0, y0, x1, y1);
  // An empty window still reads one texel at its edge; PCSX2 then widens both axes by one.
  if (x0 >= x1 || y0 >= y1) {
    if (x0 < w) {
      x1 += 1;
    } else {
      x0 -= 1;
    }
    if (y0 < h) {
      y1 += 1;
    } else {
      y0 -= 1;
    }
    clamp_into(w, h, x0, y0, x1, y1);
  }
  return TexelRect{x0, y0, x1, y1};
}

}  // namespace gcvu::gs::pixel
