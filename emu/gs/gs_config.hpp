#pragma once
// Choices where PCSX2's software renderer depends on its build or settings (reference/gs.md §0).

#include <cstdint>

namespace gcvu::gs {

struct GsConfig {
  // Pixels per attribute step in a span: 8 as PCSX2's AVX2 build (the golden corpus's build), 4 as its SSE4
  // build. Gouraud colour, fog and FST/sprite UV stepping round differently between the two.
  int lane_width = 8;
  // PCSX2's Mipmap setting: when false no draw mipmaps.
  bool mipmap = true;
  // Rasterizer threads over interleaved 16-row bands; the output does not depend on it.
  int threads = 1;
};

}  // namespace gcvu::gs
