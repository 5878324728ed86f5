#pragma once
// Stores a run of 32-bit pixels into one row of a buffer in a 32-bit arrangement (PSMCT32/Z32 swizzle) without a
// per-pixel address: the eight pixels of a group aligned to x are the word pairs {0, 1}, {4, 5}, {8, 9}, {12, 13}
// (even rows) or {2, 3}, {6, 7}, ... (odd rows) of one 64-byte column (reference/gs.md §1), so a whole group is
// four 8-byte stores. Pixels outside whole groups go through the row's addresses.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include <emmintrin.h>

#include "emu/gs/memory/pixel_address.hpp"

namespace gcvu::gs::pixel {

// The byte offset of the first pixel pair of the aligned group of 8 whose first element is e: its 64-byte column,
// and in it the pair's 8 bytes (the upper half for odd rows, whose pairs are {2, 3}, {6, 7}, ...).
constexpr uint32_t group_column_bytes(uint32_t e) { return ((e & ~15u) << 2) + ((e & 2u) << 2); }

// The byte offset in its page of the first pixel pair of each aligned group of 8 (k = x / 8 within the page) of
// each row of a page, Z xor applied.
template <Psm kAddr>
inline constexpr auto kGroupColumnBytes = [] {
  using Traits = PsmTraits<kAddr>;
  std::array<std::array<uint16_t, 8>, Traits::kPageHeight> table{};
  for (uint32_t y = 0; y < Traits::kPageHeight; y++) {
    for (uint32_t k = 0; k < 8; k++) {
      const uint32_t e = kPageOffsets<Traits::kSwizzle>.offsets[y * Traits::kPageWidth + 8 * k] ^ Traits::kZXor;
      table[y][k] = static_cast<uint16_t>(group_column_bytes(e));
    }
  }
  return table;
}();

// One row of a buffer in a 32-bit arrangement that starts on a page (FRAME and ZBUF buffers do): each aligned group
// of 8's column from kGroupColumnBytes instead of its element address, as for_each_group32 finds it
// (gs/memory/pixel_address.hpp's rules: the row's page row, the page along x, the Z xor and the memory wrap, which
// for a page-aligned start leave the offset in the page unchanged).
struct RowColumns32 {
  static constexpr uint32_t kPageWidthLog2 = 6, kPageElementsLog2 = 11,
                            kMemoryElementMask = (kLocalMemoryBytes >> 2) - 1;
  uint32_t row_base = 0;              // elements: the buffer's base block plus the row's page row
  const uint16_t* columns = nullptr;  // kGroupColumnBytes of the row in its page
  // The byte offset in memory of the first pixel pair of the group whose first pixel is x (a multiple of 8); its
  // four pairs lie 16 bytes apart.
  uint32_t group_bytes(uint32_t x) const {
    const uint32_t at = x & 2047;
    return page_bytes(at) + columns[(at >> 3) & 7];
  }
  // The byte offset of the page holding pixel x's column (at = x & 2047).
  uint32_t page_bytes(uint32_t at) const {
    return ((row_base + ((at >> kPageWidthLog2) << kPageElementsLog2)) & kMemoryElementMask) << 2;
  }
};

// Row y of `layout` as RowColumns32; false for a buffer that does not start on a page.
template <Psm kAddr>
bool row_columns32(const BufferLayout& layout, uint32_t y, RowColumns32& out) {
  using Traits = PsmTraits<kAddr>;
  static_assert(Traits::kSwizzle == Swizzle::k32 && Traits::kPageWidthLog2 == RowColumns32::kPageWidthLog2 &&
                Traits::kPageElementsLog2 == RowColumns32::kPageElementsLog2 &&
                Traits::kMemoryElementMask == RowColumns32::kMemoryElementMask);
  constexpr uint32_t kPageBlocks = 1u << (Traits::kPageElementsLog2 - Traits::kBlockElementsLog2);
  if (layout.base_block % kPageBlocks != 0) return false;
  const uint32_t width_pages = (layout.width_64 & 63) >> (Traits::kPageWidthLog2 - 6);
  out.row_base = ((layout.base_block % kBlockCount) << Traits::kBlockElementsLog2) +
                 (((y >> Traits::kPageHeightLog2) * width_pages) << Traits::kPageElementsLog2);
  out.columns = kGroupColumnBytes<kAddr>[y & (Traits::kPageHeight - 1)].data();
  return true;
}

// A buffer's rows as RowColumns32 (row_columns32's row y: its row base is linear in y's page row, mod 2^32, its
// columns the table's entry), from its row 0 and the first row of its second page row, worked out once per draw.
struct BufferRows32 {
  uint32_t row_base = 0;  // row 0's
  uint32_t page_row_step = 0;
  const std::array<uint16_t, 8>* columns = nullptr;  // the arrangement's kGroupColumnBytes
  RowColumns32 row(uint32_t y) const {
    return {row_base + (y >> kPageHeightLog2) * page_row_step, columns[y & (kPageHeight - 1)].data()};
  }
  static constexpr uint32_t kPageHeightLog2 = PsmTraits<Psm::kCt32>::kPageHeightLog2;
  static constexpr uint32_t kPageHeight = PsmTraits<Psm::kCt32>::kPageHeight;
  static_assert(PsmTraits<Psm::kZ32>::kPageHeightLog2 == kPageHeightLog2);
};

// Calls column(i, bytes) for the aligned groups of 8 pixels x + i, i = 0, 8, ..., 8 * (groups - 1), of row y (x a
// multiple of 8), where bytes is the offset in memory of the group's first pixel pair (its four pairs lie 16 bytes
// apart). A page at a time: a buffer that starts on a page takes each group's column from kGroupColumnBytes, as
// RowColumns32 (kept apart: through it, even for the row's set-up and each page alone, GCC gave group_pairs ~18-20 %
// more host instructions; callgrind, BM_GsFillBilinearBlendedTriangles).
template <Psm kAddr, class Column>
void for_each_group32(const BufferLayout& layout, uint32_t y, uint32_t x, int groups, Column&& column) {
  using Traits = PsmTraits<kAddr>;
  static_assert(Traits::kSwizzle == Swizzle::k32 && Traits::kPageWidth == 64);
  constexpr uint32_t kPageBlocks = 1u << (Traits::kPageElementsLog2 - Traits::kBlockElementsLog2);
  if (layout.base_block % kPageBlocks != 0) {
    const RowAddress<kAddr> row = PixelAddress<kAddr>(layout).row(y);
    for (int g = 0; g < groups; g++) {
      const uint32_t e = row.at(x + 8 * static_cast<uint32_t>(g));
      column(8 * g, group_column_bytes(e));
    }
    return;
  }
  const uint32_t width_pages = (layout.width_64 & 63) >> (Traits::kPageWidthLog2 - 6);
  const uint32_t row_base = ((layout.base_block % kBlockCount) << Traits::kBlockElementsLog2) +
                            (((y >> Traits::kPageHeightLog2) * width_pages) << Traits::kPageElementsLog2);
  const std::array<uint16_t, 8>& columns = kGroupColumnBytes<kAddr>[y & (Traits::kPageHeight - 1)];
  int g = 0;
  while (g < groups) {
    const uint32_t at = (x + 8 * static_cast<uint32_t>(g)) & 2047;
    const uint32_t page = ((row_base + ((at >> 6) << Traits::kPageElementsLog2)) & Traits::kMemoryElementMask) << 2;
    const int in_page = std::min(groups - g, 8 - static_cast<int>((at >> 3) & 7));
    const uint16_t* first = columns.data() + ((at >> 3) & 7);
    for (int k = 0; k < in_page; k++) column(8 * (g + k), page + first[k]);
    g += in_page;
  }
}

// Pixel x + i, i in [0, count), gets value(i); whole groups store pair(i), the 8 bytes of pixels i and i + 1.
// kKeepTop8 keeps the stored word's top byte (24-bit Z).
template <Psm kAddr, bool kKeepTop8, class One, class Pair>
void store_row32_from(uint8_t* vm, const BufferLayout& layout, uint32_t y, uint32_t x, int count, One value,
                      Pair pair) {
  static_assert(PsmTraits<kAddr>::kSwizzle == Swizzle::k32);
  const RowAddress<kAddr> row = PixelAddress<kAddr>(layout).row(y);
  auto store_pair = [&](uint8_t* at, uint64_t v) {
    if constexpr (kKeepTop8) {
      uint64_t old;
      std::memcpy(&old, at, 8);
      v = (v & 0x00ffffff00ffffffull) | (old & 0xff000000ff000000ull);
    }
    std::memcpy(at, &v, 8);
  };
  auto store_one = [&](int i) {
    uint8_t* at = vm + (row.at(x + static_cast<uint32_t>(i)) << 2);
    uint32_t v = value(i);
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
  const int groups = i < count ? (count - i) / 8 : 0;
  for_each_group32<kAddr>(layout, y, x + static_cast<uint32_t>(i), groups, [&, i](int g, uint32_t bytes) {
    uint8_t* column = vm + bytes;
    store_pair(column, pair(i + g));
    store_pair(column + 16, pair(i + g + 2));
    store_pair(column + 32, pair(i + g + 4));
    store_pair(column + 48, pair(i + g + 6));
  });
  for (i += 8 * groups; i < count; i++) store_one(i);
}

// values[i] goes to pixel x + i, i in [0, count), of row y.
template <Psm kAddr, bool kKeepTop8>
void store_row32(uint8_t* vm, const BufferLayout& layout, uint32_t y, uint32_t x, int count, const uint32_t* values) {
  store_row32_from<kAddr, kKeepTop8>(
      vm, layout, y, x, count, [values](int i) { return values[i]; },
      [values](int i) {
        uint64_t v;
        std::memcpy(&v, values + i, 8);
        return v;
      });
}

// One value at every pixel, held in a register (the stores cannot change it, as they could an array's).
template <Psm kAddr, bool kKeepTop8>
void fill_row32(uint8_t* vm, const BufferLayout& layout, uint32_t y, uint32_t x, int count, uint32_t value) {
  const uint64_t pair = value | uint64_t{value} << 32;
  store_row32_from<kAddr, kKeepTop8>(
      vm, layout, y, x, count, [value](int) { return value; }, [pair](int) { return pair; });
}

// For each 4-bit selection of the words of 16 bytes (bit k: word k is written), all ones in the words kept.
alignas(16) inline constexpr std::array<std::array<uint32_t, 4>, 16> kChunkKeep = [] {
  std::array<std::array<uint32_t, 4>, 16> table{};
  for (uint32_t b = 0; b < 16; b++)
    for (uint32_t k = 0; k < 4; k++) table[b][k] = (b >> k) & 1 ? 0u : ~0u;
  return table;
}();

// Where a group lies in a second buffer that lies alike to a first (same_shape32): its byte offset in the first,
// XOR xor_bytes, plus delta_bytes, modulo the memory.
struct SameShape {
  uint32_t delta_bytes = 0;
  uint32_t xor_bytes = 0;
  uint32_t at(uint32_t first_bytes) const {
    return ((first_bytes ^ xor_bytes) + delta_bytes) & (kLocalMemoryBytes - 1);
  }
};

// How a second buffer in a 32-bit arrangement (kAddr2) lies against a first (kAddr) when both start on a page and
// have the same width, as a draw's frame and Z buffer do: the same page and column for each group, the Z block
// XOR (kZXor) told apart, the bases apart by whole pages. False when they do not lie so.
template <Psm kAddr, Psm kAddr2>
bool same_shape32(const BufferLayout& first, const BufferLayout& second, SameShape& out) {
  using A = PsmTraits<kAddr>;
  using B = PsmTraits<kAddr2>;
  static_assert(A::kSwizzle == Swizzle::k32 && B::kSwizzle == Swizzle::k32);
  constexpr uint32_t kPageBlocks = 1u << (A::kPageElementsLog2 - A::kBlockElementsLog2);
  if (first.base_block % kPageBlocks != 0 || second.base_block % kPageBlocks != 0) return false;
  if ((first.width_64 & 63) != (second.width_64 & 63)) return false;
  const uint32_t block_bytes = 4u << A::kBlockElementsLog2;
  out.delta_bytes = ((second.base_block % kBlockCount) - (first.base_block % kBlockCount)) * block_bytes;
  out.xor_bytes = (A::kZXor ^ B::kZXor) << 2;
  return true;
}

// Another buffer filled together with a first one (fill_row_pair32), and the value it takes.
struct AlsoFill {
  SameShape shape;
  uint32_t value = 0;
};

// One value at pixels [x0, x0 + n0) of row y and [x1, x1 + n1) of row y + 1 (y even; a count of 0 or less leaves
// its row alone), in the buffer `layout` and in each of `also` (same_shape32). The two rows of a group of 8 pixels
// share one 64-byte column, the even row the first 8 bytes of each 16 and the odd row the others (for an even row
// the group's first pair starts its column, group_column_bytes), so a group both rows cover is the whole column,
// four 16-byte stores; a row's whole group is four 8-byte stores, and a column the rows cover in part is merged
// with memory 16 bytes at a time. `break_rows` (tests only) fills both rows over both rows' pixels.
template <Psm kAddr, size_t kAlso = 0>
void fill_row_pair32(uint8_t* vm, const BufferLayout& layout, uint32_t y, int x0, int n0, int x1, int n1,
                     uint32_t value, bool break_rows = false, const std::array<AlsoFill, kAlso>& also = {}) {
  n0 = std::max(n0, 0), n1 = std::max(n1, 0);
  const int begin = n0 == 0 ? x1 : n1 == 0 ? x0 : std::min(x0, x1);
  const int end = n0 == 0 ? x1 + n1 : n1 == 0 ? x0 + n0 : std::max(x0 + n0, x1 + n1);
  if (begin >= end) return;
  const int first = begin & ~7;
  const int groups = (end - first + 7) / 8;
  constexpr size_t kBuffers = 1 + kAlso;
  __m128i whole[kBuffers];
  std::array<uint64_t, kBuffers> pair;
  for (size_t t = 0; t < kBuffers; t++) {
    const uint32_t v = t == 0 ? value : also[t - 1].value;
    whole[t] = _mm_set1_epi32(static_cast<int>(v));
    pair[t] = v | uint64_t{v} << 32;
  }
  // The group's column in each buffer.
  auto column = [&](uint32_t bytes, size_t t) { return vm + (t == 0 ? bytes : also[t - 1].shape.at(bytes)); };
  // Bit k: lane k of the group at gx lies in [x, x + n).
  auto lanes = [](int gx, int x, int n) -> uint32_t {
    const int lo = std::clamp(x - gx, 0, 8), hi = std::clamp(x + n - gx, 0, 8);
    return ((1u << hi) - 1) & ~((1u << lo) - 1);
  };
  // Groups [full_first, full_end) (pixel x) lie wholly in each row that has pixels.
  const bool both = n0 > 0 && n1 > 0;
  const int aligned_end = first + 8 * groups;
  int full_first = (std::max(n0 > 0 ? x0 : x1, n1 > 0 ? x1 : x0) + 7) & ~7;
  int full_end = std::min(n0 > 0 ? x0 + n0 : x1 + n1, n1 > 0 ? x1 + n1 : x0 + n0) & ~7;
  if (break_rows || full_first >= full_end) full_first = full_end = aligned_end;
  auto edge_groups = [&](int from, int to) {
    if (from >= to) return;
    for_each_group32<kAddr>(layout, y, static_cast<uint32_t>(from), (to - from) / 8, [&](int i, uint32_t bytes) {
      const int gx = from + i;
      uint32_t m0 = lanes(gx, x0, n0), m1 = lanes(gx, x1, n1);
      if (break_rows) m0 = m1 = m0 | m1;
      // Each 16 bytes of the column hold lanes 2k, 2k + 1 of the even row, then of the odd row: merged with what
      // memory holds where a lane is outside its row.
      for (int k = 0; k < 4; k++) {
        const uint32_t chunk = ((m0 >> (2 * k)) & 3) | (((m1 >> (2 * k)) & 3) << 2);
        const __m128i keep = _mm_load_si128(reinterpret_cast<const __m128i*>(kChunkKeep[chunk].data()));
        for (size_t t = 0; t < kBuffers; t++) {
          auto* at = reinterpret_cast<__m128i*>(column(bytes, t)) + k;
          const __m128i old = _mm_loadu_si128(at);
          _mm_storeu_si128(at, _mm_or_si128(_mm_and_si128(old, keep), _mm_andnot_si128(keep, whole[t])));
        }
      }
    });
  };
  edge_groups(first, full_first);
  const int full_groups = (full_end - full_first) / 8;
  if (both) {
    for_each_group32<kAddr>(layout, y, static_cast<uint32_t>(full_first), full_groups, [&](int, uint32_t bytes) {
      for (size_t t = 0; t < kBuffers; t++) {
        auto* at = reinterpret_cast<__m128i*>(column(bytes, t));
        _mm_storeu_si128(at, whole[t]);
        _mm_storeu_si128(at + 1, whole[t]);
        _mm_storeu_si128(at + 2, whole[t]);
        _mm_storeu_si128(at + 3, whole[t]);
      }
    });
  } else {
    const uint32_t row = n0 > 0 ? 0 : 8;
    for_each_group32<kAddr>(layout, y, static_cast<uint32_t>(full_first), full_groups, [&](int, uint32_t bytes) {
      for (size_t t = 0; t < kBuffers; t++) {
        uint8_t* at = column(bytes, t) + row;
        for (int k = 0; k < 4; k++) std::memcpy(at + 16 * k, &pair[t], 8);
      }
    });
  }
  edge_groups(full_end, aligned_end);
}

}  // namespace gcvu::gs::pixel
