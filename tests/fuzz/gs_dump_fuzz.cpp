// libFuzzer target: arbitrary bytes as a PCSX2 GS dump (.gs, or zstd/xz containers found by their magic). The
// reader must return a dump or throw FormatError naming the offset and rule; nothing may crash, hang or allocate
// past what the input's own sizes allow. A dump that reads is then replayed through the GS as `gcvu replay` does
// (its first kReplayPackets packets, up to the first VSync, on one rasterizer thread: a bound on the work per
// input, not on what the GS may be asked), which may also end in FormatError for a packet the GS cannot take.
// scripts/fuzz.sh seeds it with the corpus's uncompressed and xz dumps.

#include <cstddef>
#include <cstdint>
#include <span>

#include "emu/gs/gs.hpp"
#include "formats/core/format_error.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "harness/replay/gs_replay.hpp"

namespace {

constexpr size_t kReplayPackets = 256;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    gcvu::formats::GsDump dump = gcvu::formats::read_gs_dump(std::span<const uint8_t>(data, size), "fuzz");
    // Touch every view the reader hands out.
    size_t total = dump.local_memory().size() + dump.privileged_registers().size() + dump.screenshot().size();
    for (const auto& packet : dump.packets) total += dump.data(packet).size();
    if (total == SIZE_MAX) return 1;

    if (dump.packets.size() > kReplayPackets) dump.packets.resize(kReplayPackets);
    gcvu::harness::ReplayOptions options;
    options.max_vsyncs = 1;
    options.gs.threads = 1;
    gcvu::gs::Gs gs(options.gs);
    gcvu::harness::replay_gs_dump(dump, gs, options, [](uint32_t, const gcvu::gs::Gs&) {});
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
