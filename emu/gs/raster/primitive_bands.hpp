#pragma once
// Which 16-row bands (gs/raster/row_band.hpp) each triangle or sprite of a batch can draw rows in, so a thread
// drawing one set of bands sets up only the primitives that reach them: the others would cost their set-up in every
// set and draw nothing there. The range is conservative (from the floor of the top vertex to the ceiling of the
// bottom one, within the scissor's rows); the rasterizer draws rows from the ceiling of the top to before the
// ceiling of the bottom, so a primitive left out would draw nothing in those bands.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "emu/gs/raster/raster_vertex.hpp"
#include "emu/gs/raster/row_band.hpp"

namespace gcvu::gs {

struct BandRange {
  int first = 0;
  int last = -1;  // before first: the primitive draws no row

  // Whether any band of the range belongs to `band`'s set.
  bool reaches(const RowBand& band) const {
    const int count = last - first + 1;
    if (count <= 0) return false;
    if (band.threads <= 1 || count >= band.threads) return true;
    return (band.index - first % band.threads + band.threads) % band.threads < count;
  }
};

// The bands of each primitive of `indices` (`per_primitive` vertices each: 3 for triangles, 2 for sprites, whose rows
// span the vertices' y), for rows in [top, bottom).
void primitive_bands(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices, int per_primitive,
                     int top, int bottom, std::vector<BandRange>& out);

// Appends to `out` the indices of primitives [first, end) whose bands reach `band`'s set, in order.
void primitives_reaching(std::span<const uint32_t> indices, int per_primitive, std::span<const BandRange> bands,
                         size_t first, size_t end, const RowBand& band, std::vector<uint32_t>& out);

}  // namespace gcvu::gs
