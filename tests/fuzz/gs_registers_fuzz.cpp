// libFuzzer target: arbitrary bytes as GS register writes. The input is read in 9-byte records: a control byte
// (bits 0-6 the register address 0x00-0x7F; bit 7 sends the 8 bytes as IMAGE/HWREG data instead) and a 64-bit
// value. Any register state, primitive or transfer must draw, copy or be ignored without crashing, hanging or
// touching memory outside the GS's 4 MiB; a flush at the end draws whatever is batched.
//
// Throughput: the scissor rectangles and the transfer size are cut to 64 x 64 as they are written
// (bounded_gs_writes.hpp); the GS draws on one thread.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "emu/gs/gs.hpp"
#include "tests/fuzz/bounded_gs_writes.hpp"

namespace {

constexpr size_t kRecord = 9;
constexpr size_t kMaxInput = kRecord * 2048;
gcvu::gs::GsConfig single_thread() {
  gcvu::gs::GsConfig config;
  config.threads = 1;
  return config;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  // One GS serves every input, set back to a fresh one's state by copying it: a fresh GS would map and clear
  // 4 MiB of new memory per input, which took three quarters of the time.
  static const gcvu::gs::Gs fresh(single_thread());
  static gcvu::gs::Gs gs(single_thread());
  gs = fresh;
  for (size_t at = 0; at + kRecord <= size; at += kRecord) {
    const uint8_t control = data[at];
    uint64_t value;
    std::memcpy(&value, data + at + 1, 8);
    if ((control & 0x80) != 0) {
      gs.write_image(std::span(data + at + 1, 8));
    } else {
      const auto address = static_cast<uint8_t>(control & 0x7f);
      gs.write_register(address, gcvu::fuzz::bounded_gs_write(address, value),
                        (value & 1) != 0 ? gcvu::gs::WriteOrigin::kPacked : gcvu::gs::WriteOrigin::kAddressData);
    }
  }
  gs.flush();
  return 0;
}
