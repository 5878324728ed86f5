#pragma once
// VU1's architectural registers: VF00-VF31, VI00-VI15, ACC, Q, P, I, R, the MAC/status/clip flags and TPC.
// Values are the committed (architecturally visible) state; results still in a pipeline live in emu/vu/pipeline.

#include <emmintrin.h>

#include <array>
#include <cstdint>

#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

inline constexpr int kVfCount = 32;
inline constexpr int kViCount = 16;
inline constexpr uint16_t kStatusStickyMask = 0x0fc0;  // ZS SS US OS IS DS
inline constexpr uint32_t kClipMask = 0x00ffffff;      // four 6-bit judgements

class Registers {
 public:
  Registers() { reset(); }
  void reset();

  // VF00 always reads (0, 0, 0, 1.0); writes to it are dropped here, so no caller special-cases it.
  const Vec4& vf(int index) const { return vf_[index & 31]; }
  uint32_t vf_lane(int index, int lane) const { return vf_[index & 31][lane & 3]; }
  void write_vf(int index, FieldMask fields, const Vec4& value) {
    if ((index & 31) != 0) merge_fields(vf_[index & 31], fields, value);
  }
  void write_vf_lane(int index, int lane, uint32_t value);

  // VI indices are 4 bits (5-bit fields are ANDed with 0xF); VI00 reads 0 and ignores writes.
  uint16_t vi(int index) const { return vi_[index & 15]; }
  const uint16_t* vi_data() const { return vi_.data(); }  // VI[n] at [n], for compiled code's offsets
  void write_vi(int index, uint16_t value) {
    if ((index & 15) != 0) vi_[index & 15] = value;
  }

  const Vec4& acc() const { return acc_; }
  void write_acc(FieldMask fields, const Vec4& value) { merge_fields(acc_, fields, value); }

  uint32_t q = 0;
  uint32_t p = 0;
  uint32_t i = 0;
  uint32_t r = 0;       // 23-bit mantissa with exponent 0x7F, see RINIT
  uint16_t mac = 0;     // Z bits 0-3, S 4-7, U 8-11, O 12-15; x is the high bit of each nibble
  uint16_t status = 0;  // Z S U O I D and their sticky copies, 12 bits
  uint32_t clip = 0;    // 24 bits, newest judgement in bits 0-5
  uint16_t tpc = 0;     // the program counter, in instructions

 private:
  // target's lanes in `fields` take value's: one vector select with the field's lane mask.
  static void merge_fields(Vec4& target, FieldMask fields, const Vec4& value) {
    const __m128i mask = _mm_load_si128(reinterpret_cast<const __m128i*>(kFieldLanes[fields & 15].data()));
    const __m128i old = _mm_loadu_si128(reinterpret_cast<const __m128i*>(target.data()));
    const __m128i now = _mm_loadu_si128(reinterpret_cast<const __m128i*>(value.data()));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(target.data()),
                     _mm_or_si128(_mm_and_si128(mask, now), _mm_andnot_si128(mask, old)));
  }
  // All ones in the lanes of each field mask (x = bit 3 is lane 0).
  struct alignas(16) LaneMask : std::array<uint32_t, 4> {};
  static constexpr std::array<LaneMask, 16> kFieldLanes = [] {
    std::array<LaneMask, 16> masks{};
    for (int fields = 0; fields < 16; ++fields) {
      for (int lane = 0; lane < 4; ++lane)
        masks[fields][lane] = has_lane(static_cast<FieldMask>(fields), lane) ? ~0u : 0;
    }
    return masks;
  }();

  std::array<Vec4, kVfCount> vf_{};
  std::array<uint16_t, kViCount> vi_{};
  Vec4 acc_{};
};

}  // namespace gcvu::vu
