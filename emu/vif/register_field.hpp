#pragma once
// A register field of a fixed bit width. Every write is cut to that width, as the hardware's flip-flops would cut
// it, so a field can never hold a value the register could not: `UField<10> tops = 0x7ff` holds 0x3ff.

#include <cstdint>

namespace gcvu::vif {

template <unsigned kBits>
class UField {
  static_assert(kBits >= 1 && kBits <= 32, "a VIF register field is 1 to 32 bits wide");

 public:
  static constexpr uint32_t kMask = kBits == 32 ? 0xffffffffu : (uint32_t{1} << kBits) - 1;
  static constexpr unsigned kWidth = kBits;

  constexpr UField() = default;
  constexpr UField(uint32_t value) : value_(value & kMask) {}  // NOLINT(google-explicit-constructor): a register
  constexpr UField& operator=(uint32_t value) {
    value_ = value & kMask;
    return *this;
  }
  constexpr operator uint32_t() const { return value_; }  // NOLINT(google-explicit-constructor)
  constexpr uint32_t value() const { return value_; }

 private:
  uint32_t value_ = 0;
};

}  // namespace gcvu::vif
