#include "formats/rc2/moby_packet.hpp"

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"
#include "formats/core/little_endian.hpp"
#include "formats/rc2/vif_list.hpp"

namespace gcvu::formats::rc2 {

namespace {

constexpr size_t kIndexHeaderSize = 4;
constexpr unsigned kFakeTrailer = 3;  // the 1, 1, 1 before the terminating 0

struct PacketErrors {
  const std::string& source;
  const std::string& context;
  [[noreturn]] void fail(uint64_t offset, const std::string& rule) const {
    throw FormatError(source, offset, fmt::format("{}: {}", context, rule));
  }
};

// Splits the VIF list into its 2-3 unpacks; anything but NOPs besides them is an error.
std::vector<VifCommand> list_unpacks(std::span<const uint8_t> core_data, const MobyPacket& packet,
                                     const PacketErrors& errors) {
  const size_t size = size_t{packet.entry.vif_list_size} * 16;
  ByteReader list(core_data.subspan(packet.vif_list_offset, size), errors.source, packet.vif_list_offset);
  std::vector<VifCommand> unpacks;
  for (const VifCommand& command : walk_vif_list(list)) {
    if (command.code.is_unpack()) {
      unpacks.push_back(command);
    } else if (command.code.command() != kVifNop) {
      errors.fail(command.offset, fmt::format("VIF command {:#010x} in the list: a moby list holds only UNPACKs and "
                                              "NOPs",
                                              command.code.word));
    }
  }
  if (unpacks.size() < 2 || unpacks.size() > 3) {
    errors.fail(packet.vif_list_offset, fmt::format("the VIF list holds {} UNPACKs, the format has 2 or 3 (STs, "
                                                    "indices, optional textures)",
                                                    unpacks.size()));
  }
  return unpacks;
}

void require_format(const VifCommand& unpack, unsigned vn, unsigned vl, const char* name, const char* role,
                    const PacketErrors& errors) {
  if (unpack.code.vn() != vn || unpack.code.vl() != vl || unpack.code.masked()) {
    errors.fail(unpack.offset, fmt::format("the {} UNPACK ({:#010x}) must be an unmasked {}", role,
                                           unpack.code.word, name));
  }
}

void read_sts(const VifCommand& unpack, MobyPacket& packet, const PacketErrors& errors) {
  require_format(unpack, 1, 1, "V2_16", "first (ST)", errors);
  if (unpack.code.unsigned_data()) errors.fail(unpack.offset, "the ST UNPACK must be signed");
  const unsigned count = unpack.code.unpack_count();
  if (count != packet.entry.vertex_bounds.transfer_vertex_count) {
    errors.fail(unpack.offset, fmt::format("the ST UNPACK carries {} STs, the entry transfers {} vertices (STs and "
                                           "vertices are indexed the same way)",
                                           count, packet.entry.vertex_bounds.transfer_vertex_count));
  }
  packet.st_address = static_cast<uint16_t>(unpack.code.address());
  for (unsigned i = 0; i < count; ++i) {
    packet.sts.push_back({static_cast<int16_t>(unpack.payload[4 * i] | (unpack.payload[4 * i + 1] << 8)),
                          static_cast<int16_t>(unpack.payload[4 * i + 2] | (unpack.payload[4 * i + 3] << 8))});
  }
}

void read_ad_gifs(const VifCommand& unpack, const VifCommand& indices, MobyPacket& packet,
                  const PacketErrors& errors) {
  require_format(unpack, 3, 0, "V4_32", "third (texture)", errors);
  const unsigned quadwords = unpack.code.unpack_count();
  if (quadwords % 4 != 0) {
    errors.fail(unpack.offset, fmt::format("the texture UNPACK carries {} quadwords, not whole 0x40-byte A+D blocks",
                                           quadwords));
  }
  const unsigned expected_address = indices.code.address() + indices.code.unpack_count();
  if (unpack.code.address() != expected_address) {
    errors.fail(unpack.offset, fmt::format("the texture UNPACK goes to VU address {:#x}, not right after the index "
                                           "buffer ({:#x})",
                                           unpack.code.address(), expected_address));
  }
  if (packet.texture_qword_offset != indices.code.unpack_count()) {
    errors.fail(indices.offset + 4 + 1,
                fmt::format("index header byte 1 is {}, the third UNPACK sits {} quadwords after the index buffer",
                            packet.texture_qword_offset, indices.code.unpack_count()));
  }
  const uint64_t list_end = packet.vif_list_offset + size_t{packet.entry.vif_list_size} * 16;
  const uint64_t data_start = unpack.offset + 4;
  if (packet.entry.texture_unpack_offset != quadwords || list_end - data_start != size_t{quadwords} * 16) {
    errors.fail(packet.entry_offset + 6,
                fmt::format("texture_unpack_offset {} must equal the third UNPACK's {} quadwords, which end the list "
                            "(its data starts {} bytes before the list end)",
                            packet.entry.texture_unpack_offset, quadwords, list_end - data_start));
  }
  for (unsigned block = 0; block < quadwords / 4; ++block) {
    MobyAdGifBlock gif;
    for (unsigned q = 0; q < 4; ++q) {
      gif.data[q] = load_le_u64(unpack.payload, (block * 4 + q) * 16);
      gif.address[q] = load_le_u64(unpack.payload, (block * 4 + q) * 16 + 8);
    }
    packet.ad_gifs.push_back(gif);
  }
}

// Walks the index stream, taking secret indices in order, and records the strip.
void decode_stream(const VifCommand& indices, MobyPacket& packet, const PacketErrors& errors) {
  const unsigned transfer = packet.entry.vertex_bounds.transfer_vertex_count;
  const auto check_index = [&](unsigned index, uint64_t offset, const char* what) {
    if (index == 0 || index > transfer) {
      errors.fail(offset, fmt::format("{} {} is outside the {} transferred vertices (1-based)", what, index, transfer));
    }
  };
  // Secret index slots: the header's, then the top word of each third-unpack quadword.
  std::vector<uint8_t> secret_slots{packet.secret_indices.front()};
  for (const MobyAdGifBlock& gif : packet.ad_gifs) {
    for (uint64_t address : gif.address) secret_slots.push_back(static_cast<uint8_t>(address >> 32));
  }
  packet.secret_indices.clear();
  const uint64_t stream_offset = indices.offset + 4 + kIndexHeaderSize;
  std::vector<MobyStripVertex> taken;  // includes the fake trailer until the end is found
  bool ended = false;
  size_t switches = 0;
  for (size_t i = 0; i < packet.index_bytes.size() && !ended; ++i) {
    const uint8_t byte = packet.index_bytes[i];
    if (byte != 0) {
      check_index(byte & 0x7fu, stream_offset + i, "index");
      taken.push_back({static_cast<uint8_t>(byte & 0x7f), (byte & 0x80) == 0, -1});
      continue;
    }
    // Zero number k takes slot k. Zeros before it were switches, each with its own A+D block, so k <= blocks <
    // 1 + 4 * blocks = the slot count: a stream cannot run out of secret indices before it runs out of blocks.
    const uint8_t secret = secret_slots.at(packet.secret_indices.size());
    packet.secret_indices.push_back(secret);
    if (secret == 0) {
      ended = true;
      break;
    }
    check_index(secret & 0x7fu, stream_offset + i, "secret index");
    if (switches >= packet.ad_gifs.size()) {
      errors.fail(stream_offset + i, fmt::format("texture switch {} (index 0 with secret index {}) has no A+D block: "
                                                 "the third UNPACK holds {}",
                                                 switches + 1, secret, packet.ad_gifs.size()));
    }
    taken.push_back({static_cast<uint8_t>(secret & 0x7f), false, static_cast<int>(switches)});
    ++switches;
  }
  if (!ended) {
    errors.fail(stream_offset, "the index stream has no terminating 0 (an index 0 whose secret index is 0)");
  }
  const bool trailer = taken.size() >= kFakeTrailer && taken.back().texture_switch < 0 &&
                       taken[taken.size() - 1].index == 1 && taken[taken.size() - 2].index == 1 &&
                       taken[taken.size() - 3].index == 1 && taken[taken.size() - 2].texture_switch < 0 &&
                       taken[taken.size() - 3].texture_switch < 0;
  if (!trailer) {
    errors.fail(stream_offset, "the index stream must end with the fake indices 1, 1, 1 before its terminating 0 "
                               "(the VU program keeps three vertices in flight)");
  }
  taken.resize(taken.size() - kFakeTrailer);
  packet.strip = std::move(taken);
}

void read_indices(const VifCommand& unpack, MobyPacket& packet, const PacketErrors& errors) {
  require_format(unpack, 3, 2, "V4_8", "second (index)", errors);
  const size_t bytes = size_t{unpack.code.unpack_count()} * 4;
  if (bytes < kIndexHeaderSize) errors.fail(unpack.offset, "the index UNPACK is shorter than its 4-byte header");
  packet.index_address = static_cast<uint16_t>(unpack.code.address());
  packet.index_header_unknown = unpack.payload[0];
  packet.texture_qword_offset = unpack.payload[1];
  packet.secret_indices = {unpack.payload[2]};
  if (unpack.payload[3] != 0) {
    errors.fail(unpack.offset + 4 + 3, fmt::format("index header byte 3 is {}, it must be 0", unpack.payload[3]));
  }
  packet.index_bytes.assign(unpack.payload.begin() + kIndexHeaderSize, unpack.payload.begin() + bytes);
}

}  // namespace

MobyPacketEntry parse_moby_packet_entry(std::span<const uint8_t, kMobyPacketEntrySize> b) {
  MobyPacketEntry entry;
  entry.vif_list_offset = load_le_u32(b, 0);
  entry.vif_list_size = static_cast<uint16_t>(b[4] | (b[5] << 8));
  entry.texture_unpack_offset = static_cast<uint16_t>(b[6] | (b[7] << 8));
  entry.vertex_offset = load_le_u32(b, 8);
  entry.vertex_bounds = {b[12], b[13], b[14], b[15]};
  return entry;
}

size_t MobyPacket::kicked_triangles() const {
  size_t triangles = 0;
  for (size_t i = 2; i < strip.size(); ++i) triangles += strip[i].kick ? 1 : 0;
  return triangles;
}

MobyPacket read_moby_packet(std::span<const uint8_t> core_data, uint64_t span_begin, uint64_t span_end,
                            uint64_t entry_offset, MobyFormat format, const std::string& source,
                            const std::string& context) {
  const PacketErrors errors{source, context};
  MobyPacket packet;
  packet.entry_offset = entry_offset;
  packet.entry = parse_moby_packet_entry(core_data.subspan(entry_offset).first<kMobyPacketEntrySize>());
  const MobyPacketEntry& entry = packet.entry;
  const uint64_t span_size = span_end - span_begin;
  const uint64_t list_size = uint64_t{entry.vif_list_size} * 16;
  if (entry.vif_list_offset > span_size || span_size - entry.vif_list_offset < list_size) {
    errors.fail(entry_offset, fmt::format("the VIF list [+{}, +{}) runs past the class span's {} bytes",
                                          hex_offset(entry.vif_list_offset),
                                          hex_offset(entry.vif_list_offset + list_size), hex_offset(span_size)));
  }
  const uint64_t vertex_size = uint64_t{entry.vertex_bounds.vertex_data_size} * 16;
  if (entry.vertex_offset > span_size || span_size - entry.vertex_offset < vertex_size) {
    errors.fail(entry_offset + 8, fmt::format("the vertex table [+{}, +{}) runs past the class span's {} bytes",
                                              hex_offset(entry.vertex_offset),
                                              hex_offset(entry.vertex_offset + vertex_size), hex_offset(span_size)));
  }
  packet.vif_list_offset = span_begin + entry.vif_list_offset;
  const std::vector<VifCommand> unpacks = list_unpacks(core_data, packet, errors);
  read_sts(unpacks[0], packet, errors);
  read_indices(unpacks[1], packet, errors);
  const unsigned st_end = packet.st_address + unpacks[0].code.unpack_count();
  if (st_end > packet.index_address) {
    errors.fail(unpacks[0].offset, fmt::format("the ST UNPACK fills VU addresses up to {:#x}, over the index buffer "
                                               "at {:#x}",
                                               st_end, packet.index_address));
  }
  if (unpacks.size() == 3) {
    read_ad_gifs(unpacks[2], unpacks[1], packet, errors);
  } else {
    if (packet.texture_qword_offset != 0 || entry.texture_unpack_offset != 0) {
      errors.fail(entry_offset + 6, fmt::format("no third UNPACK, yet texture_unpack_offset is {} and index header "
                                                "byte 1 is {} (both must be 0)",
                                                entry.texture_unpack_offset, packet.texture_qword_offset));
    }
  }
  decode_stream(unpacks[1], packet, errors);
  packet.vertex_table = read_moby_vertex_table(core_data, span_begin + entry.vertex_offset, entry.vertex_bounds,
                                               format, source, context);
  return packet;
}

}  // namespace gcvu::formats::rc2
