#include "emu/gif/packed_decoder.hpp"

namespace gcvu::gif {
namespace {

// Bits [lo, lo+width) of the 128-bit qword (width <= 32, the field never straddles a 32-bit word).
constexpr uint64_t field(const Qword& q, unsigned lo, unsigned width) {
  uint32_t word = q[lo / 32];
  uint32_t shifted = word >> (lo % 32);
  return width == 32 ? shifted : shifted & ((1u << width) - 1);
}

constexpr bool adc_bit(const Qword& q) { return field(q, 111, 1) != 0; }

constexpr uint64_t xyzf_value(const Qword& q) {
  return field(q, 0, 16) | field(q, 32, 16) << 16 | field(q, 68, 24) << 32 | field(q, 100, 8) << 56;
}

constexpr uint64_t xyz_value(const Qword& q) {
  return field(q, 0, 16) | field(q, 32, 16) << 16 | field(q, 64, 32) << 32;
}

}  // namespace

std::optional<RegisterWrite> decode_packed(Descriptor descriptor, const Qword& data, uint32_t& temporary_q) {
  switch (descriptor) {
    case Descriptor::kPrim: return RegisterWrite{gs_reg::kPrim, field(data, 0, 11)};
    case Descriptor::kRgba:
      return RegisterWrite{gs_reg::kRgbaq, field(data, 0, 8) | field(data, 32, 8) << 8 | field(data, 64, 8) << 16 |
                                               field(data, 96, 8) << 24 | uint64_t{temporary_q} << 32};
    case Descriptor::kStq: temporary_q = data[2]; return RegisterWrite{gs_reg::kSt, qword_low(data)};
    case Descriptor::kUv: return RegisterWrite{gs_reg::kUv, field(data, 0, 14) | field(data, 32, 14) << 16};
    case Descriptor::kXyzf2: return RegisterWrite{adc_bit(data) ? gs_reg::kXyzf3 : gs_reg::kXyzf2, xyzf_value(data)};
    case Descriptor::kXyz2: return RegisterWrite{adc_bit(data) ? gs_reg::kXyz3 : gs_reg::kXyz2, xyz_value(data)};
    case Descriptor::kTex0_1: return RegisterWrite{gs_reg::kTex0_1, qword_low(data)};
    case Descriptor::kTex0_2: return RegisterWrite{gs_reg::kTex0_2, qword_low(data)};
    case Descriptor::kClamp1: return RegisterWrite{gs_reg::kClamp1, qword_low(data)};
    case Descriptor::kClamp2: return RegisterWrite{gs_reg::kClamp2, qword_low(data)};
    case Descriptor::kFog: return RegisterWrite{gs_reg::kFog, field(data, 100, 8) << 56};
    case Descriptor::kXyzf3: return RegisterWrite{gs_reg::kXyzf3, xyzf_value(data)};
    case Descriptor::kXyz3: return RegisterWrite{gs_reg::kXyz3, xyz_value(data)};
    case Descriptor::kAd: return RegisterWrite{static_cast<uint8_t>(field(data, 64, 8) & 0x7f), qword_low(data)};
    case Descriptor::kReserved:
    case Descriptor::kNop: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace gcvu::gif
