#pragma once
// The element address of pixel (x, y) of a buffer, per format, as a compile-time description of each format and a
// precomputed in-page offset table per storage arrangement (reference/gs.md §1 "Address formula"):
//
//   addr = (BP·px/block + (pageY·bwPg + pageX)·px/page + blk·px/block + col) XOR zxor,   modulo 4 MiB
//
// An element is what the format addresses: a u32 (32/24-bit and T8H/T4HL/T4HH), a u16, a byte (T8) or a nibble
// (T4). x wraps at 2048 (x beyond the buffer width runs on into the next pages, as on the GS); y is not wrapped
// but the address wraps at 4 MiB. bwPg, the width in pages, is BW >> (log2(page width) - 6): an odd BW is
// truncated for T8/T4, whose pages are 128 pixels wide.
//
// The hot path is PixelAddress<P>::row(y) once per row, then RowAddress::at(x) per pixel: one table load, a shift
// and an add.

#include <array>
#include <cstdint>

#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/memory/psm.hpp"
#include "emu/gs/memory/swizzle_tables.hpp"

namespace gcvu::gs {

// The five storage arrangements (colour and Z share one; Z adds the block XOR).
enum class Swizzle : uint8_t { k32, k16, k16s, k8, k4 };

// Page and block shape of an arrangement, as log2 of pixels.
struct SwizzleShape {
  uint32_t page_width_log2;
  uint32_t page_height_log2;
  uint32_t block_width_log2;
  uint32_t block_height_log2;
  uint32_t element_bits_log2;  // 5 for u32, 4 for u16, 3 for bytes, 2 for nibbles
};

constexpr SwizzleShape swizzle_shape(Swizzle swizzle) {
  switch (swizzle) {
    case Swizzle::k32: return {6, 5, 3, 3, 5};
    case Swizzle::k16:
    case Swizzle::k16s: return {6, 6, 4, 3, 4};
    case Swizzle::k8: return {7, 6, 4, 4, 3};
    case Swizzle::k4: return {7, 7, 5, 4, 2};
  }
  return {6, 5, 3, 3, 5};
}

// The offset, in elements, of each pixel of a page from the page's first element: [y * page width + x].
template <Swizzle kSwizzle>
struct PageOffsetTable {
  static constexpr SwizzleShape kShape = swizzle_shape(kSwizzle);
  static constexpr uint32_t kWidth = 1u << kShape.page_width_log2;
  static constexpr uint32_t kHeight = 1u << kShape.page_height_log2;
  std::array<uint16_t, kWidth * kHeight> offsets{};
};

template <Swizzle kSwizzle>
constexpr uint32_t block_in_page(uint32_t block_row, uint32_t block_column) {
  if constexpr (kSwizzle == Swizzle::k32) return kBlockTable32[block_row][block_column];
  if constexpr (kSwizzle == Swizzle::k16) return kBlockTable16[block_row][block_column];
  if constexpr (kSwizzle == Swizzle::k16s) return kBlockTable16s[block_row][block_column];
  if constexpr (kSwizzle == Swizzle::k8) return kBlockTable8[block_row][block_column];
  if constexpr (kSwizzle == Swizzle::k4) return kBlockTable4[block_row][block_column];
  return 0;
}

template <Swizzle kSwizzle>
constexpr uint32_t element_in_block(uint32_t y, uint32_t x) {
  if constexpr (kSwizzle == Swizzle::k32) return kColumnTable32[y][x];
  if constexpr (kSwizzle == Swizzle::k16 || kSwizzle == Swizzle::k16s) return kColumnTable16[y][x];
  if constexpr (kSwizzle == Swizzle::k8) return kColumnTable8[y][x];
  if constexpr (kSwizzle == Swizzle::k4) return kColumnTable4[y][x];
  return 0;
}

template <Swizzle kSwizzle>
constexpr PageOffsetTable<kSwizzle> make_page_offsets() {
  using Table = PageOffsetTable<kSwizzle>;
  constexpr SwizzleShape shape = Table::kShape;
  constexpr uint32_t block_width = 1u << shape.block_width_log2;
  constexpr uint32_t block_height = 1u << shape.block_height_log2;
  constexpr uint32_t block_elements = block_width * block_height;
  Table table{};
  for (uint32_t y = 0; y < Table::kHeight; ++y) {
    for (uint32_t x = 0; x < Table::kWidth; ++x) {
      uint32_t block = block_in_page<kSwizzle>(y / block_height, x / block_width);
      uint32_t element = element_in_block<kSwizzle>(y % block_height, x % block_width);
      table.offsets[y * Table::kWidth + x] = static_cast<uint16_t>(block * block_elements + element);
    }
  }
  return table;
}

template <Swizzle kSwizzle>
inline constexpr PageOffsetTable<kSwizzle> kPageOffsets = make_page_offsets<kSwizzle>();

// Everything about a format that addressing and storage need, fixed at compile time.
template <Psm kPsm>
struct PsmTraits {
  static constexpr Swizzle kSwizzle = [] {
    switch (kPsm) {
      case Psm::kCt16:
      case Psm::kZ16: return Swizzle::k16;
      case Psm::kCt16s:
      case Psm::kZ16s: return Swizzle::k16s;
      case Psm::kT8: return Swizzle::k8;
      case Psm::kT4: return Swizzle::k4;
      default: return Swizzle::k32;
    }
  }();
  static constexpr bool kZ = kPsm == Psm::kZ32 || kPsm == Psm::kZ24 || kPsm == Psm::kZ16 || kPsm == Psm::kZ16s;
  static constexpr SwizzleShape kShape = swizzle_shape(kSwizzle);
  static constexpr uint32_t kPageWidthLog2 = kShape.page_width_log2;
  static constexpr uint32_t kPageHeightLog2 = kShape.page_height_log2;
  static constexpr uint32_t kPageWidth = 1u << kPageWidthLog2;
  static constexpr uint32_t kPageHeight = 1u << kPageHeightLog2;
  static constexpr uint32_t kBlockWidth = 1u << kShape.block_width_log2;
  static constexpr uint32_t kBlockHeight = 1u << kShape.block_height_log2;
  static constexpr uint32_t kBlockElementsLog2 = kShape.block_width_log2 + kShape.block_height_log2;
  static constexpr uint32_t kPageElementsLog2 = kPageWidthLog2 + kPageHeightLog2;
  // Elements in the 4 MiB memory (a power of two, so wrapping is a mask).
  static constexpr uint32_t kMemoryElementMask = (kLocalMemoryBytes * 8 >> kShape.element_bits_log2) - 1;
  static constexpr uint32_t kZXor = kZ ? kZBlockXor << kBlockElementsLog2 : 0;
  // Bits per pixel in a host<->local transfer (BITBLTBUF formats): 24 for CT24/Z24, 8 for T8H, 4 for T4HL/T4HH.
  static constexpr uint32_t kTransferBits = [] {
    switch (kPsm) {
      case Psm::kCt24:
      case Psm::kZ24: return 24u;
      case Psm::kCt16:
      case Psm::kCt16s:
      case Psm::kZ16:
      case Psm::kZ16s: return 16u;
      case Psm::kT8:
      case Psm::kT8h: return 8u;
      case Psm::kT4:
      case Psm::kT4hl:
      case Psm::kT4hh: return 4u;
      default: return 32u;
    }
  }();
};

// Addresses of one row of a buffer: the row's base plus the in-page offsets of that row.
template <Psm kPsm>
class RowAddress {
 public:
  using Traits = PsmTraits<kPsm>;
  constexpr RowAddress(uint32_t base, uint32_t y)
      : base_(base),
        offsets_(&kPageOffsets<Traits::kSwizzle>.offsets[(y & (Traits::kPageHeight - 1)) << Traits::kPageWidthLog2]) {}

  // The element address of pixel x (x wraps at 2048) of the row.
  constexpr uint32_t at(uint32_t x) const {
    x &= 2047;
    uint32_t page_x = x >> Traits::kPageWidthLog2;
    uint32_t address = base_ + (page_x << Traits::kPageElementsLog2) + offsets_[x & (Traits::kPageWidth - 1)];
    return (address ^ Traits::kZXor) & Traits::kMemoryElementMask;
  }

  // The addresses of pixels x .. x + count - 1 of the row, each as at() gives it shifted left by `shift` (1 or 2
  // turns them into byte addresses). Works a page at a time so the offsets are read in order, which vectorises.
  constexpr void run(uint32_t x, uint32_t count, uint32_t* out, uint32_t shift = 0) const {
    while (count > 0) {
      x &= 2047;
      const uint32_t in_page = x & (Traits::kPageWidth - 1);
      const uint32_t n = count < Traits::kPageWidth - in_page ? count : Traits::kPageWidth - in_page;
      const uint32_t page_base = base_ + ((x >> Traits::kPageWidthLog2) << Traits::kPageElementsLog2);
      const uint16_t* offsets = offsets_ + in_page;
      for (uint32_t i = 0; i < n; i++) {
        out[i] = (((page_base + offsets[i]) ^ Traits::kZXor) & Traits::kMemoryElementMask) << shift;
      }
      out += n, x += n, count -= n;
    }
  }

 private:
  uint32_t base_;
  const uint16_t* offsets_;
};

template <Psm kPsm>
class PixelAddress {
 public:
  using Traits = PsmTraits<kPsm>;
  constexpr PixelAddress(uint32_t base_block, uint32_t width_64)
      : base_((base_block % kBlockCount) << Traits::kBlockElementsLog2),
        width_pages_((width_64 & 63) >> (Traits::kPageWidthLog2 - 6)) {}
  constexpr explicit PixelAddress(const BufferLayout& layout) : PixelAddress(layout.base_block, layout.width_64) {}

  constexpr RowAddress<kPsm> row(uint32_t y) const {
    uint32_t page_row = (y >> Traits::kPageHeightLog2) * width_pages_;
    return RowAddress<kPsm>(base_ + (page_row << Traits::kPageElementsLog2), y);
  }
  constexpr uint32_t operator()(uint32_t x, uint32_t y) const { return row(y).at(x); }

  uint32_t width_pages() const { return width_pages_; }

 private:
  uint32_t base_;         // BP in elements
  uint32_t width_pages_;  // bwPg
};

}  // namespace gcvu::gs
