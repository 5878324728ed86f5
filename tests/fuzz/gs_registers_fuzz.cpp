// libFuzzer target: arbitrary bytes as GS register writes. The input is read in 9-byte records: a control byte
// (bits 0-6 the register address 0x00-0x7F; bit 7 sends the 8 bytes as IMAGE/HWREG data instead) and a 64-bit
// value. Any register state, primitive or transfer must draw, copy or be ignored without crashing, hanging or
// touching memory outside the GS's 4 MiB; a flush at the end draws whatever is batched.
//
// Throughput: the scissor rectangles (SCISSOR_1/2) and the transfer size (TRXREG) are cut to 64 x 64 as they are
// written, so one primitive or local-to-local copy touches at most 4,096 pixels (the frame, Z and texture bases, the
// offsets and every other field stay whole, so any place in memory is still reachable); the GS draws on one
// thread.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "emu/gs/gs.hpp"

namespace {

constexpr size_t kRecord = 9;
constexpr size_t kMaxInput = kRecord * 2048;
constexpr uint8_t kScissor1 = 0x40;
constexpr uint8_t kScissor2 = 0x41;
constexpr uint8_t kTrxreg = 0x52;

// The value written, with the fields that size a draw or a transfer cut to 6 bits (0-63).
uint64_t bounded(uint8_t address, uint64_t value) {
  if (address == kScissor1 || address == kScissor2) return value & 0x003f'003f'003f'003full;  // SCAX0/1, SCAY0/1
  if (address == kTrxreg) return value & 0x0000'003f'0000'003full;                           // RRW, RRH
  return value;
}

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
      gs.write_register(address, bounded(address, value),
                        (value & 1) != 0 ? gcvu::gs::WriteOrigin::kPacked : gcvu::gs::WriteOrigin::kAddressData);
    }
  }
  gs.flush();
  return 0;
}
