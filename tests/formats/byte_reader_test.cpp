// The bounds-checked reader: every read past the end and every seek past the end is a FormatError that names
// the source, the offset inside the source and what was wanted.

#include "formats/core/byte_reader.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

const std::vector<uint8_t> kBytes = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a};

using test::format_error_text;
const auto& error_of = format_error_text;

TEST(ByteReader, ReadsLittleEndian) {
  ByteReader reader(kBytes, "t.bin");
  EXPECT_EQ(reader.u8(), 0x01);
  EXPECT_EQ(reader.u16(), 0x0302);
  EXPECT_EQ(reader.u32(), 0x07060504u);
  EXPECT_EQ(reader.remaining(), 3u);
  ByteReader again(kBytes, "t.bin");
  EXPECT_EQ(again.u64(), 0x0807060504030201ull);
  EXPECT_EQ(again.remaining(), 2u);
}

TEST(ByteReader, TruncatedReadsNameSourceOffsetAndField) {
  ByteReader reader(kBytes, "tri.gs");
  reader.skip(8);
  EXPECT_EQ(error_of([&] { reader.u32("state_size"); }),
            "tri.gs: offset 0x8: truncated: state_size (4 byte(s)) needed, only 2 byte(s) remain of 0xa");
  EXPECT_EQ(error_of([&] { reader.u64(); }),
            "tri.gs: offset 0x8: truncated: 8 byte(s) needed, only 2 byte(s) remain of 0xa");
  EXPECT_EQ(reader.position(), 8u) << "a failed read must not move the reader";
  EXPECT_NE(error_of([&] { reader.bytes(3, "payload"); }).find("payload (3 byte(s)) needed"), std::string::npos);
  EXPECT_NE(error_of([&] { reader.skip(3); }).find("offset 0x8: truncated"), std::string::npos);
  reader.skip(2);
  EXPECT_TRUE(reader.at_end());
  EXPECT_NE(error_of([&] { reader.u8(); }).find("offset 0xa: truncated"), std::string::npos);
  EXPECT_NE(error_of([&] { reader.u16(); }).find("offset 0xa: truncated"), std::string::npos);
}

TEST(ByteReader, PeekPastEndFails) {
  ByteReader reader(kBytes, "p.bin");
  reader.skip(7);
  EXPECT_NE(error_of([&] { reader.peek_u32("version"); }).find("p.bin: offset 0x7: truncated: version"),
            std::string::npos);
}

TEST(ByteReader, SeekPastEndFails) {
  ByteReader reader(kBytes, "s.bin");
  reader.seek(10);
  EXPECT_TRUE(reader.at_end());
  EXPECT_EQ(error_of([&] { reader.seek(11, "GS state"); }),
            "s.bin: offset 0xa: seek to 0xb for GS state is past the end (0xa)");
}

TEST(ByteReader, SubReaderReportsSourceOffsets) {
  ByteReader reader(kBytes, "outer.bin");
  reader.skip(4);
  ByteReader inner = reader.sub(4, "chunk");
  EXPECT_EQ(reader.position(), 8u);
  EXPECT_EQ(inner.size(), 4u);
  EXPECT_EQ(inner.u16(), 0x0605);
  EXPECT_EQ(error_of([&] { inner.u32("field"); }),
            "outer.bin: offset 0x6: truncated: field (4 byte(s)) needed, only 2 byte(s) remain of 0x4");
  EXPECT_NE(error_of([&] { reader.sub(3); }).find("offset 0x8: truncated"), std::string::npos);
}

TEST(ByteReader, FailAndRequireCarryTheRule) {
  ByteReader reader(kBytes, "r.bin", 0x100);
  reader.skip(2);
  EXPECT_EQ(error_of([&] { reader.fail("magic is wrong"); }), "r.bin: offset 0x102: magic is wrong");
  EXPECT_EQ(error_of([&] { reader.fail_at(5, "bad field"); }), "r.bin: offset 0x105: bad field");
  EXPECT_EQ(error_of([&] { reader.require(false, "NREG must be 1..16"); }), "r.bin: offset 0x102: NREG must be 1..16");
  EXPECT_EQ(error_of([&] { reader.require(true, "never"); }), "(no error)");
  try {
    reader.fail("rule");
  } catch (const FormatError& error) {
    EXPECT_EQ(error.source(), "r.bin");
    EXPECT_EQ(error.offset(), 0x102u);
    EXPECT_EQ(error.rule(), "rule");
  }
}

TEST(ByteReader, EmptyInput) {
  ByteReader reader({}, "empty.bin");
  EXPECT_TRUE(reader.at_end());
  EXPECT_NE(error_of([&] { reader.u8("first byte"); }).find("empty.bin: offset 0x0: truncated: first byte"),
            std::string::npos);
}

}  // namespace
}  // namespace gcvu::formats
