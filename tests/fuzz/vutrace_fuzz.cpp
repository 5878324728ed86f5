// libFuzzer target: arbitrary bytes as a vutrace trace. The reader must return a trace or throw FormatError, within
// its decoded-size limit (kept small here so a run stays within libFuzzer's memory limit); nothing may crash or hang.
// A random input seldom holds the 16 KiB I and M packets a trace needs before its first P, so an input whose first
// byte is odd is read as packets after a valid first snapshot (version 3 header, I, R, M, P), which takes the
// fuzzer straight to the delta packets, the markers and the later snapshots; an even first byte is dropped and the
// rest is the whole file.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/vutrace.hpp"

namespace {

std::vector<uint8_t> valid_prefix() {
  std::vector<uint8_t> bytes = {'V', 'U', 'T', 'R', 3, 0, 0, 0, 'I'};
  bytes.resize(bytes.size() + gcvu::formats::kVutraceMemoryBytes, 0);
  bytes.push_back('R');
  bytes.resize(bytes.size() + gcvu::formats::kVutraceRegisterBytes, 0);
  bytes.push_back('M');
  bytes.resize(bytes.size() + gcvu::formats::kVutraceMemoryBytes, 0);
  bytes.push_back('P');
  return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const std::vector<uint8_t> prefix = valid_prefix();
  std::vector<uint8_t> file;
  if ((data[0] & 1) != 0) file = prefix;
  file.insert(file.end(), data + 1, data + size);
  gcvu::formats::VutraceLimits limits;
  limits.max_decoded_bytes = 64u << 20;
  try {
    const gcvu::formats::VutraceTrace trace = gcvu::formats::read_vutrace(file, "fuzz", limits);
    // Every snapshot the reader returns is whole.
    for (const gcvu::formats::VutraceSnapshot& snapshot : trace.snapshots) {
      if (!snapshot.data || !snapshot.micro || snapshot.registers.tpc() >= 0x4000) __builtin_trap();
    }
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
