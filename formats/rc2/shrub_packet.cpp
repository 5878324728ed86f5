#include "formats/rc2/shrub_packet.hpp"

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"
#include "formats/rc2/vif_code.hpp"

namespace gcvu::formats::rc2 {

namespace {

constexpr uint32_t kStcycl44 = vif_word(kVifStcycl, 0, 0x0404);
constexpr uint32_t kStmod0 = vif_word(kVifStmod, 0, 0);
constexpr uint16_t kFlg = 0x8000;
constexpr unsigned kPrimTriangle = 3;
constexpr unsigned kPrimTriangleStrip = 4;
constexpr uint32_t kVertexRegs = 0x412;  // ST, RGBAQ, XYZF2
constexpr std::array<uint8_t, 4> kTextureRegisters = {0x14, 0x08, 0x34, 0x06};  // TEX1_1 CLAMP_1 MIPTBP1_1 TEX0_1
constexpr unsigned kMinimumVertices = 6;  // wrench's writer pads a packet to 6 (the program's vertices in flight)

struct PacketCheck {
  const std::string& source;
  const std::string& context;
  uint64_t base;  // core_data offset of the packet
  [[noreturn]] void fail(uint64_t at, const std::string& rule) const {
    throw FormatError(source, base + at, fmt::format("{}: {}", context, rule));
  }
  // The rule is formatted only when the check fails: levels hold thousands of checked fields.
  template <typename... Args>
  void require(bool ok, uint64_t at, fmt::format_string<Args...> rule, Args&&... args) const {
    if (!ok) fail(at, fmt::format(rule, std::forward<Args>(args)...));
  }
};

void expect_word(ByteReader& in, const PacketCheck& check, uint32_t expected, const char* what) {
  const size_t at = in.position();
  const uint32_t word = in.u32(what);
  check.require(word == expected, at, "packet list: expected {} ({:08x}), found {:08x}", what, expected, word);
}

// An UNPACK of `command` with FLG, signed, at `address`; returns its element count.
unsigned expect_unpack(ByteReader& in, const PacketCheck& check, uint8_t command, unsigned address,
                       const char* what) {
  const size_t at = in.position();
  const VifCode code{in.u32(what)};
  check.require(code.command() == command && code.immediate() == (kFlg | address), at,
                "packet list: expected {} (UNPACK {:02x}, FLG, signed, address {}), found {:08x}", what, command,
                address, code.word);
  return code.num();
}

}  // namespace

ShrubPacket read_shrub_packet(std::span<const uint8_t> bytes, uint32_t packet_offset, uint64_t span_offset,
                              const std::string& source, const std::string& context) {
  const PacketCheck check{source, context, span_offset + packet_offset};
  ShrubPacket packet;
  packet.offset = packet_offset;
  packet.size = static_cast<uint32_t>(bytes.size());
  check.require(bytes.size() % 16 == 0, 0, "packet size {} is not a multiple of 16", bytes.size());
  ByteReader in(bytes, source, check.base);

  // The disc signature the record measures on every packet, read as wrench's list prologue.
  expect_word(in, check, kStcycl44, "STCYCL 4/4 (bytes 0-3 = 04 04 00 01)");
  expect_word(in, check, 0, "NOP (bytes 4-7 zero)");
  expect_word(in, check, kStmod0, "STMOD 0 (byte 11 = 0x05)");
  const unsigned header_qwords = expect_unpack(in, check, unpack_command(3, 0), 0, "the header UNPACK V4_32");

  const size_t header_at = in.position();
  packet.texture_count = in.u32("texture_count");
  packet.gif_tag_count = in.u32("gif_tag_count");
  packet.vertex_count = in.u32("vertex_count");
  packet.vertex_offset = in.u32("vertex_offset");
  check.require(packet.vertex_offset == header_qwords, header_at + 12,
                "header vertex_offset {} is not the header UNPACK's num {} (the record's byte-14 echo)",
                packet.vertex_offset, header_qwords);
  check.require(uint64_t{packet.vertex_offset} == 1 + uint64_t{packet.gif_tag_count} + 4ull * packet.texture_count,
                header_at + 12, "vertex_offset {} != 1 + gif_tag_count {} + 4 * texture_count {}", packet.vertex_offset,
                packet.gif_tag_count, packet.texture_count);
  check.require(packet.vertex_count >= kMinimumVertices && packet.vertex_count <= 255, header_at + 8,
                "vertex_count {} is outside {}..255 (a packet is padded to {} vertices)", packet.vertex_count,
                kMinimumVertices, kMinimumVertices);
  check.require(uint64_t{packet.vertex_offset} + 2ull * packet.vertex_count <= kShrubInputBufferQwords, header_at + 8,
                "input buffer: vertex_offset {} + 2 * vertex_count {} exceeds {} qwords", packet.vertex_offset,
                packet.vertex_count, kShrubInputBufferQwords);

  for (uint32_t i = 0; i < packet.gif_tag_count; ++i) {
    ShrubGifTag tag;
    tag.tag_low = in.u64("gif tag");
    tag.regs = in.u32("gif tag regs");
    tag.gs_packet_offset = static_cast<int32_t>(in.u32("gif tag GS packet offset"));
    packet.gif_tags.push_back(tag);
  }
  for (uint32_t i = 0; i < packet.texture_count; ++i) {
    ShrubTextureRecord texture;
    const size_t at = in.position();
    for (size_t q = 0; q < 4; ++q) {
      texture.data[q] = in.u64("texture A+D data");
      texture.address[q] = in.u8("texture A+D address");
      in.skip(3, "texture A+D padding");
      const uint32_t high = in.u32("texture A+D high word");
      if (q == 0) texture.gs_packet_offset = static_cast<int32_t>(high);
      check.require(texture.address[q] == kTextureRegisters[q], at + q * 16 + 8,
                    "texture record {} A+D qword {} addresses register {:#04x}, expected {:#04x} "
                    "(TEX1_1, CLAMP_1, MIPTBP1_1, TEX0_1)",
                    i, q, texture.address[q], kTextureRegisters[q]);
    }
    packet.textures.push_back(texture);
  }

  expect_word(in, check, kStmod0, "STMOD 0 before the positions");
  const unsigned positions =
      expect_unpack(in, check, unpack_command(3, 1), packet.vertex_offset, "the positions UNPACK V4_16");
  check.require(positions == packet.vertex_count, in.position() - 4, "positions UNPACK num {} != vertex_count {}",
                positions, packet.vertex_count);
  packet.vertices.resize(packet.vertex_count);
  for (ShrubVertex& v : packet.vertices) {
    for (int16_t& c : v.position) c = static_cast<int16_t>(in.u16("position"));
    v.gs_packet_offset = static_cast<int16_t>(in.u16("vertex GS packet offset"));
  }
  expect_word(in, check, kStmod0, "STMOD 0 before the STs");
  const unsigned sts = expect_unpack(in, check, unpack_command(3, 1), packet.vertex_offset + packet.vertex_count,
                                     "the ST/colour UNPACK V4_16");
  check.require(sts == packet.vertex_count, in.position() - 4, "ST UNPACK num {} != vertex_count {}", sts,
                packet.vertex_count);
  const size_t sts_at = in.position();
  for (ShrubVertex& v : packet.vertices) {
    v.s = static_cast<int16_t>(in.u16("s"));
    v.t = static_cast<int16_t>(in.u16("t"));
    v.h = static_cast<int16_t>(in.u16("h"));
    v.colour_word = in.u16("colour index");
  }
  check.require(in.at_end(), in.position(), "packet list ends at +{:#x} but the table gives it {} bytes", in.position(),
                packet.size);

  for (size_t i = 0; i < packet.vertices.size(); ++i) {
    const ShrubVertex& v = packet.vertices[i];
    const uint64_t at = sts_at + i * 8 + 6;
    check.require(v.colour_index() < kShrubPaletteEntries, at, "vertex {} colour index {} is not below {}", i,
                  v.colour_index(), kShrubPaletteEntries);
    // wrench's writer sets the stop flag on the fourth vertex from the end (the program runs three behind).
    const bool expected_stop = i + 4 == packet.vertices.size();
    check.require(v.stop() == expected_stop, at,
                  "vertex {} stop flag is {}: it must be set on vertex vertex_count - 4 = {} only", i,
                  v.stop() ? "set" : "clear", packet.vertices.size() - 4);
  }

  // Lay the GS packet out as the program writes it: a gif tag takes 1 qw, a texture 5 (its A+D tag and four
  // qwords), a vertex 3 (ST, RGBAQ, XYZF2). Each entry must sit where the walk has reached; trailing vertices that
  // repeat the previous one's offset are padding.
  size_t next_tag = 0, next_texture = 0, next_vertex = 0;
  int64_t cursor = 0;
  size_t texture_in_force = SIZE_MAX;
  ShrubPrimitive* open = nullptr;
  while (next_tag < packet.gif_tags.size() || next_texture < packet.textures.size() ||
         next_vertex < packet.vertices.size()) {
    if (next_tag < packet.gif_tags.size() && packet.gif_tags[next_tag].gs_packet_offset == cursor) {
      ShrubPrimitive primitive;
      primitive.gif_tag = next_tag++;
      primitive.first_vertex = next_vertex;
      primitive.texture_before = texture_in_force;
      packet.primitives.push_back(primitive);
      open = &packet.primitives.back();
      cursor += 1;
    } else if (next_texture < packet.textures.size() && packet.textures[next_texture].gs_packet_offset == cursor) {
      texture_in_force = next_texture++;
      open = nullptr;
      cursor += 5;
    } else if (next_vertex < packet.vertices.size() && packet.vertices[next_vertex].gs_packet_offset == cursor) {
      check.require(open != nullptr, 16 + 16 * uint64_t{packet.vertex_offset} + 8 * next_vertex,
                    "vertex {} at GS packet offset {} follows no gif tag", next_vertex, cursor);
      ++open->vertex_count;
      ++next_vertex;
      cursor += 3;
    } else if (next_vertex > 0 && next_vertex < packet.vertices.size() &&
               packet.vertices[next_vertex].gs_packet_offset == cursor - 3 && next_tag == packet.gif_tags.size() &&
               next_texture == packet.textures.size()) {
      break;  // padding: every remaining vertex must repeat this offset (checked below)
    } else {
      check.fail(header_at, fmt::format("GS packet layout: nothing (gif tag, texture or vertex) is placed at output "
                                        "offset {} (next gif tag {}, texture {}, vertex {})",
                                        cursor, next_tag, next_texture, next_vertex));
    }
  }
  packet.drawn_vertices = static_cast<uint32_t>(next_vertex);
  for (size_t i = next_vertex; i < packet.vertices.size(); ++i) {
    check.require(packet.vertices[i].gs_packet_offset == cursor - 3,
                  16 + 16 * uint64_t{packet.vertex_offset} + 8 * i + 6,
                  "padding vertex {} writes output offset {}, not the last vertex's {}", i,
                  packet.vertices[i].gs_packet_offset, cursor - 3);
  }
  packet.gs_packet_qwords = static_cast<uint32_t>(cursor);
  check.require(packet.gs_packet_qwords <= kShrubOutputQwords, header_at,
                "the GS packet is {} qwords, over the {} the output buffer holds", cursor, kShrubOutputQwords);

  for (size_t p = 0; p < packet.primitives.size(); ++p) {
    ShrubPrimitive& primitive = packet.primitives[p];
    const ShrubGifTag& tag = packet.gif_tags[primitive.gif_tag];
    const uint64_t at = 16 + 16 * (1 + uint64_t{primitive.gif_tag});
    check.require(tag.nreg() == 3 && tag.regs == kVertexRegs && tag.pre(), at,
                  "gif tag {}: expected PRE 1, NREG 3, REGS ST RGBAQ XYZF2 (0x412)", primitive.gif_tag);
    check.require(tag.nloop() == primitive.vertex_count, at, "gif tag {}: NLOOP {} but {} vertices follow it",
                  primitive.gif_tag, tag.nloop(), primitive.vertex_count);
    check.require(tag.eop() == (p + 1 == packet.primitives.size()), at,
                  "gif tag {}: EOP must be set on the last gif tag only", primitive.gif_tag);
    const unsigned type = tag.prim() & 7;
    if (type == kPrimTriangleStrip) {
      check.require(primitive.vertex_count >= 3, at, "gif tag {}: a strip of {} vertices", primitive.gif_tag,
                    primitive.vertex_count);
      primitive.triangles = static_cast<unsigned>(primitive.vertex_count - 2);
    } else if (type == kPrimTriangle) {
      check.require(primitive.vertex_count % 3 == 0 && primitive.vertex_count > 0, at,
                    "gif tag {}: a triangle list of {} vertices", primitive.gif_tag, primitive.vertex_count);
      primitive.triangles = static_cast<unsigned>(primitive.vertex_count / 3);
    } else {
      check.fail(at, fmt::format("gif tag {}: primitive type {} is neither a triangle list (3) nor a strip (4)",
                                 primitive.gif_tag, type));
    }
    packet.triangles += primitive.triangles;
  }
  return packet;
}

}  // namespace gcvu::formats::rc2
