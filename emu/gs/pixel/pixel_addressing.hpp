#pragma once
// Swizzled addresses of frame, Z and texture pixels for the pixel pipeline (reference/gs.md §1 "Address
// formula"). The block and column tables of the GS manual are written here as the bit formulas they follow
// (checked entry by entry against the tables while writing them). A frame/Z address splits into a part that
// depends only on x and one that depends on y and the buffer, so a span looks up the x part in a fixed table and
// adds the row part once.
//
// Stand-in until gs/memory/pixel_address.hpp (branch gs-memory) lands: the integrator can swap the callers over.

#include <array>
#include <cstdint>

namespace gcvu::gs::pixel {

enum class AddrFamily : uint8_t { k32, k16, k16s, k8, k4 };

struct FamilyGeometry {
  int page_w_log2, page_h_log2;  // page size in pixels
  int block_w_log2, block_h_log2;
  int per_block_log2;  // elements per block (64, 128, 256, 512)
};

constexpr FamilyGeometry geometry(AddrFamily f) {
  switch (f) {
    case AddrFamily::k32: return {6, 5, 3, 3, 6};
    case AddrFamily::k16:
    case AddrFamily::k16s: return {6, 6, 4, 3, 7};
    case AddrFamily::k8: return {7, 6, 4, 4, 8};
    case AddrFamily::k4: return {7, 7, 5, 4, 9};
  }
  return {6, 5, 3, 3, 6};
}

// Block number inside a page from the block column bx and block row by.
constexpr uint32_t block_x_part(AddrFamily f, uint32_t bx) {
  switch (f) {
    case AddrFamily::k32:
    case AddrFamily::k8: return (bx & 1) | ((bx & 2) << 1) | ((bx & 4) << 2);  // 1, 4, 16
    case AddrFamily::k16:
    case AddrFamily::k4: return ((bx & 1) << 1) | ((bx & 2) << 2);    // 2, 8
    case AddrFamily::k16s: return ((bx & 1) << 1) | ((bx & 2) << 3);  // 2, 16
  }
  return 0;
}
constexpr uint32_t block_y_part(AddrFamily f, uint32_t by) {
  switch (f) {
    case AddrFamily::k32:
    case AddrFamily::k8: return ((by & 1) << 1) | ((by & 2) << 2);  // 2, 8
    case AddrFamily::k16:
    case AddrFamily::k4: return (by & 1) | ((by & 2) << 1) | ((by & 4) << 2);  // 1, 4, 16
    case AddrFamily::k16s: return (by & 1) | ((by & 2) << 2) | (by & 4);       // 1, 8, 4
  }
  return 0;
}
// The Z formats XOR the final address with block 0x18 (PCSX2 m_pixelAddressXor), after the base is added.
constexpr uint32_t zxor_elements(AddrFamily f) { return 0x18u << geometry(f).per_block_log2; }

// Element offset inside a block.
constexpr uint32_t column_offset(AddrFamily f, uint32_t x, uint32_t y) {
  switch (f) {
    case AddrFamily::k32: return (x & 1) + ((x >> 1) & 3) * 4 + (y & 1) * 2 + ((y >> 1) & 3) * 16;
    case AddrFamily::k16:
    case AddrFamily::k16s: return (x & 1) * 2 + ((x >> 1) & 3) * 8 + ((x >> 3) & 1) + (y & 1) * 4 + ((y >> 1) & 3) * 32;
    case AddrFamily::k8: {
      uint32_t col = (y >> 2) & 3, cy = y & 3, swap = (cy >> 1) ^ (col & 1);
      return col * 64 + (x & 1) * 4 + ((((x >> 1) & 3) ^ (swap << 1)) * 16) + ((x >> 3) & 1) * 2 + (cy & 1) * 8 +
             (cy >> 1);
    }
    case AddrFamily::k4: {
      uint32_t col = (y >> 2) & 3, cy = y & 3, swap = (cy >> 1) ^ (col & 1);
      return col * 128 + (x & 1) * 8 + ((((x >> 1) & 3) ^ (swap << 1)) * 32) + ((x >> 3) & 3) * 2 + (cy & 1) * 16 +
             (cy >> 1);
    }
  }
  return 0;
}

// Element index (unwrapped) of pixel (x, y) in a buffer at block `bp`, `bw` 64-pixel units wide.
constexpr uint32_t element_index(AddrFamily f, bool z, uint32_t bp, uint32_t bw, uint32_t x, uint32_t y) {
  FamilyGeometry g = geometry(f);
  uint32_t bw_pages = (f == AddrFamily::k8 || f == AddrFamily::k4) ? (bw >> 1) : bw;
  uint32_t page = (y >> g.page_h_log2) * bw_pages + (x >> g.page_w_log2);
  uint32_t bx = (x >> g.block_w_log2) & ((1u << (g.page_w_log2 - g.block_w_log2)) - 1);
  uint32_t by = (y >> g.block_h_log2) & ((1u << (g.page_h_log2 - g.block_h_log2)) - 1);
  uint32_t blk = block_x_part(f, bx) | block_y_part(f, by);
  uint32_t cx = x & ((1u << g.block_w_log2) - 1), cy = y & ((1u << g.block_h_log2) - 1);
  uint32_t e = ((bp + page * 32 + blk) << g.per_block_log2) + column_offset(f, cx, cy);
  return z ? e ^ zxor_elements(f) : e;
}

// Frame/Z addressing of one buffer for a draw: byte address = ((row(y) + x_table[x & 2047]) ^ zxor) * size,
// wrapped.
class BufferAddresser {
 public:
  BufferAddresser() = default;
  BufferAddresser(AddrFamily f, bool z, uint32_t bp, uint32_t bw);
  uint32_t row(uint32_t y) const {
    FamilyGeometry g = geometry(family_);
    uint32_t by = (y >> g.block_h_log2) & ((1u << (g.page_h_log2 - g.block_h_log2)) - 1);
    uint32_t blk = block_y_part(family_, by);
    uint32_t cy = y & ((1u << g.block_h_log2) - 1);
    return ((bp_ + (y >> g.page_h_log2) * bw_ * 32 + blk) << g.per_block_log2) + column_offset(family_, 0, cy);
  }
  const uint32_t* x_table() const { return x_table_; }
  uint32_t zxor() const { return z_ ? zxor_elements(family_) : 0; }

 private:
  AddrFamily family_ = AddrFamily::k32;
  bool z_ = false;
  uint32_t bp_ = 0, bw_ = 0;
  const uint32_t* x_table_ = nullptr;
};

}  // namespace gcvu::gs::pixel
