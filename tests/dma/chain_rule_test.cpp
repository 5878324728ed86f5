// The source-chain rules and the CALL/RET stack, row by row from ps2tek:PS2/DMAC/Chain_mode.md ("Source Chain Tag
// ID"), with T = the tag's address and Q its QWC. Each expectation below is that table worked by hand.

#include "emu/dma/chain_rule.hpp"

#include <gtest/gtest.h>

namespace gcvu::dma {
namespace {

constexpr EeAddress kTagAt{0x1000, false};  // T
constexpr EeAddress kAddr{0x5000, false};   // the tag's ADDR

DmaTag make(TagId id, uint16_t qwc, EeAddress addr = kAddr) {
  DmaTag tag;
  tag.id = id;
  tag.qwc = qwc;
  tag.addr = addr;
  return tag;
}

TEST(ChainStack, HoldsTwoAndPopsTheLastFirst) {
  ChainStack stack;
  EXPECT_EQ(stack.asp(), 0);
  EXPECT_TRUE(stack.push({0x100, false}));  // ASR0
  EXPECT_TRUE(stack.push({0x200, true}));   // ASR1
  EXPECT_EQ(stack.asp(), 2);
  EXPECT_FALSE(stack.push({0x300, false})) << "a third entry overflows";
  EXPECT_EQ(stack.asp(), 2);
  EXPECT_EQ(stack.asr(0), (EeAddress{0x100, false}));
  EXPECT_EQ(stack.asr(1), (EeAddress{0x200, true}));
  EXPECT_EQ(stack.pop(), (EeAddress{0x200, true}));   // ASP 2 → ASR1
  EXPECT_EQ(stack.pop(), (EeAddress{0x100, false}));  // ASP 1 → ASR0
  EXPECT_EQ(stack.pop(), std::nullopt);
  EXPECT_EQ(stack.asp(), 0);
}

TEST(ChainRule, RefeReadsAddrAdvancesTadrAndEnds) {
  ChainStack stack;
  ChainStep step = follow_tag(make(TagId::kRefe, 2), kTagAt, stack);
  EXPECT_EQ(step.data, kAddr);
  EXPECT_EQ(step.next_tag, (EeAddress{0x1010, false}));  // T+16
  EXPECT_TRUE(step.ends);
}

TEST(ChainRule, CntReadsAfterTheTagAndTheNextTagFollowsTheData) {
  ChainStack stack;
  ChainStep step = follow_tag(make(TagId::kCnt, 3), kTagAt, stack);
  EXPECT_EQ(step.data, (EeAddress{0x1010, false}));      // T+16
  EXPECT_EQ(step.next_tag, (EeAddress{0x1040, false}));  // T+16+16·3
  EXPECT_FALSE(step.ends);
}

TEST(ChainRule, NextReadsAfterTheTagAndJumpsToAddr) {
  ChainStack stack;
  ChainStep step = follow_tag(make(TagId::kNext, 1), kTagAt, stack);
  EXPECT_EQ(step.data, (EeAddress{0x1010, false}));
  EXPECT_EQ(step.next_tag, kAddr);
  EXPECT_FALSE(step.ends);
}

TEST(ChainRule, RefAndRefsReadAddrAndAdvanceTadr) {
  ChainStack stack;
  for (TagId id : {TagId::kRef, TagId::kRefs}) {
    ChainStep step = follow_tag(make(id, 4), kTagAt, stack);
    EXPECT_EQ(step.data, kAddr);
    EXPECT_EQ(step.next_tag, (EeAddress{0x1010, false}));
    EXPECT_FALSE(step.ends);
    EXPECT_EQ(step.stall_control, id == TagId::kRefs);
  }
}

TEST(ChainRule, CallPushesTheAddressAfterItsDataAndJumps) {
  ChainStack stack;
  ChainStep step = follow_tag(make(TagId::kCall, 2), kTagAt, stack);
  EXPECT_EQ(step.data, (EeAddress{0x1010, false}));
  EXPECT_EQ(step.next_tag, kAddr);
  EXPECT_FALSE(step.stack_overflow);
  EXPECT_EQ(stack.asp(), 1);
  EXPECT_EQ(stack.asr(0), (EeAddress{0x1030, false}));  // T+16+16·2
}

TEST(ChainRule, ACallWithBothEntriesInUseOverflowsAndLeavesTheStack) {
  ChainStack stack;
  stack.push({0x100, false});
  stack.push({0x200, false});
  ChainStep step = follow_tag(make(TagId::kCall, 0), kTagAt, stack);
  EXPECT_TRUE(step.stack_overflow);
  EXPECT_EQ(stack.asp(), 2);
  EXPECT_EQ(stack.asr(1), (EeAddress{0x200, false}));
}

TEST(ChainRule, RetPopsOrEndsWhenEmpty) {
  ChainStack stack;
  stack.push({0x2220, false});
  ChainStep popped = follow_tag(make(TagId::kRet, 1), kTagAt, stack);
  EXPECT_EQ(popped.data, (EeAddress{0x1010, false}));
  EXPECT_EQ(popped.next_tag, (EeAddress{0x2220, false}));
  EXPECT_FALSE(popped.ends);
  ChainStep empty = follow_tag(make(TagId::kRet, 1), kTagAt, stack);
  EXPECT_TRUE(empty.ends);
  EXPECT_EQ(empty.next_tag, kTagAt) << "TADR stays at the RET";
}

TEST(ChainRule, EndReadsAfterTheTagEndsAndLeavesTadr) {
  ChainStack stack;
  ChainStep step = follow_tag(make(TagId::kEnd, 1), kTagAt, stack);
  EXPECT_EQ(step.data, (EeAddress{0x1010, false}));
  EXPECT_EQ(step.next_tag, kTagAt);
  EXPECT_TRUE(step.ends);
}

TEST(ChainRule, DataAfterAScratchpadTagIsInTheScratchpadAndAddrCarriesItsOwnSpr) {
  ChainStack stack;
  constexpr EeAddress spr_tag{0x100, true};
  ChainStep cnt = follow_tag(make(TagId::kCnt, 1), spr_tag, stack);
  EXPECT_EQ(cnt.data, (EeAddress{0x110, true}));
  EXPECT_EQ(cnt.next_tag, (EeAddress{0x120, true}));
  ChainStep ref = follow_tag(make(TagId::kRef, 1, {0x3000, false}), spr_tag, stack);
  EXPECT_EQ(ref.data, (EeAddress{0x3000, false}));
  EXPECT_EQ(ref.next_tag, (EeAddress{0x110, true}));
  follow_tag(make(TagId::kCall, 1, {0x40, false}), spr_tag, stack);
  EXPECT_EQ(stack.asr(0), (EeAddress{0x120, true})) << "the return address is in the CALL's memory";
}

}  // namespace
}  // namespace gcvu::dma
