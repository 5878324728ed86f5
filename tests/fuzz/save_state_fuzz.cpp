// libFuzzer target: arbitrary bytes as a PCSX2 save state (.p2s, a zip). read_save_state must return a state or
// throw FormatError (zip, zstd and size-limit faults included); nothing may crash, hang or allocate without bound.

#include <cstddef>
#include <cstdint>
#include <span>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/save_state.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    (void)gcvu::formats::read_save_state(std::span(data, size), "fuzz");
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
