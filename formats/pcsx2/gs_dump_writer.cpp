#include "formats/pcsx2/gs_dump_writer.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "formats/compress/compress.hpp"
#include "formats/core/byte_writer.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats {

namespace {

// A view the dump's offsets describe, checked against its bytes first (a hand-built dump may get them wrong).
std::span<const uint8_t> view(const GsDump& dump, uint64_t offset, uint64_t size, const char* what,
                              const std::string& destination) {
  if (offset > dump.bytes.size() || size > dump.bytes.size() - offset) {
    throw FormatError(destination, 0,
                      fmt::format("{} at {}..+{} lies outside the dump's {} bytes", what, hex_offset(offset),
                                  hex_offset(size), hex_offset(dump.bytes.size())));
  }
  return std::span<const uint8_t>(dump.bytes).subspan(static_cast<size_t>(offset), static_cast<size_t>(size));
}

void check_header_matches_state(const GsDump& dump, const std::string& destination) {
  const uint32_t expected = gs_state_size(dump.state.version);
  if (expected == 0) {
    throw FormatError(destination, 0,
                      fmt::format("unsupported GS state version {} (supported: 8, 9)", dump.state.version));
  }
  if (dump.header.new_format && dump.header.state_version != dump.state.version) {
    throw FormatError(destination, 0,
                      fmt::format("the header says state version {}, the state is version {}",
                                  dump.header.state_version, dump.state.version));
  }
  if (dump.header.state_size != expected) {
    throw FormatError(destination, 0,
                      fmt::format("GS state size {} does not match the {} bytes of a version {} state",
                                  dump.header.state_size, expected, dump.state.version));
  }
}

void write_packet(const GsDump& dump, const GsDumpPacket& packet, ByteWriter& out, const std::string& destination) {
  out.u8(static_cast<uint8_t>(packet.kind));
  switch (packet.kind) {
    case GsDumpPacketKind::kTransfer: {
      if (static_cast<uint8_t>(packet.path) > 3) {
        throw FormatError(destination, out.size(),
                          fmt::format("transfer path {} is not 0..3", static_cast<uint32_t>(packet.path)));
      }
      out.u8(static_cast<uint8_t>(packet.path));
      out.u32(packet.size);
      out.append(view(dump, packet.data_offset, packet.size, "transfer data", destination));
      break;
    }
    case GsDumpPacketKind::kVSync: out.u8(packet.field); break;
    case GsDumpPacketKind::kReadFifo2: out.u32(packet.size); break;
    case GsDumpPacketKind::kRegisters:
      if (packet.size != kGsPrivilegedRegistersSize) {
        throw FormatError(destination, out.size(),
                          fmt::format("registers packet of {} bytes, the privileged block is {}", packet.size,
                                      kGsPrivilegedRegistersSize));
      }
      out.append(view(dump, packet.data_offset, packet.size, "registers packet", destination));
      break;
    default:
      throw FormatError(destination, out.size() - 1,
                        fmt::format("unknown packet kind {} (known: 0 transfer, 1 vsync, 2 ReadFIFO2, 3 registers)",
                                    static_cast<uint32_t>(packet.kind)));
  }
}

// Without regard to case, as PCSX2 matches dump names (VMManager::IsGSDumpFileName).
bool ends_with(const std::string& text, const std::string& suffix) {
  if (text.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), text.end() - static_cast<std::ptrdiff_t>(suffix.size()),
                    [](char wanted, char found) { return std::tolower(static_cast<unsigned char>(found)) == wanted; });
}

}  // namespace

std::vector<uint8_t> write_gs_dump(const GsDump& dump, const std::string& destination) {
  check_header_matches_state(dump, destination);
  const GsDumpHeader& header = dump.header;
  // An empty screenshot may carry any offset (the reader ignores it).
  const auto screenshot = header.screenshot_size == 0 ? std::span<const uint8_t>{}
                                                      : view(dump, 8 + uint64_t{header.screenshot_offset},
                                                             header.screenshot_size, "screenshot", destination);
  const auto memory = view(dump, dump.state.local_memory_offset, kGsLocalMemorySize, "local memory", destination);
  const auto privileged =
      view(dump, dump.privileged_registers_offset, kGsPrivilegedRegistersSize, "privileged registers", destination);
  ByteWriter out;
  write_gs_dump_header(header, screenshot, out, destination);
  write_gs_dump_state(dump.state, memory, out, destination);
  out.append(privileged);
  for (const GsDumpPacket& packet : dump.packets) write_packet(dump, packet, out, destination);
  return out.take();
}

std::vector<uint8_t> write_gs_dump(const GsDump& dump, Compression compression, const std::string& destination) {
  return compress(write_gs_dump(dump, destination), compression, destination);
}

Compression gs_dump_compression_for(const std::filesystem::path& path) {
  const std::string name = path.filename().string();
  if (ends_with(name, ".gs")) return Compression::kNone;
  if (ends_with(name, ".gs.zst")) return Compression::kZstd;
  if (ends_with(name, ".gs.xz")) return Compression::kXz;
  throw FormatError(path.string(), 0, "a GS dump's name ends in .gs, .gs.zst or .gs.xz");
}

void save_gs_dump(const GsDump& dump, const std::filesystem::path& path) {
  write_file(path, write_gs_dump(dump, gs_dump_compression_for(path), path.string()));
}

}  // namespace gcvu::formats
