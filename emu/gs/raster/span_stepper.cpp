#include "emu/gs/raster/span_stepper.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace gcvu::gs {
namespace {

// cvttps2dq / cvttpd2dq: truncation, with the "integer indefinite" 0x80000000 for NaN and out-of-range values.
template <class F>
int32_t truncate_to_int32(F value) {
  if (!(value > F(-2147483649.0)) || !(value < F(2147483648.0))) return INT32_MIN;
  return int32_t(value);
}

// cvtpd2dq under the default rounding mode (nearest, ties to even).
int32_t round_to_int32(double value) {
  const double r = std::nearbyint(value);
  if (!(r >= -2147483648.0) || !(r <= 2147483647.0)) return INT32_MIN;
  return int32_t(r);
}

int16_t low16(int32_t value) { return int16_t(uint16_t(uint32_t(value))); }
int16_t add16(int16_t a, int16_t b) { return int16_t(uint16_t(uint16_t(a) + uint16_t(b))); }

// -(2^31 + 0.5 - ulp): PCSX2's bias for converting Z >= 2^31 through a signed conversion.
const double kZOverflowBias = std::bit_cast<double>(uint64_t{0xC1E00000000FFFFF});

// Walks the lane groups of a span: `emit(p, lane)` for each pixel p of [0, count), `step()` between groups.
template <class Emit, class Step>
void walk_groups(int count, int skip, int lanes, Emit&& emit, Step&& step) {
  int p = 0;
  int lane = skip;
  while (true) {
    for (; lane < lanes && p < count; ++lane, ++p) emit(p, lane);
    if (p >= count) return;
    step();
    lane = 0;
  }
}

}  // namespace

SpanStepper::SpanStepper(const StepperSetup& setup, SpanConsumer& consumer)
    : setup_(setup), consumer_(consumer), lanes_(setup.lane_width == 4 ? 4 : 8) {}

void SpanStepper::setup_primitive(const RasterVertex* vertices, const uint32_t* index, const RasterVertex& dscan) {
  const float w = float(lanes_);
  auto for_each_offset = [this](auto&& set) {
    for (int k = -(lanes_ - 1); k <= lanes_ - 1; ++k) set(k + kMaxLanes - 1, float(k));
  };
  if (setup_.sprite) {
    const RasterVertex& second = vertices[index[1]];
    sprite_z_ = second.sprite_z;
    sprite_fog_ = low16(truncate_to_int32(second.sprite_fog));
  } else {
    if (setup_.fog) {
      const float df = dscan.attr[kAttrFog];
      fog_step_ = low16(truncate_to_int32(df * w));
      for_each_offset([&](int i, float k) { fog_lane_[i] = low16(truncate_to_int32(df * k)); });
    }
    if (setup_.z && !setup_.z_equal) {
      // Lane offsets are float products widened to double; the group step is a double product.
      const float dz = float(dscan.z);
      z_step_ = dscan.z * double(w);
      for_each_offset([&](int i, float k) { z_lane_[i] = double(dz * k); });
    }
  }
  if (setup_.texture) {
    const float ds = dscan.attr[kAttrS], dt = dscan.attr[kAttrT], dq = dscan.attr[kAttrQ];
    if (setup_.fst) {
      u_step_ = truncate_to_int32(ds * w);
      v_step_ = truncate_to_int32(dt * w);
      for_each_offset([&](int i, float k) {
        u_lane_[i] = truncate_to_int32(ds * k);
        v_lane_[i] = truncate_to_int32(dt * k);
      });
    } else {
      s_step_ = ds * w;
      t_step_ = dt * w;
      q_step_ = dq * w;
      for_each_offset([&](int i, float k) {
        s_lane_[i] = ds * k;
        t_lane_[i] = dt * k;
        q_lane_[i] = dq * k;
      });
    }
  }
  if (setup_.color) {
    if (setup_.gouraud) {
      for (int c = 0; c < 4; ++c) {
        const float dc = dscan.attr[kAttrR + c];
        color_step_[c] = low16(truncate_to_int32(dc * w));
        for_each_offset([&](int i, float k) { color_lane_[c][i] = low16(truncate_to_int32(dc * k)); });
      }
    } else {
      const RasterVertex& provoking = vertices[index[setup_.flat_vertex]];
      for (int c = 0; c < 4; ++c) flat_color_[c] = low16(truncate_to_int32(provoking.attr[kAttrR + c]));
    }
  }
}

void SpanStepper::fill_z(int count, int skip, const RasterVertex& scan) {
  if (setup_.sprite) {
    std::fill_n(z_.begin(), count, sprite_z_);
    return;
  }
  const uint32_t z_max = setup_.z_clamp ? setup_.z_max : 0xffffffffu;
  if (setup_.z_equal) {
    const uint32_t z = std::min(uint32_t(int64_t(scan.z)), z_max);
    std::fill_n(z_.begin(), count, z);
    return;
  }
  std::array<double, kMaxLanes> lane{};
  for (int i = 0; i < lanes_; ++i) lane[i] = scan.z + z_lane_[i - skip + kMaxLanes - 1];
  auto convert = [this, z_max](double z) {
    uint32_t value =
        setup_.z_overflow ? uint32_t(round_to_int32(z + kZOverflowBias)) + 0x80000000u : uint32_t(truncate_to_int32(z));
    return std::min(value, z_max);
  };
  walk_groups(
      count, skip, lanes_, [&](int p, int i) { z_[p] = convert(lane[i]); },
      [&] {
        for (int i = 0; i < lanes_; ++i) lane[i] += z_step_;
      });
}

void SpanStepper::fill_color(int count, int skip, const RasterVertex& scan) {
  for (int c = 0; c < 4; ++c) {
    int16_t* out = color_[c].data();
    if (!setup_.gouraud || setup_.sprite) {
      std::fill_n(out, count, flat_color_[c]);
      continue;
    }
    const int16_t base = low16(truncate_to_int32(scan.attr[kAttrR + c]));
    std::array<int16_t, kMaxLanes> lane{};
    for (int i = 0; i < lanes_; ++i) lane[i] = add16(base, color_lane_[c][i - skip + kMaxLanes - 1]);
    const int16_t step = color_step_[c];
    walk_groups(
        count, skip, lanes_, [&](int p, int i) { out[p] = lane[i]; },
        [&] {
          // Only the group steps clamp at zero (PCSX2 max_i16); the first group's offsets do not.
          for (int i = 0; i < lanes_; ++i) lane[i] = std::max<int16_t>(add16(lane[i], step), 0);
        });
  }
}

void SpanStepper::fill_fog(int count, int skip, const RasterVertex& scan) {
  if (setup_.sprite) {
    std::fill_n(fog_.begin(), count, sprite_fog_);
    return;
  }
  const int16_t base = low16(truncate_to_int32(scan.attr[kAttrFog]));
  std::array<int16_t, kMaxLanes> lane{};
  for (int i = 0; i < lanes_; ++i) lane[i] = add16(base, fog_lane_[i - skip + kMaxLanes - 1]);
  walk_groups(
      count, skip, lanes_, [&](int p, int i) { fog_[p] = lane[i]; },
      [&] {
        for (int i = 0; i < lanes_; ++i) lane[i] = add16(lane[i], fog_step_);
      });
}

void SpanStepper::fill_texture(int count, int skip, const RasterVertex& scan) {
  if (setup_.fst) {
    const int32_t u0 = truncate_to_int32(scan.attr[kAttrS]);
    const int32_t v0 = truncate_to_int32(scan.attr[kAttrT]);
    // Sprites hold v for the whole row unless mipmapping steps it.
    const bool step_v = !setup_.sprite || setup_.sprite_v_per_pixel;
    std::array<int32_t, kMaxLanes> lu{}, lv{};
    for (int i = 0; i < lanes_; ++i) {
      lu[i] = int32_t(uint32_t(u0) + uint32_t(u_lane_[i - skip + kMaxLanes - 1]));
      lv[i] = step_v ? int32_t(uint32_t(v0) + uint32_t(v_lane_[i - skip + kMaxLanes - 1])) : v0;
    }
    walk_groups(
        count, skip, lanes_,
        [&](int p, int i) {
          u_[p] = lu[i];
          v_[p] = lv[i];
        },
        [&] {
          for (int i = 0; i < lanes_; ++i) {
            lu[i] = int32_t(uint32_t(lu[i]) + uint32_t(u_step_));
            if (step_v) lv[i] = int32_t(uint32_t(lv[i]) + uint32_t(v_step_));
          }
        });
    return;
  }
  std::array<float, kMaxLanes> ls{}, lt{}, lq{};
  for (int i = 0; i < lanes_; ++i) {
    ls[i] = scan.attr[kAttrS] + s_lane_[i - skip + kMaxLanes - 1];
    lt[i] = scan.attr[kAttrT] + t_lane_[i - skip + kMaxLanes - 1];
    lq[i] = scan.attr[kAttrQ] + q_lane_[i - skip + kMaxLanes - 1];
  }
  walk_groups(
      count, skip, lanes_,
      [&](int p, int i) {
        s_[p] = ls[i];
        t_[p] = lt[i];
        q_[p] = lq[i];
      },
      [&] {
        for (int i = 0; i < lanes_; ++i) {
          ls[i] += s_step_;
          lt[i] += t_step_;
          lq[i] += q_step_;
        }
      });
}

void SpanStepper::scanline(int pixels, int left, int y, const RasterVertex& scan) {
  const int count = std::min(pixels, kMaxSpanPixels);
  const int skip = left & (lanes_ - 1);
  Span span;
  span.y = y;
  span.x = left;
  span.count = count;
  if (setup_.z) {
    fill_z(count, skip, scan);
    span.z = z_.data();
  }
  if (setup_.color) {
    fill_color(count, skip, scan);
    span.r = color_[0].data();
    span.g = color_[1].data();
    span.b = color_[2].data();
    span.a = color_[3].data();
  }
  if (setup_.fog) {
    fill_fog(count, skip, scan);
    span.fog = fog_.data();
  }
  if (setup_.texture) {
    fill_texture(count, skip, scan);
    if (setup_.fst) {
      span.u = u_.data();
      span.v = v_.data();
    } else {
      span.s = s_.data();
      span.t = t_.data();
      span.q = q_.data();
    }
  }
  consumer_.draw_span(span);
}

}  // namespace gcvu::gs
