#pragma once
// The PS2 VU float format and the result types every float-unit op returns (shared/reference/vu1.md §1, §2).
//
// A PS2 float is an IEEE-754 single bit pattern with no Inf, no NaN and no denormals:
//  * exponent 255 is an ordinary exponent (0x7F800000 is 2^128, the largest value is 0x7FFFFFFF);
//  * exponent 0 means zero whatever the fraction bits say (a denormal input reads as ±0, sign kept);
//  * overflow saturates to ±0x7FFFFFFF, underflow flushes to ±0.
// Everything in emu/vu/float is integer arithmetic on these bit patterns, no rounding modes. Host float (add_lanes_fast
// in vector_lanes.hpp, the AVX2 MUL/MADD/MSUB in double_lanes.hpp) is used only where every result is exact or an
// explicit truncation, so no rounding mode or MXCSR setting can change it.
// The unit holds no VU state; the interpreter keeps ACC, its per-lane overflow bit, Q, P, R and the flag registers.

#include <cstdint>
#include <span>

namespace gcvu::vu {

inline constexpr uint32_t kSignBit = 0x80000000u;
inline constexpr uint32_t kMagnitudeMask = 0x7FFFFFFFu;
inline constexpr uint32_t kFractionMask = 0x007FFFFFu;
inline constexpr uint32_t kHiddenBit = 0x00800000u;
inline constexpr uint32_t kMaxMagnitude = 0x7FFFFFFFu;  // the saturation value, exponent 255 with all fraction bits
inline constexpr uint32_t kOne = 0x3F800000u;           // 1.0

constexpr uint32_t exponent_of(uint32_t x) { return (x >> 23) & 0xFFu; }
constexpr uint32_t sign_of(uint32_t x) { return x & kSignBit; }
// The 24-bit significand with the hidden bit set (meaningful only when the exponent is non-zero).
constexpr uint32_t significand_of(uint32_t x) { return (x & kFractionMask) | kHiddenBit; }
// Zero and denormal patterns both count as zero.
constexpr bool is_zero(uint32_t x) { return exponent_of(x) == 0; }

// One lane's flags, in the bit order of the status register's low nibble (bit 0 Z, 1 S, 2 U, 3 O), so that
// status bits 0-3 are the OR over lanes and the sticky bits 6-9 are that OR shifted left by 6.
// Note the MAC register and the vectors TSV order them the other way round (TSV digit: Z=8, S=4, U=2, O=1):
// use mac_register_bits / tsv_mac_digit at those edges.
enum MacFlag : uint8_t {
  kMacZ = 1,  // result is ±0 (also set on underflow)
  kMacS = 2,  // result sign bit (also for -0 and for a saturated -0x7FFFFFFF)
  kMacU = 4,  // the exponent fell below 1 and the result was flushed to ±0 (always together with Z)
  kMacO = 8,  // the exponent rose above 255 and the result saturated to ±0x7FFFFFFF
};

// The result of one lane of an FMAC op (ADD/SUB/MUL and the MADD family, also ADDA/SUBA/MULA/MADDA/MSUBA).
struct FmacResult {
  uint32_t value = 0;
  // This lane's MAC bits (MacFlag); they also feed status bits 0-3.
  uint8_t mac = 0;
  // What this lane ORs into the sticky status bits 6-9 (MacFlag order, shift left by 6). Equal to `mac` except for
  // the MADD family, where the multiply stage's own Z/S/U/O are ORed in (vectors README, "Lane-combined status").
  uint8_t sticky = 0;
};

// Divider status contributions (DIV, SQRT, RSQRT): I and D as in status bits 4 and 5 (sticky copies: bits 10, 11).
enum FdivFlag : uint8_t {
  kFdivI = 1,  // invalid: 0/0, or SQRT/RSQRT of a number whose sign bit is set
  kFdivD = 2,  // divide by zero: x/0 with x non-zero
};

// The result of DIV/SQRT/RSQRT: the value written to Q and the I/D flags. FDIV never sets O or U.
struct FdivResult {
  uint32_t value = 0;
  uint8_t flags = 0;  // FdivFlag
};

// Z and S for a finished value (no U/O).
constexpr uint8_t zero_sign_flags(uint32_t value) {
  return static_cast<uint8_t>((is_zero(value) ? kMacZ : 0) | (sign_of(value) != 0 ? kMacS : 0));
}

constexpr FmacResult fmac_result(uint32_t value, uint8_t mac) { return FmacResult{value, mac, mac}; }

// Status register bits contributed by one FMAC op whose written lanes are `lanes` (the register was cleared
// before): bits 0-3 = OR of the lanes' MAC bits, bits 6-9 = OR of their sticky bits.
constexpr uint16_t fmac_status_bits(std::span<const FmacResult> lanes) {
  unsigned now = 0;
  unsigned sticky = 0;
  for (const FmacResult& lane : lanes) {
    now |= lane.mac;
    sticky |= lane.sticky;
  }
  return static_cast<uint16_t>(now | (sticky << 6));
}

// Status register bits contributed by one FDIV op: I/D in bits 4-5 and their sticky copies in bits 10-11.
constexpr uint16_t fdiv_status_bits(const FdivResult& result) {
  return static_cast<uint16_t>((result.flags << 4) | (result.flags << 10));
}

// The 16-bit MAC register bits for one lane (lane 0 = x ... 3 = w): within each nibble x is bit 3 and w bit 0;
// Z nibble at bits 0-3, S at 4-7, U at 8-11, O at 12-15 (vu1.md §2).
constexpr uint16_t mac_register_bits(uint8_t flags, unsigned lane) {
  unsigned bit = 3 - (lane & 3);
  unsigned out = 0;
  for (unsigned nibble = 0; nibble < 4; ++nibble) {
    if ((flags >> nibble) & 1) out |= 1u << (nibble * 4 + bit);
  }
  return static_cast<uint16_t>(out);
}

// The vectors TSV `mac` digit (Z=8, S=4, U=2, O=1) for a lane's flags.
constexpr uint8_t tsv_mac_digit(uint8_t flags) {
  return static_cast<uint8_t>(((flags & kMacZ) ? 8 : 0) | ((flags & kMacS) ? 4 : 0) | ((flags & kMacU) ? 2 : 0) |
                              ((flags & kMacO) ? 1 : 0));
}

}  // namespace gcvu::vu
