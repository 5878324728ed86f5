#pragma once
// MADD, MSUB and their ACC/bc/i/q forms (MADDA, MSUBA, OPMSUB, OPMULA's partner). vu1.md §1 "MADD/MSUB".
//
// They are NOT fused: the result is add(ACC, ±mul(fs, ft)) with two separate truncations. Priorities:
//  1. the product overflowed: the result is ±0x7FFFFFFF with the product's sign (negated for MSUB), with O;
//  2. otherwise, ACC had overflowed when it was last written ("ACC overflow persistence", PS2Homebrew
//     VUTests/mac.cpp testAccCop2): the result is the ACC value unchanged, with O;
//  3. otherwise the ordinary add.
// Flags: MAC and status bits 0-3 describe only the final add; the sticky bits 6-9 also collect the multiply
// stage's Z/S/U/O (product zero or underflowed, fs XOR ft sign even for MSUB and for a -0 product, product
// underflow, product overflow), per the vectors README's lane-combined status rules.
//
// The interpreter keeps one "ACC overflowed" bit per ACC lane: it is the O bit (kMacO) of the op that last wrote
// that lane (ADDA, SUBA, MULA, MADDA, MSUBA, OPMULA, ...), and it is passed in here as `acc_overflowed`.

#include <cstdint>

#include "emu/vu/float/adder.hpp"
#include "emu/vu/float/multiplier.hpp"
#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu {

namespace detail {

// Inlined whole into each caller so the product's flags and the add's fast path fold together.
[[gnu::always_inline]] constexpr FmacResult multiply_accumulate(uint32_t acc, bool acc_overflowed, uint32_t fs,
                                                                uint32_t ft, uint32_t product_sign_flip) {
  const FmacResult product = mul(fs, ft);
  FmacResult out;
  if ((product.mac & kMacO) != 0) {
    const uint32_t value = product.value ^ product_sign_flip;
    out = fmac_result(value, static_cast<uint8_t>(kMacO | (sign_of(value) ? kMacS : 0)));
  } else if (acc_overflowed) {
    out = fmac_result(acc, static_cast<uint8_t>(kMacO | (sign_of(acc) ? kMacS : 0)));
  } else {
    out = add(acc, product.value ^ product_sign_flip);
  }
  out.sticky = static_cast<uint8_t>(out.mac | product.mac);
  return out;
}

}  // namespace detail

// ACC + fs*ft.
[[gnu::always_inline]] constexpr FmacResult madd(uint32_t acc, bool acc_overflowed, uint32_t fs, uint32_t ft) {
  return detail::multiply_accumulate(acc, acc_overflowed, fs, ft, 0);
}

// ACC - fs*ft. OPMSUB is msub on the cross-product operand lanes (fs.yzx, ft.zxy), which the caller selects.
[[gnu::always_inline]] constexpr FmacResult msub(uint32_t acc, bool acc_overflowed, uint32_t fs, uint32_t ft) {
  return detail::multiply_accumulate(acc, acc_overflowed, fs, ft, kSignBit);
}

}  // namespace gcvu::vu
