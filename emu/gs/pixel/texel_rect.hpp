#pragma once

#include <cstdint>

namespace gcvu::gs::pixel {

// Texels [left, right) x [top, bottom).
struct TexelRect {
  int32_t left = 0, top = 0, right = 0, bottom = 0;
};

}  // namespace gcvu::gs::pixel
