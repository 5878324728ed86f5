#pragma once
// Where the rasterizer sends its output, one call per primitive and one per scanline, as PCSX2's rasterizer calls
// its SetupPrim and DrawScanline: the span stepper (gs/raster/span_stepper.hpp) turns them into Spans for the
// pixel pipeline; tests record them.

#include <cstdint>

#include "emu/gs/raster/raster_vertex.hpp"

namespace gcvu::gs {

class ScanlineSink {
 public:
  virtual ~ScanlineSink() = default;
  // A primitive starts: its vertices (`index` in primitive order), and the attribute gradient along x.
  virtual void setup_primitive(const RasterVertex* vertices, const uint32_t* index, const RasterVertex& dscan) = 0;
  // Pixels [left, left + pixels) of row `y`; `scan` holds the attributes at pixel `left`.
  virtual void scanline(int pixels, int left, int y, const RasterVertex& scan) = 0;

  // Rows of the current primitive that lie in one aligned 8-row block row (the Z buffer's 8x8 blocks): the
  // rasterizer may gather them and ask whether drawing them could change anything before it hands them over.
  struct GatheredRow {
    int y;
    int left;
    int pixels;
    RasterVertex scan;
  };
  // Whether the sink takes the gathered rows of a triangle in one call (scanlines); the rasterizer gathers them then.
  virtual bool takes_row_batches() const { return false; }
  // Rows of the current primitive in one aligned 8-row block, in order (at most 8): the same as a scanline call each.
  virtual void scanlines(const GatheredRow* rows, int count) {
    for (int i = 0; i < count; ++i) scanline(rows[i].pixels, rows[i].left, rows[i].y, rows[i].scan);
  }
  // Whether rows_change_nothing can ever say yes in this draw (the rasterizer gathers rows only then).
  virtual bool skips_rows() const { return false; }
  // True only when every pixel of the rows would fail the draw's tests: then the rasterizer drops them.
  virtual bool rows_change_nothing(const GatheredRow* rows, int count) {
    (void)rows, (void)count;
    return false;
  }
};

// Pixel rectangle, right/bottom exclusive.
struct PixelRect {
  int left = 0;
  int top = 0;
  int right = 0;
  int bottom = 0;
};

}  // namespace gcvu::gs
