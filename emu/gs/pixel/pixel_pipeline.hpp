#pragma once
// The per-pixel stage: Z test, texture sampling, TFX, alpha test, fog, DATE, masks, blending, dithering and the
// frame/Z writes (reference/gs.md §3, in that order). A pipeline is chosen once per draw from its DrawState: the
// state key (gs/pixel/pixel_state_key.hpp) selects a specialised span function, so no per-pixel code branches on
// register state.

#include <array>
#include <cstdint>
#include <memory>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/pixel/span.hpp"

namespace gcvu::gs {

class PixelPipeline {
 public:
  PixelPipeline(const DrawState& state, LocalMemory& memory, const Clut& clut);
  ~PixelPipeline();
  PixelPipeline(const PixelPipeline&) = delete;
  PixelPipeline& operator=(const PixelPipeline&) = delete;

  // True when the draw cannot change memory (ZTST NEVER, DATE on a 24-bit frame, everything masked...): the
  // rasterizer may skip it.
  bool draws_nothing() const;
  // Which attributes the pipeline reads, so the rasterizer interpolates only those.
  bool needs_z() const;
  bool needs_color() const;
  bool needs_fog() const;
  bool needs_texture() const;
  bool perspective() const;  // s/t/q per pixel rather than u/v

  void draw_span(const Span& span);
  uint64_t pixels_drawn() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gcvu::gs
