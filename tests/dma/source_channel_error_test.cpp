// Malformed chains stop with kError and a message naming the tag, its value and the rule, never a crash or a hang.
// The messages are written out by hand: tags packed per reference/vif-gif-formats.md §3, addresses from the tag table
// (emu/dma/chain_rule.hpp), the rules gcvu documents in emu/dma/source_channel.hpp.

#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "emu/dma/source_channel.hpp"
#include "tests/dma/chain_builder.hpp"
#include "tests/dma/recording_sink.hpp"

namespace gcvu::dma {
namespace {

using test::data_words;
using test::fill_data;
using test::kSprBit;
using test::put_tag;
namespace id = test;

constexpr uint64_t kForever = ~uint64_t{0};

class ChainErrorTest : public ::testing::Test {
 protected:
  std::unique_ptr<EeMemory> memory_owner = std::make_unique<EeMemory>();
  EeMemory& memory = *memory_owner;
  test::RecordingSink sink;
  SourceChannel channel{memory, sink};
};

TEST_F(ChainErrorTest, StartTagOutsideRam) {
  channel.start_chain(0x0200'0000);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: tag at 0x2000000: the tag address is outside the 32 MiB of EE RAM; it is the chain's start "
            "address");
  EXPECT_EQ(channel.tags_read(), 0u);
}

TEST_F(ChainErrorTest, StartTagOutsideTheScratchpad) {
  channel.start_chain(kSprBit | 0x4000);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: tag at SPR 0x4000: the tag address is outside the 16 KiB scratchpad; it is the chain's start "
            "address");
}

TEST_F(ChainErrorTest, NextToAnAddressOutsideRamNamesTheTagThatLedThere) {
  // NEXT QWC 0 ADDR 0x7ffffff0: low word 0x20000000, upper word 0x7ffffff0.
  put_tag(memory, 0x1000, {.id = id::kNext, .addr = 0x7ffffff0});
  channel.start_chain(0x1000);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: tag at 0x7ffffff0: the tag address is outside the 32 MiB of EE RAM; TADR came from the NEXT "
            "tag at 0x1000 (0x7ffffff020000000, QWC 0)");
  EXPECT_EQ(channel.tags_read(), 1u);
}

TEST_F(ChainErrorTest, ACntThatRunsOffTheEndOfRamLeadsToATagOutsideIt) {
  // CNT QWC 0 at the last qword of RAM: the next tag is at 0x1fffff0 + 16 = 0x2000000.
  put_tag(memory, 0x1fffff0, {.id = id::kCnt});
  channel.start_chain(0x1fffff0);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: tag at 0x2000000: the tag address is outside the 32 MiB of EE RAM; TADR came from the CNT "
            "tag at 0x1fffff0 (0x0000000010000000, QWC 0)");
}

TEST_F(ChainErrorTest, DataRunningPastTheEndOfRamStopsAtTheFirstQwordOutside) {
  // CNT QWC 2 at 0x1ffffe0: data 0x1fffff0 (the last qword of RAM), then 0x2000000.
  put_tag(memory, 0x1ffffe0, {.id = id::kCnt, .qwc = 2});
  fill_data(memory, 0x1fffff0, 1);
  channel.start_chain(0x1ffffe0);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: CNT tag at 0x1ffffe0 (0x0000000010000002, QWC 2): data qword 2 of 2 at 0x2000000 is outside "
            "the 32 MiB of EE RAM");
  EXPECT_EQ(channel.qwords_transferred(), 1u);
  EXPECT_EQ(sink.words, data_words(0x1fffff0, 1)) << "what came before the bad qword was delivered";
  EXPECT_EQ(channel.finish_cycle(), 2u + 2);
}

TEST_F(ChainErrorTest, RefDataPastTheEndOfTheScratchpad) {
  // REF QWC 2 ADDR SPR 0x3ff0: low 0x30000002, upper 0x80003ff0; the second qword is SPR 0x4000.
  put_tag(memory, 0x1000, {.id = id::kRef, .qwc = 2, .addr = kSprBit | 0x3ff0});
  channel.start_chain(0x1000);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: REF tag at 0x1000 (0x80003ff030000002, QWC 2): data qword 2 of 2 at SPR 0x4000 is outside the "
            "16 KiB scratchpad");
}

TEST_F(ChainErrorTest, RefeDataOutsideRam) {
  put_tag(memory, 0x1000, {.id = id::kRefe, .qwc = 1, .addr = 0x0200'0000});
  channel.start_chain(0x1000);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: REFE tag at 0x1000 (0x0200000000000001, QWC 1): data qword 1 of 1 at 0x2000000 is outside "
            "the 32 MiB of EE RAM");
  EXPECT_EQ(channel.qwords_transferred(), 0u);
}

TEST_F(ChainErrorTest, AThirdNestedCallOverflowsTheStackBeforeItsData) {
  // 0x1000 CALL QWC 0 → push 0x1010 (ASR0), go 0x2000; 0x2000 CALL QWC 0 → push 0x2010 (ASR1), go 0x3000;
  // 0x3000 CALL QWC 1 ADDR 0x4000 (low 0x50000001, upper 0x4000): no room.
  put_tag(memory, 0x1000, {.id = id::kCall, .addr = 0x2000});
  put_tag(memory, 0x2000, {.id = id::kCall, .addr = 0x3000});
  put_tag(memory, 0x3000, {.id = id::kCall, .qwc = 1, .addr = 0x4000});
  fill_data(memory, 0x3010, 1);
  put_tag(memory, 0x4000, {.id = id::kEnd});
  channel.start_chain(0x1000);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: CALL tag at 0x3000 (0x0000400050000001, QWC 1): a third nested CALL overflows the two-entry "
            "address stack (ASR0 0x1010, ASR1 0x2010)");
  EXPECT_TRUE(sink.words.empty());
  EXPECT_EQ(channel.tags_read(), 3u);
  EXPECT_EQ(channel.finish_cycle(), 3u * 2);
}

TEST_F(ChainErrorTest, AChainReadingMoreTagsThanTheBudgetIsALoop) {
  // NEXT QWC 0 ADDR 0x1000 at 0x1000 (low 0x20000000, upper 0x1000): it names itself as the next tag.
  put_tag(memory, 0x1000, {.id = id::kNext, .addr = 0x1000});
  channel.start_chain(0x1000, {.tag_budget = 5});
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: NEXT tag at 0x1000 (0x0000100020000000, QWC 0): the chain has read more than 5 tags "
            "(tag_budget) without ending: a loop that never reaches an END?");
  EXPECT_EQ(channel.tags_read(), 6u);
  EXPECT_EQ(channel.finish_cycle(), 6u * 2);
}

TEST_F(ChainErrorTest, TheDefaultBudgetEndsAnEndlessLoopInOneCall) {
  // CALL/RET ping-pong that never ends: 0x1000 CALL → 0x2000; 0x2000 RET → 0x1010; 0x1010 NEXT → 0x1000.
  put_tag(memory, 0x1000, {.id = id::kCall, .addr = 0x2000});
  put_tag(memory, 0x2000, {.id = id::kRet});
  put_tag(memory, 0x1010, {.id = id::kNext, .addr = 0x1000});
  channel.start_chain(0x1000);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.tags_read(), 1'000'001u);
  EXPECT_NE(channel.error().find("more than 1000000 tags"), std::string::npos) << channel.error();
}

TEST_F(ChainErrorTest, NormalModeOutsideRam) {
  fill_data(memory, 0x1fffff0, 1);
  channel.start_normal(0x1fffff0, 2);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: normal transfer from 0x1fffff0 (QWC 2): data qword 2 of 2 at 0x2000000 is outside the 32 MiB "
            "of EE RAM");
  EXPECT_EQ(sink.words, data_words(0x1fffff0, 1));
}

TEST_F(ChainErrorTest, NormalModeOutsideTheScratchpad) {
  channel.start_normal(kSprBit | 0x4000, 1);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kError);
  EXPECT_EQ(channel.error(),
            "VIF1 DMA: normal transfer from SPR 0x4000 (QWC 1): data qword 1 of 1 at SPR 0x4000 is outside the 16 KiB "
            "scratchpad");
}

TEST_F(ChainErrorTest, AStoppedChannelStaysStoppedAndItsClockPasses) {
  channel.start_chain(0x0200'0000);
  channel.run_until(10);
  const std::string error = channel.error();
  EXPECT_EQ(channel.run_until(500), ChannelState::kError);
  EXPECT_EQ(channel.cycle(), 500u);
  EXPECT_EQ(channel.error(), error);
  EXPECT_EQ(channel.finish_cycle(), 0u);
}

// Not a worked case: random bytes as chains, to show every walk ends in kDone or kError within the budget.
TEST_F(ChainErrorTest, RandomMemoryNeverHangsOrCrashes) {
  std::mt19937 random(20261201);
  std::vector<uint8_t> noise(64 * 1024);
  for (uint8_t& byte : noise) byte = static_cast<uint8_t>(random());
  ASSERT_TRUE(memory.load_ram(noise, 0));
  noise.resize(kScratchpadBytes);
  ASSERT_TRUE(memory.load_scratchpad(noise, 0));
  struct CountingSink : DmaSink {
    size_t space_words() const override { return 64; }
    void push_words(std::span<const uint32_t> words) override { count += words.size(); }
    uint64_t count = 0;
  } counting;
  for (int run = 0; run < 100; ++run) {
    SourceChannel walker(memory, counting);
    uint32_t start = (random() % 4096) * 16 | ((random() & 1) ? kSprBit : 0);
    walker.start_chain(start, {.tte = (random() & 1) != 0, .tie = (random() & 1) != 0, .tag_budget = 2000});
    ChannelState end = walker.run_until(kForever);
    EXPECT_TRUE(end == ChannelState::kDone || end == ChannelState::kError) << "start " << start;
    EXPECT_LE(walker.tags_read(), 2001u);
  }
}

}  // namespace
}  // namespace gcvu::dma
