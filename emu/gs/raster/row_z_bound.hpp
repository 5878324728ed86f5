#pragma once
// An upper bound on the Z a primitive's rows write, for the skip of rows whose every pixel fails the Z test
// (SpanStepper::rows_change_nothing): at least the largest Z the span stepper's fill_z gives any pixel of the rows,
// or all ones where its conversion is not monotonic (negative or >= 2^31: cvttpd2dq's 0x80000000 and negative
// results).

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "emu/gs/raster/scanline_sink.hpp"

namespace gcvu::gs {

// What the bound depends on: the draw's Z conversion and the primitive's Z.
struct RowZBound {
  bool sprite = false;      // sprites write one Z
  bool z_overflow = false;  // PCSX2 sel.zoverflow: Z past 2^31 converts through a bias, not monotonic here
  bool z_equal = false;     // PCSX2 sel.zequal: each row writes its start's Z truncated
  uint32_t sprite_z = 0;
  uint32_t z_max = 0xffffffffu;  // the clamp (all ones without one)
  double z_dx = 0.0;             // Z per pixel along a row

  // One row of `pixels` pixels whose first pixel's Z is `z`. The reference for rows_bound.
  uint32_t row_bound(int pixels, double z) const {
    if (sprite) return sprite_z;
    if (z_overflow) return 0xffffffffu;
    if (z_equal) return std::min(uint32_t(int64_t(z)), z_max);
    const Ends ends = widened_ends(pixels, z);
    if (!ends.monotonic()) return 0xffffffffu;
    return std::min(uint32_t(ends.hi), z_max);
  }

  // The largest row_bound of `count` gathered rows, in one pass: with every row in range, the truncation to
  // uint32_t and the minimum with z_max keep the order of the rows' upper ends, so the largest end decides; a row
  // out of range makes it all ones, as its own bound is.
  uint32_t rows_bound(const ScanlineSink::GatheredRow* rows, int count) const {
    if (sprite || z_overflow || z_equal) {
      uint32_t bound = 0;
      for (int i = 0; i < count; ++i) bound = std::max(bound, row_bound(rows[i].pixels, rows[i].scan.z));
      return bound;
    }
    double highest = 0.0;  // every row in range has hi >= lo >= 0, and no rows give 0 as the reference does
    bool in_range = true;
    for (int i = 0; i < count; ++i) {
      const Ends ends = widened_ends(rows[i].pixels, rows[i].scan.z);
      in_range &= ends.monotonic();
      highest = std::max(highest, ends.hi);
    }
    if (!in_range) return 0xffffffffu;
    return std::min(uint32_t(highest), z_max);
  }

 private:
  // A row's lowest and highest Z, widened by a margin.
  struct Ends {
    double lo, hi;
    // Within the range where the conversion to Z keeps the order (and not NaN).
    bool monotonic() const { return lo >= 0.0 && hi < 2147483647.0; }
  };
  // Z is affine along the row; the lanes add float products (off by ~2^-23 of a lane's offset) and the groups
  // double steps, so the ends bound it up to a margin far above both errors.
  Ends widened_ends(int pixels, double z) const {
    const double end = z + z_dx * double(pixels - 1);
    const double margin = 2.0 + std::abs(z_dx) * 1e-4;
    return {std::min(z, end) - margin, std::max(z, end) + margin};
  }
};

}  // namespace gcvu::gs
