// libFuzzer target: arbitrary bytes as a PCSX2 save state (.p2s, a zip). read_save_state must return a state or
// throw FormatError (zip, zstd and size-limit faults included); nothing may crash, hang or allocate without bound.
// A random input never forms a zip with the entries a state needs, so the first byte picks what the rest is:
// - 1 (mod 3): edits of a valid zstd-compressed state built once (tests/formats/save_state_builder, with a stored
//   Screenshot.png), as 5-byte records (u32 offset, modulo the state's size, and a byte to store there), read
//   without its large images (SaveStateReadOptions::large_images): eeMemory.bin and GS.bin are checked by their
//   central directory records only, every other entry goes through zstd, CRC-32 and its reader. Decompressing and
//   checksumming their 36 MiB took nearly all of the time (32 inputs a second under ASan; the GS blob's reader is
//   fuzzed by gs_dump, and the whole read by the unit tests);
// - 2 (mod 3): the same edits of a valid "PCSX2 Internal Structures.dat" entry (every block gcvu reads, a VIF1
//   UNPACK buffer included), read by read_internal_structures; a record whose offset has bit 31 set cuts the entry
//   there instead, so the tag search, the blocks cut short and the buffer size are all reached (seeds in
//   tests/fuzz/corpus/save_state set VU1's pending branch, DIV/EFU pipes and microVU's second Q/P);
// - 0 (mod 3): the rest is the whole file.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/internal_structures.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "tests/formats/save_state_builder.hpp"

namespace {

std::vector<uint8_t> valid_state() {
  gcvu::test::SaveStateParts parts;
  parts.screenshot = true;
  return gcvu::test::build_save_state(parts);
}

std::vector<uint8_t> valid_internal_structures() {
  gcvu::test::InternalStructuresParts parts;
  parts.vif1_buffer.assign(48, 0x5a);
  parts.mtvu_cycles = {1, 2, 3, 4};
  return gcvu::test::build_internal_structures(parts);
}

uint32_t u32_at(const uint8_t* data) {
  return uint32_t{data[0]} | uint32_t{data[1]} << 8 | uint32_t{data[2]} << 16 | uint32_t{data[3]} << 24;
}

void apply_edits(std::vector<uint8_t>& file, const uint8_t* data, size_t size, bool allow_cuts) {
  for (size_t at = 1; at + 5 <= size && !file.empty(); at += 5) {
    const uint32_t offset = u32_at(data + at);
    if (allow_cuts && (offset & 0x8000'0000u) != 0) {
      file.resize((offset & 0x7fff'ffffu) % file.size());
      continue;
    }
    file[offset % file.size()] = data[at + 4];
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  try {
    switch (data[0] % 3) {
      case 1: {
        static const std::vector<uint8_t> valid = valid_state();
        std::vector<uint8_t> file = valid;
        apply_edits(file, data, size, false);
        (void)gcvu::formats::read_save_state(file, "fuzz", {.large_images = false});
        break;
      }
      case 2: {
        static const std::vector<uint8_t> valid = valid_internal_structures();
        std::vector<uint8_t> entry = valid;
        apply_edits(entry, data, size, true);
        const gcvu::formats::InternalStructures in = gcvu::formats::read_internal_structures(entry, "fuzz");
        if (in.vif1.partial_unpack.size() > gcvu::formats::kNewVifBufferSize) __builtin_trap();
        (void)in.gs_privileged_u64(0x1ff8);
        break;
      }
      default: {
        const std::vector<uint8_t> file(data + 1, data + size);
        (void)gcvu::formats::read_save_state(file, "fuzz");
        break;
      }
    }
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
