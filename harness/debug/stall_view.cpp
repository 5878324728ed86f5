#include <fmt/format.h>

#include "harness/debug/vu_views.hpp"

namespace gcvu::harness::debug {

std::string stall_view(const vu::Vu1& vu) {
  if (!vu.running()) return "VU1 is not running a microprogram\n";
  const vu::Stall stall = vu.pending_stall();
  const uint32_t pc = vu.registers().tpc;
  if (stall.cause == vu::StallCause::kNone || stall.cycles == 0) {
    return fmt::format("the pair at {:#06x} issues at cycle {} (it waits for nothing)\n", pc * 8, vu.cycle());
  }
  return fmt::format("the pair at {:#06x} waits: {} cycles left, issues at cycle {}; {}\n", pc * 8, stall.cycles,
                     vu.cycle() + stall.cycles, stall.to_string());
}

}  // namespace gcvu::harness::debug
