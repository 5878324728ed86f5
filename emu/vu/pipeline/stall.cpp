#include "emu/vu/pipeline/stall.hpp"

#include <fmt/format.h>

namespace gcvu::vu {

const char* stall_cause_name(StallCause cause) {
  switch (cause) {
    case StallCause::kNone: return "none";
    case StallCause::kFmacVf: return "FMAC";
    case StallCause::kIntegerLoad: return "ILW";
    case StallCause::kFdivBusy: return "FDIV busy";
    case StallCause::kWaitQ: return "WAITQ";
    case StallCause::kEfuBusy: return "EFU busy";
    case StallCause::kWaitP: return "WAITP";
    case StallCause::kXgkickBusy: return "XGKICK busy";
  }
  return "?";
}

std::string Stall::to_string() const {
  switch (cause) {
    case StallCause::kFmacVf: {
      std::string fields_text;
      for (int lane = 0; lane < 4; ++lane) {
        if (has_lane(fields, lane)) fields_text += "xyzw"[lane];
      }
      return fmt::format("FMAC VF{:02}.{} {}", reg, fields_text, cycles);
    }
    case StallCause::kIntegerLoad: return fmt::format("ILW VI{:02} {}", reg, cycles);
    default: return fmt::format("{} {}", stall_cause_name(cause), cycles);
  }
}

}  // namespace gcvu::vu
