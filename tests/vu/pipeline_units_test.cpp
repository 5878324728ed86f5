// The VU1 pipeline units on their own, each test encoding a documented timing rule worked by hand
// (reference/vu1.md §3, vectors/vu-timing-hw.md).

#include <gtest/gtest.h>

#include <vector>

#include "emu/vu/pipeline/fdiv_unit.hpp"
#include "emu/vu/pipeline/flag_pipeline.hpp"
#include "emu/vu/pipeline/fmac_pipeline.hpp"
#include "emu/vu/pipeline/integer_pipeline.hpp"
#include "emu/vu/xgkick/xgkick_unit.hpp"
#include "tests/vu/vu_program.hpp"

namespace gcvu::vu {
namespace {

TEST(FmacPipeline, ReaderWaitsUntilIssuePlusFourPerField) {
  // vu1.md §3: a reader stalls until issue+4, per field; a read 1 cycle after the write stalls 3 cycles.
  FmacPipeline pipe;
  pipe.issue(5, kFieldX | kFieldZ, 10);
  EXPECT_EQ(pipe.ready_cycle(5, kFieldX), 14u);
  EXPECT_EQ(pipe.ready_cycle(5, kFieldY | kFieldW), 0u) << "other fields of the same register do not wait";
  EXPECT_EQ(pipe.ready_cycle(6, kFieldX), 0u);
  EXPECT_EQ(pipe.ready_cycle(5, kFieldX) - 11, 3u) << "issued at 11, the reader stalls 3 cycles";
  EXPECT_EQ(pipe.in_flight(13).size(), 1u);
  EXPECT_EQ(pipe.in_flight(13)[0].fields, kFieldX | kFieldZ);
  EXPECT_TRUE(pipe.in_flight(14).empty());
}

TEST(FmacPipeline, NewestWriteDecidesAndVf00NeverWaits) {
  FmacPipeline pipe;
  pipe.issue(3, kFieldW, 1);
  pipe.issue(3, kFieldW, 2);
  EXPECT_EQ(pipe.ready_cycle(3, kFieldW), 6u);
  pipe.issue(0, kFieldsXyzw, 2);
  EXPECT_EQ(pipe.ready_cycle(0, kFieldsXyzw), 0u);
  EXPECT_EQ(pipe.drain_cycle(), 6u);
}

TEST(FlagPipeline, FlagsCommitFourCyclesAfterIssue) {
  // vu1.md §3 "Flag visibility": FMxxx/FSxxx/FCxxx read the flags of the newest op issued >= 4 cycles earlier.
  Registers registers;
  FlagPipeline flags;
  flags.issue_mac(0, 0x0080 /* S of x */, 0);
  for (uint64_t cycle = 1; cycle <= 3; ++cycle) {
    flags.retire(cycle, registers);
    EXPECT_EQ(registers.mac, 0u) << "cycle " << cycle;
  }
  flags.retire(4, registers);
  EXPECT_EQ(registers.mac, 0x0080u);
  EXPECT_EQ(registers.status, 0x0082u) << "S (bit 1) and its sticky SS (bit 7)";
}

TEST(FlagPipeline, StatusZsuoReplacedStickiesAccumulate) {
  // vu1.md §2: bits 0-3 come from the last flag-setting op only; 6-11 OR every update; MADD multiply-stage
  // flags reach only the sticky bits (vectors README: MSUB 0C1 example).
  Registers registers;
  FlagPipeline flags;
  flags.issue_mac(0, 0x8000 /* O of x */, 0);
  flags.issue_mac(1, 0x0008 /* Z of x */, 0x2 /* S from the product */);
  flags.retire(4, registers);
  EXPECT_EQ(registers.status, 0x0208u);
  flags.retire(5, registers);
  EXPECT_EQ(registers.status, 0x02c1u) << "Z now, O gone; sticky OS, ZS and the product's SS";
}

TEST(FlagPipeline, ClipShiftsInSixBitsPerJudgement) {
  // ps2autotests clip "Multi test": successive CLIPs reach FCGET as 0x015, then 0x56A, 0xA99 (low 12 bits).
  Registers registers;
  FlagPipeline flags;
  flags.issue_clip(0, 0x15);
  flags.issue_clip(1, 0x2a);
  flags.issue_clip(2, 0x19);
  flags.retire(4, registers);
  EXPECT_EQ(registers.clip & 0xfff, 0x015u);
  flags.retire(5, registers);
  EXPECT_EQ(registers.clip & 0xfff, 0x56au);
  flags.retire(6, registers);
  EXPECT_EQ(registers.clip & 0xfff, 0xa99u);
}

TEST(FdivUnit, QVisibleSevenOrThirteenCyclesAfterIssue) {
  // vu-timing-hw.md §1: the instruction issued 6 pairs after DIV still reads the old Q, 7 pairs after the new one;
  // RSQRT 12 and 13.
  Registers registers;
  FdivUnit fdiv;
  registers.q = 0x3f800000;
  fdiv.start(0, FdivUnit::kDivLatency, 0x3e800000, 0);
  fdiv.retire(6, registers);
  EXPECT_EQ(registers.q, 0x3f800000u);
  fdiv.retire(7, registers);
  EXPECT_EQ(registers.q, 0x3e800000u);
  fdiv.start(20, FdivUnit::kRsqrtLatency, 0x3f000000, 0);
  EXPECT_EQ(fdiv.free_cycle(), 33u) << "a second op, or WAITQ, issues no earlier than 20 + 13";
  fdiv.retire(32, registers);
  EXPECT_EQ(registers.q, 0x3e800000u);
  fdiv.retire(33, registers);
  EXPECT_EQ(registers.q, 0x3f000000u);
}

TEST(FdivUnit, DivideByZeroSetsDAndItsStickyWithQ) {
  // vu1.md §2: I and D are written only by FDIV ops, which clear both first; the vectors' status 020 | 800.
  Registers registers;
  registers.status = 0x0010;  // I from an earlier op
  FdivUnit fdiv;
  fdiv.start(0, FdivUnit::kDivLatency, 0x7fffffff, 0x20);
  fdiv.retire(7, registers);
  EXPECT_EQ(registers.status, 0x0820u);
}

TEST(EfuUnit, WaitPReleasesOneCycleEarly) {
  // vu1.md §3: EFU throughput is L-1; WAITP releases at L-1 so the pair after it reads P at L (gcvu's choice).
  Registers registers;
  EfuUnit efu;
  efu.start(100, 11 /* ESADD */, 0x40400000);
  EXPECT_EQ(efu.free_cycle(), 110u);
  efu.retire(110, registers);
  EXPECT_EQ(registers.p, 0u);
  efu.retire(111, registers);
  EXPECT_EQ(registers.p, 0x40400000u);
}

TEST(IntegerLoadPipeline, IlwResultFourCyclesLater) {
  IntegerLoadPipeline loads;
  loads.issue(3, 8);
  EXPECT_EQ(loads.ready_cycle(3), 12u);
  EXPECT_EQ(loads.ready_cycle(0), 0u);
  EXPECT_EQ(loads.drain_cycle(), 12u);
}

TEST(BranchViHistory, BranchSeesTheValueBeforeThePrecedingWrite) {
  // vu1.md §3: conditional branches read the VI from before the immediately preceding instruction's write.
  BranchViHistory history;
  history.record(10, 1, 7, false);  // pair 10: iaddi vi01, vi00, 3: 7 -> 3
  EXPECT_EQ(history.branch_value(11, 1, 3), 7u);
  EXPECT_EQ(history.branch_value(11, 2, 9), 9u) << "other VIs are current";
  EXPECT_EQ(history.branch_value(12, 1, 3), 3u) << "two instructions later the write is visible";
}

TEST(BranchViHistory, ReadModifyWriteChainsHideTheWholeChain) {
  // vu1.md §3: consecutive instructions reading and writing the same VI (IADDIU chains, up to 4) hide the chain.
  BranchViHistory history;
  history.record(0, 1, 0, true);  // iaddiu vi01, vi01, 1: 0 -> 1
  history.record(1, 1, 1, true);  // 1 -> 2
  history.record(2, 1, 2, true);  // 2 -> 3
  EXPECT_EQ(history.branch_value(3, 1, 3), 0u);
  BranchViHistory broken;
  broken.record(0, 1, 0, false);  // iaddi vi01, vi00, 5: a plain write starts no chain
  broken.record(1, 1, 5, true);   // iaddiu vi01, vi01, 1: 5 -> 6
  EXPECT_EQ(broken.branch_value(2, 1, 6), 5u);
  broken.break_chains(2);  // a stall before the branch breaks the chain
  EXPECT_EQ(broken.branch_value(2, 1, 6), 6u);
}

std::vector<uint64_t> cycles_of(const test::RecordingPath1& port) {
  std::vector<uint64_t> cycles;
  for (const auto& qword : port.qwords) cycles.push_back(qword.cycle);
  return cycles;
}

TEST(XgkickUnit, OneQwordEveryTwoCyclesWrappingAt16KiB) {
  // vu1.md §3: 1 qword per 2 VU cycles, start (VI & 0x3FF)*16, wrap at 16 KiB. A PACKED tag NLOOP=2 NREG=1 EOP
  // is followed by 2 data qwords, so 3 qwords move; placed at 1023 it wraps to 0 and 1.
  DataMemory memory;
  memory.qword(1023) = {0x8002, 0x10000000, 0, 0};  // NLOOP 2, EOP, NREG 1 (bits 60-63 of the low 64)
  XgkickUnit kick;
  test::RecordingPath1 port;
  kick.start(1023, 50);
  kick.advance(100, memory, port);
  EXPECT_EQ(cycles_of(port), (std::vector<uint64_t>{51, 53, 55}));
  ASSERT_EQ(port.qwords.size(), 3u);
  EXPECT_EQ(port.qwords[0].address, 1023u);
  EXPECT_EQ(port.qwords[1].address, 0u);
  EXPECT_EQ(port.qwords[2].address, 1u);
  EXPECT_FALSE(kick.busy());
  EXPECT_EQ(kick.free_cycle(), 56u);
}

TEST(XgkickUnit, AdvanceSendsOnlyWhatIsDue) {
  DataMemory memory;
  memory.qword(0) = {0x8004, 0x10000000, 0, 0};
  XgkickUnit kick;
  test::RecordingPath1 port;
  kick.start(0, 0);
  kick.advance(4, memory, port);
  EXPECT_EQ(cycles_of(port), (std::vector<uint64_t>{1, 3}));
  EXPECT_TRUE(kick.busy());
  EXPECT_EQ(kick.next_cycle(), 5u);
}

}  // namespace
}  // namespace gcvu::vu
