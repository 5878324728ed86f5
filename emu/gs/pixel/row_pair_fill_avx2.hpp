#pragma once
// fill_row_pair32 (row_store32.hpp) for CPUs with AVX2 and buffers that start on a page (FRAME and ZBUF buffers do):
// a group both rows cover is its 64-byte column in two 32-byte stores, and a column they cover in part is blended
// with memory under a lane mask made by comparing its words' x with each row's bounds, where the portable fill
// builds a 16-byte mask per quarter column from a table. Each buffer takes its group's column from its own page
// table (kGroupColumnBytes), so a second buffer costs no per-group address arithmetic.

#include <array>
#include <cstdint>

namespace gcvu::gs::pixel {

// A buffer in a 32-bit arrangement whose base is a page, and the one value a row pair fill stores in it.
struct PairBuffer {
  uint32_t base_elements = 0;                        // the base block's first element, modulo the memory
  const std::array<uint16_t, 8>* columns = nullptr;  // kGroupColumnBytes of its arrangement, 32 rows
  uint32_t value = 0;
};

// As fill_row_pair32 with every buffer page-aligned and `width_pages` wide: pixels [x0, x0 + n0) of row y (even)
// and [x1, x1 + n1) of row y + 1 (a count of 0 or less leaves its row alone) of each of `count` (1 or 2) buffers
// get its value. `break_rows` (tests only) fills both rows over both rows' pixels, as fill_row_pair32's does.
// Needs AVX2 (gcvu::cpu_has_avx2).
void fill_row_pair32_avx2(uint8_t* vm, uint32_t width_pages, uint32_t y, int x0, int n0, int x1, int n1,
                          const PairBuffer* buffers, int count, bool break_rows);

}  // namespace gcvu::gs::pixel
