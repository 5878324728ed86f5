// Vu1Config::stall_in_place: run_until(c) holds a stalled pair with the clock at c, so each stall cycle can be
// watched. Expected cycles are worked by hand from reference/vu1.md §3 (FMAC: a reader of a field issues no earlier
// than the writer's issue + 4; FDIV: DIV's Q is seen by the pair issued 7 cycles after it, and WAITQ stalls its whole
// pair until then, vectors/vu-timing-hw.md §1). Each run is also held to the same program run normally.

#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "microcode/assembler/assembler.hpp"
#include "tests/vu/vu_program.hpp"

namespace gcvu::test {
namespace {

using vu::Stall;
using vu::StallCause;
using vu::StopReason;

struct SteppedRun {
  explicit SteppedRun(bool stall_in_place) : run(vu::Vu1Config{.stall_in_place = stall_in_place}) {
    run.vu.set_observer(&log);
  }
  VuRun run;
  PairLog log;
};

void load(vu::Vu1& vu, std::string_view source) {
  microcode::Program program = microcode::assemble_source(source, "stall.vsm");
  vu.load_micro(program.code);
  vu.start(0);
}

// The same program run normally, to hold the events and stats to.
void expect_same_as_normal_run(std::string_view source, void (*prepare)(vu::Vu1&), const SteppedRun& held) {
  SteppedRun normal(false);
  if (prepare != nullptr) prepare(normal.run.vu);
  load(normal.run.vu, source);
  ASSERT_EQ(normal.run.vu.run(), StopReason::kEnded);
  ASSERT_EQ(held.log.events.size(), normal.log.events.size());
  for (size_t n = 0; n < normal.log.events.size(); ++n) {
    const vu::PairEvent& a = held.log.events[n];
    const vu::PairEvent& b = normal.log.events[n];
    EXPECT_EQ(a.pc, b.pc) << n;
    EXPECT_EQ(a.issue_cycle, b.issue_cycle) << n;
    EXPECT_EQ(a.stall.cause, b.stall.cause) << n;
    EXPECT_EQ(a.stall.cycles, b.stall.cycles) << n;
    EXPECT_EQ(a.stall.reg, b.stall.reg) << n;
    EXPECT_EQ(a.stall.fields, b.stall.fields) << n;
  }
  EXPECT_EQ(held.run.vu.stats().stall_cycles, normal.run.vu.stats().stall_cycles);
  EXPECT_EQ(held.run.vu.stats().stall_cycles_by_cause, normal.run.vu.stats().stall_cycles_by_cause);
  EXPECT_EQ(held.run.vu.stats().pairs, normal.run.vu.stats().pairs);
  EXPECT_EQ(held.run.vu.cycle(), normal.run.vu.cycle());
  EXPECT_EQ(held.run.vu.registers().q, normal.run.vu.registers().q);
}

constexpr std::string_view kAddThenMul = R"(
        add.xyzw VF01, VF02, VF03   nop
        mul.xyzw VF04, VF01, VF05   nop
        nop[E]                      nop
        nop                         nop
)";

TEST(VuStallInPlace, MulWaitsForAddCycleByCycle) {
  // ADD issues at 0: VF01 readable at 0 + 4 = 4. The MUL comes up at 1 and issues at 4 after 3 stall cycles.
  SteppedRun held(true);
  load(held.run.vu, kAddThenMul);
  held.run.vu.run_until(1);
  ASSERT_EQ(held.log.events.size(), 1u);
  EXPECT_EQ(held.run.vu.cycle(), 1u);
  // Before the MUL has come up (as after a step): 4 - 1 = 3 cycles on VF01.xyzw.
  Stall before = held.run.vu.pending_stall();
  EXPECT_EQ(before.cause, StallCause::kFmacVf);
  EXPECT_EQ(before.reg, 1);
  EXPECT_EQ(before.fields, 0xf);
  EXPECT_EQ(before.cycles, 3u);
  for (uint64_t c = 2; c <= 4; ++c) {
    EXPECT_EQ(held.run.vu.run_until(c), StopReason::kRunning);
    EXPECT_EQ(held.run.vu.cycle(), c);
    EXPECT_EQ(held.log.events.size(), 1u) << "the MUL must not issue before cycle 4 (run_until(" << c << "))";
    EXPECT_EQ(held.run.vu.registers().tpc, 1u);
    const Stall left = held.run.vu.pending_stall();
    EXPECT_EQ(left.cycles, 4 - c) << c;
    if (c < 4) {
      EXPECT_EQ(left.cause, StallCause::kFmacVf);
      EXPECT_EQ(left.reg, 1);
      EXPECT_EQ(left.fields, 0xf);
    } else {
      EXPECT_EQ(left.cause, StallCause::kNone);  // it issues at cycle()
    }
  }
  held.run.vu.run_until(5);
  ASSERT_EQ(held.log.events.size(), 2u);
  EXPECT_EQ(held.log.events[1].issue_cycle, 4u);
  EXPECT_EQ(held.log.events[1].stall.cause, StallCause::kFmacVf);
  EXPECT_EQ(held.log.events[1].stall.cycles, 3u);  // measured from the cycle it came up (1), not from 4
  EXPECT_EQ(held.log.events[1].stall.to_string(), "FMAC VF01.xyzw 3");
  EXPECT_EQ(held.run.vu.run(), StopReason::kEnded);
  // E pair at 5, delay slot at 6, VF04 readable at 4 + 4 = 8: the program ends at 8 with 3 stall cycles.
  EXPECT_EQ(held.run.vu.cycle(), 8u);
  EXPECT_EQ(held.run.vu.stats().stall_cycles, 3u);
  EXPECT_EQ(held.run.vu.stats().stall_cycles_by_cause[static_cast<size_t>(StallCause::kFmacVf)], 3u);
  expect_same_as_normal_run(kAddThenMul, nullptr, held);
}

constexpr std::string_view kDivThenWaitq = R"(
        nop                         div Q, VF01x, VF02y
        mulq.w VF03, VF00, Q        waitq
        nop[E]                      nop
        nop                         nop
)";

void set_div_operands(vu::Vu1& vu) {
  vu.registers().write_vf_lane(1, 0, std::bit_cast<uint32_t>(1.0f));
  vu.registers().write_vf_lane(2, 1, std::bit_cast<uint32_t>(4.0f));
}

TEST(VuStallInPlace, WaitqWaitsForDivCycleByCycle) {
  // DIV issues at 0: Q reaches the pair issued at 0 + 7 = 7. WAITQ comes up at 1 and issues at 7 (6 stall
  // cycles, WAITQ); the MULq paired with it sees the new Q = 1 / 4 (vectors/vu-timing-hw.md §1, WAITQ).
  SteppedRun held(true);
  set_div_operands(held.run.vu);
  load(held.run.vu, kDivThenWaitq);
  held.run.vu.run_until(1);
  ASSERT_EQ(held.log.events.size(), 1u);
  for (uint64_t c = 2; c <= 7; ++c) {
    held.run.vu.run_until(c);
    EXPECT_EQ(held.run.vu.cycle(), c);
    EXPECT_EQ(held.log.events.size(), 1u) << c;
    const Stall left = held.run.vu.pending_stall();
    EXPECT_EQ(left.cycles, 7 - c) << c;
    EXPECT_EQ(left.cause, c < 7 ? StallCause::kWaitQ : StallCause::kNone) << c;
    // Q is still the old one until cycle 7.
    EXPECT_EQ(held.run.vu.registers().q, c < 7 ? 0u : std::bit_cast<uint32_t>(0.25f)) << c;
  }
  held.run.vu.run_until(8);
  ASSERT_EQ(held.log.events.size(), 2u);
  EXPECT_EQ(held.log.events[1].issue_cycle, 7u);
  EXPECT_EQ(held.log.events[1].stall.cause, StallCause::kWaitQ);
  EXPECT_EQ(held.log.events[1].stall.cycles, 6u);
  EXPECT_EQ(held.run.vu.run(), StopReason::kEnded);
  EXPECT_EQ(held.run.vu.registers().vf_lane(3, 3), std::bit_cast<uint32_t>(0.25f));
  EXPECT_EQ(held.run.vu.stats().stall_cycles_by_cause[static_cast<size_t>(StallCause::kWaitQ)], 6u);
  expect_same_as_normal_run(kDivThenWaitq, set_div_operands, held);
}

TEST(VuStallInPlace, NoProgramNoStall) {
  vu::Vu1 vu(vu::Vu1Config{.stall_in_place = true});
  EXPECT_EQ(vu.pending_stall().cause, StallCause::kNone);
  EXPECT_EQ(vu.pending_stall().cycles, 0u);
}

}  // namespace
}  // namespace gcvu::test
