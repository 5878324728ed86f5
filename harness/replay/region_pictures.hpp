#pragma once
// Pictures of the differing region of one buffer (mismatch_locator.hpp makes them, the regress report shows them).

#include <cstdint>
#include <string>
#include <vector>

namespace gcvu::harness {

// The differing region of the first differing byte's buffer, decoded and enlarged: colour as RGB, alpha as grey
// when only alpha differs, Z as false colour, texture indices as grey; and a difference picture.
struct RegionPictures {
  std::string caption;  // buffer, format, region and the last writer of the first differing byte
  uint32_t x0 = 0, y0 = 0, width = 0, height = 0, scale = 1;
  std::vector<uint8_t> reference_png, ours_png, diff_png;
};

}  // namespace gcvu::harness
