// libFuzzer target: arbitrary bytes as a vutrace trace. The reader must return a trace or throw FormatError, within
// its decoded-size limit (kept small here so a run stays within libFuzzer's memory limit); nothing may crash or hang.

#include <cstddef>
#include <cstdint>
#include <span>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/vutrace.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gcvu::formats::VutraceLimits limits;
  limits.max_decoded_bytes = 64u << 20;
  try {
    const gcvu::formats::VutraceTrace trace = gcvu::formats::read_vutrace(std::span(data, size), "fuzz", limits);
    // Every snapshot the reader returns is whole.
    for (const gcvu::formats::VutraceSnapshot& snapshot : trace.snapshots) {
      if (!snapshot.data || !snapshot.micro || snapshot.registers.tpc() >= 0x4000) __builtin_trap();
    }
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
