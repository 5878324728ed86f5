#pragma once
// Scan conversion of points, lines, triangles and sprites as PCSX2's software rasterizer does it
// (SW/GSRasterizer.cpp; reference/gs.md §2): which pixels each primitive covers and the attributes at the start of
// each covered run. Float and double arithmetic follows PCSX2's operation order; where PCSX2's build (FMA,
// -ffp-contract=fast) fuses a multiply-add, std::fma reproduces it (each place is marked "fused").

#include <cstdint>
#include <span>

#include "emu/gs/raster/raster_vertex.hpp"
#include "emu/gs/raster/row_band.hpp"
#include "emu/gs/raster/scanline_sink.hpp"

namespace gcvu::gs {

class Rasterizer {
 public:
  // `scissor` is SCISSOR as a half-open pixel rectangle; `scanmsk` SCANMSK.MSK (2/3 skip even/odd rows);
  // `z_format` 0 (32-bit), 1 (24) or 2 (16): lines clamp Z to 0xFFFFFFFF for 32-bit, else 0xFFFFFF.
  // Only rows of `band` reach the sink.
  Rasterizer(const PixelRect& scissor, uint32_t scanmsk, uint32_t z_format, ScanlineSink& sink,
             RowBand band = RowBand{});

  void draw_points(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices);
  void draw_lines(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices);
  void draw_triangles(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices);
  void draw_sprites(std::span<const RasterVertex> vertices, std::span<const uint32_t> indices);

 private:
  // Cloned for FMA (rasterizer.cpp says why); the attribute must be on the first declaration.
  [[gnu::target_clones("fma", "default")]] void draw_triangle(const RasterVertex* vertices, const uint32_t* index);
  [[gnu::target_clones("fma", "default")]] void draw_triangle_rows(int top, int bottom, const RasterVertex& edge,
                                                                   const RasterVertex& dedge, const RasterVertex& dscan,
                                                                   float x0, float y0);
  [[gnu::target_clones("fma", "default")]] void draw_sprite(const RasterVertex* vertices, const uint32_t* index);
  [[gnu::target_clones("fma", "default")]] void draw_line(const RasterVertex* vertices, const uint32_t* index);
  // SCANMSK skips the row, or another thread draws it.
  bool row_masked(int y) const { return scan_masked(y) || !band_.contains(y); }
  bool scan_masked(int y) const { return (scanmsk_ & 2) != 0 && uint32_t(y & 1) == (scanmsk_ & 1); }

  PixelRect scissor_;
  uint32_t scanmsk_;
  double line_z_limit_;
  ScanlineSink& sink_;
  RowBand band_;
};

}  // namespace gcvu::gs
