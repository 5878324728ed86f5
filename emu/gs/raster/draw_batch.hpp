#pragma once
// One flushed batch, drawn: PCSX2's per-draw decisions (vertex trace, solid-sprite fast path, Z conversion
// flags, which attributes to interpolate), vertex conversion, scan conversion and the pixel pipeline
// (PCSX2 GSRendererSW::Draw and GetScanlineGlobalData, the parts that decide coverage and attributes).

#include <cstdint>
#include <span>
#include <vector>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/gs_config.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/pixel/resident_textures.hpp"
#include "emu/gs/primitive/gs_vertex.hpp"
#include "emu/gs/raster/primitive_bands.hpp"
#include "emu/gs/raster/raster_vertex.hpp"
#include "emu/gs/raster/raster_workers.hpp"

namespace gcvu::gs {

struct BatchResult {
  uint64_t primitives = 0;
  uint64_t pixels = 0;
};

// What draws reuse: buffers, and the threads (with their pixel workspaces) draws are split over.
struct DrawScratch {
  RasterWorkers workers;
  std::vector<RasterVertex> vertices;
  std::vector<GsVertex> rounded_vertices;    // the texel coordinate rounding's output
  std::vector<GsVertex> rewritten_vertices;  // the ST overflow rewrite's output
  std::vector<uint32_t> rewritten_indices;
  std::vector<uint32_t> reversed_indices;  // primitives last to first (PixelPipeline::draw_last_to_first)
  std::vector<BandRange> primitive_bands;                // each primitive's bands, for a split draw's claimed runs
  std::vector<std::vector<uint32_t>> thread_indices;  // each thread's run, primitives that reach its bands
};

// `state.summary` is filled here from the vertices. With `resident`, textures are sampled as PCSX2's software
// renderer keeps them decoded between draws, and the pages the draw writes are invalidated there afterwards.
BatchResult draw_batch(DrawState state, std::span<const GsVertex> vertices, std::span<const uint32_t> indices,
                       LocalMemory& memory, const Clut& clut, const GsConfig& config, DrawScratch& scratch,
                       pixel::ResidentTextures* resident = nullptr);

}  // namespace gcvu::gs
