#pragma once
// Which rows one set of bands holds: rows go in bands of 16, band b to set b % threads (`threads` counts the sets).
// Under GsConfig::RowSplit::kFixed set t is thread t's for the whole draw, as PCSX2 splits a draw between its
// rasterizer threads; under kClaimed there is one set more than threads and threads take sets' runs of primitives
// as they free up (gs/raster/band_claims.hpp). Every pixel belongs to exactly one set and each set's primitives are
// drawn in order, so the memory a draw leaves does not depend on the thread count (when no two rows share memory
// and the draw does not read what it writes: gs/raster/parallel_draw.hpp decides that).

namespace gcvu::gs {

struct RowBand {
  static constexpr int kRowsLog2 = 4;
  int threads = 1;
  int index = 0;

  bool contains(int y) const { return threads <= 1 || (y >> kRowsLog2) % threads == index; }
  // The first row >= y the band contains, for y >= 0 (rows come from within the scissor); a row loop walks
  // first_row, row_after, ... instead of dividing for every row it tests.
  int first_row(int y) const {
    if (threads <= 1) return y;
    const int band = y >> kRowsLog2;
    const int ahead = (index - band % threads + threads) % threads;
    return ahead == 0 ? y : (band + ahead) << kRowsLog2;
  }
  // The band's next row after y, a row it contains.
  int row_after(int y) const {
    ++y;
    if (threads > 1 && (y & ((1 << kRowsLog2) - 1)) == 0) y += (threads - 1) << kRowsLog2;
    return y;
  }
};

}  // namespace gcvu::gs
