#pragma once
// How many rasterizer threads a draw may use without its output depending on them. Threads split rows
// (gs/raster/row_band.hpp), which is only invisible when no two rows of the draw touch the same memory and the
// draw reads no texel it may write; otherwise, or when the draw is too small to repay starting threads, it runs
// on one.

#include <span>

#include "emu/gs/gs_config.hpp"
#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/pixel/pixel_pipeline.hpp"
#include "emu/gs/raster/raster_vertex.hpp"
#include "emu/gs/raster/scanline_sink.hpp"

namespace gcvu::gs {

int parallel_draw_threads(const DrawState& state, const RasterInputs& inputs, const PixelRect& scissor,
                          std::span<const RasterVertex> vertices, const GsConfig& config);

}  // namespace gcvu::gs
