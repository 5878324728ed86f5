#include <fmt/format.h>

#include "harness/debug/ps2_value.hpp"
#include "harness/debug/vu_views.hpp"

namespace gcvu::harness::debug {

namespace {

std::string fields_text(vu::FieldMask fields) {
  std::string text;
  for (int lane = 0; lane < 4; ++lane) {
    if (vu::has_lane(fields, lane)) text += "xyzw"[lane];
  }
  return text;
}

}  // namespace

std::string pipe_view(const vu::Vu1& vu) {
  const uint64_t now = vu.cycle();
  std::string text = fmt::format("VU1 cycle {}: in flight\n", now);
  size_t shown = 0;
  auto left = [now](uint64_t ready) { return ready > now ? ready - now : 0; };
  for (const vu::FmacWrite& write : vu.fmac().in_flight(now)) {
    text += fmt::format("  FMAC   vf{:02}.{:<4} issued {:>8}  ready {:>8}  {} cycles left\n", write.reg,
                        fields_text(write.fields), write.issue, write.ready, left(write.ready));
    ++shown;
  }
  for (const vu::PendingFlags& flags : vu.flags().in_flight()) {
    if (flags.ready <= now) continue;
    const std::string what = flags.sets_clip ? fmt::format("clip judgement {:02x}", flags.clip_judgement)
                                             : fmt::format("MAC {:04x} status {:03x}", flags.mac, flags.status_bits);
    text += fmt::format("  flags  {:<20} issued {:>8}  ready {:>8}  {} cycles left\n", what, flags.issue, flags.ready,
                        left(flags.ready));
    ++shown;
  }
  const vu::PendingResult& q = vu.fdiv().pending();
  if (q.busy && q.ready > now) {
    text += fmt::format("  FDIV   q = {:08x} ({:g})  issued {:>8}  ready {:>8}  {} cycles left\n", q.value,
                        ps2_float_value(q.value), q.issue, q.ready, left(q.ready));
    ++shown;
  }
  const vu::PendingResult& p = vu.efu().pending();
  if (p.busy && p.ready > now) {
    text += fmt::format("  EFU    p = {:08x} ({:g})  issued {:>8}  ready {:>8}  {} cycles left\n", p.value,
                        ps2_float_value(p.value), p.issue, p.ready, left(p.ready));
    ++shown;
  }
  for (uint8_t vi = 1; vi < vu::kViCount; ++vi) {
    const uint64_t ready = vu.integer_loads().ready_cycle(vi);
    if (ready <= now) continue;
    text += fmt::format("  IALU   vi{:02} load                           ready {:>8}  {} cycles left\n", vi, ready,
                        left(ready));
    ++shown;
  }
  if (vu.xgkick().busy()) {
    text += fmt::format("  XGKICK next qword {:#05x} at cycle {}, {} qwords sent\n", vu.xgkick().next_address(),
                        vu.xgkick().next_cycle(), vu.xgkick().qwords_sent());
    ++shown;
  }
  if (shown == 0) text += "  nothing\n";
  return text;
}

}  // namespace gcvu::harness::debug
