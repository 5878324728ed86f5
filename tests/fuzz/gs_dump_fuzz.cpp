// libFuzzer target: arbitrary bytes as a PCSX2 GS dump (.gs, or zstd/xz containers found by their magic). The
// reader must return a dump or throw FormatError naming the offset and rule; nothing may crash, hang or allocate
// past what the input's own sizes allow. A dump that reads is then replayed through the GS as `gcvu replay` does
// (its first kReplayPackets packets, up to the first VSync, on one rasterizer thread, with the scissor and transfer
// sizes cut to 64 x 64 as they are written and only the first 64 drawing kicks and transfers drawn,
// bounded_gs_writes.hpp: bounds on the work per input, not on what the GS may be asked), which may also end in
// FormatError for a packet the GS cannot take.
//
// Every dump holds a 4 MiB GS state, so a whole file costs at least 4 MiB to read, and a fresh GS another 4 MiB:
// on this machine's page faults, about 40 inputs a second. The first byte therefore picks what the rest is:
// - 0xff, 0x28 or 0xfd (how a new-format, a zstd and an xz dump begin): the whole input is a dump file;
// - 0x00: the rest is a dump file (an old-format dump may begin with any byte);
// - 0x01: edits of that fixed dump's header, state and privileged block, as 5-byte records (u32 offset, modulo their
//   size, and a byte to store there), read by the header and state readers and, if they take them, loaded into a
//   GS (registers, Q, 4 MiB of memory) and flushed; the edits are undone afterwards;
// - anything else: the rest is a packet list, read by the reader's own packet parser (read_gs_dump_packets) after
//   a fixed new-format header, an all-zero version 9 state and privileged block built once, and replayed on a GS
//   that has that state loaded, reset by copying it (as gs_registers does) rather than by loading 4 MiB again.
// The committed seeds (tests/fuzz/corpus/gs_dump) are packet lists cut from ../shared/golden-pcsx2's dumps.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "emu/gs/gs.hpp"
#include "formats/core/format_error.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "formats/pcsx2/gs_dump_header.hpp"
#include "formats/pcsx2/gs_dump_state.hpp"
#include "harness/replay/gs_replay.hpp"
#include "tests/fuzz/bounded_gs_writes.hpp"

namespace {

constexpr size_t kReplayPackets = 256;
constexpr uint32_t kNewHeaderMarker = 0xffffffffu;
constexpr uint32_t kHeaderStructSize = 36;  // reference/vif-gif-formats.md §4a: nine u32 fields

gcvu::harness::ReplayOptions replay_options() {
  gcvu::harness::ReplayOptions options;
  options.max_vsyncs = 1;
  options.gs.threads = 1;
  return options;
}

void put_u32(std::vector<uint8_t>& bytes, uint32_t value) {
  for (int k = 0; k < 4; ++k) bytes.push_back(static_cast<uint8_t>(value >> (8 * k)));
}

// A new-format dump with no serial or screenshot, a version 9 state of zeroes but its version, and zero privileged
// registers: what every packet list is appended to.
std::vector<uint8_t> base_dump_bytes() {
  std::vector<uint8_t> bytes;
  put_u32(bytes, kNewHeaderMarker);
  put_u32(bytes, kHeaderStructSize);
  const uint32_t fields[9] = {9, gcvu::formats::kGsStateSizeV9, kHeaderStructSize, 0, 0, 0, 0, 0, 0};
  for (uint32_t field : fields) put_u32(bytes, field);
  const size_t state = bytes.size();
  bytes.resize(state + gcvu::formats::kGsStateSizeV9 + gcvu::formats::kGsPrivilegedRegistersSize, 0);
  bytes[state] = 9;
  return bytes;
}

struct PacketBench {
  gcvu::formats::GsDump dump = gcvu::formats::read_gs_dump(base_dump_bytes(), "fuzz");
  const size_t packets_at = dump.bytes.size();
  gcvu::gs::Gs loaded{replay_options().gs};
  gcvu::gs::Gs gs{replay_options().gs};

  PacketBench() {
    gcvu::harness::load_gs_dump_state(dump, loaded);
    dump.bytes.reserve(packets_at + (size_t{1} << 20));
  }
};

void touch_views(const gcvu::formats::GsDump& dump) {
  size_t total = dump.local_memory().size() + dump.privileged_registers().size() + dump.screenshot().size();
  for (const auto& packet : dump.packets) total += dump.data(packet).size();
  if (total == SIZE_MAX) __builtin_trap();
}

void replay_whole_file(std::span<const uint8_t> file) {
  static const gcvu::gs::Gs fresh(replay_options().gs);
  static gcvu::gs::Gs gs(replay_options().gs);
  gcvu::formats::GsDump dump = gcvu::formats::read_gs_dump(file, "fuzz");
  touch_views(dump);
  if (dump.packets.size() > kReplayPackets) dump.packets.resize(kReplayPackets);
  gs = fresh;
  gcvu::fuzz::BoundedGsFromGif sink(gs);
  gcvu::harness::ReplayOptions options = replay_options();
  options.sink = &sink;
  gcvu::harness::replay_gs_dump(dump, gs, options, [](uint32_t, const gcvu::gs::Gs&) {});
}

PacketBench& bench() {
  static PacketBench bench;
  return bench;
}

void load_edited_state(std::span<const uint8_t> records) {
  PacketBench& bench = ::bench();
  std::vector<uint8_t>& bytes = bench.dump.bytes;
  bytes.resize(bench.packets_at);
  struct Undo {
    size_t at;
    uint8_t was;
  };
  std::vector<Undo> undo;
  for (size_t at = 0; at + 5 <= records.size(); at += 5) {
    const uint32_t offset = uint32_t{records[at]} | uint32_t{records[at + 1]} << 8 | uint32_t{records[at + 2]} << 16 |
                            uint32_t{records[at + 3]} << 24;
    const size_t where = offset % bench.packets_at;
    undo.push_back({where, bytes[where]});
    bytes[where] = records[at + 4];
  }
  try {
    const gcvu::formats::GsDumpHeader header = gcvu::formats::read_gs_dump_header(bytes, "fuzz");
    const gcvu::formats::GsDumpState state =
        gcvu::formats::read_gs_dump_state(bytes, header.state_offset, header.state_size, "fuzz");
    // read_gs_dump refuses a privileged block past the end (an edited header_size moves the state).
    if (header.state_offset + header.state_size + gcvu::formats::kGsPrivilegedRegistersSize > bytes.size()) {
      throw gcvu::formats::FormatError("fuzz", bytes.size(), "privileged registers past the end");
    }
    const auto local =
        std::span<const uint8_t>(bytes).subspan(state.local_memory_offset, gcvu::formats::kGsLocalMemorySize);
    const auto privileged = std::span<const uint8_t>(bytes).subspan(header.state_offset + header.state_size,
                                                                    gcvu::formats::kGsPrivilegedRegistersSize);
    bench.gs = bench.loaded;
    gcvu::harness::load_gs_state(state, local, privileged, bench.gs);
    bench.gs.flush();
  } catch (const gcvu::formats::FormatError&) {
  }
  for (auto it = undo.rbegin(); it != undo.rend(); ++it) bytes[it->at] = it->was;
}

void replay_packet_list(std::span<const uint8_t> packets) {
  PacketBench& bench = ::bench();
  gcvu::formats::GsDump& dump = bench.dump;
  dump.bytes.resize(bench.packets_at);
  dump.bytes.insert(dump.bytes.end(), packets.begin(), packets.end());
  dump.packets.clear();
  dump.packets = gcvu::formats::read_gs_dump_packets(dump.bytes, bench.packets_at, "fuzz");
  touch_views(dump);
  if (dump.packets.size() > kReplayPackets) dump.packets.resize(kReplayPackets);
  bench.gs = bench.loaded;
  gcvu::fuzz::BoundedGsFromGif sink(bench.gs);
  gcvu::harness::ReplayOptions options = replay_options();
  options.sink = &sink;
  gcvu::harness::replay_gs_packets(dump, bench.gs, options, [](uint32_t, const gcvu::gs::Gs&) {});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::span<const uint8_t> input(data, size);
  try {
    switch (data[0]) {
      case 0xff:
      case 0x28:
      case 0xfd: replay_whole_file(input); break;
      case 0x00: replay_whole_file(input.subspan(1)); break;
      case 0x01: load_edited_state(input.subspan(1)); break;
      default: replay_packet_list(input.subspan(1)); break;
    }
  } catch (const gcvu::formats::FormatError&) {
  }
  return 0;
}
