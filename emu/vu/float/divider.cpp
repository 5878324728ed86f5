#include "emu/vu/float/divider.hpp"

namespace gcvu::vu {

namespace {

// The partial remainder in carry-save form: its value is sum + carry (two's complement, 32 bits).
struct Remainder {
  uint32_t sum;
  uint32_t carry;
};

Remainder compress(uint32_t a, uint32_t b, uint32_t c) {
  return Remainder{a ^ b ^ c, ((a & b) | (a & c) | (b & c)) << 1};
}

// Quotient digit selection (-1, 0, +1) from an estimate of the remainder. The binary point sits between bits 24
// and 25. The estimate adds the carry word only to the sum word's bits 24 and up; the sum's bits 0-23 are ORed in
// rather than added. Estimate >= 0.25 selects +1, estimate < -0.5 selects -1, anything between selects 0.
int select_digit(const Remainder& r) {
  constexpr uint32_t kLowMask = (1u << 24) - 1;
  const auto estimate = static_cast<int32_t>(((r.sum & ~kLowMask) + r.carry) | (r.sum & kLowMask));
  if (estimate >= (1 << 23)) return 1;
  if (estimate < -(1 << 24)) return -1;
  return 0;
}

// One SRT step with the digit chosen last step: remainder -= digit * subtrahend (as a carry-save add of the
// complement plus a +1 in the carry word's empty bit 0), then choose the next digit and double the remainder.
// A zero digit adds nothing, and the next digit is then chosen from the remainder as it stood before this step's
// (empty) compression: the two represent the same value but give different estimates.
int srt_step(Remainder& r, int digit, uint32_t subtrahend) {
  uint32_t addend = 0;
  if (digit > 0) {
    addend = ~subtrahend;
    r.carry += 1;
  } else if (digit < 0) {
    addend = subtrahend;
  }
  const Remainder next = compress(r.sum, r.carry, addend);
  const int next_digit = select_digit(digit != 0 ? next : r);
  r = Remainder{next.sum << 1, next.carry << 1};
  return next_digit;
}

constexpr int kIterations = 25;

// The 25-bit (sometimes 26-bit) quotient of two 24-bit significands, as the signed-digit sum folds it.
uint32_t divide_significands(uint32_t dividend, uint32_t divisor) {
  Remainder r{dividend << 2, 0};
  const uint32_t subtrahend = divisor << 2;
  uint32_t quotient = 0;
  int digit = 1;  // the first digit is always 1: both significands are in [1, 2)
  for (int i = 0; i < kIterations; ++i) {
    quotient = (quotient << 1) + static_cast<uint32_t>(digit);
    digit = srt_step(r, digit, subtrahend);
  }
  return quotient;
}

// The square root of a significand (already doubled for an odd unbiased exponent), digit by digit: the root so far
// is q, and choosing digit d at weight w subtracts d*(2q + d*w)*w from the remainder, which in this fixed-point
// layout is the subtrahend q + d*w/2 at the remainder's scale.
uint32_t sqrt_significand(uint32_t radicand) {
  Remainder r{radicand, 0};
  uint32_t root = 0;
  int digit = 1;
  for (int i = 0; i < kIterations; ++i) {
    const uint32_t half_weight = 1u << (24 - i);
    uint32_t subtrahend = root;
    if (digit > 0) {
      subtrahend = root + half_weight;
      root += half_weight << 1;
    } else if (digit < 0) {
      subtrahend = root - half_weight;
      root -= half_weight << 1;
    }
    digit = srt_step(r, digit, subtrahend);
  }
  return root;
}

}  // namespace

FdivResult div(uint32_t fs, uint32_t ft) {
  const uint32_t sign = sign_of(fs ^ ft);
  if (is_zero(ft)) {
    return FdivResult{sign | kMaxMagnitude, is_zero(fs) ? kFdivI : kFdivD};
  }
  uint32_t quotient = divide_significands(significand_of(fs), significand_of(ft));
  int exp = static_cast<int>(exponent_of(fs)) - static_cast<int>(exponent_of(ft)) + 126;
  if (quotient >= (1u << 24)) {
    quotient >>= 1;
    ++exp;
  }
  if (exp > 255) return FdivResult{sign | kMaxMagnitude, 0};
  if (is_zero(fs) || exp < 1) return FdivResult{sign, 0};
  return FdivResult{sign | (static_cast<uint32_t>(exp) << 23) | (quotient & kFractionMask), 0};
}

FdivResult sqrt(uint32_t ft) {
  const uint8_t flags = sign_of(ft) != 0 ? kFdivI : 0;
  const uint32_t exp = exponent_of(ft);
  if (exp == 0) return FdivResult{0, flags};
  // An even biased exponent is an odd unbiased one: shift the significand once more so the exponent halves evenly.
  uint32_t radicand = significand_of(ft) << 1;
  if ((exp & 1) == 0) radicand <<= 1;
  const uint32_t root = sqrt_significand(radicand);
  const uint32_t result_exp = (exp + 127) >> 1;
  return FdivResult{(result_exp << 23) | ((root >> 2) & kFractionMask), flags};
}

FdivResult rsqrt(uint32_t fs, uint32_t ft) {
  const FdivResult root = sqrt(ft);
  FdivResult quotient = div(fs, root.value);
  quotient.flags |= root.flags;
  return quotient;
}

}  // namespace gcvu::vu
