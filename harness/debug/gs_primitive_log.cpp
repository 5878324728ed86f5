#include "harness/debug/gs_primitive_log.hpp"

#include <fmt/format.h>

#include "emu/gif/gs_registers.hpp"
#include "harness/debug/gs_write_text.hpp"

namespace gcvu::harness::debug {

void GsPrimitiveLog::poll(uint64_t cycle, const gs::Gs& gs) {
  const gs::GsStats& now = gs.stats();
  const uint64_t prim = gs.registers()[gif::gs_reg::kPrim];
  if (seen_ && now.draws > last_.draws) {
    entries_.push_back(DrawnBatch{cycle, last_prim_, now.draws - last_.draws, now.primitives - last_.primitives,
                                  now.pixels - last_.pixels, now.draws});
    if (entries_.size() > capacity_) entries_.pop_front();
  }
  seen_ = true;
  last_ = now;
  last_prim_ = prim;
}

void GsPrimitiveLog::truncate_after(uint64_t cycle, const gs::Gs& restored) {
  while (!entries_.empty() && entries_.back().cycle > cycle) entries_.pop_back();
  seen_ = true;
  last_ = restored.stats();
  last_prim_ = restored.registers()[gif::gs_reg::kPrim];
}

std::string GsPrimitiveLog::describe() const {
  if (entries_.empty()) return "no primitives drawn yet\n";
  std::string out;
  for (const DrawnBatch& entry : entries_) {
    out += fmt::format("cycle {:>9}  draw {:>6}  {:<14} {:>5} primitive{}  {:>8} pixels", entry.cycle,
                       entry.draw_number, primitive_type_name(static_cast<uint32_t>(entry.prim & 7)),
                       entry.primitives, entry.primitives == 1 ? " " : "s", entry.pixels);
    if (entry.draws > 1) out += fmt::format("  ({} draws)", entry.draws);
    out += "\n";
  }
  return out;
}

}  // namespace gcvu::harness::debug
