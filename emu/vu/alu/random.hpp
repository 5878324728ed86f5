#pragma once
// The R register (RINIT, RXOR, RNEXT; RGET reads it). R always holds a float in [1, 2): 23 random fraction bits
// under a forced exponent 0x7F (vu1.md §3 "Misc"; ps2autotests tests/vu/lower/random on VU1).

#include <cstdint>

namespace gcvu::vu {

inline constexpr uint32_t kRandomExponent = 0x3F800000u;
inline constexpr uint32_t kRandomFraction = 0x007FFFFFu;

// RINIT R, fs.fsf: R takes the field's low 23 bits.
constexpr uint32_t rinit(uint32_t field) { return kRandomExponent | (field & kRandomFraction); }

// RXOR R, fs.fsf: R's fraction XOR the field's low 23 bits.
constexpr uint32_t rxor(uint32_t r, uint32_t field) { return kRandomExponent | ((r ^ field) & kRandomFraction); }

// RNEXT: a 23-bit shift register stepped once: shift left, feeding in fraction bit 4 XOR bit 22. (The taps are the
// ones that reproduce all 32 hardware RNEXT rows; an all-zero fraction stays zero.)
constexpr uint32_t rnext(uint32_t r) {
  const uint32_t feedback = ((r >> 4) ^ (r >> 22)) & 1;
  return kRandomExponent | (((r << 1) | feedback) & kRandomFraction);
}

}  // namespace gcvu::vu
