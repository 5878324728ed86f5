#include "harness/replay/dump_gif_paths.hpp"

#include <algorithm>

namespace gcvu::harness {

size_t DumpGifPaths::index(formats::GsTransferPath path) {
  switch (path) {
    case formats::GsTransferPath::kPath1Old:
    case formats::GsTransferPath::kPath1New: return 0;
    case formats::GsTransferPath::kPath2: return 1;
    case formats::GsTransferPath::kPath3: return 2;
  }
  return 2;
}

DumpGifPaths::DumpGifPaths(const formats::GsDump& dump) : dump_(dump) {
  // Each path's size first, so each stream is allocated once: growing them packet by packet copied a game dump's
  // transfers about twice over, into fresh pages each time (~9 % of replaying a 30-frame demo dump).
  std::array<size_t, 3> sizes{};
  for (const formats::GsDumpPacket& packet : dump.packets) {
    if (packet.kind == formats::GsDumpPacketKind::kTransfer) sizes[index(packet.path)] += dump.data(packet).size();
  }
  for (size_t p = 0; p < paths_.size(); ++p) paths_[p].stream = ZeroedBytes(std::max<size_t>(sizes[p], 1));
  for (const formats::GsDumpPacket& packet : dump.packets) {
    if (packet.kind != formats::GsDumpPacketKind::kTransfer) continue;
    const auto data = dump.data(packet);
    Path& path = paths_[index(packet.path)];
    std::copy(data.begin(), data.end(), path.stream.data() + path.stream_bytes);
    path.stream_bytes += data.size();
  }
}

void DumpGifPaths::feed(const formats::GsDumpPacket& packet, gif::GsSink& sink) {
  Path& path = paths_[index(packet.path)];
  path.fed += dump_.data(packet).size();
  const std::span<const uint8_t> stream = path.bytes();
  while (path.fed - path.consumed >= sizeof(Qword)) {
    const bool tag = path.decoder.expecting_tag();
    const auto step = path.decoder.consume_run(stream.subspan(path.consumed),
                                               (path.fed - path.consumed) / sizeof(Qword), path.path, 0, sink);
    path.consumed += step.qwords * sizeof(Qword);
    if (tag) ++tags_[static_cast<size_t>(path.decoder.tag().format)];
  }
}

}  // namespace gcvu::harness
