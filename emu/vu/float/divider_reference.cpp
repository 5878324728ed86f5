#include "emu/vu/float/divider_reference.hpp"

namespace gcvu::vu::reference {

namespace {

constexpr uint32_t kLowMask = (1u << 24) - 1;

// The partial remainder in carry-save form (its value is sum + carry, two's complement, 32 bits) and the quotient
// digit chosen for the next step (-1, 0, +1) as two masks. Branch-free: the digits are coin flips to a branch
// predictor.
struct SrtState {
  uint32_t sum;
  uint32_t carry;
  uint32_t plus;   // all ones when the digit is +1
  uint32_t minus;  // all ones when the digit is -1
};

// One SRT step with the digit chosen last step: remainder -= digit * subtrahend (as a carry-save add of the
// complement plus a +1 in the carry word's empty bit 0), then choose the next digit and double the remainder.
//
// Digit selection reads an estimate of the remainder: the carry word is added only to the sum word's bits 24 and
// up, and the sum's bits 0-23 are ORed in rather than added; with the binary point between bits 24 and 25, an
// estimate >= 0.25 selects +1, one < -0.5 selects -1, anything between 0. As x | y = x + y - (x & y), that
// estimate is sum + carry - (sum & carry & 0xFFFFFF). A zero digit adds nothing, and the next digit is then chosen
// from the remainder as it stood before this step's (empty) compression: the two represent the same value but
// give different estimates.
[[gnu::always_inline]] inline void srt_step(SrtState& s, uint32_t subtrahend) {
  const uint32_t nonzero = s.plus | s.minus;
  const uint32_t addend = (subtrahend ^ s.plus) & nonzero;  // ~subtrahend for +1, subtrahend for -1, else 0
  const uint32_t carry_in = s.carry - s.plus;               // the +1 that completes the complement
  const uint32_t half = s.sum ^ carry_in;
  const uint32_t both = s.sum & carry_in;
  const uint32_t sum = half ^ addend;
  const uint32_t carry = (both | (addend & half)) << 1;  // the majority, one place up
  const uint32_t overlap = both ^ (((sum & carry) ^ both) & nonzero);
  const uint32_t estimate = sum + carry - (overlap & kLowMask);
  s.plus = static_cast<uint32_t>(static_cast<int32_t>(((1u << 23) - 1) - estimate) >> 31);
  s.minus = static_cast<uint32_t>(static_cast<int32_t>(estimate + (1u << 24)) >> 31);
  s.sum = sum << 1;
  s.carry = carry << 1;
}

constexpr int kIterations = 25;

}  // namespace

// The 25-bit (sometimes 26-bit) quotient of two 24-bit significands, as the signed-digit sum folds it.
uint32_t divide_significands(uint32_t dividend, uint32_t divisor) {
  SrtState s{dividend << 2, 0, ~0u, 0};  // the first digit is always 1: both significands are in [1, 2)
  const uint32_t subtrahend = divisor << 2;
  uint32_t quotient = 0;
  for (int i = 0; i < kIterations; ++i) {
    quotient = 2 * quotient - s.plus + s.minus;  // the masks are -1 for their digit
    srt_step(s, subtrahend);
  }
  return quotient;
}

// The square root of a significand (already doubled for an odd unbiased exponent), digit by digit: the root so far
// is q, and choosing digit d at weight w subtracts d*(2q + d*w)*w from the remainder, which in this fixed-point
// layout is the subtrahend q + d*w/2 at the remainder's scale.
uint32_t sqrt_significand(uint32_t radicand) {
  SrtState s{radicand, 0, ~0u, 0};
  uint32_t root = 0;
  for (int i = 0; i < kIterations; ++i) {
    const uint32_t half_weight = 1u << (24 - i);
    const uint32_t subtrahend = root + (half_weight & s.plus) - (half_weight & s.minus);
    root += ((half_weight << 1) & s.plus) - ((half_weight << 1) & s.minus);
    srt_step(s, subtrahend);
  }
  return root;
}

FdivResult div(uint32_t fs, uint32_t ft) {
  if (is_zero(ft)) {
    return FdivResult{sign_of(fs ^ ft) | kMaxMagnitude, is_zero(fs) ? kFdivI : kFdivD};
  }
  return pack_quotient(fs, ft, divide_significands(significand_of(fs), significand_of(ft)));
}

FdivResult sqrt(uint32_t ft) { return sqrt_with(ft, sqrt_significand); }

FdivResult rsqrt(uint32_t fs, uint32_t ft) {
  const FdivResult root = sqrt(ft);
  FdivResult quotient = div(fs, root.value);
  quotient.flags |= root.flags;
  return quotient;
}

}  // namespace gcvu::vu::reference
