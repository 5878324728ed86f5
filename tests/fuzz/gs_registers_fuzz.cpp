// libFuzzer target: arbitrary bytes as GS register writes. The input is read in 9-byte records: a control byte
// (bits 0-6 the register address 0x00-0x7F; bit 7 sends the 8 bytes as IMAGE/HWREG data instead) and a 64-bit
// value. Any register state, primitive or transfer must draw, copy or be ignored without crashing, hanging or
// touching memory outside the GS's 4 MiB; a flush at the end draws whatever is batched.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "emu/gs/gs.hpp"

namespace {

constexpr size_t kRecord = 9;
constexpr size_t kMaxInput = kRecord * 2048;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  gcvu::gs::Gs gs;
  for (size_t at = 0; at + kRecord <= size; at += kRecord) {
    const uint8_t control = data[at];
    uint64_t value;
    std::memcpy(&value, data + at + 1, 8);
    if ((control & 0x80) != 0) {
      gs.write_image(std::span(data + at + 1, 8));
    } else {
      gs.write_register(control & 0x7f, value,
                        (value & 1) != 0 ? gcvu::gs::WriteOrigin::kPacked : gcvu::gs::WriteOrigin::kAddressData);
    }
  }
  gs.flush();
  return 0;
}
