// libFuzzer target: arbitrary bytes as an R&C2 gameplay file (formats/rc2/gameplay.hpp), read against a core index
// with four shrub and four moby classes. read_gameplay must return the instances or throw FormatError; nothing may
// crash, hang or allocate without bound. A random input seldom holds a header whose slots point at well-formed
// blocks, so an input whose first byte is odd edits a valid file written once (two shrub instances, two mobies):
// the rest of the input is read as 3-byte records (u16 offset, modulo the file's size, and a byte to store there).
// An even first byte is dropped and the rest is the whole file.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/core/format_error.hpp"
#include "formats/rc2/gameplay.hpp"

namespace {

using gcvu::formats::rc2::ClassEntry;
using gcvu::formats::rc2::CoreIndex;
using gcvu::formats::rc2::Gameplay;

CoreIndex small_index() {
  CoreIndex index;
  for (uint32_t n = 0; n < 4; ++n) {
    ClassEntry entry;
    entry.class_number = n;
    index.shrubs.push_back(entry);
    index.mobies.push_back(entry);
  }
  return index;
}

std::vector<uint8_t> valid_file() {
  Gameplay gameplay;
  for (int32_t n = 0; n < 2; ++n) {
    gcvu::formats::rc2::ShrubInstanceRecord shrub;
    shrub.o_class = n;
    shrub.matrix = {{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {float(n), 0, 0, 1}}};
    gameplay.shrub_instances.push_back(shrub);
    gameplay.shrub_classes.push_back(n);
    gcvu::formats::rc2::MobyInstanceRecord moby;
    moby.o_class = n + 1;
    moby.uid = n;
    gameplay.mobies.records.push_back(moby);
    gameplay.moby_classes.push_back(n + 1);
  }
  return gcvu::formats::rc2::write_gameplay(gameplay);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const CoreIndex index = small_index();
  static const std::vector<uint8_t> valid = valid_file();
  std::vector<uint8_t> file;
  if ((data[0] & 1) != 0) {
    file = valid;
    for (size_t at = 1; at + 3 <= size; at += 3) {
      const size_t offset = (size_t{data[at]} | size_t{data[at + 1]} << 8) % file.size();
      file[offset] = data[at + 2];
    }
  } else {
    file.assign(data + 1, data + size);
  }
  try {
    const Gameplay gameplay = gcvu::formats::rc2::read_gameplay(file, index, "fuzz");
    // What the reader returns satisfies the rules it checks: every instance's class is one the index has.
    for (const auto& shrub : gameplay.shrub_instances) {
      if (shrub.o_class < 0 || shrub.o_class > 3) __builtin_trap();
    }
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
