// libFuzzer target: arbitrary bytes as a PCSX2 GS dump (.gs, or zstd/xz containers found by their magic). The
// reader must return a dump or throw FormatError naming the offset and rule; nothing may crash, hang or allocate
// past what the input's own sizes allow. scripts/fuzz.sh seeds it with the corpus's uncompressed and xz dumps.

#include <cstddef>
#include <cstdint>
#include <span>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/gs_dump.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const gcvu::formats::GsDump dump = gcvu::formats::read_gs_dump(std::span<const uint8_t>(data, size), "fuzz");
    // Touch every view the reader hands out.
    size_t total = dump.local_memory().size() + dump.privileged_registers().size() + dump.screenshot().size();
    for (const auto& packet : dump.packets) total += dump.data(packet).size();
    return total == SIZE_MAX ? 1 : 0;
  } catch (const gcvu::formats::FormatError&) {
    return 0;
  }
}
