#pragma once
// The whole-instruction FMAC ops computed lane by lane with the scalar lane functions (adder.hpp, multiplier.hpp,
// fused.hpp). This is the reference every faster vector_ops implementation is cross-tested against
// (tests/vu/float_vector_ops_test.cpp).

#include <cstdint>

#include "emu/vu/float/adder.hpp"
#include "emu/vu/float/fused.hpp"
#include "emu/vu/float/multiplier.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

struct Vec4Result {
  Vec4 value{};        // lanes outside `fields` are 0
  uint16_t mac = 0;    // the MAC register value: lanes outside `fields` clear (vu1.md §2)
  uint8_t sticky = 0;  // OR over the written lanes of FmacResult::sticky (MacFlag order)
};

// The O bits of a MAC value as a field mask (x = bit 3): which lanes overflowed.
constexpr FieldMask overflow_fields(uint16_t mac) { return static_cast<FieldMask>((mac >> 12) & 0xf); }

namespace scalar {

namespace detail {
template <typename LaneOp>
[[gnu::always_inline]] inline Vec4Result lanes(FieldMask fields, LaneOp op) {
  Vec4Result out;
  for (int lane = 0; lane < 4; ++lane) {
    if (!has_lane(fields, lane)) continue;
    const FmacResult r = op(lane);
    out.value[lane] = r.value;
    out.mac = static_cast<uint16_t>(out.mac | mac_register_bits(r.mac, static_cast<unsigned>(lane)));
    out.sticky = static_cast<uint8_t>(out.sticky | r.sticky);
  }
  return out;
}
}  // namespace detail

inline Vec4Result add4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return detail::lanes(fields, [&](int lane) { return add(fs[lane], ft[lane]); });
}
inline Vec4Result sub4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return detail::lanes(fields, [&](int lane) { return sub(fs[lane], ft[lane]); });
}
inline Vec4Result mul4(const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return detail::lanes(fields, [&](int lane) { return mul(fs[lane], ft[lane]); });
}
// `acc_overflow` holds, per field, whether that ACC lane's last write overflowed (ACC-overflow persistence).
inline Vec4Result madd4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return detail::lanes(fields,
                       [&](int lane) { return madd(acc[lane], has_lane(acc_overflow, lane), fs[lane], ft[lane]); });
}
inline Vec4Result msub4(const Vec4& acc, FieldMask acc_overflow, const Vec4& fs, const Vec4& ft, FieldMask fields) {
  return detail::lanes(fields,
                       [&](int lane) { return msub(acc[lane], has_lane(acc_overflow, lane), fs[lane], ft[lane]); });
}

}  // namespace scalar
}  // namespace gcvu::vu
