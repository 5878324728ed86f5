// The VIF1 channel's clock and flow control: the rate model of emu/dma/dma_timing.hpp (2 VU cycles per tag read and
// per data qword, after ps2tek's "one quadword at bus speed, half the EE clock"), run_until's "everything that
// completes by cycle c", and back-pressure from a sink that fills up. Counts are worked by hand in the comments.

#include <gtest/gtest.h>

#include <memory>

#include "emu/dma/source_channel.hpp"
#include "tests/dma/chain_builder.hpp"
#include "tests/dma/recording_sink.hpp"

namespace gcvu::dma {
namespace {

using test::concat;
using test::data_words;
using test::fill_data;
using test::put_tag;
namespace id = test;

constexpr uint64_t kForever = ~uint64_t{0};

struct Rig {
  explicit Rig(size_t capacity = size_t{1} << 24) : sink(capacity), channel(*memory, sink) {}
  std::unique_ptr<EeMemory> memory = std::make_unique<EeMemory>();
  test::RecordingSink sink;
  SourceChannel channel;
};

// 0x1000 CNT QWC 3 (data 0x1010-0x103f), 0x1040 END QWC 0: 2 tag reads and 3 qwords, 10 cycles.
void cnt3_then_end(EeMemory& memory) {
  put_tag(memory, 0x1000, {.id = id::kCnt, .qwc = 3});
  fill_data(memory, 0x1010, 3);
  put_tag(memory, 0x1040, {.id = id::kEnd});
}

TEST(SourceChannelClock, EachReadCompletesTwoCyclesAfterItStarts) {
  Rig rig;
  cnt3_then_end(*rig.memory);
  rig.channel.start_chain(0x1000);
  // Tag read 0→2, qword 1 2→4, qword 2 4→6, qword 3 6→8, END tag 8→10.
  EXPECT_EQ(rig.channel.run_until(1), ChannelState::kRunning);
  EXPECT_EQ(rig.channel.tags_read(), 0u) << "the tag read would end at 2";
  EXPECT_EQ(rig.channel.cycle(), 0u);
  EXPECT_EQ(rig.channel.run_until(2), ChannelState::kRunning);
  EXPECT_EQ(rig.channel.tags_read(), 1u);
  EXPECT_EQ(rig.channel.cycle(), 2u);
  EXPECT_EQ(rig.channel.run_until(3), ChannelState::kRunning);
  EXPECT_TRUE(rig.sink.words.empty());
  EXPECT_EQ(rig.channel.run_until(4), ChannelState::kRunning);
  EXPECT_EQ(rig.sink.words, data_words(0x1010, 1)) << "the first qword lands at 4";
  EXPECT_EQ(rig.channel.run_until(9), ChannelState::kRunning);
  EXPECT_EQ(rig.channel.qwords_transferred(), 3u);
  EXPECT_EQ(rig.channel.tags_read(), 1u);
  EXPECT_EQ(rig.channel.cycle(), 8u);
  EXPECT_EQ(rig.channel.run_until(10), ChannelState::kDone);
  EXPECT_EQ(rig.channel.finish_cycle(), 10u);
  EXPECT_EQ(rig.channel.run_until(25), ChannelState::kDone);
  EXPECT_EQ(rig.channel.cycle(), 25u) << "done, the clock passes";
  EXPECT_EQ(rig.channel.finish_cycle(), 10u);
}

TEST(SourceChannelClock, ARunUntilInThePastDoesNothing) {
  Rig rig;
  cnt3_then_end(*rig.memory);
  rig.channel.start_chain(0x1000);
  rig.channel.run_until(5);
  EXPECT_EQ(rig.channel.cycle(), 4u);
  EXPECT_EQ(rig.channel.run_until(3), ChannelState::kRunning);
  EXPECT_EQ(rig.channel.cycle(), 4u);
  EXPECT_EQ(rig.channel.qwords_transferred(), 1u);
}

TEST(SourceChannelClock, ATransferStartsAtTheChannelsCurrentCycle) {
  Rig rig;
  cnt3_then_end(*rig.memory);
  rig.channel.run_until(50);  // idle until 50
  rig.channel.start_chain(0x1000);
  EXPECT_EQ(rig.channel.run_until(kForever), ChannelState::kDone);
  EXPECT_EQ(rig.channel.finish_cycle(), 50u + 10);
}

TEST(SourceChannelClock, ALongChainCostsTwoCyclesPerTagAndPerQword) {
  // 100 CNT tags of QWC 4 in a row, then END QWC 0: 101 tags, 400 qwords → 2·101 + 2·400 = 1002 cycles.
  Rig rig;
  uint32_t at = 0x10000;
  for (int i = 0; i < 100; ++i) {
    put_tag(*rig.memory, at, {.id = id::kCnt, .qwc = 4});
    fill_data(*rig.memory, at + 16, 4);
    at += 16 * 5;
  }
  put_tag(*rig.memory, at, {.id = id::kEnd});
  rig.channel.start_chain(0x10000);
  EXPECT_EQ(rig.channel.run_until(kForever), ChannelState::kDone);
  EXPECT_EQ(rig.channel.tags_read(), 101u);
  EXPECT_EQ(rig.channel.qwords_transferred(), 400u);
  EXPECT_EQ(rig.channel.finish_cycle(), 1002u);
  EXPECT_EQ(rig.sink.words.size(), 1600u);
}

TEST(SourceChannelFlow, AFullSinkMakesTheChannelWaitWhileItsClockPasses) {
  Rig rig(6);  // room for 6 words, drained only when the test says
  cnt3_then_end(*rig.memory);
  rig.channel.start_chain(0x1000);
  // Tag 0→2. Qword 1 2→4: 4 words in (room 2). Qword 2 4→6: room 2 > 0 so it is read; 2 words in, 2 held. Full.
  EXPECT_EQ(rig.channel.run_until(1000), ChannelState::kWaitSink);
  EXPECT_EQ(rig.channel.cycle(), 1000u);
  EXPECT_EQ(rig.channel.qwords_transferred(), 2u);
  std::vector<uint32_t> first_six = data_words(0x1010, 2);
  first_six.resize(6);
  EXPECT_EQ(rig.sink.words, first_six);
  EXPECT_EQ(rig.sink.overfilled, 0);
  // The VIF takes 4 words. At 1000 the 2 held words go (room 2), qword 3 1000→1002 leaves 2 held again.
  rig.sink.consume(4);
  EXPECT_EQ(rig.channel.run_until(1010), ChannelState::kWaitSink);
  EXPECT_EQ(rig.channel.qwords_transferred(), 3u);
  EXPECT_EQ(rig.sink.words.size(), 10u);
  // Empty the FIFO: at 1010 the last 2 words go, the END tag reads 1010→1012, and the transfer is done.
  rig.sink.consume(6);
  EXPECT_EQ(rig.channel.run_until(1020), ChannelState::kDone);
  EXPECT_EQ(rig.channel.finish_cycle(), 1012u);
  EXPECT_EQ(rig.sink.words, data_words(0x1010, 3));
  EXPECT_EQ(rig.sink.overfilled, 0);
  EXPECT_EQ(rig.sink.push_sizes, (std::vector<size_t>{4, 2, 2, 2, 2}));
}

TEST(SourceChannelFlow, ADataReadWaitsForRoomButATagReadWithoutTteDoesNot) {
  Rig rig(4);
  cnt3_then_end(*rig.memory);
  rig.channel.start_chain(0x1000);
  // Tag 0→2, qword 1 2→4 fills the sink; qword 2 waits for room, so nothing is held.
  EXPECT_EQ(rig.channel.run_until(100), ChannelState::kWaitSink);
  EXPECT_EQ(rig.channel.qwords_transferred(), 1u);
  EXPECT_EQ(rig.channel.tags_read(), 1u);
  rig.sink.consume(4);
  // Qword 2 100→102, qword 3 waits again.
  EXPECT_EQ(rig.channel.run_until(200), ChannelState::kWaitSink);
  EXPECT_EQ(rig.channel.qwords_transferred(), 2u);
  rig.sink.consume(4);
  // Qword 3 200→202; the END tag (no TTE) reads 202→204 although the sink is full again.
  EXPECT_EQ(rig.channel.run_until(300), ChannelState::kDone);
  EXPECT_EQ(rig.channel.finish_cycle(), 204u);
  EXPECT_EQ(rig.sink.pending(), 4u);
}

TEST(SourceChannelFlow, TteWordsWaitForRoomLikeData) {
  Rig rig(1);
  put_tag(*rig.memory, 0x1000, {.id = id::kEnd, .tte0 = 0x1234, .tte1 = 0x5678});
  rig.channel.start_chain(0x1000, {.tte = true});
  EXPECT_EQ(rig.channel.run_until(10), ChannelState::kWaitSink);
  EXPECT_EQ(rig.sink.words, (std::vector<uint32_t>{0x1234}));
  rig.sink.consume(1);
  EXPECT_EQ(rig.channel.run_until(20), ChannelState::kDone);
  EXPECT_EQ(rig.sink.words, (std::vector<uint32_t>{0x1234, 0x5678}));
  EXPECT_EQ(rig.channel.finish_cycle(), 10u) << "done when the last word went, at the start of the second call";
}

// A cross-check between two of gcvu's own paths: a channel asked once a cycle mostly takes run_until's inline
// answers (no transfer; a data read still under way), while a fresh channel asked once for cycle c walks the chain.
// Both must agree on the state, the clock and every word at every c, with a sink that always has room and with one
// that fills up after a qword and is never drained. The hand count (cnt3_then_end: done at cycle 10) anchors them.
TEST(SourceChannelClock, SteppingEachCycleAgreesWithOneCallAtEveryCycle) {
  for (size_t capacity : {size_t{1} << 24, size_t{4}}) {
    Rig stepped(capacity);
    cnt3_then_end(*stepped.memory);
    stepped.channel.start_chain(0x1000);
    for (uint64_t cycle = 0; cycle <= 12; ++cycle) {
      Rig once(capacity);
      cnt3_then_end(*once.memory);
      once.channel.start_chain(0x1000);
      const ChannelState stepped_state = stepped.channel.run_until(cycle);
      EXPECT_EQ(stepped_state, once.channel.run_until(cycle)) << "capacity " << capacity << ", cycle " << cycle;
      EXPECT_EQ(stepped.channel.cycle(), once.channel.cycle()) << "capacity " << capacity << ", cycle " << cycle;
      EXPECT_EQ(stepped.sink.words, once.sink.words) << "capacity " << capacity << ", cycle " << cycle;
      EXPECT_EQ(stepped.channel.qwords_transferred(), once.channel.qwords_transferred());
    }
    if (capacity > 4) {
      EXPECT_EQ(stepped.channel.state(), ChannelState::kDone);
      EXPECT_EQ(stepped.channel.finish_cycle(), 10u);
    } else {
      EXPECT_EQ(stepped.channel.state(), ChannelState::kWaitSink);
      EXPECT_EQ(stepped.sink.words, data_words(0x1010, 1)) << "one qword fills a 4-word sink";
    }
  }
}

TEST(SourceChannelFlow, AOneWordSinkDrainedEveryCycleStillGetsTheWholeStreamInOrder) {
  Rig rig(1);
  put_tag(*rig.memory, 0x1000, {.id = id::kCnt, .qwc = 2, .tte0 = 0xa0, .tte1 = 0xa1});
  fill_data(*rig.memory, 0x1010, 2);
  put_tag(*rig.memory, 0x1030, {.id = id::kRef, .qwc = 1, .addr = 0x8000, .tte0 = 0xb0, .tte1 = 0xb1});
  fill_data(*rig.memory, 0x8000, 1);
  put_tag(*rig.memory, 0x1040, {.id = id::kEnd, .tte0 = 0xc0, .tte1 = 0xc1});
  rig.channel.start_chain(0x1000, {.tte = true});
  uint64_t cycle = 0;
  while (rig.channel.run_until(cycle) != ChannelState::kDone && cycle < 1000) {
    rig.sink.consume(1);
    ++cycle;
  }
  EXPECT_EQ(rig.channel.state(), ChannelState::kDone);
  EXPECT_EQ(rig.sink.words,
            concat({{0xa0, 0xa1}, data_words(0x1010, 2), {0xb0, 0xb1}, data_words(0x8000, 1), {0xc0, 0xc1}}));
  EXPECT_EQ(rig.sink.overfilled, 0);
  for (size_t size : rig.sink.push_sizes) EXPECT_EQ(size, 1u);
}

TEST(SourceChannelFlow, NormalModeHonoursBackPressureToo) {
  Rig rig(4);
  fill_data(*rig.memory, 0x4000, 2);
  rig.channel.start_normal(0x4000, 2);
  EXPECT_EQ(rig.channel.run_until(50), ChannelState::kWaitSink);  // qword 1 0→2 filled it
  rig.sink.consume(4);
  EXPECT_EQ(rig.channel.run_until(60), ChannelState::kDone);  // qword 2 50→52
  EXPECT_EQ(rig.channel.finish_cycle(), 52u);
  EXPECT_EQ(rig.sink.words, data_words(0x4000, 2));
}

}  // namespace
}  // namespace gcvu::dma
