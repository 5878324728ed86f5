#pragma once
// The debugger's `gs` view: the last draws the GS made, with the cycle, the primitive type and how many primitives
// and pixels each drew. Polled after each tick: the GS counts primitives and pixels when it draws a batch
// (GsStats), and it batches as PCSX2 does (gs/gs.hpp), so one entry is one batch: often one primitive, a strip's
// worth when vertices share the state. The batch was built under the PRIM seen at the previous poll (a PRIM write
// that changes the type is what ends a batch, so the register already holds the next one when the draw shows up).

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>

#include "emu/gs/gs.hpp"

namespace gcvu::harness::debug {

struct DrawnBatch {
  uint64_t cycle = 0;        // the system clock after the step that drew it
  uint64_t prim = 0;         // the PRIM register it was drawn with
  uint64_t draws = 1;        // GS draws in that step (more than 1 only when polled less often than each tick)
  uint64_t primitives = 0;
  uint64_t pixels = 0;       // that reached the per-pixel stage
  uint64_t draw_number = 0;  // GsStats::draws after it: the GS's count of draws so far
};

class GsPrimitiveLog {
 public:
  explicit GsPrimitiveLog(size_t capacity = 16) : capacity_(capacity == 0 ? 1 : capacity) {}

  // After a tick (`cycle` = the system clock after it).
  void poll(uint64_t cycle, const gs::Gs& gs);
  // Going back: forgets draws after `cycle` and takes the GS as restored as the new starting point.
  void truncate_after(uint64_t cycle, const gs::Gs& restored);

  const std::deque<DrawnBatch>& entries() const { return entries_; }
  // One line per entry, oldest first.
  std::string describe() const;

 private:
  size_t capacity_;
  std::deque<DrawnBatch> entries_;
  bool seen_ = false;
  gs::GsStats last_;
  uint64_t last_prim_ = 0;
};

}  // namespace gcvu::harness::debug
