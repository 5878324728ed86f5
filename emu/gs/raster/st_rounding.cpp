#include "emu/gs/raster/st_rounding.hpp"

#include <algorithm>
#include <bit>

namespace gcvu::gs {
namespace {

int biased_exponent(uint32_t bits) { return int((bits >> 23) & 0xff); }

}  // namespace

bool st_rounding_applies(bool texture, bool fst, bool sprite, bool z_equal) {
  return texture && !fst && (sprite || z_equal);
}

float round_st_coordinate(float coordinate, float q) {
  const uint32_t bits = std::bit_cast<uint32_t>(coordinate);
  const int exponent = biased_exponent(bits);
  const int cleared = std::min(9 + std::max(exponent, biased_exponent(std::bit_cast<uint32_t>(q))) - exponent, 23);
  return std::bit_cast<float>(bits & ~((uint32_t{1} << cleared) - 1));
}

float round_q(float q) { return std::bit_cast<float>(std::bit_cast<uint32_t>(q) & ~uint32_t{0xff}); }

void round_st_coordinates(std::span<const GsVertex> in, std::vector<GsVertex>& out) {
  out.assign(in.begin(), in.end());
  for (GsVertex& v : out) {
    // S and T are rounded against Q as it was before its own rounding (which keeps its exponent anyway).
    v.s = round_st_coordinate(v.s, v.q);
    v.t = round_st_coordinate(v.t, v.q);
    v.q = round_q(v.q);
  }
}

}  // namespace gcvu::gs
