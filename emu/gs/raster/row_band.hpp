#pragma once
// Which rows one rasterizer thread draws: rows go in bands of 16, band b to thread b % threads, as PCSX2 splits
// a draw between its rasterizer threads. Every pixel belongs to exactly one thread and each thread draws the
// primitives in order, so the memory a draw leaves does not depend on the thread count (when no two rows share
// memory and the draw does not read what it writes: gs/raster/parallel_draw.hpp decides that).

namespace gcvu::gs {

struct RowBand {
  static constexpr int kRowsLog2 = 4;
  int threads = 1;
  int index = 0;

  bool contains(int y) const { return threads <= 1 || (y >> kRowsLog2) % threads == index; }
};

}  // namespace gcvu::gs
