#pragma once
// The per-pixel stage: Z test, texture sampling, TFX, alpha test, fog, DATE, masks, blending, dithering and the
// frame/Z writes (reference/gs.md §3, in that order). A pipeline is chosen once per draw from its DrawState: the
// state key (gs/pixel/pixel_state_key.hpp) selects a specialised span function, so no per-pixel code branches on
// register state.

#include <array>
#include <cstdint>
#include <memory>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/gs_config.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/pixel/resident_textures.hpp"
#include "emu/gs/pixel/span.hpp"
#include "emu/gs/pixel/span_rows.hpp"

namespace gcvu::gs {

struct RasterInputs {
  bool z = false;
  bool color = false;
  bool fog = false;
  bool texture = false;
  // STQ draws: true when s, t, q are interpolated per pixel; false when PCSX2 divides S/Q per vertex and uses the
  // u, v path (Q constant or sprite, without mipmapping).
  bool perspective = false;
  // Bilinear draws on the u, v path: PCSX2 subtracts half a texel (0x8000 in 16.16) from the vertex coordinates
  // before interpolating.
  bool half_texel_offset = false;
  int mip_levels = 0;  // > 0: the pipeline computes LOD from q, so q is needed even on the u, v path
};

// The working memory of the pipelines one thread runs: per-span arrays and the texture cache. A pipeline uses it
// only from its own thread; pipelines that take turns on one thread may share it.
class PixelWorkspace {
 public:
  PixelWorkspace();
  ~PixelWorkspace();
  PixelWorkspace(const PixelWorkspace&) = delete;
  PixelWorkspace& operator=(const PixelWorkspace&) = delete;

  struct Parts;  // defined in pixel_pipeline.cpp
  Parts& parts() { return *parts_; }

 private:
  std::unique_ptr<Parts> parts_;
};

class PixelPipeline {
 public:
  // `config.mipmap` is PCSX2's Mipmap setting (false: no draw mipmaps). With `resident`, a draw without mipmaps
  // samples its texture as PCSX2's software renderer keeps it decoded between draws (the draw's coverage is
  // decoded into it here); without, straight from memory. Without a workspace the pipeline makes its own.
  PixelPipeline(const DrawState& state, LocalMemory& memory, const Clut& clut, const GsConfig& config = GsConfig{},
                pixel::ResidentTextures* resident = nullptr);
  PixelPipeline(const DrawState& state, LocalMemory& memory, const Clut& clut, const GsConfig& config,
                pixel::ResidentTextures* resident, PixelWorkspace& workspace);
  ~PixelPipeline();
  PixelPipeline(const PixelPipeline&) = delete;
  PixelPipeline& operator=(const PixelPipeline&) = delete;

  // True when the draw cannot change memory (ZTST NEVER, DATE on a 24-bit frame, everything masked...): the
  // rasterizer may skip it.
  bool draws_nothing() const;
  // What the rasterizer must provide in each span, decided per draw as PCSX2 decides it
  // (GSRendererSW::GetScanlineGlobalData); the rasterizer interpolates only these.
  const RasterInputs& inputs() const;

  // Samples the resident texture `primary` prepared (a second pipeline of the same draw, on another thread).
  void share_resident_texture(const PixelPipeline& primary);
  // Whether the draw writes the frame / the Z buffer (what it invalidates in the resident textures).
  bool writes_frame() const;
  bool writes_z() const;

  // The caller vouches that during the draw nothing but its own Z writes changes the Z buffer and that its Z fits
  // the format, so stored Z only rises under a GEQUAL/GREATER test: the Z test may then reject whole groups by
  // block bounds (gs/pixel/depth_bounds.hpp). No effect on other draws.
  void allow_depth_bounds();

  // The caller vouches that the draw's frame writes cannot land in its Z buffer (raster/buffer_pages.hpp
  // frame_and_z_apart): a draw that writes Z may then take the fused pass (gs/pixel/fused_groups.hpp), which
  // writes group by group. Same bytes either way; no effect on a draw that cannot take it.
  void vouch_frame_and_z_apart();
  // Whether the draw's whole groups go through the fused pass (for the cross-check's coverage).
  bool takes_fused_groups() const;

  // True when each pixel the draw writes takes a value of its primitive's alone (no test, blend, mask or read of
  // the destination): the last primitive to cover a pixel decides it.
  bool last_write_wins() const;
  // For such a draw, when the caller hands the spans over primitive by primitive from the last to the first and
  // its frame and Z buffers share no memory: writes only pixels of the rectangle (the scissor) no span before
  // wrote, so memory ends as drawing first to last would leave it.
  void draw_last_to_first(int left, int top, int right, int bottom);

  // Whether region_changes_nothing can say yes in this draw: block bounds allowed with a Z test that can use them,
  // or the draw runs last to first.
  bool skips_regions() const;
  // True only when drawing any pixel of [left, right) x [top, bottom) with Z at most z_upper would leave memory as
  // it is: by the block bounds every such pixel fails the Z test, or later primitives covered them all. The
  // rasterizer may then drop those pixels.
  bool region_changes_nothing(int left, int top, int right, int bottom, uint32_t z_upper);

  // The caller will call finish() after the draw's last span: until then the pipeline may hold back an even row
  // of a solid draw (one colour and Z) to fill it together with the row below (GsConfig::pair_solid_rows). Call it
  // after vouch_frame_and_z_apart and draw_last_to_first (a draw running last to first does not hold rows).
  void hold_rows_for_pairs();
  void draw_span(const Span& span);
  // The same on a span the caller drops afterwards, completed in place: copying it as a whole right after the
  // stepper stored its fields one by one stalled store forwarding.
  void draw_span_in_place(Span& span);
  // Whether draw_rows may take rows in this draw (GsConfig::row_batches and a kernel for them); ask after
  // vouch_frame_and_z_apart.
  bool takes_rows() const;
  // A primitive's rows in one call (span_rows.hpp), each an 8-lane span with its whole groups whose Z, colour, fog
  // and texture coordinates the span stepper would step from `lanes`: drawn, and true, or false (nothing drawn) when
  // they must come span by span after all (texture tiles still to decode, say).
  bool draw_rows(const SpanLanes& lanes, const SpanRow* rows, int count);
  // Draws a row hold_rows_for_pairs let the pipeline hold.
  void finish();
  uint64_t pixels_drawn() const;  // pixels that passed every test with something left to write

  struct Impl;  // public only so the span passes in pixel_pipeline.cpp can name it

 private:
  void init(const DrawState& state, LocalMemory& memory, const Clut& clut, const GsConfig& config,
            pixel::ResidentTextures* resident, PixelWorkspace& workspace);

  std::unique_ptr<PixelWorkspace> own_workspace_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gcvu::gs
