// libFuzzer target: arbitrary bytes as a PCSX2 save state (.p2s, a zip). read_save_state must return a state or
// throw FormatError (zip, zstd and size-limit faults included); nothing may crash, hang or allocate without bound.
// A random input never forms a zip with the entries a state needs, so an input whose first byte is odd edits a valid
// zstd-compressed state built once (tests/formats/save_state_builder): the rest of the input is read as 5-byte
// records (u32 offset, modulo the state's size, and a byte to store there). An even first byte is dropped and the
// rest is the whole file.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "tests/formats/save_state_builder.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const std::vector<uint8_t> valid = gcvu::test::build_save_state(gcvu::test::SaveStateParts{});
  std::vector<uint8_t> file;
  if ((data[0] & 1) != 0) {
    file = valid;
    for (size_t at = 1; at + 5 <= size; at += 5) {
      const uint32_t offset = uint32_t{data[at]} | uint32_t{data[at + 1]} << 8 | uint32_t{data[at + 2]} << 16 |
                              uint32_t{data[at + 3]} << 24;
      file[offset % file.size()] = data[at + 4];
    }
  } else {
    file.assign(data + 1, data + size);
  }
  try {
    (void)gcvu::formats::read_save_state(file, "fuzz");
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
