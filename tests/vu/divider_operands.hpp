#pragma once
// Operand pairs for the divider's fast-vs-reference checks, biased to the edges of each fast path in divider.cpp:
// 1.0 over anything (the reciprocal table), dividends at and just above the divisor and near 2^24 (the dropped last
// bit, both parities of the truncated quotient), exact quotients, the divisor 1.0 (the model's one unbounded
// remainder), and arbitrary bit patterns (zeros, denormals, exponent 255, overflow and underflow).

#include <cstdint>
#include <random>
#include <utility>

#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu::test_divider {

// A float with the given significand (in [2^23, 2^24)), a random sign and an exponent near 127 (or anywhere, one
// time in eight, for the overflow and underflow edges).
inline uint32_t with_significand(std::mt19937& rng, uint32_t significand) {
  const uint32_t exponent = rng() % 8 == 0 ? rng() % 256 : 100 + rng() % 56;
  return (rng() & kSignBit) | (exponent << 23) | (significand & kFractionMask);
}

inline uint32_t random_significand(std::mt19937& rng) { return kHiddenBit | (rng() & kFractionMask); }

// An odd m in [1, 2^k) and a dividend m*t, divisor m*2^s, both in [2^23, 2^24): 2^24*a/b = t*2^(24-s) is an integer.
inline std::pair<uint32_t, uint32_t> exact_quotient_significands(std::mt19937& rng) {
  const uint32_t bits = 1 + rng() % 12;
  const uint32_t m = (rng() & ((1u << bits) - 1)) | 1 | (1u << (bits - 1));
  const uint32_t width = 32 - static_cast<uint32_t>(__builtin_clz(m));  // m in [2^(width-1), 2^width)
  const uint32_t divisor = m << (24 - width);
  const uint32_t low = (kHiddenBit + m - 1) / m;
  const uint32_t high = ((1u << 24) - 1) / m;
  const uint32_t t = low + rng() % (high - low + 1);
  return {m * t, divisor};
}

// One (fs, ft) pair; `kind` picks the family (any value; callers cycle it).
inline std::pair<uint32_t, uint32_t> divider_operands(std::mt19937& rng, uint32_t kind) {
  switch (kind % 8) {
    case 0:  // arbitrary bit patterns
      return {static_cast<uint32_t>(rng()), static_cast<uint32_t>(rng())};
    case 1:  // 1.0 over anything
      return {with_significand(rng, kHiddenBit), with_significand(rng, random_significand(rng))};
    case 2: {  // a >= b, a just above b
      const uint32_t b = random_significand(rng);
      const uint32_t a = b + rng() % 64;
      return {with_significand(rng, a >= (1u << 24) ? b : a), with_significand(rng, b)};
    }
    case 3: {  // a >= b, a near 2^24 or b near 2^23
      const uint32_t b = rng() % 2 ? kHiddenBit + rng() % 4096 : random_significand(rng);
      const uint32_t a = (1u << 24) - 1 - rng() % 4096;
      return {with_significand(rng, a), with_significand(rng, b)};
    }
    case 4: {  // exact quotients, either order
      const auto [a, b] = exact_quotient_significands(rng);
      return rng() % 2 ? std::pair{with_significand(rng, a), with_significand(rng, b)}
                       : std::pair{with_significand(rng, b), with_significand(rng, a)};
    }
    case 5:  // divisor significand 1.0
      return {with_significand(rng, random_significand(rng)), with_significand(rng, kHiddenBit)};
    default:  // uniform significands
      return {with_significand(rng, random_significand(rng)), with_significand(rng, random_significand(rng))};
  }
}

}  // namespace gcvu::vu::test_divider
