#include "emu/gs/raster/span_stepper.hpp"

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/raster/row_z_bound.hpp"

namespace gcvu::gs {
namespace {

// cvttps2dq: truncation, with the "integer indefinite" 0x80000000 for NaN and out-of-range values, as the scalar
// cvttss2si gives it (one instruction where a range check took two compares and branches: a Gouraud span's steps
// convert six attributes).
int32_t truncate_to_int32(float value) { return _mm_cvttss_si32(_mm_set_ss(value)); }
int32_t truncate_to_int32(double value) = delete;  // would round to float first

// cvtpd2dq under the default rounding mode (nearest, ties to even).
int32_t round_to_int32(double value) {
  const double r = std::nearbyint(value);
  if (!(r >= -2147483648.0) || !(r <= 2147483647.0)) return INT32_MIN;
  return int32_t(r);
}

int16_t low16(int32_t value) { return int16_t(uint16_t(uint32_t(value))); }

// -(2^31 + 0.5 - ulp): PCSX2's bias for converting Z >= 2^31 through a signed conversion.
const double kZOverflowBias = std::bit_cast<double>(uint64_t{0xC1E00000000FFFFF});

// Lane offset tables hold k = lane - skip from -7 to 7, with k = 0 at this index.
constexpr int kLaneTableCentre = 7;

// Writes whole lane groups from `group_start` until `count` pixels past `group_start + skip` are covered: the
// first group is base + offset[lane - skip], each later lane is `step` applied to the same lane one group back.
// (Stepping reads the previous group back from memory rather than carrying the lanes in a local array: GCC 12's
// loop vectoriser at -O3 mis-stores the carried-array form, writing the first group at the wrong place.)
template <int kLanes, class T, class Table, class Add, class Step>
void write_groups(T* group_start, int count, int skip, T base, const Table& offsets, Add&& add, Step&& step) {
  const int groups = (count + skip + kLanes - 1) / kLanes;
  for (int i = 0; i < kLanes; ++i) group_start[i] = add(base, offsets[i - skip + kLaneTableCentre]);
  for (int g = 1; g < groups; ++g) {
    T* out = group_start + g * kLanes;
    for (int i = 0; i < kLanes; ++i) out[i] = step(out[i - kLanes]);
  }
}

// Lanes of one attribute type in SSE2 registers: 16-bit colour and fog (eight to a register, wrapping adds,
// paddw), 32-bit u and v (four, paddd) and float s, t, q (four, addps: the same IEEE sum per lane as a scalar add).
template <class Int>
struct IntLanes {
  using T = Int;
  using V = __m128i;
  static constexpr int kPerRegister = 16 / sizeof(Int);
  static constexpr bool kFloat = false;
  static V set1(T v) {
    if constexpr (sizeof(Int) == 2) return _mm_set1_epi16(v);
    return _mm_set1_epi32(v);
  }
  static V add(V a, V b) {
    if constexpr (sizeof(Int) == 2) return _mm_add_epi16(a, b);
    return _mm_add_epi32(a, b);
  }
  static V clamp_at_zero(V a) {  // PCSX2's max_i16
    static_assert(sizeof(Int) == 2);
    return _mm_max_epi16(a, _mm_setzero_si128());
  }
};
using Lanes16 = IntLanes<int16_t>;
using Lanes32 = IntLanes<int32_t>;
struct LanesFloat {
  using T = float;
  using V = __m128;
  static constexpr int kPerRegister = 4;
  static constexpr bool kFloat = true;
  static V set1(T v) { return _mm_set1_ps(v); }
  static V add(V a, V b) { return _mm_add_ps(a, b); }
};
// kCount elements (a whole register, or half of a 16-bit one for four lanes).
template <class L, int kCount>
typename L::V load_lanes(const typename L::T* from) {
  if constexpr (L::kFloat) {
    return _mm_loadu_ps(from);
  } else if constexpr (kCount * sizeof(typename L::T) == 8) {
    return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(from));
  } else {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(from));
  }
}
template <class L, int kCount>
void store_lanes(typename L::T* to, typename L::V v) {
  if constexpr (L::kFloat) {
    _mm_storeu_ps(to, v);
  } else if constexpr (kCount * sizeof(typename L::T) == 8) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(to), v);
  } else {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to), v);
  }
}

// The lanes as write_groups steps them, each attribute's lanes carried in registers: the first group is
// base + offset[lane - skip] (one load of the offset table from lane 0's entry), each later group the previous
// plus `step`, clamped at zero after the add where kClampAtZero (colour). The kRows attributes step in one loop
// so their chains overlap. write_groups' element loop went through memory and kept colour stepping at a third of
// the Gouraud fill's time.
template <class L, int kLanes, bool kClampAtZero, size_t kRows, class Table>
[[gnu::always_inline]] inline void step_groups_body(const std::array<typename L::T*, kRows>& group_start, int count,
                                                    int skip, const std::array<typename L::T, kRows>& base,
                                                    const std::array<const Table*, kRows>& offsets,
                                                    const std::array<typename L::T, kRows>& step) {
  constexpr int kPer = kLanes < L::kPerRegister ? kLanes : L::kPerRegister;
  constexpr int kRegs = kLanes / kPer;
  const int groups = (count + skip + kLanes - 1) / kLanes;
  typename L::V lanes[kRows][kRegs], step_v[kRows];
  typename L::T* out[kRows];  // in locals, not reloaded through the reference after each store
  for (size_t r = 0; r < kRows; ++r) out[r] = group_start[r];
  for (size_t r = 0; r < kRows; ++r) {
    const typename L::T* first_offset = offsets[r]->data() + kLaneTableCentre - skip;
    for (int j = 0; j < kRegs; ++j) {
      lanes[r][j] = L::add(L::set1(base[r]), load_lanes<L, kPer>(first_offset + j * kPer));
      store_lanes<L, kPer>(out[r] + j * kPer, lanes[r][j]);
    }
    step_v[r] = L::set1(step[r]);
  }
  for (int g = 1; g < groups; ++g) {
    for (size_t r = 0; r < kRows; ++r) {
      for (int j = 0; j < kRegs; ++j) {
        lanes[r][j] = L::add(lanes[r][j], step_v[r]);
        if constexpr (kClampAtZero) lanes[r][j] = L::clamp_at_zero(lanes[r][j]);
        store_lanes<L, kPer>(out[r] + g * kLanes + j * kPer, lanes[r][j]);
      }
    }
  }
}

// The same built for AVX2 CPUs: the SSE2 operations in their three-operand VEX forms, without the register copies
// the two-operand forms need to keep each attribute's lanes.
template <class L, int kLanes, bool kClampAtZero, size_t kRows, class Table>
[[gnu::target("avx2")]] void step_groups_avx2(const std::array<typename L::T*, kRows>& group_start, int count, int skip,
                                              const std::array<typename L::T, kRows>& base,
                                              const std::array<const Table*, kRows>& offsets,
                                              const std::array<typename L::T, kRows>& step) {
  step_groups_body<L, kLanes, kClampAtZero, kRows, Table>(group_start, count, skip, base, offsets, step);
}
template <class L, int kLanes, bool kClampAtZero = false, size_t kRows, class Table>
void step_groups(bool avx2, const std::array<typename L::T*, kRows>& group_start, int count, int skip,
                 const std::array<typename L::T, kRows>& base, const std::array<const Table*, kRows>& offsets,
                 const std::array<typename L::T, kRows>& step) {
  if (avx2) {
    step_groups_avx2<L, kLanes, kClampAtZero, kRows, Table>(group_start, count, skip, base, offsets, step);
  } else {
    step_groups_body<L, kLanes, kClampAtZero, kRows, Table>(group_start, count, skip, base, offsets, step);
  }
}

// Z lanes stepped in double and converted as one pass, two lanes to a register: group 0 is base + offsets[i]
// (kLanes values), each later group the previous plus `step`; each value truncates with cvttpd2dq (out-of-range and NaN
// give 0x80000000, as truncate_to_int32) and takes the unsigned minimum with `z_max`. Writes `groups` whole
// groups from `out`.
template <int kLanes>
void step_truncate_z(uint32_t* out, int groups, double base, const double* offsets, double step, uint32_t z_max) {
  constexpr int kPairs = kLanes / 2;
  __m128d lanes[kPairs];
  const __m128d base_v = _mm_set1_pd(base);
  for (int j = 0; j < kPairs; ++j) lanes[j] = _mm_add_pd(base_v, _mm_loadu_pd(offsets + 2 * j));
  const __m128d step_v = _mm_set1_pd(step);
  const __m128i bias = _mm_set1_epi32(static_cast<int32_t>(0x80000000u));
  const __m128i max_v = _mm_set1_epi32(static_cast<int32_t>(z_max));
  const __m128i max_biased = _mm_xor_si128(max_v, bias);
  const bool clamp = z_max != 0xffffffffu;
  for (int g = 0; g < groups; ++g) {
    for (int j = 0; j < kPairs; j += 2) {
      __m128i z = _mm_unpacklo_epi64(_mm_cvttpd_epi32(lanes[j]), _mm_cvttpd_epi32(lanes[j + 1]));
      if (clamp) {
        const __m128i above = _mm_cmpgt_epi32(_mm_xor_si128(z, bias), max_biased);
        z = _mm_or_si128(_mm_andnot_si128(above, z), _mm_and_si128(above, max_v));
      }
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + g * kLanes + 2 * j), z);
    }
    for (int j = 0; j < kPairs; ++j) lanes[j] = _mm_add_pd(lanes[j], step_v);
  }
}

// The same for 8 lanes with AVX2 (vcvttpd2dq and vpminud give the same values as the SSE2 path), on CPUs that
// have it.
[[gnu::target("avx2")]] void step_truncate_z8_avx2(uint32_t* out, int groups, double base, const double* offsets,
                                                   double step, uint32_t z_max) {
  const __m256d base_v = _mm256_set1_pd(base);
  __m256d lo = _mm256_add_pd(base_v, _mm256_loadu_pd(offsets));
  __m256d hi = _mm256_add_pd(base_v, _mm256_loadu_pd(offsets + 4));
  const __m256d step_v = _mm256_set1_pd(step);
  const __m256i max_v = _mm256_set1_epi32(static_cast<int32_t>(z_max));
  const bool clamp = z_max != 0xffffffffu;
  for (int g = 0; g < groups; ++g) {
    __m256i z = _mm256_set_m128i(_mm256_cvttpd_epi32(hi), _mm256_cvttpd_epi32(lo));
    if (clamp) z = _mm256_min_epu32(z, max_v);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + g * 8), z);
    lo = _mm256_add_pd(lo, step_v);
    hi = _mm256_add_pd(hi, step_v);
  }
}

// The lane tables of an 8-lane stepper for AVX2 CPUs: the products d * k for k = -7..7 (entry k + 7) eight at a
// time, the same IEEE single products as setup_primitive's scalar loop, then converted as it converts them
// (cvttps2dq as truncate_to_int32, the low 16 bits as low16, cvtps2pd as the widening to double). Per triangle the
// scalar loop's ~135 multiplies and conversions were a fifth of the demo's span set-up (callgrind).
struct LaneProducts {
  __m256 low, high;  // k = -7..0 and k = 1..8 (the ninth is not stored)
};
[[gnu::target("avx2")]] inline LaneProducts lane_products(float d) {
  const __m256 dv = _mm256_set1_ps(d);
  return {_mm256_mul_ps(dv, _mm256_setr_ps(-7, -6, -5, -4, -3, -2, -1, 0)),
          _mm256_mul_ps(dv, _mm256_setr_ps(1, 2, 3, 4, 5, 6, 7, 8))};
}
template <class T, size_t kEntries>
void store_lane_table(std::array<T, kEntries>& table, const T* from) {
  std::memcpy(table.data(), from, sizeof(table));
}
template <size_t kEntries>
[[gnu::target("avx2")]] void lane_table_avx2(std::array<float, kEntries>& table, float d) {
  const LaneProducts p = lane_products(d);
  alignas(32) float all[16];
  _mm256_store_ps(all, p.low), _mm256_store_ps(all + 8, p.high);
  store_lane_table(table, all);
}
template <size_t kEntries>
[[gnu::target("avx2")]] void lane_table_avx2(std::array<int32_t, kEntries>& table, float d) {
  const LaneProducts p = lane_products(d);
  alignas(32) int32_t all[16];
  _mm256_store_si256(reinterpret_cast<__m256i*>(all), _mm256_cvttps_epi32(p.low));
  _mm256_store_si256(reinterpret_cast<__m256i*>(all + 8), _mm256_cvttps_epi32(p.high));
  store_lane_table(table, all);
}
template <size_t kEntries>
[[gnu::target("avx2")]] void lane_table_avx2(std::array<int16_t, kEntries>& table, float d) {
  const LaneProducts p = lane_products(d);
  // The low halves kept, so packus's unsigned saturation changes nothing; it interleaves the two registers' 128-bit
  // halves, which the permute puts back in order.
  const __m256i low16_mask = _mm256_set1_epi32(0xffff);
  const __m256i packed = _mm256_packus_epi32(_mm256_and_si256(_mm256_cvttps_epi32(p.low), low16_mask),
                                             _mm256_and_si256(_mm256_cvttps_epi32(p.high), low16_mask));
  alignas(32) int16_t all[16];
  _mm256_store_si256(reinterpret_cast<__m256i*>(all), _mm256_permute4x64_epi64(packed, 0xd8));
  store_lane_table(table, all);
}
template <size_t kEntries>
[[gnu::target("avx2")]] void lane_table_avx2(std::array<double, kEntries>& table, float d) {
  const LaneProducts p = lane_products(d);
  alignas(32) double all[16];
  _mm256_store_pd(all, _mm256_cvtps_pd(_mm256_castps256_ps128(p.low)));
  _mm256_store_pd(all + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(p.low, 1)));
  _mm256_store_pd(all + 8, _mm256_cvtps_pd(_mm256_castps256_ps128(p.high)));
  _mm256_store_pd(all + 12, _mm256_cvtps_pd(_mm256_extractf128_ps(p.high, 1)));
  store_lane_table(table, all);
}

}  // namespace

SpanStepper::SpanStepper(const StepperSetup& setup, SpanConsumer& consumer)
    : setup_(setup),
      consumer_(consumer),
      lanes_(setup.lane_width == 4 ? 4 : 8),
      avx2_(setup.allow_avx2 && cpu_has_avx2()) {
  rows_in_one_call_ =
      lanes_ == 8 && gives_steps() && setup_.z && !setup_.z_equal && !setup_.z_overflow && consumer_.takes_rows();
  if (!rows_in_one_call_) return;
  SpanLanes& l = lanes_view_;
  l.z = z_lane_.data();
  l.z_max = setup_.z_clamp ? setup_.z_max : 0xffffffffu;
  l.gouraud = setup_.gouraud;
  for (int c = 0; c < 4; ++c) l.color[c] = color_lane_[c].data();
  l.fog = setup_.fog;
  l.fog_lane = fog_lane_.data();
  if (setup_.texture && setup_.fst) l.u = u_lane_.data(), l.v = v_lane_.data();
  if (setup_.texture && !setup_.fst) l.s = s_lane_.data(), l.t = t_lane_.data(), l.q = q_lane_.data();
}

void SpanStepper::setup_primitive(const RasterVertex* vertices, const uint32_t* index, const RasterVertex& dscan) {
  const float w = float(lanes_);
  auto for_each_offset = [this](auto&& set) {
    for (int k = -(lanes_ - 1); k <= lanes_ - 1; ++k) set(k + kMaxLanes - 1, float(k));
  };
  // An 8-lane stepper fills every entry of a table, and on an AVX2 CPU eight at a time (lane_table_avx2).
  const bool tables_avx2 = avx2_ && lanes_ == 8;
  if (setup_.sprite) {
    const RasterVertex& second = vertices[index[1]];
    sprite_z_ = second.sprite_z;
    sprite_fog_ = low16(truncate_to_int32(second.sprite_fog));
  } else {
    if (setup_.fog) {
      const float df = dscan.attr[kAttrFog];
      // PCSX2's AVX2 setup converts the 8-pixel fog step with cvtps2dq (rounding to nearest), its SSE4 setup
      // the 4-pixel step with cvttps2dq (truncating); the lane offsets truncate in both.
      fog_step_ = low16(lanes_ == 8 ? round_to_int32(double(df * w)) : truncate_to_int32(df * w));
      if (tables_avx2) {
        lane_table_avx2(fog_lane_, df);
      } else {
        for_each_offset([&](int i, float k) { fog_lane_[i] = low16(truncate_to_int32(df * k)); });
      }
    }
    z_dx_ = dscan.z;
    if (setup_.z && !setup_.z_equal) {
      // Lane offsets are float products widened to double; the group step is a double product.
      const float dz = float(dscan.z);
      z_step_ = dscan.z * double(w);
      if (tables_avx2) {
        lane_table_avx2(z_lane_, dz);
      } else {
        for_each_offset([&](int i, float k) { z_lane_[i] = double(dz * k); });
      }
    }
  }
  if (setup_.texture) {
    const float ds = dscan.attr[kAttrS], dt = dscan.attr[kAttrT], dq = dscan.attr[kAttrQ];
    if (setup_.fst) {
      u_step_ = truncate_to_int32(ds * w);
      v_step_ = truncate_to_int32(dt * w);
      if (tables_avx2) {
        lane_table_avx2(u_lane_, ds), lane_table_avx2(v_lane_, dt);
      } else {
        for_each_offset([&](int i, float k) {
          u_lane_[i] = truncate_to_int32(ds * k);
          v_lane_[i] = truncate_to_int32(dt * k);
        });
      }
    } else {
      s_step_ = ds * w;
      t_step_ = dt * w;
      q_step_ = dq * w;
      if (tables_avx2) {
        lane_table_avx2(s_lane_, ds), lane_table_avx2(t_lane_, dt), lane_table_avx2(q_lane_, dq);
      } else {
        for_each_offset([&](int i, float k) {
          s_lane_[i] = ds * k;
          t_lane_[i] = dt * k;
          q_lane_[i] = dq * k;
        });
      }
    }
  }
  if (setup_.color) {
    if (setup_.gouraud) {
      for (int c = 0; c < 4; ++c) {
        const float dc = dscan.attr[kAttrR + c];
        color_step_[c] = low16(truncate_to_int32(dc * w));
        if (tables_avx2) {
          lane_table_avx2(color_lane_[c], dc);
        } else {
          for_each_offset([&](int i, float k) { color_lane_[c][i] = low16(truncate_to_int32(dc * k)); });
        }
      }
    } else {
      const RasterVertex& provoking = vertices[index[setup_.flat_vertex]];
      for (int c = 0; c < 4; ++c) flat_color_[c] = low16(truncate_to_int32(provoking.attr[kAttrR + c]));
      flat_steps_filled_ = false;
    }
  }
  if (rows_in_one_call_) set_lanes_view();
}

// The primitive's steps for draw_rows (the tables are the stepper's own, pointed at once).
void SpanStepper::set_lanes_view() {
  SpanLanes& l = lanes_view_;
  l.z_step = z_step_;
  for (int c = 0; c < 4; ++c) l.color_step[c] = color_step_[c], l.flat_color[c] = flat_color_[c];
  l.fog_step = fog_step_;
  l.u_step = u_step_, l.v_step = v_step_;
  l.s_step = s_step_, l.t_step = t_step_, l.q_step = q_step_;
}

template <class T>
void SpanStepper::fill_constant(T* row, ConstantRun<T>& run, T value, int count) {
  // The span's pixels and the group of slack on either side, so the whole groups hold the value too
  // (Span::whole_groups).
  // Filled a block of kConstantBlock elements further at a time: a triangle's spans grow by a few pixels a row, and
  // a fill per row of a few elements costs more in mispredicted loop ends than the block (perf, flat GsFill).
  constexpr int kConstantBlock = 64;
  const int end = count + 2 * kPad;
  if (value != run.value) run.pixels = 0;
  if (end > run.pixels) {
    const int to =
        std::min((end + kConstantBlock - 1) / kConstantBlock * kConstantBlock, int(kMaxSpanPixels + 2 * kPad));
    std::fill(row + run.pixels, row + to, value);
    run.pixels = to;
  }
  run.value = value;
}

template <int kLanes>
bool SpanStepper::fill_z(int count, int skip, const RasterVertex& scan) {
  uint32_t* out = z_.data() + kPad;
  if (setup_.sprite) {
    fill_constant(z_.data(), z_filled_, sprite_z_, count);
    return true;
  }
  const uint32_t z_max = setup_.z_clamp ? setup_.z_max : 0xffffffffu;
  if (setup_.z_equal) {
    fill_constant(z_.data(), z_filled_, std::min(uint32_t(int64_t(scan.z)), z_max), count);
    return true;
  }
  const double step = z_step_;
  if (!setup_.z_overflow && z_dx_ == 0.0) {
    // Z constant along the row: every lane offset and the group step are zero, so each pixel is scan.z truncated
    // as the lanes truncate it (cvttpd2dq, then the unsigned clamp).
    const uint32_t z = static_cast<uint32_t>(_mm_cvttsd_si32(_mm_set_sd(scan.z)));
    fill_constant(z_.data(), z_filled_, std::min(z, z_max), count);
    return true;
  }
  // The stepped rows below overwrite what a constant row left in z_.
  z_filled_.pixels = 0;
  if (!setup_.z_overflow) {
    // Lane i of the first group is scan.z + z_lane_[i - skip + centre], added in registers (building it in a
    // local array first stalls the vector loads on store forwarding).
    const double* offsets = z_lane_.data() + kLaneTableCentre - skip;
    const int groups = (count + skip + kLanes - 1) / kLanes;
    if (kLanes == 8 && avx2_) {
      step_truncate_z8_avx2(out - skip, groups, scan.z, offsets, step, z_max);
    } else {
      step_truncate_z<kLanes>(out - skip, groups, scan.z, offsets, step, z_max);
    }
    return false;
  }
  // Z >= 2^31 in the draw: in double first, stepped group by group as the lanes are, then converted through the
  // signed range with PCSX2's bias.
  double* z = z_double_.data() + kPad - skip;
  write_groups<kLanes>(
      z, count, skip, scan.z, z_lane_, [](double b, double o) { return b + o; },
      [step](double previous) { return previous + step; });
  const double* zp = z + skip;
  for (int i = 0; i < count; ++i)
    out[i] = std::min(uint32_t(round_to_int32(zp[i] + kZOverflowBias)) + 0x80000000u, z_max);
  return false;
}

template <int kLanes>
void SpanStepper::fill_color(int count, int skip, const RasterVertex& scan) {
  if (!setup_.gouraud || setup_.sprite) {
    // One test per span for all four rows: most spans repeat the previous span's colour and are not longer.
    if (flat_color_ != flat_filled_) {
      flat_filled_ = flat_color_;
      flat_filled_pixels_ = 0;
    }
    // Rows filled from their start to a group past the span (Span::whole_groups).
    const int end = count + 2 * kPad;
    if (end > flat_filled_pixels_) {
      for (int c = 0; c < 4; ++c)
        std::fill(color_[c].data() + flat_filled_pixels_, color_[c].data() + end, flat_color_[c]);
      flat_filled_pixels_ = end;
    }
    return;
  }
  std::array<int16_t*, 4> starts;
  std::array<int16_t, 4> bases;
  std::array<const LaneTable<int16_t>*, 4> offsets;
  for (int c = 0; c < 4; ++c) {
    starts[c] = color_[c].data() + kPad - skip;
    bases[c] = low16(truncate_to_int32(scan.attr[kAttrR + c]));
    offsets[c] = &color_lane_[c];
  }
  // Only the group steps clamp at zero (PCSX2 max_i16); the first group's offsets do not.
  step_groups<Lanes16, kLanes, true>(avx2_, starts, count, skip, bases, offsets, color_step_);
}

template <int kLanes>
void SpanStepper::fill_fog(int count, int skip, const RasterVertex& scan) {
  int16_t* out = fog_.data() + kPad;
  if (setup_.sprite) {
    fill_constant(fog_.data(), fog_filled_, sprite_fog_, count);
    return;
  }
  const int16_t base = low16(truncate_to_int32(scan.attr[kAttrFog]));
  const int16_t step = fog_step_;
  step_groups<Lanes16, kLanes, false, 1, LaneTable<int16_t>>(avx2_, {out - skip}, count, skip, {base}, {&fog_lane_},
                                                             {step});
}

template <int kLanes>
void SpanStepper::fill_texture(int count, int skip, const RasterVertex& scan) {
  if (setup_.fst) {
    const int32_t u0 = truncate_to_int32(scan.attr[kAttrS]);
    const int32_t v0 = truncate_to_int32(scan.attr[kAttrT]);
    // Sprites hold v for the whole row unless mipmapping steps it.
    if (setup_.sprite && !setup_.sprite_v_per_pixel) {
      step_groups<Lanes32, kLanes, false, 1, LaneTable<int32_t>>(avx2_, {u_.data() + kPad - skip}, count, skip, {u0},
                                                                 {&u_lane_}, {u_step_});
      std::fill_n(v_.data() + kPad, count, v0);
    } else {
      step_groups<Lanes32, kLanes, false, 2, LaneTable<int32_t>>(
          avx2_, {u_.data() + kPad - skip, v_.data() + kPad - skip}, count, skip, {u0, v0}, {&u_lane_, &v_lane_},
          {u_step_, v_step_});
    }
    return;
  }
  step_groups<LanesFloat, kLanes, false, 3, LaneTable<float>>(
      avx2_, {s_.data() + kPad - skip, t_.data() + kPad - skip, q_.data() + kPad - skip}, count, skip,
      {scan.attr[kAttrS], scan.attr[kAttrT], scan.attr[kAttrQ]}, {&s_lane_, &t_lane_, &q_lane_},
      {s_step_, t_step_, q_step_});
}

bool SpanStepper::gives_steps() const { return lanes_ == 8 && setup_.color && !setup_.sprite; }

// The first group's lanes as step_groups_body writes them (base + offset[lane - skip], wrapping adds, no clamp) and
// the group steps, in registers: every span of such a draw takes them.
void SpanStepper::fill_steps(int skip, const RasterVertex& scan) {
  SpanSteps& st = steps_;
  const bool gouraud = setup_.gouraud;
  // An untextured flat primitive without fog has its colour alone as steps: the same for each of its spans.
  if (flat_steps_filled_) return;
  flat_steps_filled_ = !gouraud && !setup_.texture && !setup_.fog;
  for (int c = 0; c < 4; ++c) {
    __m128i lanes = _mm_set1_epi16(flat_color_[c]);
    if (gouraud) {
      lanes = _mm_add_epi16(
          _mm_set1_epi16(low16(truncate_to_int32(scan.attr[kAttrR + c]))),
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(color_lane_[c].data() + kLaneTableCentre - skip)));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(st.color[c]), lanes);
    st.color_step[c] = gouraud ? color_step_[c] : int16_t{0};
  }
  st.clamp_color = gouraud;
  st.flat_color = !gouraud;
  if (setup_.fog) {  // as fill_fog's first group
    const __m128i fog0 = _mm_set1_epi16(low16(truncate_to_int32(scan.attr[kAttrFog])));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(st.fog),
                     _mm_add_epi16(fog0, _mm_loadu_si128(reinterpret_cast<const __m128i*>(fog_lane_.data() +
                                                                                          kLaneTableCentre - skip))));
    st.fog_step = fog_step_;
  }
  if (!setup_.texture) return;
  if (!setup_.fst) {  // as fill_texture's first group: base + lane offset, one IEEE add each
    const std::array<const LaneTable<float>*, 3> lanes{&s_lane_, &t_lane_, &q_lane_};
    const std::array<float*, 3> to{st.s, st.t, st.q};
    for (int a = 0; a < 3; ++a) {
      const __m128 base = _mm_set1_ps(scan.attr[kAttrS + a]);
      const float* offsets = lanes[a]->data() + kLaneTableCentre - skip;
      _mm_storeu_ps(to[a], _mm_add_ps(base, _mm_loadu_ps(offsets)));
      _mm_storeu_ps(to[a] + 4, _mm_add_ps(base, _mm_loadu_ps(offsets + 4)));
    }
    st.s_step = s_step_, st.t_step = t_step_, st.q_step = q_step_;
    return;
  }
  const __m128i u0 = _mm_set1_epi32(truncate_to_int32(scan.attr[kAttrS]));
  const __m128i v0 = _mm_set1_epi32(truncate_to_int32(scan.attr[kAttrT]));
  const int32_t* u_offsets = u_lane_.data() + kLaneTableCentre - skip;
  const int32_t* v_offsets = v_lane_.data() + kLaneTableCentre - skip;
  for (int half = 0; half < 8; half += 4) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(st.u + half),
                     _mm_add_epi32(u0, _mm_loadu_si128(reinterpret_cast<const __m128i*>(u_offsets + half))));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(st.v + half),
                     _mm_add_epi32(v0, _mm_loadu_si128(reinterpret_cast<const __m128i*>(v_offsets + half))));
  }
  st.u_step = u_step_, st.v_step = v_step_;
}

template <int kLanes>
void SpanStepper::fill_other_attributes(Span& span, int count, int skip, const RasterVertex& scan) {
  if (setup_.color) {
    fill_color<kLanes>(count, skip, scan);
    span.r = color_[0].data() + kPad;
    span.g = color_[1].data() + kPad;
    span.b = color_[2].data() + kPad;
    span.a = color_[3].data() + kPad;
    span.flat_color = !setup_.gouraud || setup_.sprite;
  }
  if (setup_.fog) {
    fill_fog<kLanes>(count, skip, scan);
    span.fog = fog_.data() + kPad;
  }
  if (setup_.texture) {
    fill_texture<kLanes>(count, skip, scan);
    if (setup_.fst) {
      span.u = u_.data() + kPad;
      span.v = v_.data() + kPad;
    } else {
      span.s = s_.data() + kPad;
      span.t = t_.data() + kPad;
      span.q = q_.data() + kPad;
    }
  }
}

void SpanStepper::fill_attributes(Span& span, int count) {
  span.deferred = nullptr;
  count = std::min(count, span.count);
  if (count <= 0) return;
  if (lanes_ == 8) {
    fill_other_attributes<8>(span, count, span.x & 7, deferred_scan_);
  } else {
    fill_other_attributes<4>(span, count, span.x & 3, deferred_scan_);
  }
}

template <int kLanes>
void SpanStepper::fill_span(int pixels, int left, int y, const RasterVertex& scan) {
  const int count = std::min(pixels, kMaxSpanPixels);
  const int skip = left & (kLanes - 1);
  // The stepper's own span with every field set: a Span made here was cleared with rep stosq, a third of
  // scanline's own time (perf, bench_fill_tex --draw-all), also when initialised field by field.
  Span& span = span_;
  span.y = y, span.x = left, span.count = count;
  span.z = nullptr;
  span.r = span.g = span.b = span.a = span.fog = nullptr;
  span.u = span.v = nullptr;
  span.s = span.t = span.q = nullptr;
  span.flat_color = span.flat_z = false;
  // Whole groups of every array are written (fill_constant and the flat colour fill a group of slack beyond the
  // span), except a sprite's held v and the overflow Z's pixel-by-pixel conversion; 4-lane groups stop short of
  // an 8-pixel group's end.
  span.whole_groups = kLanes == 8 && !setup_.sprite && !setup_.z_overflow;
  span.deferred = nullptr;
  span.steps = nullptr;
  if (setup_.z) {
    span.flat_z = fill_z<kLanes>(count, skip, scan);
    span.z = z_.data() + kPad;
  }
  if (gives_steps()) {
    fill_steps(skip, scan);
    span.steps = &steps_;
  }
  if (setup_.defer_attributes && (setup_.color || setup_.fog || setup_.texture)) {
    deferred_scan_ = scan;
    span.deferred = this;
  } else {
    fill_other_attributes<kLanes>(span, count, skip, scan);
  }
  consumer_.draw_span(span);
}

bool SpanStepper::skips_rows() const { return consumer_.skips_regions(); }

bool SpanStepper::rows_change_nothing(const GatheredRow* rows, int count) {
  int left = rows[0].left, right = rows[0].left + rows[0].pixels, top = rows[0].y, bottom = rows[0].y + 1;
  for (int i = 0; i < count; ++i) {
    const GatheredRow& r = rows[i];
    left = std::min(left, r.left), right = std::max(right, r.left + r.pixels);
    top = std::min(top, r.y), bottom = std::max(bottom, r.y + 1);
  }
  const RowZBound z_bound{setup_.sprite, setup_.z_overflow, setup_.z_equal, sprite_z_,
                          setup_.z_clamp ? setup_.z_max : 0xffffffffu, z_dx_};
  const uint32_t z_upper = setup_.z ? z_bound.rows_bound(rows, count) : 0xffffffffu;
  return consumer_.region_changes_nothing(left, top, right, bottom, z_upper);
}

bool SpanStepper::takes_row_batches() const { return rows_in_one_call_; }

// A block row's rows of more pixels than this on average go span by span: the per-span costs the batch saves are a
// small share of such rows' work, and batched they took more CPU time (BM_GsFillGouraudZTriangles/threads:1 ~+6 %,
// the textured replay bench_fill_tex --draw-all ~+8 %, medians of 5 alternated runs).
constexpr int kMaxBatchedRowPixels = 32;

void SpanStepper::scanlines(const GatheredRow* rows, int count) {
  int pixels = 0;
  for (int i = 0; i < count; ++i) pixels += rows[i].pixels;
  if (count > kRowBatch || pixels > count * kMaxBatchedRowPixels) {
    ScanlineSink::scanlines(rows, count);
    return;
  }
  SpanRow* const batch = row_batch_.data();
  for (int i = 0; i < count; ++i) {
    const GatheredRow& from = rows[i];
    SpanRow& to = batch[i];
    to.y = from.y, to.x = from.left, to.count = std::min(from.pixels, kMaxSpanPixels);
    to.z = from.scan.z;
    for (int c = 0; c < 4; ++c) to.color[c] = from.scan.attr[kAttrR + c];
    to.fog = from.scan.attr[kAttrFog];
    to.s = from.scan.attr[kAttrS], to.t = from.scan.attr[kAttrT], to.q = from.scan.attr[kAttrQ];
  }
  if (consumer_.draw_rows(lanes_view_, batch, count)) return;
  ScanlineSink::scanlines(rows, count);
}

void SpanStepper::scanline(int pixels, int left, int y, const RasterVertex& scan) {
  if (lanes_ == 8) {
    fill_span<8>(pixels, left, y, scan);
  } else {
    fill_span<4>(pixels, left, y, scan);
  }
}

}  // namespace gcvu::gs
