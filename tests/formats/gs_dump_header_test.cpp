// The GS dump header (reference/vif-gif-formats.md §4a): a real dump from ../shared parses, and each header
// rule violation is reported at the offset of the offending field.

#include "formats/pcsx2/gs_dump_header.hpp"

#include <gtest/gtest.h>

#include "formats/compress/decompress.hpp"
#include "formats/core/byte_writer.hpp"
#include "formats/core/format_error.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

// A new-format header with an empty serial and no screenshot, followed by the first u32 of the state.
std::vector<uint8_t> header(uint32_t header_size, uint32_t state_size, uint32_t serial_offset, uint32_t blob_version) {
  ByteWriter out;
  out.u32(0xffffffff);
  out.u32(header_size);
  out.u32(9);  // state_version
  out.u32(state_size);
  out.u32(serial_offset);
  out.u32(0);  // serial_size
  out.u32(0x1234);
  out.u32(0);
  out.u32(0);
  out.u32(36);
  out.u32(0);
  out.u32(blob_version);
  return out.take();
}

std::string error_of(const std::vector<uint8_t>& bytes) {
  return test::format_error_text([&] { read_gs_dump_header(bytes, "d.gs"); });
}

TEST(GsDumpHeader, RealDumpFromShared) {
  auto bytes = test::read_bytes(test::shared_dir() / "golden-pcsx2/scene_b_ct16/scene_b_ct16.gs");
  GsDumpHeader parsed = read_gs_dump_header(bytes, "scene_b_ct16.gs");
  EXPECT_TRUE(parsed.new_format);
  EXPECT_EQ(parsed.state_version, 9u);
  EXPECT_EQ(parsed.state_size, 4194813u);  // v9 total from the reference
  EXPECT_EQ(parsed.state_offset, 8u + 36u + parsed.serial.size() + parsed.screenshot_size);
}

TEST(GsDumpHeader, ValidSyntheticHeader) {
  GsDumpHeader parsed = read_gs_dump_header(header(36, 4194813, 36, 9), "d.gs");
  EXPECT_EQ(parsed.crc, 0x1234u);
  EXPECT_EQ(parsed.state_offset, 44u);
}

TEST(GsDumpHeader, RuleViolations) {
  EXPECT_EQ(error_of(header(36, 2, 36, 9)), "d.gs: offset 0xc: GS state size 2 is outside 4..8388608");
  EXPECT_EQ(error_of(header(36, 4194813, 40, 9)),
            "d.gs: offset 0x10: serial_offset is 40, the header struct is 36 bytes");
  EXPECT_EQ(error_of(header(50, 4194813, 36, 9)),
            "d.gs: offset 0x4: header_size is 50, but 36 + serial 0 + screenshot 0 = 36");
  EXPECT_EQ(error_of(header(36, 4194813, 36, 8)),
            "d.gs: offset 0x2c: the GS state blob says version 8, the header says 9");
  auto cut = header(36, 4194813, 36, 9);
  cut.resize(20);
  EXPECT_EQ(error_of(cut).substr(0, 40), "d.gs: offset 0x14: truncated: serial_siz");
  EXPECT_FALSE(looks_like_gs_dump(cut));
}

}  // namespace
}  // namespace gcvu::formats
