// VU1 timing and control-flow rules worked by hand from reference/vu1.md §3. Each test gives the calculation.

#include <gtest/gtest.h>

#include "microcode/assembler/assembler.hpp"
#include "tests/vu/vu_program.hpp"

namespace gcvu::test {
namespace {

using vu::StallCause;
using vu::StopReason;

TEST(VuTimingHand, FmacStallsPerField) {
  // add.x VF01 issues at 0, VF01.x readable at 4. The add reading VF01.y issues at 1 (nothing pending on y).
  // The add reading VF01.x would issue at 2 and waits 2 cycles, issuing at 4. E pair at 5, delay slot at 6,
  // VF05 readable at 8: the program ends at cycle 8 with 2 stall cycles, all FMAC.
  PairLog log;
  auto run = run_vsm(R"(
        add.x VF01, VF02, VF03      nop
        add.y VF04, VF01, VF01      nop
        add.x VF05, VF01, VF01      nop
        nop[E]                      nop
        nop                         nop
)");
  ASSERT_EQ(run->reason, StopReason::kEnded);
  EXPECT_EQ(run->cycles(), 8u);
  EXPECT_EQ(run->vu.stats().stall_cycles, 2u);
  EXPECT_EQ(run->vu.stats().stall_cycles_by_cause[static_cast<size_t>(StallCause::kFmacVf)], 2u);
  EXPECT_EQ(run->vu.stats().pairs, 5u);
}

TEST(VuTimingHand, StallEventNamesRegisterAndFields) {
  auto run = std::make_unique<VuRun>();
  PairLog log;
  run->vu.set_observer(&log);
  microcode::Program program = microcode::assemble_source(R"(
        mul.xz VF07, VF01, VF02     nop
        nop                         nop
        add.xyzw VF08, VF07, VF07   nop
        nop[E]                      nop
        nop                         nop
)",
                                                          "t.vsm");
  run->vu.load_micro(program.code);
  run->vu.start(0);
  run->vu.run();
  ASSERT_EQ(log.events.size(), 5u);
  // Issued at 0 and 1; the reader would issue at 2, VF07.xz readable at 4: 2 cycles on VF07 fields x and z.
  EXPECT_EQ(log.events[2].issue_cycle, 4u);
  EXPECT_EQ(log.events[2].stall.cause, StallCause::kFmacVf);
  EXPECT_EQ(log.events[2].stall.cycles, 2u);
  EXPECT_EQ(log.events[2].stall.to_string(), "FMAC VF07.xz 2");
  EXPECT_EQ(log.events[1].stall.cycles, 0u);
}

TEST(VuTimingHand, AccumulateChainsDoNotStallOnAcc) {
  // The 4x4 transform idiom mula/madda/madda/madd issues one per cycle: ACC is forwarded inside the FMAC
  // (gcvu's rule: ACC is not a stalling dependency). 4 pairs at 0..3, E at 4, slot at 5, VF06 readable at 7.
  auto run = run_vsm(R"(
        mulax.xyzw ACC, VF01, VF05x    nop
        madday.xyzw ACC, VF02, VF05y   nop
        maddaz.xyzw ACC, VF03, VF05z   nop
        maddw.xyzw VF06, VF04, VF05w   nop
        nop[E]                         nop
        nop                            nop
)");
  EXPECT_EQ(run->vu.stats().stall_cycles, 0u);
  EXPECT_EQ(run->cycles(), 7u);
}

TEST(VuTimingHand, IlwResultAfterFourCycles) {
  // ILW at 0 (VI01 readable at 4); IADDIU reading VI01 would issue at 1 and waits 3. Memory word 0.x = 0x1234.
  auto run = run_vsm(R"(
        nop                         ilw.x VI01, 0(VI00)x
        nop                         iaddiu VI02, VI01, 1
        nop[E]                      nop
        nop                         nop
)",
                     {}, [](vu::Vu1& vu) { vu.data().write_word(0, 0, 0xabcd1234); });
  EXPECT_EQ(run->vi(1), 0x1234);
  EXPECT_EQ(run->vi(2), 0x1235);
  EXPECT_EQ(run->vu.stats().stall_cycles_by_cause[static_cast<size_t>(StallCause::kIntegerLoad)], 3u);
  EXPECT_EQ(run->cycles(), 7u) << "pairs at 0, 4, 5, 6";
}

TEST(VuTimingHand, EBitWaitsForResultsInFlight) {
  // vu1.md §3 E bit: one delay slot, then stop once the pipelines drain. DIV at 0 (Q at 7), E pair is the DIV's,
  // delay slot at 1: the program ends at 7 with Q written.
  auto run = run_vsm(R"(
        nop[E]                      div Q, VF00w, VF00w
        nop                         nop
        nop                         iaddiu VI01, VI00, 1
)");
  EXPECT_EQ(run->cycles(), 7u);
  EXPECT_EQ(run->vu.registers().q, 0x3f800000u);
  EXPECT_EQ(run->vi(1), 0) << "nothing after the delay slot runs";
}

TEST(VuTimingHand, ConditionalBranchReadsVIBeforeThePrecedingWrite) {
  // vu1.md §3: IBNE right after IADDIU VI01 sees VI01's old value (0): not taken. One pair later it sees 5.
  auto run = run_vsm(R"(
        nop                         iaddiu VI01, VI00, 5
        nop                         ibne VI01, VI00, first
        nop                         nop
        nop                         iaddiu VI02, VI00, 1
        nop                         ibne VI01, VI00, second
        nop                         nop
        nop                         iaddiu VI03, VI00, 1
first:  nop                         iaddiu VI04, VI00, 1
second: nop[E]                      nop
        nop                         nop
)");
  EXPECT_EQ(run->vi(2), 1) << "first branch not taken";
  EXPECT_EQ(run->vi(3), 0) << "second branch taken";
  EXPECT_EQ(run->vi(4), 0);
}

TEST(VuTimingHand, JalrWithSameRegisterJumpsToTheOldValue) {
  // ps2autotests branch.expected (vu1.md §3): JALR with it = is links and still jumps to the old target.
  // VI01 = 5 (the label `target` is instruction 5); the link is the instruction after the delay slot: 3 + 2 = 5.
  auto run = run_vsm(R"(
        nop                         iaddiu VI01, VI00, 5
        nop                         nop
        nop                         nop
        nop                         jalr VI01, VI01
        nop                         nop
target: nop                         iaddiu VI02, VI01, 0
        nop[E]                      nop
        nop                         nop
)");
  EXPECT_EQ(run->vi(1), 5);
  EXPECT_EQ(run->vi(2), 5);
}

TEST(VuTimingHand, BalLinksPastTheDelaySlot) {
  // BAL at instruction 0: the delay slot (1) runs, then the target; VI15 = 2, the instruction after the slot.
  auto run = run_vsm(R"(
        nop                         bal VI15, sub
        nop                         iaddiu VI01, VI00, 1
        nop                         iaddiu VI02, VI00, 1
sub:    nop[E]                      nop
        nop                         nop
)");
  EXPECT_EQ(run->vi(15), 2);
  EXPECT_EQ(run->vi(1), 1) << "the delay slot runs";
  EXPECT_EQ(run->vi(2), 0) << "the fall-through does not";
}

TEST(VuTimingHand, BranchInADelaySlotRunsOneInstructionAtTheFirstTarget) {
  // vu1.md §3: a branch in a delay slot runs one instruction at the first target, then goes to the second.
  auto run = run_vsm(R"(
        nop                         b first
        nop                         b second
        nop                         iaddiu VI05, VI00, 1
first:  nop                         iaddiu VI01, VI00, 1
        nop                         iaddiu VI02, VI00, 1
second: nop[E]                      iaddiu VI03, VI00, 1
        nop                         nop
)");
  EXPECT_EQ(run->vi(1), 1) << "one instruction at the first target";
  EXPECT_EQ(run->vi(2), 0);
  EXPECT_EQ(run->vi(3), 1);
  EXPECT_EQ(run->vi(5), 0);
}

TEST(VuTimingHand, ReadModifyWriteChainHidesTheChain) {
  // vu1.md §3: consecutive IADDIU VI01, VI01 chains: the branch sees VI01 from before the chain (0), not taken.
  auto run = run_vsm(R"(
        nop                         iaddiu VI01, VI01, 1
        nop                         iaddiu VI01, VI01, 1
        nop                         ibne VI01, VI00, skip
        nop                         nop
        nop                         iaddiu VI02, VI00, 7
skip:   nop[E]                      nop
        nop                         nop
)");
  EXPECT_EQ(run->vi(1), 2);
  EXPECT_EQ(run->vi(2), 7);
}

TEST(VuTimingHand, SamePairLowerReadsOldValueAndUpperWins) {
  // vu1.md §3 same-pair rules. Pair 1: upper writes VF01 = 2.0 while lower MOVE copies VF01 (still 1.0) to VF02.
  // Pair 2 (after the stall): both write VF03; the upper's value (VF00 + I = 1.0 + 3.0 = 4.0) wins.
  const char* source = R"(
        nop                         loi 1.0
        addi.w VF01, VF00, I        loi 3.0
        nop nop
        nop nop
        nop nop
        addi.w VF01, VF00, I        move.w VF02, VF01
        addi.w VF03, VF00, I        iaddiu VI01, VI00, 9
        addi.w VF04, VF00, I        move.w VF04, VF01
        nop[E]                      nop
        nop                         nop
)";
  auto run = run_vsm(source);
  EXPECT_EQ(run->vf(1, 3), 0x40800000u) << "1.0 + 3.0";
  EXPECT_EQ(run->vf(2, 3), 0x40000000u) << "MOVE saw VF01.w = 1.0 + 1.0 from before the upper write";
  EXPECT_EQ(run->vf(4, 3), 0x40800000u) << "upper wins the clash";
  EXPECT_EQ(run->vi(1), 9);
}

TEST(VuTimingHand, WriteClashPolicies) {
  // The lower op of a clashing pair: kLowerWriteDiscarded runs it (LQI still increments VI02);
  // kLowerSkipped (PCSX2's interpreter) skips it.
  const char* source = R"(
        addi.w VF05, VF00, I        lqi.w VF05, (VI02++)
        nop[E]                      nop
        nop                         nop
)";
  auto discarded = run_vsm(source);
  EXPECT_EQ(discarded->vi(2), 1);
  vu::Vu1Config skip;
  skip.write_clash = vu::WriteClash::kLowerSkipped;
  auto skipped = run_vsm(source, skip);
  EXPECT_EQ(skipped->vi(2), 0);
  EXPECT_EQ(discarded->vf(5, 3), skipped->vf(5, 3));
}

TEST(VuTimingHand, LoiLoadsIAfterTheUpperOp) {
  // vu1.md §3 I bit: the upper op paired with LOI sees the old I.
  auto w = run_vsm(R"(
        nop                         loi 2.0
        muli.w VF01, VF00, I        loi 8.0
        muli.w VF02, VF00, I        nop
        nop[E]                      nop
        nop                         nop
)");
  EXPECT_EQ(w->vf(1, 3), 0x40000000u) << "1.0 * 2.0: the pair's own LOI 8.0 came after";
  EXPECT_EQ(w->vf(2, 3), 0x41000000u) << "1.0 * 8.0";
  EXPECT_EQ(w->vu.registers().i, 0x41000000u);
}

TEST(VuTimingHand, XgkickRunsInTheBackground) {
  // A PACKED packet at qword 0: tag NLOOP=3 NREG=1 EOP, then 3 data qwords: 4 qwords at cycles 1, 3, 5, 7 (vu1.md
  // §3: one per 2 cycles; gcvu starts the cycle after XGKICK). The second XGKICK at cycle 1 waits until 8 (one
  // cycle after the last qword, keeping the rate), so its first qword leaves at 9.
  auto run = run_vsm(R"(
        nop                         xgkick VI00
        nop                         xgkick VI00
        nop[E]                      nop
        nop                         nop
)",
                     {}, [](vu::Vu1& vu) {
                       vu.data().qword(0) = {0x8003, 0x10000000, 0, 0};
                       vu.data().qword(1) = {1, 2, 3, 4};
                     });
  run->vu.finish_xgkick();
  ASSERT_EQ(run->path1.qwords.size(), 8u);
  const uint64_t expected_cycles[] = {1, 3, 5, 7, 9, 11, 13, 15};
  for (size_t n = 0; n < 8; ++n) EXPECT_EQ(run->path1.qwords[n].cycle, expected_cycles[n]) << n;
  EXPECT_EQ(run->path1.qwords[1].value, (vu::Vec4{1, 2, 3, 4}));
  EXPECT_EQ(run->vu.stats().stall_cycles_by_cause[static_cast<size_t>(StallCause::kXgkickBusy)], 7u);
  EXPECT_EQ(run->vu.stats().xgkicks, 2u);
}

TEST(VuTimingHand, StoreDuringAKickChangesWhatIsSent) {
  // The transfer reads VU memory as it goes: an SQ to a qword not yet sent changes the data the GIF receives
  // (a hazard gcvu reproduces). Qword 3 leaves at cycle 7; the SQ at cycle 2 overwrites it first.
  auto run = run_vsm(R"(
        nop                         xgkick VI00
        nop                         nop
        nop                         sq.xyzw VF00, 3(VI00)
        nop[E]                      nop
        nop                         nop
)",
                     {}, [](vu::Vu1& vu) {
                       vu.data().qword(0) = {0x8003, 0x10000000, 0, 0};
                       vu.data().qword(3) = {9, 9, 9, 9};
                     });
  run->vu.finish_xgkick();
  ASSERT_EQ(run->path1.qwords.size(), 4u);
  EXPECT_EQ(run->path1.qwords[3].value, (vu::Vec4{0, 0, 0, 0x3f800000}));
}

TEST(VuTimingHand, CycleBudgetStopsARunawayLoop) {
  vu::Vu1Config config;
  config.max_cycles = 1000;
  auto run = run_vsm(R"(
loop:   nop                         b loop
        nop                         nop
)",
                     config);
  EXPECT_EQ(run->reason, StopReason::kCycleBudget);
  EXPECT_NE(run->vu.stop_message().find("ran 1000 cycles without ending"), std::string::npos) << run->vu.stop_message();
}

TEST(VuTimingHand, UnendedXgkickIsBoundedByTheBudget) {
  // Zeroed memory is a chain of NLOOP=0 tags without EOP: the transfer never ends. A second XGKICK waits on it and
  // the wait is cut at the budget (100 cycles) instead of running forever.
  vu::Vu1Config config;
  config.max_cycles = 100;
  auto run = run_vsm(R"(
        nop                         xgkick VI00
        nop                         xgkick VI00
        nop[E]                      nop
        nop                         nop
)",
                     config);
  EXPECT_EQ(run->reason, StopReason::kCycleBudget);
  EXPECT_NE(run->vu.stop_message().find("did not end (no EOP packet)"), std::string::npos) << run->vu.stop_message();
  EXPECT_EQ(run->path1.qwords.size(), 50u) << "qwords at cycles 1, 3, ..., 99";
  EXPECT_FALSE(run->vu.finish_xgkick());
}

TEST(VuTimingHand, InvalidInstructionStopsWithItsPc) {
  auto run = std::make_unique<VuRun>();
  run->vu.write_micro(0, vu::make_bundle(0x000002ff, 0x8000033c));
  run->vu.write_micro(1, vu::make_bundle(0x000002ff, 0xfe000000));  // lower opcode 0x7f: no such instruction
  run->vu.start(0);
  EXPECT_EQ(run->vu.run(), StopReason::kInvalidInstruction);
  EXPECT_NE(run->vu.stop_message().find("invalid lower instruction 0xfe000000 at PC 0x0008"), std::string::npos)
      << run->vu.stop_message();
}

TEST(VuTimingHand, XgkickWithoutReceiverStops) {
  vu::Vu1 vu;
  vu.write_micro(0, vu::make_bundle(0x000002ff, 0x80001efc));  // xgkick VI00 (gcvu asm)
  vu.start(0);
  EXPECT_EQ(vu.run(), StopReason::kNoPath1Port);
}

TEST(VuTimingHand, DBitStopsOnlyWhenEnabled) {
  const char* source = R"(
        nop[D]                      iaddiu VI01, VI00, 1
        nop                         iaddiu VI02, VI00, 1
        nop[E]                      nop
        nop                         nop
)";
  EXPECT_EQ(run_vsm(source)->reason, StopReason::kEnded);
  vu::Vu1Config config;
  config.d_bit_enabled = true;
  auto run = run_vsm(source, config);
  EXPECT_EQ(run->reason, StopReason::kDebugBreak);
  EXPECT_EQ(run->vi(1), 1);
  EXPECT_EQ(run->vi(2), 0) << "stops after the D-bit pair";
}

TEST(VuTimingHand, SameInputSameCycles) {
  // Determinism: two runs of one program give identical registers, memory and cycle counts.
  const char* source = R"(
        nop                         iaddiu VI01, VI00, 20
loop:   mulax.xyzw ACC, VF01, VF05x  iaddi VI01, VI01, -1
        maddw.xyzw VF05, VF04, VF05w div Q, VF05x, VF05y
        nop                         ibne VI01, VI00, loop
        mulq.xyzw VF05, VF05, Q     nop
        nop[E]                      sq.xyzw VF05, 0(VI00)
        nop                         nop
)";
  auto prepare = [](vu::Vu1& vu) {
    vu.registers().write_vf(1, vu::kFieldsXyzw, {0x3f000000, 0x3f100000, 0x3f200000, 0x3f300000});
    vu.registers().write_vf(4, vu::kFieldsXyzw, {0x3e000000, 0x3e100000, 0x3e200000, 0x3e300000});
    vu.registers().write_vf(5, vu::kFieldsXyzw, {0x3f800000, 0x40000000, 0x40400000, 0x40800000});
  };
  auto a = run_vsm(source, {}, prepare);
  auto b = run_vsm(source, {}, prepare);
  EXPECT_EQ(a->cycles(), b->cycles());
  EXPECT_EQ(a->vu.data().qword(0), b->vu.data().qword(0));
  for (int n = 0; n < 32; ++n) EXPECT_EQ(a->vu.registers().vf(n), b->vu.registers().vf(n));
}

}  // namespace
}  // namespace gcvu::test
