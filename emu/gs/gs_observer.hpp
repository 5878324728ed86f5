#pragma once
// What the GS tells an observer while it works: every flushed draw and every transfer, in order, under one running
// index, and when image data reached memory. A tool that watches memory between these calls knows which draw or
// transfer wrote a byte (the replay's mismatch localisation and draw log, harness/replay/draw_log.hpp).

#include <cstdint>

#include "emu/gs/pixel/draw_state.hpp"
#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs {

// The window-pixel rectangle [x0, x1) x [y0, y1) a draw's vertices span after XYOFFSET, clipped to its scissor;
// empty when x1 <= x0 or y1 <= y0.
struct PixelBox {
  int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  bool contains(int32_t x, int32_t y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

struct DrawEvent {
  uint64_t index = 0;  // draws and transfers counted together from 0
  DrawState state{};   // the batch's state (effective PRIM, context registers, environment)
  uint32_t vertex_count = 0;
  uint64_t primitives = 0;  // rasterized
  uint64_t pixels = 0;      // that reached the per-pixel stage
  PixelBox box{};
};

struct TransferEvent {
  uint64_t index = 0;
  Bitbltbuf blit{};
  Trxpos pos{};
  Trxreg size{};
  Trxdir dir{};
};

class GsObserver {
 public:
  virtual ~GsObserver() = default;
  // When a draw's first primitive enters the batch (the draw is reported by on_draw once it is flushed).
  virtual void on_draw_started() {}
  // After the draw wrote memory.
  virtual void on_draw(const DrawEvent& draw) = 0;
  // At TRXDIR; a local->local copy has been done by then, host->local data follows through on_image_data.
  virtual void on_transfer(const TransferEvent& transfer) = 0;
  // After image data of the transfer `transfer_index` reached memory.
  virtual void on_image_data(uint64_t transfer_index) = 0;
};

}  // namespace gcvu::gs
