#include "emu/vu/float/efu.hpp"

#include <array>

#include "emu/vu/float/adder.hpp"
#include "emu/vu/float/divider.hpp"
#include "emu/vu/float/multiplier.hpp"
#include "emu/vu/float/ps2_float.hpp"

namespace gcvu::vu {

namespace {

// Bare values of the separately rounded steps (the EFU discards flags).
uint32_t add_v(uint32_t a, uint32_t b) { return add(a, b).value; }
uint32_t sub_v(uint32_t a, uint32_t b) { return sub(a, b).value; }
uint32_t mul_v(uint32_t fs, uint32_t ft) { return mul(fs, ft).value; }
uint32_t div_v(uint32_t fs, uint32_t ft) { return div(fs, ft).value; }
uint32_t sqrt_v(uint32_t x) { return sqrt(x).value; }

// Constants: the manual's decimals rounded to the nearest single (the words microVU uses), vu1.md §1.
constexpr std::array<uint32_t, 8> kAtan = {0x3F7FFFF5, 0xBEAAA61C, 0x3E4C40A6, 0xBE0E6C63,
                                           0x3DC577DF, 0xBD6501C4, 0x3CB31652, 0xBB84D7E7};
constexpr uint32_t kQuarterPi = 0x3F490FDA;  // one below the usual ...DB: hardware EATAN(1.0) = 3F490FDA
constexpr std::array<uint32_t, 6> kExp = {0x3E7FFFA8, 0x3D0007F4, 0x3B29D3FF, 0x3933E553, 0x36B63510, 0x353961AC};
constexpr std::array<uint32_t, 5> kSin = {kOne, 0xBE2AAAA4, 0x3C08873E, 0xB94FB21F, 0x362E9C14};

// OPEN DETAIL (vu1.md §1: "Not settled by the public rows"): the operand order inside each power multiply
// (s*t vs t*s, q*s vs s*q, q*x vs x*q) and EEXP's term order (q*Ek vs Ek*q). Every variant matches all hardware
// rows but they differ on 0.04-1 % of other inputs. gcvu's choice, as vu1.md writes the construction: the running
// power is the FIRST operand of each power multiply (q = q*s, q = q*x; EATAN's first cube is s*t), and the power is
// the first operand of every term multiply with the coefficient second (q*Tk, q*Ek, q*Sk), except EATAN's first
// term T1*t, which vu1.md states has the coefficient first. Hardware inputs that would decide it: EATAN 3E1A2A47,
// 3E9BE82D, 3DB86ADA; EEXP 400C2320, 3F7A2E12, 407D616D, 3F639CE0.

// pi/4 + atan(t) for t = (b - a) / (a + b) (or (x - 1) / (x + 1)): an odd series with pi/4 added before the last
// term. A zero denominator gives ±0x7FFFFFFF from the divider, which still runs through the series.
uint32_t atan_series(uint32_t t) {
  const uint32_t s = mul_v(t, t);
  uint32_t p = mul_v(kAtan[0], t);
  uint32_t q = mul_v(s, t);
  p = add_v(p, mul_v(q, kAtan[1]));
  for (size_t k = 2; k < 7; ++k) {
    q = mul_v(q, s);
    p = add_v(p, mul_v(q, kAtan[k]));
  }
  q = mul_v(q, s);
  p = add_v(p, kQuarterPi);
  return add_v(p, mul_v(q, kAtan[7]));
}

}  // namespace

uint32_t esadd(uint32_t x, uint32_t y, uint32_t z) { return add_v(add_v(mul_v(x, x), mul_v(y, y)), mul_v(z, z)); }
uint32_t ersadd(uint32_t x, uint32_t y, uint32_t z) { return div_v(kOne, esadd(x, y, z)); }
uint32_t eleng(uint32_t x, uint32_t y, uint32_t z) { return sqrt_v(esadd(x, y, z)); }
uint32_t erleng(uint32_t x, uint32_t y, uint32_t z) { return rsqrt(kOne, esadd(x, y, z)).value; }
uint32_t esum(uint32_t x, uint32_t y, uint32_t z, uint32_t w) { return add_v(add_v(add_v(x, y), z), w); }
uint32_t ercpr(uint32_t x) { return div_v(kOne, x); }
uint32_t esqrt(uint32_t x) { return sqrt_v(x); }
uint32_t ersqrt(uint32_t x) { return rsqrt(kOne, x).value; }

// x*1.0 + x^3*S2 + x^5*S3 + x^7*S4 + x^9*S5, the powers built by repeated *(x*x), summed left to right.
uint32_t esin(uint32_t x) {
  const uint32_t s = mul_v(x, x);
  uint32_t q = x;
  uint32_t p = mul_v(x, kSin[0]);
  for (size_t k = 1; k < kSin.size(); ++k) {
    q = mul_v(q, s);
    p = add_v(p, mul_v(q, kSin[k]));
  }
  return p;
}

uint32_t eatan(uint32_t x) { return atan_series(div_v(sub_v(x, kOne), add_v(x, kOne))); }
uint32_t eatanxy(uint32_t x, uint32_t y) { return atan_series(div_v(sub_v(y, x), add_v(x, y))); }
uint32_t eatanxz(uint32_t x, uint32_t z) { return atan_series(div_v(sub_v(z, x), add_v(x, z))); }

// p = 1 + x*E1 + x^2*E2 + ... + x^6*E6 with 1.0 added before the last term; then 1 / ((p*p)*(p*p)).
uint32_t eexp(uint32_t x) {
  uint32_t p = mul_v(x, kExp[0]);
  uint32_t q = x;
  for (size_t k = 1; k < 5; ++k) {
    q = mul_v(q, x);
    p = add_v(p, mul_v(q, kExp[k]));
  }
  q = mul_v(q, x);
  p = add_v(p, kOne);
  p = add_v(p, mul_v(q, kExp[5]));
  const uint32_t p2 = mul_v(p, p);
  return div_v(kOne, mul_v(p2, p2));
}

}  // namespace gcvu::vu
