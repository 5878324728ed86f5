// The VIF1 code-word length rule the tfrag list walker uses, on cases worked by hand from the work record's rule
// (reference/rc2-level-formats.md, "The VIF1 code word") and reference/vif-gif-formats.md.

#include <gtest/gtest.h>

#include "formats/core/byte_writer.hpp"
#include "formats/rc2/vif_code.hpp"
#include "formats/rc2/vif_list.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats::rc2 {
namespace {

TEST(Rc2VifCode, UnpackFormatComesFromTheCommandByte) {
  // 0x69 = UNPACK vn=2 vl=1 (V3_16): 6 bytes an element. The record's example: 75 elements are 450 bytes, padded
  // to 452, so the next code word is at +452 from the payload start.
  const VifCode v3_16{vif_word(0x69, 75, 0x8000)};
  EXPECT_TRUE(v3_16.is_unpack());
  EXPECT_EQ(v3_16.vn(), 2u);
  EXPECT_EQ(v3_16.vl(), 1u);
  EXPECT_EQ(v3_16.element_size(), 6u);
  EXPECT_EQ(v3_16.payload_size(), 452u);
  // V4_8 (0x6e): 4 bytes; V4_32 (0x6c): 16; V4_16 (0x6d): 8; V4_5 (0x6f): 2 bytes, 3 of them pad to 8.
  EXPECT_EQ(VifCode{vif_word(0x6e, 3, 0)}.payload_size(), 12u);
  EXPECT_EQ(VifCode{vif_word(0x6c, 5, 0)}.payload_size(), 80u);
  EXPECT_EQ(VifCode{vif_word(0x6d, 5, 0x4000)}.payload_size(), 40u);
  EXPECT_EQ(VifCode{vif_word(0x6f, 3, 0)}.payload_size(), 8u);
  // num 0 means 256 elements.
  EXPECT_EQ(VifCode{vif_word(0x6e, 0, 0)}.payload_size(), 1024u);
  // The immediate's low nibble is not the format: this V3_16 has an immediate ending in 0xc.
  EXPECT_EQ(VifCode{vif_word(0x69, 1, 0x000c)}.payload_size(), 8u);
}

TEST(Rc2VifCode, NonUnpackCommandsThatCarryData) {
  EXPECT_EQ(VifCode{vif_word(kVifStrow, 0, 0)}.payload_size(), 16u);
  EXPECT_EQ(VifCode{vif_word(kVifStcol, 0, 0)}.payload_size(), 16u);
  EXPECT_EQ(VifCode{vif_word(kVifStmask, 0, 0)}.payload_size(), 4u);
  EXPECT_EQ(VifCode{vif_word(kVifMpg, 2, 0)}.payload_size(), 16u);
  EXPECT_EQ(VifCode{vif_word(kVifMpg, 0, 0)}.payload_size(), 2048u);
  EXPECT_EQ(VifCode{vif_word(kVifDirect, 0, 3)}.payload_size(), 48u);
  EXPECT_EQ(VifCode{vif_word(kVifDirectHl, 0, 1)}.payload_size(), 16u);
  // The record's trap: ITOP (0x04) and STCYCL are bare words; the interrupt bit does not change the command.
  EXPECT_EQ(VifCode{0x04040000}.payload_size(), 0u);
  EXPECT_EQ(VifCode{0x01000404}.payload_size(), 0u);
  EXPECT_EQ(VifCode{vif_word(0x80 | kVifStrow, 0, 0)}.payload_size(), 16u);
}

TEST(Rc2VifList, WalksEveryCommandAndItsData) {
  ByteWriter w;
  w.u32(vif_word(kVifStrow, 0, 0));
  for (int i = 0; i < 4; ++i) w.u32(100 + i);
  w.u32(vif_word(kVifStcycl, 0, 0x0102));
  w.u32(vif_word(0x69, 3, 0x8010));  // 3 x 6 = 18 bytes, padded to 20
  for (int i = 0; i < 20; ++i) w.u8(static_cast<uint8_t>(i));
  w.u32(vif_word(kVifNop, 0, 0));
  const auto commands = walk_vif_list(ByteReader(w.bytes(), "list", 0x1000));
  ASSERT_EQ(commands.size(), 4u);
  EXPECT_EQ(commands[0].offset, 0x1000u);
  EXPECT_EQ(commands[1].offset, 0x1014u);
  EXPECT_EQ(commands[2].offset, 0x1018u);
  EXPECT_EQ(commands[2].payload.size(), 20u);
  EXPECT_EQ(commands[3].offset, 0x1030u);
}

TEST(Rc2VifList, DataRunningPastTheListIsAnError) {
  ByteWriter w;
  w.u32(vif_word(0x6e, 4, 0));  // 16 bytes of data wanted
  w.u32(0);
  const std::string error = test::format_error_text([&] { walk_vif_list(ByteReader(w.bytes(), "lvl list", 0x40)); });
  EXPECT_NE(error.find("lvl list: offset 0x40"), std::string::npos) << error;
  EXPECT_NE(error.find("desynchronised"), std::string::npos) << error;
}

}  // namespace
}  // namespace gcvu::formats::rc2
