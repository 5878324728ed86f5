// The VIF1 channel walking source chains: each tag ID, CALL/RET, TTE, IRQ+TIE, REFS, SPR addressing, QWC=0 tags and
// normal mode. Every expected stream is worked by hand from the tag table (ps2tek:PS2/DMAC/Chain_mode.md, quoted in
// emu/dma/chain_rule.hpp); data words hold their own address (chain_builder.hpp). Cycle counts follow the documented
// rate model (emu/dma/dma_timing.hpp: 2 cycles per tag read and per data qword, TTE free).

#include "emu/dma/source_channel.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "tests/dma/chain_builder.hpp"
#include "tests/dma/recording_sink.hpp"

namespace gcvu::dma {
namespace {

using test::concat;
using test::data_words;
using test::fill_data;
using test::kSprBit;
using test::put_tag;
using test::TagSpec;
namespace id = test;

constexpr uint64_t kForever = ~uint64_t{0};
// Far enough for any chain here, near enough that a second transfer can start after the first.
constexpr uint64_t kHorizon = uint64_t{1} << 40;

class ChainTest : public ::testing::Test {
 protected:
  ChannelState run(uint32_t start, ChainOptions options = {}) {
    channel.start_chain(start, options);
    return channel.run_until(channel.cycle() + kHorizon);
  }

  // 32 MiB; on the heap so the fixture stays small.
  std::unique_ptr<EeMemory> memory_owner = std::make_unique<EeMemory>();
  EeMemory& memory = *memory_owner;
  test::RecordingSink sink;
  SourceChannel channel{memory, sink};
};

TEST(ChannelStateName, NamesEveryState) {
  EXPECT_STREQ(channel_state_name(ChannelState::kIdle), "idle");
  EXPECT_STREQ(channel_state_name(ChannelState::kRunning), "running");
  EXPECT_STREQ(channel_state_name(ChannelState::kWaitSink), "waiting for the sink");
  EXPECT_STREQ(channel_state_name(ChannelState::kDone), "done");
  EXPECT_STREQ(channel_state_name(ChannelState::kError), "error");
  EXPECT_STREQ(channel_state_name(ChannelState::kWaitStall), "waiting for STADR");
}

TEST_F(ChainTest, StartsIdle) {
  EXPECT_EQ(channel.state(), ChannelState::kIdle);
  EXPECT_EQ(channel.run_until(40), ChannelState::kIdle);
  EXPECT_EQ(channel.cycle(), 40u) << "idle, the clock passes";
}

TEST_F(ChainTest, CntThenEnd) {
  // 0x1000 CNT QWC 2: data 0x1010-0x102f, next tag 0x1030. 0x1030 END QWC 1: data 0x1040, TADR stays 0x1030.
  put_tag(memory, 0x1000, {.id = id::kCnt, .qwc = 2});
  fill_data(memory, 0x1010, 2);
  put_tag(memory, 0x1030, {.id = id::kEnd, .qwc = 1});
  fill_data(memory, 0x1040, 1);
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_EQ(sink.words, concat({data_words(0x1010, 2), data_words(0x1040, 1)}));
  EXPECT_EQ(channel.tags_read(), 2u);
  EXPECT_EQ(channel.qwords_transferred(), 3u);
  EXPECT_EQ(channel.finish_cycle(), 2u * 2 + 3 * 2);
  EXPECT_EQ(channel.tag_address(), 0x1030u);
  EXPECT_FALSE(channel.irq_ended());
  EXPECT_TRUE(channel.error().empty());
}

TEST_F(ChainTest, NextJumpsToAddr) {
  // 0x1000 NEXT QWC 1 ADDR 0x3000: data 0x1010, next tag 0x3000. 0x3000 END QWC 0.
  put_tag(memory, 0x1000, {.id = id::kNext, .qwc = 1, .addr = 0x3000});
  fill_data(memory, 0x1010, 1);
  put_tag(memory, 0x3000, {.id = id::kEnd});
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x1010, 1));
  EXPECT_EQ(channel.tags_read(), 2u);
  EXPECT_EQ(channel.finish_cycle(), 2u * 2 + 1 * 2);
  EXPECT_EQ(channel.tag_address(), 0x3000u);
}

TEST_F(ChainTest, RefReadsAddrAndContinuesAfterTheTag) {
  // 0x1000 REF QWC 2 ADDR 0x5000: data 0x5000-0x501f, next tag 0x1010. 0x1010 END QWC 0.
  put_tag(memory, 0x1000, {.id = id::kRef, .qwc = 2, .addr = 0x5000});
  put_tag(memory, 0x1010, {.id = id::kEnd});
  fill_data(memory, 0x5000, 2);
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x5000, 2));
  EXPECT_EQ(channel.tags_read(), 2u);
  EXPECT_EQ(channel.finish_cycle(), 2u * 2 + 2 * 2);
}

TEST_F(ChainTest, RefeReadsAddrEndsAndAdvancesTadr) {
  // 0x1000 REFE QWC 1 ADDR 0x6000: data 0x6000, ends, TADR = 0x1010. The tag after it is never read.
  put_tag(memory, 0x1000, {.id = id::kRefe, .qwc = 1, .addr = 0x6000});
  put_tag(memory, 0x1010, {.id = id::kCnt, .qwc = 1});
  fill_data(memory, 0x6000, 1);
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x6000, 1));
  EXPECT_EQ(channel.tags_read(), 1u);
  EXPECT_EQ(channel.finish_cycle(), 2u + 2);
  EXPECT_EQ(channel.tag_address(), 0x1010u);
}

TEST_F(ChainTest, CallAndRetNestTwoDeep) {
  // 0x1000 CALL QWC 1 ADDR 0x2000: data 0x1010; push 0x1020 (ASR0); TADR 0x2000.
  // 0x2000 CALL QWC 0 ADDR 0x3000: push 0x2010 (ASR1); TADR 0x3000.
  // 0x3000 RET QWC 1: data 0x3010; pop ASR1 → 0x2010.
  // 0x2010 RET QWC 1: data 0x2020; pop ASR0 → 0x1020.
  // 0x1020 END QWC 1: data 0x1030.
  put_tag(memory, 0x1000, {.id = id::kCall, .qwc = 1, .addr = 0x2000});
  fill_data(memory, 0x1010, 1);
  put_tag(memory, 0x1020, {.id = id::kEnd, .qwc = 1});
  fill_data(memory, 0x1030, 1);
  put_tag(memory, 0x2000, {.id = id::kCall, .qwc = 0, .addr = 0x3000});
  put_tag(memory, 0x2010, {.id = id::kRet, .qwc = 1});
  fill_data(memory, 0x2020, 1);
  put_tag(memory, 0x3000, {.id = id::kRet, .qwc = 1});
  fill_data(memory, 0x3010, 1);
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_EQ(sink.words,
            concat({data_words(0x1010, 1), data_words(0x3010, 1), data_words(0x2020, 1), data_words(0x1030, 1)}));
  EXPECT_EQ(channel.tags_read(), 5u);
  EXPECT_EQ(channel.qwords_transferred(), 4u);
  EXPECT_EQ(channel.finish_cycle(), 5u * 2 + 4 * 2);
  EXPECT_EQ(channel.stack().asp(), 0);
}

TEST_F(ChainTest, RetWithAnEmptyStackEndsAfterItsData) {
  // 0x1000 CNT QWC 0: next tag 0x1010. 0x1010 RET QWC 1: data 0x1020, nothing to pop: ends, TADR stays 0x1010.
  put_tag(memory, 0x1000, {.id = id::kCnt});
  put_tag(memory, 0x1010, {.id = id::kRet, .qwc = 1});
  fill_data(memory, 0x1020, 1);
  put_tag(memory, 0x1030, {.id = id::kCnt, .qwc = 1});
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x1020, 1));
  EXPECT_EQ(channel.tags_read(), 2u);
  EXPECT_EQ(channel.finish_cycle(), 2u * 2 + 1 * 2);
  EXPECT_EQ(channel.tag_address(), 0x1010u);
}

TEST_F(ChainTest, TteSendsEachTagsUpperWordsBeforeItsData) {
  // 0x1000 CNT QWC 1 with upper words 0x11111111 0x22222222; 0x1020 END QWC 0 with 0x33333333 0x44444444.
  put_tag(memory, 0x1000, {.id = id::kCnt, .qwc = 1, .tte0 = 0x11111111, .tte1 = 0x22222222});
  fill_data(memory, 0x1010, 1);
  put_tag(memory, 0x1020, {.id = id::kEnd, .tte0 = 0x33333333, .tte1 = 0x44444444});
  EXPECT_EQ(run(0x1000, {.tte = true}), ChannelState::kDone);
  EXPECT_EQ(sink.words, concat({{0x11111111, 0x22222222}, data_words(0x1010, 1), {0x33333333, 0x44444444}}));
  EXPECT_EQ(channel.finish_cycle(), 2u * 2 + 1 * 2) << "the TTE words ride the tag read";
  EXPECT_EQ(channel.qwords_transferred(), 1u) << "tags are not counted as data";
}

TEST_F(ChainTest, WithoutTteOnlyTheDataGoes) {
  put_tag(memory, 0x1000, {.id = id::kCnt, .qwc = 1, .tte0 = 0x11111111, .tte1 = 0x22222222});
  fill_data(memory, 0x1010, 1);
  put_tag(memory, 0x1020, {.id = id::kEnd, .tte0 = 0x33333333, .tte1 = 0x44444444});
  EXPECT_EQ(run(0x1000, {.tte = false}), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x1010, 1));
}

TEST_F(ChainTest, IrqWithTieEndsAfterThatTagsData) {
  // 0x1000 CNT QWC 1 IRQ: data 0x1010, then (TIE) the transfer ends with TADR at 0x1020, the next tag.
  put_tag(memory, 0x1000, {.id = id::kCnt, .qwc = 1, .irq = true});
  fill_data(memory, 0x1010, 1);
  put_tag(memory, 0x1020, {.id = id::kEnd, .qwc = 1});
  fill_data(memory, 0x1030, 1);
  EXPECT_EQ(run(0x1000, {.tie = true}), ChannelState::kDone);
  EXPECT_TRUE(channel.irq_ended());
  EXPECT_EQ(sink.words, data_words(0x1010, 1));
  EXPECT_EQ(channel.tags_read(), 1u);
  EXPECT_EQ(channel.finish_cycle(), 2u + 2);
  EXPECT_EQ(channel.tag_address(), 0x1020u);
}

TEST_F(ChainTest, IrqWithoutTieIsIgnored) {
  put_tag(memory, 0x1000, {.id = id::kCnt, .qwc = 1, .irq = true});
  fill_data(memory, 0x1010, 1);
  put_tag(memory, 0x1020, {.id = id::kEnd, .qwc = 1});
  fill_data(memory, 0x1030, 1);
  EXPECT_EQ(run(0x1000, {.tie = false}), ChannelState::kDone);
  EXPECT_FALSE(channel.irq_ended());
  EXPECT_EQ(sink.words, concat({data_words(0x1010, 1), data_words(0x1030, 1)}));
}

TEST_F(ChainTest, TieWithoutIrqOnTheEndingTagIsAPlainEnd) {
  put_tag(memory, 0x1000, {.id = id::kEnd});
  EXPECT_EQ(run(0x1000, {.tie = true}), ChannelState::kDone);
  EXPECT_FALSE(channel.irq_ended());
}

TEST_F(ChainTest, PceIsIgnored) {
  put_tag(memory, 0x1000, {.id = id::kCnt, .qwc = 1, .pce = 3});
  fill_data(memory, 0x1010, 1);
  put_tag(memory, 0x1020, {.id = id::kEnd, .pce = 2});
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x1010, 1));
}

TEST_F(ChainTest, RefsWaitsWhileItsDataRunsPastStadr) {
  // 0x1000 REFS QWC 2 ADDR 0x5000 (with TTE 0xaaaaaaaa 0xbbbbbbbb), then 0x1010 END QWC 0.
  // Stall rule: wait while ADDR + 16·QWC = 0x5020 > STADR.
  put_tag(memory, 0x1000, {.id = id::kRefs, .qwc = 2, .addr = 0x5000, .tte0 = 0xaaaaaaaa, .tte1 = 0xbbbbbbbb});
  put_tag(memory, 0x1010, {.id = id::kEnd});
  fill_data(memory, 0x5000, 2);
  channel.start_chain(0x1000, {.tte = true, .stall_address = 0x5010});
  EXPECT_EQ(channel.run_until(100), ChannelState::kWaitStall);
  EXPECT_EQ(channel.tags_read(), 1u);
  EXPECT_TRUE(sink.words.empty()) << "not even the TTE words go before the stall lifts";
  EXPECT_EQ(channel.cycle(), 100u);
  channel.set_stall_address(0x5020);  // 0x5020 > 0x5020 is false: the data may go
  EXPECT_EQ(channel.run_until(200), ChannelState::kDone);
  // The END tag's upper words are zero and go too, TTE being on for the whole chain.
  EXPECT_EQ(sink.words, concat({{0xaaaaaaaa, 0xbbbbbbbb}, data_words(0x5000, 2), {0, 0}}));
  // Resumed at 100: two data qwords (102, 104), the END tag read (106).
  EXPECT_EQ(channel.finish_cycle(), 106u);
}

TEST_F(ChainTest, RefsWithoutStallControlIsRef) {
  put_tag(memory, 0x1000, {.id = id::kRefs, .qwc = 2, .addr = 0x5000});
  put_tag(memory, 0x1010, {.id = id::kEnd});
  fill_data(memory, 0x5000, 2);
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x5000, 2));
}

TEST_F(ChainTest, StallControlLeavesOtherTagsAlone) {
  // A REF past STADR does not wait: only REFS is under stall control.
  put_tag(memory, 0x1000, {.id = id::kRef, .qwc = 2, .addr = 0x5000});
  put_tag(memory, 0x1010, {.id = id::kEnd});
  fill_data(memory, 0x5000, 2);
  EXPECT_EQ(run(0x1000, {.stall_address = 0}), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x5000, 2));
}

TEST_F(ChainTest, ScratchpadTagsDataAndReturnAddresses) {
  // TADR SPR 0x100: CNT QWC 1 → data SPR 0x110, next SPR 0x120.
  // SPR 0x120: REF QWC 1 ADDR 0x2000 (RAM) → data RAM 0x2000, next SPR 0x130.
  // SPR 0x130: CALL QWC 0 ADDR 0x3000 (RAM) → push SPR 0x140, TADR RAM 0x3000.
  // RAM 0x3000: REF QWC 1 ADDR SPR 0x800 → data SPR 0x800, next RAM 0x3010.
  // RAM 0x3010: RET QWC 0 → pop SPR 0x140.
  // SPR 0x140: END QWC 1 → data SPR 0x150.
  put_tag(memory, kSprBit | 0x100, {.id = id::kCnt, .qwc = 1});
  fill_data(memory, kSprBit | 0x110, 1);
  put_tag(memory, kSprBit | 0x120, {.id = id::kRef, .qwc = 1, .addr = 0x2000});
  put_tag(memory, kSprBit | 0x130, {.id = id::kCall, .addr = 0x3000});
  put_tag(memory, kSprBit | 0x140, {.id = id::kEnd, .qwc = 1});
  fill_data(memory, kSprBit | 0x150, 1);
  fill_data(memory, 0x2000, 1);
  put_tag(memory, 0x3000, {.id = id::kRef, .qwc = 1, .addr = kSprBit | 0x800});
  put_tag(memory, 0x3010, {.id = id::kRet});
  fill_data(memory, kSprBit | 0x800, 1);
  EXPECT_EQ(run(kSprBit | 0x100), ChannelState::kDone) << channel.error();
  EXPECT_EQ(sink.words, concat({data_words(kSprBit | 0x110, 1), data_words(0x2000, 1), data_words(kSprBit | 0x800, 1),
                                data_words(kSprBit | 0x150, 1)}));
  EXPECT_EQ(channel.tags_read(), 6u);
  EXPECT_EQ(channel.tag_address(), kSprBit | 0x140);
}

TEST_F(ChainTest, QwcZeroTagsMoveNoDataButStillCostATagRead) {
  // CNT 0 → 0x1010; REF 0 ADDR 0x9000 → 0x1020; NEXT 0 → 0x2000; CALL 0 → push 0x2010, go 0x3000;
  // 0x3000 RET 0 → 0x2010; 0x2010 REFE 0 ADDR 0x9000 → ends, TADR 0x2020.
  put_tag(memory, 0x1000, {.id = id::kCnt});
  put_tag(memory, 0x1010, {.id = id::kRef, .addr = 0x9000});
  put_tag(memory, 0x1020, {.id = id::kNext, .addr = 0x2000});
  put_tag(memory, 0x2000, {.id = id::kCall, .addr = 0x3000});
  put_tag(memory, 0x3000, {.id = id::kRet});
  put_tag(memory, 0x2010, {.id = id::kRefe, .addr = 0x9000});
  EXPECT_EQ(run(0x1000), ChannelState::kDone);
  EXPECT_TRUE(sink.words.empty());
  EXPECT_EQ(channel.tags_read(), 6u);
  EXPECT_EQ(channel.qwords_transferred(), 0u);
  EXPECT_EQ(channel.finish_cycle(), 6u * 2);
  EXPECT_EQ(channel.tag_address(), 0x2020u);
}

TEST_F(ChainTest, QwcZeroWithTteStillSendsTheTagWords) {
  put_tag(memory, 0x1000, {.id = id::kEnd, .tte0 = 0x01000404, .tte1 = 0x00000000});
  EXPECT_EQ(run(0x1000, {.tte = true}), ChannelState::kDone);
  EXPECT_EQ(sink.words, (std::vector<uint32_t>{0x01000404, 0x00000000}));
}

TEST_F(ChainTest, AddressBitsZeroToThreeAreIgnored) {
  // ADDR 0x5008 reads the qword at 0x5000; a start TADR of 0x1004 reads the tag at 0x1000.
  put_tag(memory, 0x1000, {.id = id::kRefe, .qwc = 1, .addr = 0x5008});
  fill_data(memory, 0x5000, 1);
  EXPECT_EQ(run(0x1004), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x5000, 1));
}

TEST_F(ChainTest, ARestartBeginsAFreshTransfer) {
  put_tag(memory, 0x1000, {.id = id::kCall, .addr = 0x2000});
  put_tag(memory, 0x2000, {.id = id::kEnd, .qwc = 1, .irq = true});
  fill_data(memory, 0x2010, 1);
  EXPECT_EQ(run(0x1000, {.tie = true}), ChannelState::kDone);
  EXPECT_TRUE(channel.irq_ended());
  EXPECT_EQ(channel.stack().asp(), 1);
  EXPECT_EQ(run(0x2000), ChannelState::kDone);
  EXPECT_FALSE(channel.irq_ended());
  EXPECT_EQ(channel.stack().asp(), 0);
  EXPECT_EQ(channel.tags_read(), 1u);
  EXPECT_EQ(channel.qwords_transferred(), 1u);
}

TEST_F(ChainTest, NormalModeMovesQwcQwordsFromTheAddress) {
  fill_data(memory, 0x4000, 3);
  channel.start_normal(0x4000, 3);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(0x4000, 3));
  EXPECT_EQ(channel.tags_read(), 0u);
  EXPECT_EQ(channel.qwords_transferred(), 3u);
  EXPECT_EQ(channel.finish_cycle(), 3u * 2);
}

TEST_F(ChainTest, NormalModeFromTheScratchpad) {
  fill_data(memory, kSprBit | 0x3fe0, 2);
  channel.start_normal(kSprBit | 0x3fe0, 2);
  EXPECT_EQ(channel.run_until(kForever), ChannelState::kDone);
  EXPECT_EQ(sink.words, data_words(kSprBit | 0x3fe0, 2));
}

TEST_F(ChainTest, NormalModeWithQwcZeroEndsAtOnce) {
  channel.start_normal(0x4000, 0);
  EXPECT_EQ(channel.run_until(10), ChannelState::kDone);
  EXPECT_EQ(channel.finish_cycle(), 0u);
  EXPECT_TRUE(sink.words.empty());
}

}  // namespace
}  // namespace gcvu::dma
