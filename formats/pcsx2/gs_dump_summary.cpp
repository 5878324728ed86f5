#include "formats/pcsx2/gs_dump_summary.hpp"

#include <fmt/format.h>

namespace gcvu::formats {

namespace {

constexpr size_t kMaxListedFields = 16;

std::string prim_counts(const std::array<uint64_t, 8>& counts) {
  std::string text;
  for (uint32_t type = 0; type < counts.size(); ++type) {
    if (counts[type] == 0) continue;
    text += fmt::format("{}{} {}", text.empty() ? "" : ", ", gs_prim_type_name(type), counts[type]);
  }
  return text.empty() ? "none" : text;
}

std::string prim_types(uint8_t mask) {
  std::string text;
  for (uint32_t type = 0; type < 8; ++type) {
    if ((mask >> type & 1) == 0) continue;
    text += fmt::format("{}{}", text.empty() ? "" : ", ", gs_prim_type_name(type));
  }
  return text.empty() ? "none" : text;
}

}  // namespace

GsDumpSummary summarize_gs_dump(const GsDump& dump) {
  GsDumpSummary summary;
  summary.new_header = dump.header.new_format;
  summary.serial = dump.header.serial;
  summary.crc = dump.header.crc;
  summary.state_version = dump.state.version;
  summary.screenshot_width = dump.header.screenshot_width;
  summary.screenshot_height = dump.header.screenshot_height;
  summary.screenshot_size = dump.header.screenshot_size;
  summary.decompressed_size = dump.bytes.size();
  summary.packets = dump.packets.size();
  GifTagWalker walker(dump.state);
  for (const GsDumpPacket& packet : dump.packets) {
    switch (packet.kind) {
      case GsDumpPacketKind::kTransfer: {
        auto path = static_cast<size_t>(packet.path);
        ++summary.transfers_by_path[path];
        summary.bytes_by_path[path] += packet.size;
        walker.feed(static_cast<uint32_t>(path), dump.data(packet));
        break;
      }
      case GsDumpPacketKind::kVSync:
        if (summary.vsyncs < kMaxListedFields) {
          summary.vsync_fields += fmt::format("{}{}", summary.vsyncs == 0 ? "" : ",", packet.field);
        } else if (summary.vsyncs == kMaxListedFields) {
          summary.vsync_fields += ",...";
        }
        ++summary.vsyncs;
        break;
      case GsDumpPacketKind::kReadFifo2:
        ++summary.read_fifo2;
        summary.read_fifo2_qwords += packet.size;
        break;
      case GsDumpPacketKind::kRegisters: ++summary.register_packets; break;
    }
  }
  summary.gif = walker.stats();
  return summary;
}

std::vector<std::string> gs_dump_summary_lines(const GsDumpSummary& summary) {
  std::vector<std::string> lines;
  lines.push_back(fmt::format("serial: \"{}\"", summary.serial));
  lines.push_back(fmt::format("CRC: {:08x}", summary.crc));
  lines.push_back(fmt::format("state version: {}", summary.state_version));
  lines.push_back(fmt::format("screenshot: {}x{} ({} bytes)", summary.screenshot_width, summary.screenshot_height,
                              summary.screenshot_size));
  lines.push_back(fmt::format("decompressed size: {} bytes", summary.decompressed_size));
  uint64_t transfers = 0;
  for (uint64_t count : summary.transfers_by_path) transfers += count;
  lines.push_back(fmt::format("packets: {} (transfers {}, vsyncs {}, ReadFIFO2 {}, registers {})", summary.packets,
                              transfers, summary.vsyncs, summary.read_fifo2, summary.register_packets));
  for (size_t path = 0; path < summary.transfers_by_path.size(); ++path) {
    if (summary.transfers_by_path[path] == 0) continue;
    lines.push_back(fmt::format("transfers {} (path {}): {} ({} bytes)",
                                gs_transfer_path_name(static_cast<GsTransferPath>(path)), path,
                                summary.transfers_by_path[path], summary.bytes_by_path[path]));
  }
  lines.push_back(fmt::format("vsync fields: {}", summary.vsyncs == 0 ? "none" : summary.vsync_fields));
  if (summary.read_fifo2 != 0) lines.push_back(fmt::format("ReadFIFO2 qwords: {}", summary.read_fifo2_qwords));
  const GifWalkStats& gif = summary.gif;
  lines.push_back(fmt::format("GIF tags: {} (PACKED {}, REGLIST {}, IMAGE {}), IMAGE data {} qwords", gif.tags,
                              gif.tags_by_mode[0], gif.tags_by_mode[1], gif.tags_by_mode[2], gif.image_qwords));
  lines.push_back(fmt::format("PRIM writes: {}, types: {}", gif.prim_writes, prim_types(gif.prim_types_written)));
  lines.push_back(fmt::format("vertex kicks (XYZ2/XYZF2 writes, not primitives): {}", gif.vertex_kicks));
  lines.push_back(fmt::format("vertex kicks by PRIM type: {}", prim_counts(gif.vertex_kicks_by_prim)));
  if (gif.partial_bytes != 0)
    lines.push_back(fmt::format("transfer bytes outside whole qwords: {}", gif.partial_bytes));
  return lines;
}

}  // namespace gcvu::formats
