#include "emu/gs/raster/primitive_bands.hpp"

#include <algorithm>
#include <cmath>

namespace gcvu::gs {

void primitive_bands(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices, int per_primitive,
                     int top, int bottom, std::vector<BandRange>& out) {
  const size_t n = size_t(per_primitive);
  const size_t count = indices.size() / n;
  out.resize(count);
  for (size_t p = 0; p < count; ++p) {
    float low = vertices[indices[p * n]].y, high = low;
    for (size_t k = 1; k < n; ++k) {
      const float y = vertices[indices[p * n + k]].y;
      low = std::min(low, y), high = std::max(high, y);
    }
    // Vertex y lies within +-4096 (12.4 fixed point less the offset), so the conversions cannot overflow.
    const int first_row = std::max(int(std::floor(low)), top);
    const int last_row = std::min(int(std::ceil(high)), bottom - 1);
    out[p] = last_row < first_row ? BandRange{}
                                  : BandRange{first_row >> RowBand::kRowsLog2, last_row >> RowBand::kRowsLog2};
  }
}

void primitives_reaching(std::span<const uint32_t> indices, int per_primitive, std::span<const BandRange> bands,
                         size_t first, size_t end, const RowBand& band, std::vector<uint32_t>& out) {
  const size_t n = size_t(per_primitive);
  for (size_t p = first; p < end; ++p) {
    if (!bands[p].reaches(band)) continue;
    out.insert(out.end(), indices.begin() + ptrdiff_t(p * n), indices.begin() + ptrdiff_t((p + 1) * n));
  }
}

}  // namespace gcvu::gs
