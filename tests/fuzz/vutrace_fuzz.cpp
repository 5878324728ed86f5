// libFuzzer target: arbitrary bytes as a vutrace trace. The reader must return a trace or throw FormatError, within
// its decoded-size limit (kept small here so a run stays within libFuzzer's memory limit); nothing may crash or hang.
// A random input seldom holds the 16 KiB I and M packets a trace needs before its first P, so the first byte picks
// a valid first snapshot the rest follows as packets, one per format the real tool wrote:
// - 1 (mod 4): version 3 ("VUTR", 3, I, R of 1072 bytes, M, P): the delta packets, markers, later snapshots;
// - 2 (mod 4): version 2 with chaoticgd/pcsx2 89cb1d461's early 'P' after the header, R of 1552 bytes: full M/I
//   per snapshot (shared when identical), cut-short files;
// - 3 (mod 4): headerless version 1 (I first, R of 1584 bytes);
// - 0 (mod 4): the rest is the whole file.
// The rest's first two bytes, when present, also set the first snapshot's TPC (so TPCs past 0x3fff and misaligned
// ones are reached). Version 1 and 2 'R' packets in the rest carry the interpreter state (cycle, branch, DIV/EFU
// pipes) the reader decodes; seeds in tests/fuzz/corpus/vutrace set it at the documented offsets.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/vutrace.hpp"

namespace {

namespace fmt_ = gcvu::formats;

constexpr size_t kTpcInRegisters = 512 + 26 * 16;

std::vector<uint8_t> valid_prefix(uint32_t version) {
  std::vector<uint8_t> bytes;
  if (version != 1) bytes = {'V', 'U', 'T', 'R', static_cast<uint8_t>(version), 0, 0, 0};
  if (version == 2) bytes.push_back('P');
  bytes.push_back('I');
  bytes.resize(bytes.size() + fmt_::kVutraceMemoryBytes, 0);
  bytes.push_back('R');
  const size_t registers = version == 1   ? fmt_::kVutraceRegisterBytesV1
                           : version == 2 ? fmt_::kVutraceRegisterBytesV2
                                          : fmt_::kVutraceRegisterBytes;
  bytes.resize(bytes.size() + registers, 0);
  bytes.push_back('M');
  bytes.resize(bytes.size() + fmt_::kVutraceMemoryBytes, 0);
  bytes.push_back('P');
  return bytes;
}

size_t tpc_offset(uint32_t version) {
  const size_t header = version == 1 ? 0 : version == 2 ? 9 : 8;
  return header + 1 + fmt_::kVutraceMemoryBytes + 1 + kTpcInRegisters;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const std::vector<uint8_t> prefixes[] = {{}, valid_prefix(3), valid_prefix(2), valid_prefix(1)};
  const uint32_t mode = data[0] % 4;
  std::vector<uint8_t> file = prefixes[mode];
  size_t rest = 1;
  if (mode != 0 && size >= 3) {
    const uint32_t version = mode == 1 ? 3 : mode == 2 ? 2 : 1;
    file[tpc_offset(version)] = data[1];
    file[tpc_offset(version) + 1] = data[2];
    rest = 3;
  }
  file.insert(file.end(), data + rest, data + size);
  fmt_::VutraceLimits limits;
  limits.max_decoded_bytes = 64u << 20;
  try {
    const fmt_::VutraceTrace trace = fmt_::read_vutrace(file, "fuzz", limits);
    // Every snapshot the reader returns is whole, with its TPC inside micro memory.
    for (const fmt_::VutraceSnapshot& snapshot : trace.snapshots) {
      if (!snapshot.data || !snapshot.micro || snapshot.registers.tpc() >= 0x4000) __builtin_trap();
      // Versions 1 and 2 always carry the interpreter state (every snapshot follows an 'R'); version 3 never.
      if (snapshot.interpreter.has_value() != (trace.version < 3)) __builtin_trap();
    }
  } catch (const fmt_::FormatError&) {
  }
  return 0;
}
