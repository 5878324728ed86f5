#pragma once
// A ScanlineSink that records what the rasterizer emits, for tests that check coverage without the pixel stage.

#include <set>
#include <utility>
#include <vector>

#include "emu/gs/raster/scanline_sink.hpp"

namespace gcvu::gs::test {

struct RecordedScanline {
  int pixels;
  int left;
  int y;
  RasterVertex scan;
};

class RecordingSink final : public ScanlineSink {
 public:
  void setup_primitive(const RasterVertex*, const uint32_t*, const RasterVertex& dscan) override {
    ++primitives;
    last_dscan = dscan;
  }
  void scanline(int pixels, int left, int y, const RasterVertex& scan) override {
    scanlines.push_back({pixels, left, y, scan});
  }
  // Covered pixels as (x, y).
  std::set<std::pair<int, int>> pixels() const {
    std::set<std::pair<int, int>> out;
    for (const auto& s : scanlines)
      for (int x = s.left; x < s.left + s.pixels; ++x) out.insert({x, s.y});
    return out;
  }

  int primitives = 0;
  RasterVertex last_dscan;
  std::vector<RecordedScanline> scanlines;
};

inline RasterVertex at(float x, float y) {
  RasterVertex v;
  v.x = x;
  v.y = y;
  return v;
}

}  // namespace gcvu::gs::test
