#pragma once
// Why an instruction pair waited before issuing: the unit and the register (and fields) it waited on.

#include <cstddef>
#include <cstdint>
#include <string>

#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

enum class StallCause : uint8_t {
  kNone,
  kFmacVf,       // a VF register's fields are still in the FMAC pipeline
  kIntegerLoad,  // a VI register is still being loaded by ILW/ILWR
  kFdivBusy,     // DIV/SQRT/RSQRT waits for the one in flight
  kWaitQ,        // WAITQ waits for Q
  kEfuBusy,      // an EFU op waits for the one in flight
  kWaitP,        // WAITP waits for P
  kXgkickBusy,   // XGKICK waits for the previous transfer
};

inline constexpr size_t kStallCauseCount = static_cast<size_t>(StallCause::kXgkickBusy) + 1;

const char* stall_cause_name(StallCause cause);

struct Stall {
  StallCause cause = StallCause::kNone;
  uint32_t cycles = 0;
  uint8_t reg = 0;       // VF or VI index, where the cause has one
  FieldMask fields = 0;  // for kFmacVf

  std::string to_string() const;  // e.g. "FMAC VF05.xz 3"
};

}  // namespace gcvu::vu
