#include <fmt/format.h>

#include "harness/debug/ps2_value.hpp"
#include "harness/debug/vu_views.hpp"

namespace gcvu::harness::debug {

namespace {

std::string mark(bool changed, bool colour, const std::string& text) {
  if (!changed) return " " + text;
  return colour ? "*\033[1;33m" + text + "\033[0m" : "*" + text;
}

std::string vector_row(const std::string& name, const vu::Vec4& now, const vu::Vec4& before, bool colour) {
  std::string row = mark(now != before, colour, fmt::format("{:<5}", name));
  for (int lane = 0; lane < 4; ++lane) row += fmt::format(" {:08x}", now[lane]);
  row += fmt::format("  ({:g}, {:g}, {:g}, {:g})\n", ps2_float_value(now[0]), ps2_float_value(now[1]),
                     ps2_float_value(now[2]), ps2_float_value(now[3]));
  return row;
}

}  // namespace

std::string regs_view(const vu::Registers& now, const vu::Registers& before, bool colour) {
  std::string text = "        x        y        z        w\n";
  for (int n = 0; n < vu::kVfCount; ++n) text += vector_row(fmt::format("vf{:02}", n), now.vf(n), before.vf(n), colour);
  text += vector_row("acc", now.acc(), before.acc(), colour);
  for (int n = 0; n < vu::kViCount; ++n) {
    const std::string entry = fmt::format("vi{:02} {:04x} {:<6}", n, now.vi(n), now.vi(n));
    text += mark(now.vi(n) != before.vi(n), colour, entry);
    text += n % 4 == 3 ? "\n" : " ";
  }
  auto scalar = [&](const char* name, uint32_t value, uint32_t old) {
    return mark(value != old, colour, fmt::format("{} {:08x} ({:g})", name, value, ps2_float_value(value)));
  };
  text += scalar("q", now.q, before.q) + " " + scalar("p", now.p, before.p) + " " + scalar("i", now.i, before.i) +
          " " + scalar("r", now.r, before.r) + "\n";
  text += mark(now.mac != before.mac, colour, fmt::format("mac {:04x}", now.mac)) + " " +
          mark(now.status != before.status, colour, fmt::format("status {:03x}", now.status)) + " " +
          mark(now.clip != before.clip, colour, fmt::format("clip {:06x}", now.clip)) + " " +
          mark(now.tpc != before.tpc, colour, fmt::format("pc {:#06x}", now.tpc * 8)) + "\n";
  return text;
}

}  // namespace gcvu::harness::debug
