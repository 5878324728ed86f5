// RowZBound::rows_bound (one pass over a block row's gathered rows) gives the largest of the rows' row_bound, the
// per-row reference. A cross-check between two gcvu paths, not proof against PCSX2 (SkipHiddenWork checks that
// skipping by the bound leaves memory as drawing everything does): seeded random rows with Z around 0, 2^24, 2^31
// and 2^32, negative and NaN, steps of both signs, with and without a clamp, and each Z conversion.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "emu/gs/raster/row_z_bound.hpp"

namespace gcvu::gs {
namespace {

class RandomRows {
 public:
  explicit RandomRows(uint32_t seed) : rng_(seed) {}
  uint32_t below(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  double z() {
    const double centres[] = {0.0, 16777215.0, 16777216.0, 2147483647.0, 2147483648.0, 4294967295.0, 5000.0};
    switch (below(8)) {
      case 0: return std::numeric_limits<double>::quiet_NaN();
      case 1: return -double(below(1000));
      case 2: return centres[below(7)] + double(below(64)) - 32.0 + double(below(1024)) / 1024.0;
      default: return 1000000.0 + double(below(100000)) + double(below(1024)) / 1024.0;
    }
  }
  double z_dx() {
    switch (below(4)) {
      case 0: return 0.0;
      case 1: return (double(below(2000)) - 1000.0) / 64.0;
      case 2: return (double(below(2000)) - 1000.0) * 4096.0;
      default: return (double(below(2000)) - 1000.0) / 8192.0;
    }
  }
  RowZBound bound() {
    RowZBound b;
    const uint32_t conversion = below(8);
    b.sprite = conversion == 0;
    b.z_overflow = conversion == 1;
    b.z_equal = conversion == 2;
    b.sprite_z = static_cast<uint32_t>(rng_());
    b.z_max = below(2) == 0 ? 0xffffffffu : below(3) == 0 ? 0xffffu : 0xffffffu;
    b.z_dx = z_dx();
    return b;
  }
  // Rows for bound b: no NaN Z where Z converts per row (z_equal converts it unchecked, as fill_z does).
  std::vector<ScanlineSink::GatheredRow> rows(const RowZBound& b) {
    std::vector<ScanlineSink::GatheredRow> rows(1 + below(8));
    auto z_for = [&] {
      const double value = z();
      return b.z_equal && std::isnan(value) ? 0.0 : value;
    };
    const double base = z_for();
    for (size_t i = 0; i < rows.size(); ++i) {
      rows[i].y = int(i);
      rows[i].left = int(below(64));
      rows[i].pixels = 1 + int(below(96));
      rows[i].scan.z = below(4) == 0 ? z_for() : base + double(below(256)) * 3.5;
    }
    return rows;
  }

 private:
  std::mt19937 rng_;
};

uint32_t largest_row_bound(const RowZBound& b, const std::vector<ScanlineSink::GatheredRow>& rows) {
  uint32_t bound = 0;
  for (const auto& r : rows) bound = std::max(bound, b.row_bound(r.pixels, r.scan.z));
  return bound;
}

TEST(RowZBound, RowsBoundIsTheLargestRowBound) {
  RandomRows random(21);
  for (int i = 0; i < 200000; ++i) {
    const RowZBound b = random.bound();
    const auto rows = random.rows(b);
    ASSERT_EQ(b.rows_bound(rows.data(), int(rows.size())), largest_row_bound(b, rows)) << "case " << i;
  }
}

// The check can fail: a bound from the first row alone (a plausible slip in a one-pass version) is caught.
TEST(RowZBound, TheCheckCatchesABoundFromTheFirstRowAlone) {
  RandomRows random(21);
  int caught = 0;
  for (int i = 0; i < 20000; ++i) {
    const RowZBound b = random.bound();
    const auto rows = random.rows(b);
    if (b.row_bound(rows[0].pixels, rows[0].scan.z) != largest_row_bound(b, rows)) ++caught;
  }
  EXPECT_GT(caught, 1000);
}

}  // namespace
}  // namespace gcvu::gs
