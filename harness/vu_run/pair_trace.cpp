#include "harness/vu_run/pair_trace.hpp"

#include <fmt/format.h>

#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::harness {

void PairTrace::on_pair(const vu::PairEvent& event) {
  const vu::DecodedBundle& bundle = *event.bundle;
  const uint64_t word = vu::make_bundle(bundle.upper.raw, bundle.lower.raw);
  const std::string stall = event.stall.cycles == 0 ? "-" : event.stall.to_string();
  text_ += fmt::format("{:<9} {:#06x}  {:<22} {}\n", event.issue_cycle, event.pc * 8, stall,
                       microcode::disassemble_bundle(word, event.pc * 8, true));
}

}  // namespace gcvu::harness
