// DMAtag decoding against tags packed by hand from the documented layout (reference/vif-gif-formats.md §3,
// ps2tek:PS2/DMAC/Chain_mode.md): QWC 0-15, PCE 26-27, ID 28-30, IRQ 31, ADDR 32-62, SPR 63.

#include "emu/dma/dma_tag.hpp"

#include <gtest/gtest.h>

namespace gcvu::dma {
namespace {

TEST(DmaTag, DecodesEveryField) {
  // Low word 0xb8000005 = IRQ (bit 31) | ID 3 (0x30000000) | PCE 2 (0x08000000) | QWC 5;
  // high word 0x80001230 = SPR | ADDR 0x1230.
  DmaTag tag = DmaTag::decode(0x80001230'b8000005ull);
  EXPECT_EQ(tag.qwc, 5);
  EXPECT_EQ(tag.pce, 2);
  EXPECT_EQ(tag.id, TagId::kRef);
  EXPECT_TRUE(tag.irq);
  EXPECT_EQ(tag.addr.byte, 0x1230u);
  EXPECT_TRUE(tag.addr.scratchpad);
}

TEST(DmaTag, IgnoresTheUnusedBitsAndTakesQwcAsSixteenBits) {
  // Bits 16-25 are unused: set them all; QWC 0xffff; ID 7; no IRQ; RAM address 0x7ffffff0 (the widest ADDR).
  DmaTag tag = DmaTag::decode(0x7ffffff0'73ffffffull);
  EXPECT_EQ(tag.qwc, 0xffff);
  EXPECT_EQ(tag.pce, 0);
  EXPECT_EQ(tag.id, TagId::kEnd);
  EXPECT_FALSE(tag.irq);
  EXPECT_EQ(tag.addr.byte, 0x7ffffff0u);
  EXPECT_FALSE(tag.addr.scratchpad);
}

TEST(DmaTag, FromAQwordUsesOnlyTheLowHalf) {
  // Words 2 and 3 are what TTE sends to the VIF; they are not part of the tag.
  DmaTag tag = DmaTag::decode(Qword{0x50000003, 0x00002000, 0xffffffff, 0xffffffff});
  EXPECT_EQ(tag.id, TagId::kCall);
  EXPECT_EQ(tag.qwc, 3);
  EXPECT_EQ(tag.addr, (EeAddress{0x2000, false}));
}

TEST(DmaTag, EveryIdHasANameAndSixAndSevenAreRetAndEnd) {
  const char* names[] = {"REFE", "CNT", "NEXT", "REF", "REFS", "CALL", "RET", "END"};
  for (uint32_t id = 0; id < 8; ++id) {
    DmaTag tag = DmaTag::decode(uint64_t{id} << 28);
    EXPECT_EQ(static_cast<uint32_t>(tag.id), id);
    EXPECT_EQ(tag_id_name(tag.id), names[id]);
  }
}

TEST(EeAddress, PacksLikeTheRegisters) {
  EXPECT_EQ(EeAddress::from_register(0x80000120), (EeAddress{0x120, true}));
  EXPECT_EQ((EeAddress{0x120, true}).to_register(), 0x80000120u);
  EXPECT_EQ((EeAddress{0x1ff0, false}).plus_qwords(3), (EeAddress{0x2020, false}));
  EXPECT_EQ((EeAddress{0x40, true}).to_string(), "SPR 0x40");
  EXPECT_EQ((EeAddress{0x1000, false}).to_string(), "0x1000");
  // Past 4 GiB pins at the top rather than wrapping back into memory.
  EXPECT_EQ((EeAddress{0xfffffff0, false}).plus_qwords(2).byte, 0xffffffffu);
}

}  // namespace
}  // namespace gcvu::dma
