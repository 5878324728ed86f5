#include "harness/replay/gs_replay.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "emu/system/gs_feed.hpp"
#include "formats/core/format_error.hpp"
#include "harness/replay/draw_log.hpp"
#include "harness/replay/dump_gif_paths.hpp"
#include "harness/replay/gs_state_registers.hpp"

namespace gcvu::harness {
namespace {

constexpr uint64_t kFifoPiece = uint64_t{1} << 16;  // bytes of a ReadFIFO2 read back at a time

void restore_privileged(gs::Gs& gs, std::span<const uint8_t> block) {
  for (uint32_t offset = 0; offset + 8 <= block.size(); offset += 8) {
    uint64_t value;
    std::memcpy(&value, block.data() + offset, 8);
    gs.restore_privileged(offset, value);
  }
}

}  // namespace

void load_gs_state(const formats::GsDumpState& state, std::span<const uint8_t> local_memory,
                   std::span<const uint8_t> privileged, gs::Gs& gs) {
  gs.restore_registers(register_file_from(state));
  // state.q is PCSX2's temporary Q of the GIF's PACKED STQ (GSState m_q), not a GS register: gcvu's GIF path
  // decoders keep their own, reset to 1.0 at every tag, so it is not restored here.
  const auto memory = gs.memory().bytes();
  std::copy_n(local_memory.begin(), std::min(local_memory.size(), memory.size()), memory.begin());
  restore_privileged(gs, privileged);
}

void load_gs_dump_state(const formats::GsDump& dump, gs::Gs& gs) {
  load_gs_state(dump.state, dump.local_memory(), dump.privileged_registers(), gs);
}

ReplayResult replay_gs_dump(const formats::GsDump& dump, gs::Gs& gs, const ReplayOptions& options,
                            const std::function<void(uint32_t, const gs::Gs&)>& on_vsync) {
  load_gs_dump_state(dump, gs);
  return replay_gs_packets(dump, gs, options, on_vsync);
}

ReplayResult replay_gs_packets(const formats::GsDump& dump, gs::Gs& gs, const ReplayOptions& options,
                               const std::function<void(uint32_t, const gs::Gs&)>& on_vsync) {
  ReplayResult result;
  for (size_t p = 0; p < dump.state.gif_paths.size(); ++p) {
    if (dump.state.gif_paths[p].nloop() != 0) {
      result.warning = fmt::format(
          "{}: the dump starts inside a GIF packet on path state {}; gcvu starts every path at a tag boundary",
          dump.source, p);
    }
  }
  DumpGifPaths paths(dump);
  auto vsync_task = [&on_vsync](gs::Gs& state, uint64_t index) {
    state.vsync();
    on_vsync(uint32_t(index), state);
  };
  // Read in pieces through one buffer: the data goes nowhere, and a long readback (the reader allows up to 64 MiB)
  // needs no buffer of its size.
  std::vector<uint8_t> fifo;  // (the tasks are declared before the feed, which may run them until it goes)
  auto readback_task = [&fifo](gs::Gs& state, uint64_t bytes) {
    state.flush();
    for (uint64_t left = bytes; left > 0;) {
      fifo.resize(static_cast<size_t>(std::min<uint64_t>(left, kFifoPiece)));
      state.read_image(fifo);
      left -= fifo.size();
    }
  };
  auto registers_task = [&dump](gs::Gs& state, uint64_t packet) {
    restore_privileged(state, dump.data(dump.packets[packet]));
  };
  // The GS runs on a thread of its own when configured, unless a recorder (told packet offsets between GS calls) or
  // a sink of the caller's own stands in front of it. VSyncs and their callbacks, privileged blocks and readbacks
  // then run on the GS thread in packet order (system/gs_feed.hpp).
  system::GsFeed feed(gs, options.gs.own_thread && !options.recorder && !options.sink);
  gif::GsSink& sink = options.sink != nullptr ? *options.sink : feed;
  if (options.recorder) gs.set_observer(options.recorder);
  for (size_t p = 0; p < dump.packets.size(); ++p) {
    const formats::GsDumpPacket& packet = dump.packets[p];
    if (options.max_vsyncs && result.vsyncs >= *options.max_vsyncs) break;
    if (options.recorder) options.recorder->set_packet_offset(packet.offset);
    switch (packet.kind) {
      case formats::GsDumpPacketKind::kTransfer: {
        const auto data = dump.data(packet);
        paths.feed(packet, sink);
        ++result.transfers;
        result.transfer_bytes += data.size();
        break;
      }
      case formats::GsDumpPacketKind::kVSync:
        feed.post(vsync_task, result.vsyncs);
        ++result.vsyncs;
        if (options.recorder) options.recorder->set_vsync(result.vsyncs);
        break;
      case formats::GsDumpPacketKind::kReadFifo2: feed.post(readback_task, uint64_t{packet.size} * 16); break;
      case formats::GsDumpPacketKind::kRegisters: feed.post(registers_task, p); break;
    }
  }
  feed.settled();
  if (options.recorder) gs.set_observer(nullptr);
  return result;
}

}  // namespace gcvu::harness
