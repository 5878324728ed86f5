#include "harness/vu_run/result_text.hpp"

#include <fmt/format.h>

#include "emu/vu/pipeline/stall.hpp"

namespace gcvu::harness {

namespace {

std::string vector_text(const vu::Vec4& v) {
  return fmt::format("{:08x} {:08x} {:08x} {:08x}", v[0], v[1], v[2], v[3]);
}

}  // namespace

std::string format_vu_run_text(const VuRunResult& result) {
  const vu::Vu1Stats& stats = result.stats;
  const vu::Registers& regs = result.registers;
  std::string text;
  text += fmt::format("stop:          {}\n", result.stop);
  text += fmt::format("cycles:        {}\n", result.cycles);
  text += fmt::format("pairs:         {}\n", stats.pairs);
  text += fmt::format("stall cycles:  {}\n", stats.stall_cycles);
  for (size_t cause = 1; cause < stats.stall_cycles_by_cause.size(); ++cause) {
    text += fmt::format("  {:<12} {}\n", vu::stall_cause_name(static_cast<vu::StallCause>(cause)),
                        stats.stall_cycles_by_cause[cause]);
  }
  text += fmt::format("xgkicks:       {}", stats.xgkicks);
  if (result.kick_qwords != 0) {
    text += fmt::format(" ({} qwords, the last read at cycle {})", result.kick_qwords, result.last_kick_cycle);
  }
  text += "\n\n";

  text += "            x        y        z        w\n";
  for (int n = 0; n < vu::kVfCount; ++n) text += fmt::format("VF{:02}  {}\n", n, vector_text(regs.vf(n)));
  text += fmt::format("ACC   {}\n\n", vector_text(regs.acc()));

  for (int n = 0; n < vu::kViCount; ++n) {
    std::string entry = fmt::format("VI{:02} {:04x} ({})", n, regs.vi(n), regs.vi(n));
    text += n % 4 == 3 ? entry + "\n" : fmt::format("{:<19}", entry);
  }
  text += fmt::format("\nQ {:08x}  P {:08x}  I {:08x}  R {:08x}\n", regs.q, regs.p, regs.i, regs.r);
  text += fmt::format("MAC {:04x}  status {:03x}  clip {:06x}\n", regs.mac, regs.status, regs.clip);
  return text;
}

}  // namespace gcvu::harness
