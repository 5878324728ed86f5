#include "formats/pcsx2/gs_dump_summary.hpp"

#include <fmt/format.h>

namespace gcvu::formats {

namespace {

constexpr size_t kMaxListedFields = 16;

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
  for (const GsDumpPacket& packet : dump.packets) {
    switch (packet.kind) {
      case GsDumpPacketKind::kTransfer: {
        auto path = static_cast<size_t>(packet.path);
        ++summary.transfers_by_path[path];
        summary.bytes_by_path[path] += packet.size;
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
  return lines;
}

}  // namespace gcvu::formats
