#pragma once
// Stores a run of 32-bit pixels into one row of a buffer in a 32-bit arrangement (PSMCT32/Z32 swizzle) without a
// per-pixel address: the eight pixels of a group aligned to x are the word pairs {0, 1}, {4, 5}, {8, 9}, {12, 13}
// (even rows) or {2, 3}, {6, 7}, ... (odd rows) of one 64-byte column (reference/gs.md §1), so a whole group is
// four 8-byte stores. Pixels outside whole groups go through the row's addresses.

#include <cstdint>
#include <cstring>

#include "emu/gs/memory/pixel_address.hpp"

namespace gcvu::gs::pixel {

// values[i * stride] goes to pixel x + i, i in [0, count): stride 1 stores an array, stride 0 one value (then
// `values` holds it twice, as whole groups store pairs). kKeepTop8 keeps the stored word's top byte (24-bit Z).
template <Psm kAddr, bool kKeepTop8>
void store_row32(uint8_t* vm, const RowAddress<kAddr>& row, uint32_t x, int count, const uint32_t* values,
                 int stride = 1) {
  static_assert(PsmTraits<kAddr>::kSwizzle == Swizzle::k32);
  auto store_pair = [&](uint8_t* at, const uint32_t* v) {
    if constexpr (kKeepTop8) {
      uint32_t old[2];
      std::memcpy(old, at, 8);
      const uint32_t merged[2] = {(v[0] & 0xffffffu) | (old[0] & 0xff000000u),
                                  (v[1] & 0xffffffu) | (old[1] & 0xff000000u)};
      std::memcpy(at, merged, 8);
    } else {
      std::memcpy(at, v, 8);
    }
  };
  auto store_one = [&](int i) {
    uint8_t* at = vm + (row.at(x + static_cast<uint32_t>(i)) << 2);
    uint32_t v = values[i * stride];
    if constexpr (kKeepTop8) {
      uint32_t old;
      std::memcpy(&old, at, 4);
      v = (v & 0xffffffu) | (old & 0xff000000u);
    }
    std::memcpy(at, &v, 4);
  };
  int i = 0;
  const int head = static_cast<int>((8 - (x & 7)) & 7);
  for (; i < head && i < count; i++) store_one(i);
  for (; i + 8 <= count; i += 8) {
    const uint32_t e = row.at(x + static_cast<uint32_t>(i));
    uint8_t* column = vm + ((e & ~15u) << 2) + ((e & 2u) << 2);
    const uint32_t* v = values + i * stride;
    store_pair(column, v);
    store_pair(column + 16, v + 2 * stride);
    store_pair(column + 32, v + 4 * stride);
    store_pair(column + 48, v + 6 * stride);
  }
  for (; i < count; i++) store_one(i);
}

}  // namespace gcvu::gs::pixel
