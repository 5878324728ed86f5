#include "formats/pcsx2/gs_dump.hpp"

#include <fmt/format.h>

#include "formats/compress/compressed_input.hpp"
#include "formats/core/byte_reader.hpp"
#include "formats/core/file_io.hpp"

namespace gcvu::formats {

namespace {

// An old-format header has no magic (its first u32 is the game CRC), so a file with the wrong first word is read
// as an old dump and fails somewhere in its header or state; say so, or the message would hide the real cause.
void read_header_and_state(GsDump& dump) {
  std::span<const uint8_t> bytes = dump.bytes;
  uint32_t first = 0;
  for (size_t i = 0; i < 4 && i < bytes.size(); ++i) first |= uint32_t{bytes[i]} << (8 * i);
  try {
    dump.header = read_gs_dump_header(bytes, dump.source);
    dump.state = read_gs_dump_state(bytes, dump.header.state_offset, dump.header.state_size, dump.source);
  } catch (const FormatError& error) {
    if (first == kGsDumpNewHeaderMarker) throw;
    throw FormatError(error.source(), error.offset(),
                      fmt::format("{} (the first u32 {:#010x} is not the new-header marker 0xffffffff, so this was "
                                  "read as an old-format dump)",
                                  error.rule(), first));
  }
}

GsDumpPacket read_packet(ByteReader& reader) {
  GsDumpPacket packet;
  packet.offset = reader.source_offset();
  uint8_t id = reader.u8("packet id");
  switch (static_cast<GsDumpPacketKind>(id)) {  // fixed uint8_t underlying type: every id is a valid value
    case GsDumpPacketKind::kTransfer: {
      uint8_t path = reader.u8("transfer path");
      if (path > 3) reader.fail_at(reader.position() - 1, fmt::format("transfer path {} is not 0..3", path));
      packet.kind = GsDumpPacketKind::kTransfer;
      packet.path = static_cast<GsTransferPath>(path);
      packet.size = reader.u32("transfer size");
      if (packet.size > reader.remaining()) {
        reader.fail_at(reader.position() - 4,
                       fmt::format("transfer of {} bytes runs past the end of the dump ({} bytes remain)", packet.size,
                                   reader.remaining()));
      }
      packet.data_offset = reader.source_offset();
      reader.skip(packet.size);
      break;
    }
    case GsDumpPacketKind::kVSync:
      packet.kind = GsDumpPacketKind::kVSync;
      packet.field = reader.u8("vsync field");
      break;
    case GsDumpPacketKind::kReadFifo2:
      packet.kind = GsDumpPacketKind::kReadFifo2;
      packet.size = reader.u32("ReadFIFO2 size");
      if (packet.size > kMaxReadFifo2Qwords) {
        reader.fail_at(reader.position() - 4,
                       fmt::format("ReadFIFO2 of {} qwords is more than the largest local->host transfer ({} qwords: "
                                   "4095x4095 pixels of 32 bits)",
                                   packet.size, kMaxReadFifo2Qwords));
      }
      break;
    case GsDumpPacketKind::kRegisters:
      packet.kind = GsDumpPacketKind::kRegisters;
      packet.size = kGsPrivilegedRegistersSize;
      packet.data_offset = reader.source_offset();
      reader.skip(kGsPrivilegedRegistersSize, "privileged registers packet");
      break;
    default:
      reader.fail_at(reader.position() - 1, fmt::format("unknown packet id {} (known: 0 transfer, 1 vsync, "
                                                        "2 ReadFIFO2, 3 registers)",
                                                        id));
  }
  return packet;
}

GsDump parse(GsDump dump) {
  const std::string& source = dump.source;
  std::span<const uint8_t> bytes = dump.bytes;
  read_header_and_state(dump);
  const GsDumpHeader& header = dump.header;

  ByteReader reader(bytes, source);
  reader.seek(static_cast<size_t>(header.state_offset + header.state_size), "privileged registers");
  dump.privileged_registers_offset = reader.position();
  reader.skip(kGsPrivilegedRegistersSize, "privileged registers");
  dump.packets = read_gs_dump_packets(bytes, reader.position(), source);
  return dump;
}

}  // namespace

std::vector<GsDumpPacket> read_gs_dump_packets(std::span<const uint8_t> bytes, uint64_t offset,
                                               const std::string& source) {
  ByteReader reader(bytes, source);
  reader.seek(static_cast<size_t>(offset), "packets");
  std::vector<GsDumpPacket> packets;
  while (!reader.at_end()) packets.push_back(read_packet(reader));
  return packets;
}

const char* gs_transfer_path_name(GsTransferPath path) {
  switch (path) {
    case GsTransferPath::kPath1Old: return "Path1Old";
    case GsTransferPath::kPath2: return "Path2";
    case GsTransferPath::kPath3: return "Path3";
    case GsTransferPath::kPath1New: return "Path1New";
  }
  return "unknown";
}

std::span<const uint8_t> GsDump::screenshot() const {
  // The header parser checked a non-empty screenshot's offset and size against the header, which lies inside
  // `bytes`; an empty one may carry any offset.
  if (header.screenshot_size == 0) return {};
  return std::span<const uint8_t>(bytes).subspan(8 + header.screenshot_offset, header.screenshot_size);
}

std::span<const uint8_t> GsDump::local_memory() const {
  return std::span<const uint8_t>(bytes).subspan(state.local_memory_offset, kGsLocalMemorySize);
}

std::span<const uint8_t> GsDump::privileged_registers() const {
  return std::span<const uint8_t>(bytes).subspan(privileged_registers_offset, kGsPrivilegedRegistersSize);
}

std::span<const uint8_t> GsDump::data(const GsDumpPacket& packet) const {
  if (packet.kind != GsDumpPacketKind::kTransfer && packet.kind != GsDumpPacketKind::kRegisters) return {};
  return std::span<const uint8_t>(bytes).subspan(packet.data_offset, packet.size);
}

GsDump read_gs_dump(std::vector<uint8_t>&& file_bytes, const std::string& source) {
  GsDump dump;
  dump.source = source;
  dump.compression = detect_compression(file_bytes);
  if (dump.compression == Compression::kNone) {
    dump.bytes = std::move(file_bytes);
  } else {
    dump.bytes = decompress(file_bytes, dump.compression, source, kMaxGsDumpSize);
  }
  return parse(std::move(dump));
}

GsDump read_gs_dump(std::span<const uint8_t> file_bytes, const std::string& source) {
  Compression compression = detect_compression(file_bytes);
  if (compression == Compression::kNone)
    return read_gs_dump(std::vector<uint8_t>(file_bytes.begin(), file_bytes.end()), source);
  GsDump dump;
  dump.source = source;
  dump.compression = compression;
  dump.bytes = decompress(file_bytes, compression, source, kMaxGsDumpSize);
  return parse(std::move(dump));
}

GsDump read_gs_dump_file(const std::filesystem::path& path) {
  OpenedFile file = open_file(path, kMaxGsDumpFileBytes);
  CompressedInput input(file.stream, file.size, path.string());
  const Compression compression = detect_compression(input.piece());
  if (compression == Compression::kNone) {
    if (!input.more()) return read_gs_dump(input.piece(), path.string());  // (read whole already)
    return read_gs_dump(read_opened_file(file, path), path.string());
  }
  GsDump dump;
  dump.source = path.string();
  dump.compression = compression;
  dump.bytes = decompress(input, compression, dump.source, kMaxGsDumpSize);
  return parse(std::move(dump));
}

}  // namespace gcvu::formats
