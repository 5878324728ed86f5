#pragma once
// Reading a named field out of a raw 64-bit GS register value. The GS registers are views over the value the GIF
// wrote (gs/registers/general_registers.hpp); each accessor names the field and fixes its position and width here,
// once, so no caller shifts or masks a register by hand.

#include <cstdint>

namespace gcvu::gs {

template <unsigned kLow, unsigned kWidth>
constexpr uint64_t bits(uint64_t value) {
  static_assert(kWidth >= 1 && kLow + kWidth <= 64, "a GS register field lies inside its 64-bit register");
  if constexpr (kWidth == 64) {
    return value;
  } else {
    return (value >> kLow) & ((uint64_t{1} << kWidth) - 1);
  }
}

template <unsigned kLow, unsigned kWidth>
constexpr uint32_t field32(uint64_t value) {
  static_assert(kWidth <= 32, "field32 reads fields of at most 32 bits");
  return static_cast<uint32_t>(bits<kLow, kWidth>(value));
}

// Sign-extends a field of kWidth bits.
template <unsigned kLow, unsigned kWidth>
constexpr int32_t signed_field(uint64_t value) {
  static_assert(kWidth >= 1 && kWidth <= 32, "signed_field reads fields of 1 to 32 bits");
  uint32_t raw = field32<kLow, kWidth>(value);
  uint32_t sign = uint32_t{1} << (kWidth - 1);
  return static_cast<int32_t>((raw ^ sign) - sign);
}

}  // namespace gcvu::gs
