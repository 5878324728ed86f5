#pragma once
// From latched GS vertices to rasterizer vertices, as PCSX2 GSRendererSW::ConvertVertexBuffer converts them
// (reference/gs.md §2 "Coordinates", "Textures coordinates").

#include <cstdint>
#include <span>
#include <vector>

#include "emu/gs/primitive/gs_vertex.hpp"
#include "emu/gs/raster/raster_vertex.hpp"

namespace gcvu::gs {

struct VertexConversion {
  bool sprite = false;
  bool texture = false;
  bool fst = false;
  // STQ with S/Q and T/Q done per vertex (Q constant over the draw, or sprites; no mipmapping).
  bool divide_per_vertex = false;
  bool half_texel_offset = false;  // bilinear on the u, v path: half a texel off s and t
  uint32_t tw = 0;
  uint32_t th = 0;
  int32_t offset_x = 0;  // XYOFFSET, 12.4
  int32_t offset_y = 0;
  uint32_t z_max = 0xffffffffu;  // the Z format's largest value
};

void convert_vertices(std::span<const GsVertex> in, const VertexConversion& conversion, std::vector<RasterVertex>& out);

}  // namespace gcvu::gs
