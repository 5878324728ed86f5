// Hand-broken moby classes: each test breaks one rule of formats/rc2/moby_{class,packet,vertex_table}.hpp in a
// generated crate or limb span and expects the FormatError that names the class, packet and rule. Field positions
// come from the documented layouts (wrench's packet entry and vertex table header, the writer's placement), located
// through a clean parse of the unbroken span.

#include <gtest/gtest.h>

#include <functional>

#include "formats/core/format_error.hpp"
#include "formats/rc2/moby_class.hpp"
#include "formats/rc2/moby_class_writer.hpp"
#include "harness/gen_level/moby_classes.hpp"

namespace gcvu::formats::rc2 {
namespace {

constexpr uint64_t kSpanStart = 0x20;
const std::string kSource = "broken/core_data.bin";

struct Fixture {
  std::vector<uint8_t> core_data;
  CoreIndex index;
};

Fixture place(const std::vector<uint8_t>& span) {
  Fixture fixture;
  fixture.core_data.assign(kSpanStart, 0);
  fixture.core_data.insert(fixture.core_data.end(), span.begin(), span.end());
  ClassEntry entry;
  entry.asset_offset = static_cast<uint32_t>(kSpanStart);
  entry.class_number = 77;
  fixture.index.mobies.push_back(entry);
  return fixture;
}

MobyClass parse(const Fixture& fixture) { return read_moby_class(fixture.core_data, fixture.index, 0, kSource); }

void put_u16(std::vector<uint8_t>& bytes, uint64_t at, uint16_t value) {
  bytes.at(at) = static_cast<uint8_t>(value);
  bytes.at(at + 1) = static_cast<uint8_t>(value >> 8);
}
void put_u32(std::vector<uint8_t>& bytes, uint64_t at, uint32_t value) {
  put_u16(bytes, at, static_cast<uint16_t>(value));
  put_u16(bytes, at + 2, static_cast<uint16_t>(value >> 16));
}

// Breaks a copy of the span (through `change`, given the clean parse) and expects an error mentioning `rule`.
void expect_broken(const MobyClassSource& source, const std::function<void(std::vector<uint8_t>&, const MobyClass&)>& change,
                   const std::string& rule, const std::string& where) {
  Fixture fixture = place(write_moby_class(source));
  const MobyClass clean = parse(fixture);
  change(fixture.core_data, clean);
  try {
    parse(fixture);
    ADD_FAILURE() << "no error for: " << rule;
  } catch (const FormatError& error) {
    const std::string what = error.what();
    EXPECT_NE(what.find(kSource), std::string::npos) << what;
    EXPECT_NE(what.find("moby class 0 (o_class 77)"), std::string::npos) << what;
    EXPECT_NE(what.find(where), std::string::npos) << what;
    EXPECT_NE(what.find(rule), std::string::npos) << what;
  }
}

const MobyClassSource& crate() {
  static const MobyClassSource source = harness::make_crate_class();
  return source;
}
const MobyClassSource& limb() {
  static const MobyClassSource source = harness::make_limb_class();
  return source;
}

// Packet 0 of the crate: ST unpack at list +0 (8 STs, 36 bytes), index unpack at +36 (header at +40, 14 stream bytes
// then 1, 1, 1, 0 and 2 padding bytes), 3 NOPs at +64, the texture unpack word at +76. Packet 2: no textures.
uint64_t list_of(const MobyClass& moby, size_t packet) { return moby.packets.at(packet).vif_list_offset; }
uint64_t entry_of(const MobyClass& moby, size_t packet) { return moby.packets.at(packet).entry_offset; }
uint64_t table_of(const MobyClass& moby, size_t packet) { return moby.packets.at(packet).vertex_table.header_offset; }

TEST(MobyInvariant, CleanSpansParse) {
  EXPECT_EQ(parse(place(write_moby_class(crate()))).packets.size(), 3u);
  EXPECT_EQ(parse(place(write_moby_class(limb()))).packets.size(), 1u);
}

TEST(MobyInvariant, SpanTooSmallForTheHeader) {
  Fixture fixture = place(std::vector<uint8_t>(0x40, 0));
  EXPECT_THROW(parse(fixture), FormatError);
}

TEST(MobyInvariant, PartsMustTile) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u32(b, entry_of(m, 1) + 8, 0x12340); },
                "(parts tile)", "part 1");
}

TEST(MobyInvariant, PartTableNeedsATerminator) {
  // Point the table at the last 16 bytes of the span: that record (vertex table data) does not tile, or the walk
  // runs out of the span; either way no terminator is found in the span.
  expect_broken(crate(), [](auto& b, const MobyClass&) { put_u32(b, kSpanStart, static_cast<uint32_t>(b.size() - kSpanStart - 8)); },
                "without a terminating record", "");
}

TEST(MobyInvariant, HeaderCountsMustFitThePartTable) {
  expect_broken(crate(), [](auto& b, const MobyClass&) { b[kSpanStart + 4] = 5; }, "the part table holds 3 records",
                "");
}

TEST(MobyInvariant, VifListInsideTheSpan) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) {
    const uint64_t entry = entry_of(m, 0);
    const uint32_t list = m.packets[0].entry.vif_list_offset;
    put_u16(b, entry + 4, 0x1000);
    put_u32(b, entry + 8, list + 0x10000);  // still tiles
  }, "runs past the class span", "packet 0");
}

TEST(MobyInvariant, OnlyUnpacksAndNops) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u32(b, list_of(m, 0) + 64, 0x01000404); },
                "holds only UNPACKs and NOPs", "packet 0");
}

TEST(MobyInvariant, StUnpackMustBeSigned) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[list_of(m, 0) + 1] |= 0x40; },
                "the ST UNPACK must be signed", "packet 0");
}

TEST(MobyInvariant, StCountEqualsTransferredVertices) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[entry_of(m, 0) + 0xf] = 9; },
                "carries 8 STs, the entry transfers 9", "packet 0");
}

TEST(MobyInvariant, StsMustNotOverlapTheIndexBuffer) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u16(b, list_of(m, 0), 0x8000 | 0x12a); },
                "over the index buffer", "packet 0");
}

TEST(MobyInvariant, IndexUnpackMustBeUnmaskedV4_8) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[list_of(m, 0) + 36 + 3] |= 0x10; },
                "must be an unmasked V4_8", "packet 0");
}

TEST(MobyInvariant, IndexHeaderFourthByteIsZero) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[list_of(m, 0) + 40 + 3] = 1; },
                "index header byte 3 is 1", "packet 0");
}

TEST(MobyInvariant, IndicesWithinTransferredVertices) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[list_of(m, 0) + 44 + 2] = 0x7f; },
                "index 127 is outside the 8 transferred vertices", "packet 0");
}

TEST(MobyInvariant, SecretIndexWithinTransferredVertices) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[list_of(m, 0) + 40 + 2] = 9; },
                "secret index 9 is outside the 8 transferred vertices", "packet 0");
}

TEST(MobyInvariant, StreamNeedsItsTerminator) {
  // Packet 2 (no textures): 14 indices, 1, 1, 1, 0 and two padding bytes; make the terminator and padding 1s.
  expect_broken(crate(), [](auto& b, const MobyClass& m) {
    for (int i = 17; i < 20; ++i) b[list_of(m, 2) + 44 + i] = 1;
  }, "no terminating 0", "packet 2");
}

TEST(MobyInvariant, StreamEndsWithTheFakeTrailer) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[list_of(m, 2) + 44 + 15] = 2; },
                "fake indices 1, 1, 1", "packet 2");
}

TEST(MobyInvariant, TextureSwitchNeedsAnAdGifBlock) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) {
    b[list_of(m, 2) + 40 + 2] = 5;  // a secret index for a switch
    b[list_of(m, 2) + 44] = 0;      // the first index becomes a switch
  }, "has no A+D block", "packet 2");
}

TEST(MobyInvariant, TextureUnpackOffsetMatchesTheThirdUnpack) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u16(b, entry_of(m, 0) + 6, 3); },
                "texture_unpack_offset 3 must equal the third UNPACK's 4 quadwords", "packet 0");
}

TEST(MobyInvariant, IndexHeaderNamesTheThirdUnpackOffset) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[list_of(m, 0) + 40 + 1] = 2; },
                "index header byte 1 is 2", "packet 0");
}

TEST(MobyInvariant, TextureUnpackFollowsTheIndexBuffer) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u16(b, list_of(m, 0) + 76, 0x8000 | 0x140); },
                "not right after the index buffer", "packet 0");
}

TEST(MobyInvariant, NoThirdUnpackMeansZeroOffsets) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u16(b, entry_of(m, 2) + 6, 4); },
                "no third UNPACK, yet texture_unpack_offset is 4", "packet 2");
}

TEST(MobyInvariant, VertexHeaderTransferCountMatchesTheEntry) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u16(b, table_of(m, 0) + 0xa, 7); },
                "transfer_vertex_count 7 differs from the packet entry's 8", "vertex table");
}

TEST(MobyInvariant, VertexCountsSumToTheTransferCount) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u16(b, table_of(m, 0) + 0x6, 7); },
                "but transfer_vertex_count is 8", "vertex table");
}

TEST(MobyInvariant, EntryByteDFollowsItsRule) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[entry_of(m, 0) + 0xd] += 1; },
                "packet entry byte 0xd", "packet 0");
}

TEST(MobyInvariant, EntryByteEFollowsItsRule) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[entry_of(m, 0) + 0xe] += 1; },
                "packet entry byte 0xe", "packet 0");
}

TEST(MobyInvariant, VertexTableOffsetIsQuadwordAligned) {
  expect_broken(crate(), [](auto& b, const MobyClass& m) { put_u16(b, table_of(m, 0) + 0xc, 0x11); },
                "is not a multiple of 16", "vertex table");
}

TEST(MobyInvariant, DuplicateEntriesAreShiftedSlots) {
  // The lid (packet 1): header 0x10, one matrix transfer (2 bytes), aligned to 8: duplicates at +0x18.
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[table_of(m, 1) + 0x18] |= 1; },
                "its low 7 bits must be zero", "packet 1");
}

TEST(MobyInvariant, RecordsAndTrailingRecordsFillTheVertexData) {
  // One quadword less of vertex data leaves no trailing record (the list and table still tile).
  expect_broken(crate(), [](auto& b, const MobyClass& m) { b[entry_of(m, 0) + 0xc] -= 1; },
                "needs 1..6 trailing records", "packet 0");
}

TEST(MobyInvariant, Rc1UnknownEInsideTheVertexData) {
  expect_broken(limb(), [](auto& b, const MobyClass& m) { put_u32(b, table_of(m, 0) + 0x1c, 0x4000); },
                "R&C1 unknown_e", "vertex table");
}

}  // namespace
}  // namespace gcvu::formats::rc2
