// gcvu trace-diff against synthetic vutrace traces of a small known program (tests/harness/hand_worked_trace.hpp:
// every snapshot's expected state worked by hand, never read back from gcvu's VU1).

#include <gtest/gtest.h>
#include <xxhash.h>

#include <fmt/format.h>

#include <functional>
#include <string>
#include <vector>

#include "formats/pcsx2/vutrace.hpp"
#include "formats/pcsx2/vutrace_writer.hpp"
#include "harness/trace_diff/ignore_set.hpp"
#include "harness/trace_diff/lockstep.hpp"
#include "microcode/assembler/assembler.hpp"
#include "tests/harness/hand_worked_trace.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using formats::VutraceSnapshot;
using formats::VutraceTrace;

std::string write_trace(const test::TempDir& dir, const VutraceTrace& trace, const std::string& name = "t.vutr") {
  test::write_bytes(dir / name, formats::write_vutrace(trace));
  return (dir / name).string();
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(TraceDiff, HandWorkedTraceMatchesInEveryFormatVersion) {
  for (uint32_t version : {1u, 2u, 3u}) {
    test::TempDir dir;
    const std::string path = write_trace(dir, test::hand_worked_trace(version));
    const test::CliResult result = test::run_cli({"trace-diff", path});
    EXPECT_EQ(result.code, 0) << version << "\n" << result.out << result.err;
    EXPECT_TRUE(has(result.out, "7 snapshots; started from snapshot 0; ignoring none")) << result.out;
    EXPECT_TRUE(has(result.out, "match: 6 steps")) << result.out;
  }
}

TEST(TraceDiff, CorruptedFloatRegisterIsCaughtAtItsStep) {
  VutraceTrace trace = test::hand_worked_trace();
  trace.snapshots[3].registers.vf[3][1] = 0x40200001;  // VF03.y one ulp above 2.5
  test::TempDir dir;
  const std::string path = write_trace(dir, trace);
  const test::CliResult result = test::run_cli({"trace-diff", path});
  EXPECT_EQ(result.code, 1) << result.out << result.err;
  EXPECT_TRUE(has(result.out, "diverges at step 3 (snapshot 3) after 2 matching steps\n")) << result.out;
  EXPECT_TRUE(has(result.out, "  pc 0x0018: add.xyzw")) << result.out;
  EXPECT_TRUE(has(result.out, "  vf03.y     40200001 (2.5000002)")) << result.out;
  EXPECT_TRUE(has(result.out, "40200000 (2.5)\n")) << result.out;
  EXPECT_FALSE(has(result.out, "vf03.x")) << result.out;  // only the corrupted lane differs

  // A one-ulp tolerance, or leaving VF03 out, lets the rest of the trace match.
  EXPECT_EQ(test::run_cli({"trace-diff", path, "--float-ulps", "1"}).code, 0);
  const test::CliResult ignored = test::run_cli({"trace-diff", path, "--ignore", "vf03"});
  EXPECT_EQ(ignored.code, 0) << ignored.out;
  EXPECT_TRUE(has(ignored.out, "ignoring vf03")) << ignored.out;
  EXPECT_EQ(test::run_cli({"trace-diff", path, "--ignore-floats"}).code, 0);
  // Stopping before the step finds nothing.
  const test::CliResult cut = test::run_cli({"trace-diff", path, "--max-steps", "2"});
  EXPECT_EQ(cut.code, 0) << cut.out;
  EXPECT_TRUE(has(cut.out, "match: 2 steps (stopped at --max-steps 2)")) << cut.out;
}

TEST(TraceDiff, CorruptedIntegerRegisterIsCaughtAtItsStep) {
  VutraceTrace trace = test::hand_worked_trace();
  trace.snapshots[2].registers.vi[3][0] = 13;
  test::TempDir dir;
  const test::CliResult result = test::run_cli({"trace-diff", write_trace(dir, trace)});
  EXPECT_EQ(result.code, 1);
  EXPECT_TRUE(has(result.out, "diverges at step 2 (snapshot 2)")) << result.out;
  EXPECT_TRUE(has(result.out, "  pc 0x0010: nop")) << result.out;
  EXPECT_TRUE(has(result.out, "  vi03       0000000d (13)            0000000c (12)\n")) << result.out;
}

TEST(TraceDiff, CorruptedMemoryWordIsCaughtAtItsStep) {
  VutraceTrace trace = test::hand_worked_trace();
  auto memory = std::make_shared<formats::VutraceMemory>(*trace.snapshots[5].data);
  test::put_word(*memory, 0x24, 0x40200002);
  trace.snapshots[5].data = memory;
  trace.snapshots[6].data = memory;
  test::TempDir dir;
  const std::string path = write_trace(dir, trace);
  const test::CliResult result = test::run_cli({"trace-diff", path});
  EXPECT_EQ(result.code, 1);
  EXPECT_TRUE(has(result.out, "diverges at step 5 (snapshot 5)")) << result.out;
  EXPECT_TRUE(has(result.out, "  mem 0x0024 40200002")) << result.out;
  // Memory is not compared as floats.
  EXPECT_EQ(test::run_cli({"trace-diff", path, "--float-ulps", "8"}).code, 1);
  EXPECT_EQ(test::run_cli({"trace-diff", path, "--ignore", "mem"}).code, 0);
}

TEST(TraceDiff, WrongPcIsADivergence) {
  VutraceTrace trace = test::hand_worked_trace();
  trace.snapshots[4].registers.vi[formats::vutrace_vi::kTpc][0] = 0x30;
  test::TempDir dir;
  const test::CliResult result = test::run_cli({"trace-diff", write_trace(dir, trace)});
  EXPECT_EQ(result.code, 1);
  EXPECT_TRUE(has(result.out, "diverges at step 4")) << result.out;
  EXPECT_TRUE(has(result.out, "  tpc        00000030 (48)            00000028 (40)\n")) << result.out;
}

TEST(TraceDiff, StartMovesPastABranchWhoseTargetTheTraceDoesNotHold) {
  // The first pair branches: its delay slot runs next, then the target. Snapshot 0 is after the branch, snapshot 1
  // after the delay slot (TPC = the target, 0x18), snapshot 2 after the target pair.
  VutraceSnapshot state = test::assembled_start(
      "        nop                 b target\n"
      "        nop                 iaddiu VI01, VI00, 1\n"
      "        nop                 iaddiu VI01, VI00, 2\n"
      "target: nop[E]              iaddiu VI02, VI00, 3\n"
      "        nop                 nop\n");
  VutraceTrace trace;
  state.registers.vi[formats::vutrace_vi::kTpc][0] = 0x08;
  trace.snapshots.push_back(state);
  state.registers.vi[1][0] = 1;
  state.registers.vi[formats::vutrace_vi::kTpc][0] = 0x18;
  trace.snapshots.push_back(state);
  state.registers.vi[2][0] = 3;
  state.registers.vi[formats::vutrace_vi::kTpc][0] = 0x20;
  trace.snapshots.push_back(state);
  state.registers.vi[formats::vutrace_vi::kTpc][0] = 0x28;
  trace.snapshots.push_back(state);
  test::TempDir dir;
  const test::CliResult result = test::run_cli({"trace-diff", write_trace(dir, trace)});
  EXPECT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_TRUE(has(result.out, "started from snapshot 1")) << result.out;
  EXPECT_TRUE(has(result.out, "match: 2 steps")) << result.out;
}

// A version 2 snapshot carries the interpreter's branch and DIV pipe (VutraceInterpreterState), so the run starts
// at snapshot 0, right after a branch: the delay slot runs, then the target. The DIV in flight began at cycle 10
// with latency 7, and the snapshot was taken at cycle 14: version 2's interpreter counts the cycle up before each
// pair and commits results due before running it (VU1microInterp.cpp vu1Exec at chaoticgd/pcsx2's base), so the
// delay slot runs at 15, the target at 16, the pair after it at 17, when 17 - 10 >= 7 lands Q = 3.0 (0x40400000).
TEST(TraceDiff, Version2InterpreterStateSeedsTheBranchAndTheDivInFlight) {
  VutraceSnapshot state = test::assembled_start(
      "        nop                 b target\n"
      "        nop                 iaddiu VI01, VI00, 1\n"
      "        nop                 iaddiu VI01, VI00, 2\n"
      "target: nop                 iaddiu VI02, VI00, 3\n"
      "        nop[E]              nop\n"
      "        nop                 nop\n");
  VutraceTrace trace;
  trace.version = 2;
  formats::VutraceInterpreterState interpreter;
  interpreter.cycle = 14;
  interpreter.branch = 1;
  interpreter.branch_pc = 0x18;
  interpreter.fdiv = {true, 0x40400000, 10, 7, 0};
  auto push = [&](uint32_t tpc) {
    state.registers.vi[formats::vutrace_vi::kTpc][0] = tpc;
    state.interpreter = interpreter;
    trace.snapshots.push_back(state);
    ++interpreter.cycle;
    interpreter.branch = 0;
  };
  push(0x08);
  state.registers.vi[1][0] = 1;
  push(0x18);
  state.registers.vi[2][0] = 3;
  push(0x20);
  state.registers.vi[formats::vutrace_vi::kQ][0] = 0x40400000;
  interpreter.fdiv.enabled = false;
  push(0x28);
  push(0x30);
  test::TempDir dir;
  const test::CliResult result = test::run_cli({"trace-diff", write_trace(dir, trace)});
  EXPECT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_TRUE(has(result.out, "started from snapshot 0")) << result.out;
  EXPECT_TRUE(has(result.out, "in flight at the start: branch to 0x0018 after the delay slot\n")) << result.out;
  EXPECT_TRUE(has(result.out, "in flight at the start: Q 0x40400000 in 2 cycles\n")) << result.out;
  EXPECT_TRUE(has(result.out, "match: 4 steps")) << result.out;
  const test::CliResult info = test::run_cli({"info", write_trace(dir, trace)});
  EXPECT_TRUE(has(info.out, "  first snapshot's interpreter state: cycle 14, branch to 0x18 after the delay slot, "
                            "DIV in flight (Q 0x40400000, started 10, latency 7)\n"))
      << info.out;

  // Q landing a cycle early (as if the DIV began at 9) shows at the target pair's snapshot.
  trace.snapshots[0].interpreter->fdiv.start_cycle = 9;
  const test::CliResult early = test::run_cli({"trace-diff", write_trace(dir, trace)});
  EXPECT_EQ(early.code, 1) << early.out;
  EXPECT_TRUE(has(early.out, "diverges at step 2")) << early.out;

  // Version 1 ran the pair, committed what was due, then counted up: its snapshot's cycle is one more for the same
  // timing (the delay slot runs at cycle 15 = the snapshot's), so Q still lands 2 cycles on.
  trace.version = 1;
  trace.snapshots[0].interpreter->fdiv.start_cycle = 10;
  for (VutraceSnapshot& snapshot : trace.snapshots) ++snapshot.interpreter->cycle;
  const test::CliResult v1 = test::run_cli({"trace-diff", write_trace(dir, trace)});
  EXPECT_TRUE(has(v1.out, "in flight at the start: Q 0x40400000 in 2 cycles\n")) << v1.out;
}

// PCSX2's interpreter of version 1's day ran a pair, committed the results due by its cycle, then counted the
// cycle up (VU1microInterp.cpp _vu1Exec / vu1Exec at 58f5a5b915): DIV 1/2 issued at cycle c lands at c + 7 (DIV
// latency 7, reference/vu1.md), so ADDq.x issuing without a stall at c + 7 reads the old Q, 0, and VF03.x = 0 + 0;
// Q = 0.5 (0x3f000000) shows in the snapshot after that pair. On hardware (and in version 2 and 3 traces) the pair
// at c + 7 sees 0.5. ADDq's MAC/status results are not in these hand-made snapshots: flags are left out.
TEST(TraceDiff, Version1IsComparedWithItsOneStepShift) {
  VutraceSnapshot state = test::assembled_start(
      "        nop                 nop\n"
      "        nop                 div Q, VF01x, VF02x\n"
      "        nop                 nop\n"
      "        nop                 nop\n"
      "        nop                 nop\n"
      "        nop                 nop\n"
      "        nop                 nop\n"
      "        nop                 nop\n"
      "        addq.x VF03, VF00, Q nop\n"
      "        nop[E]              nop\n"
      "        nop                 nop\n");
  VutraceTrace trace;
  trace.version = 1;
  state.registers.vf[1] = {test::kOne, 0, 0, 0};
  state.registers.vf[2] = {0x40000000, 0, 0, 0};  // 2.0
  for (uint32_t pair = 0; pair < 11; ++pair) {
    if (pair == 8) state.registers.vi[formats::vutrace_vi::kQ][0] = 0x3f000000;
    state.registers.vi[formats::vutrace_vi::kTpc][0] = (pair + 1) * 8;
    trace.snapshots.push_back(state);
  }
  test::TempDir dir;
  const test::CliResult v1 = test::run_cli({"trace-diff", write_trace(dir, trace), "--ignore", "flags"});
  EXPECT_EQ(v1.code, 0) << v1.out << v1.err;
  EXPECT_TRUE(has(v1.out, "version 1: Q, P and flag results commit after the pair issuing on their cycle")) << v1.out;
  EXPECT_TRUE(has(v1.out, "match: 10 steps")) << v1.out;

  trace.version = 2;
  const test::CliResult v2 = test::run_cli({"trace-diff", write_trace(dir, trace), "--ignore", "flags"});
  EXPECT_EQ(v2.code, 1) << v2.out;
  EXPECT_TRUE(has(v2.out, "diverges at step 8")) << v2.out;
  EXPECT_TRUE(has(v2.out, "  vf03.x     00000000 (0)             3f000000 (0.5)\n")) << v2.out;
}

// A version-1 snapshot at cycle 20 with DIV 1/2 due at 13 + 7 = 20: version 1 runs the next pair at the
// snapshot's cycle, 20, and commits Q only after it, so the ADDq there still reads Q = 0 (VF03.x = 0) and the
// snapshot after it shows Q = 0.5.
TEST(TraceDiff, Version1ResultLandingOnTheFirstPairWaitsForIt) {
  VutraceSnapshot state = test::assembled_start(
      "        nop                 nop\n"
      "        addq.x VF03, VF00, Q nop\n"
      "        nop[E]              nop\n"
      "        nop                 nop\n");
  VutraceTrace trace;
  trace.version = 1;
  formats::VutraceInterpreterState interpreter;
  interpreter.cycle = 20;
  interpreter.fdiv = {true, 0x3f000000, 13, 7, 0};
  for (uint32_t pair = 0; pair < 4; ++pair) {
    if (pair == 1) {
      state.registers.vi[formats::vutrace_vi::kQ][0] = 0x3f000000;
      interpreter.fdiv.enabled = false;
    }
    state.registers.vi[formats::vutrace_vi::kTpc][0] = (pair + 1) * 8;
    state.interpreter = interpreter;
    trace.snapshots.push_back(state);
    ++interpreter.cycle;
  }
  test::TempDir dir;
  const test::CliResult result = test::run_cli({"trace-diff", write_trace(dir, trace), "--ignore", "flags"});
  EXPECT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_TRUE(has(result.out, "in flight at the start: Q 0x3f000000 in 0 cycles\n")) << result.out;
  EXPECT_TRUE(has(result.out, "match: 3 steps")) << result.out;
}

TEST(TraceDiff, InitialStateGcvuCannotHoldIsReported) {
  VutraceTrace trace = test::hand_worked_trace();
  for (VutraceSnapshot& snapshot : trace.snapshots) snapshot.registers.vf[0][3] = 0;  // VF00.w is always 1.0
  test::TempDir dir;
  const test::CliResult result = test::run_cli({"trace-diff", write_trace(dir, trace)});
  EXPECT_EQ(result.code, 1);
  EXPECT_TRUE(has(result.out, "diverges at step 0: the trace's initial state is one gcvu's VU1 cannot hold"))
      << result.out;
  EXPECT_TRUE(has(result.out, "vf00.w")) << result.out;
}

TEST(TraceDiff, BadInputExitsTwo) {
  test::TempDir dir;
  test::write_bytes(dir / "bad.vutr", {'V', 'U', 'T', 'R', 9, 0, 0, 0});
  const test::CliResult bad = test::run_cli({"trace-diff", (dir / "bad.vutr").string()});
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(has(bad.err, "bad.vutr: offset 0x4: unsupported vutrace format version 9")) << bad.err;

  test::write_bytes(dir / "empty.vutr", {'V', 'U', 'T', 'R', 3, 0, 0, 0});
  const test::CliResult empty = test::run_cli({"trace-diff", (dir / "empty.vutr").string()});
  EXPECT_EQ(empty.code, 2);
  EXPECT_TRUE(has(empty.err, "the trace has no snapshot to start from")) << empty.err;

  const std::string good = write_trace(dir, test::hand_worked_trace());
  const test::CliResult unknown = test::run_cli({"trace-diff", good, "--ignore", "vf3,zz"});
  EXPECT_EQ(unknown.code, 2);
  EXPECT_TRUE(has(unknown.err, "unknown register 'zz'")) << unknown.err;
  EXPECT_EQ(test::run_cli({"trace-diff", good, "--ignore", "tpc"}).code, 2);
  EXPECT_EQ(test::run_cli({"trace-diff", good, "--max-steps", "-1"}).code, 2);
  // A limit too small for the trace's decoded snapshots is bad input too.
  const test::CliResult limited = test::run_cli({"trace-diff", good, "--max-decoded-mib", "0"});
  EXPECT_EQ(limited.code, 2);
  EXPECT_TRUE(has(limited.err, "exceed the limit of 0 bytes")) << limited.err;
}

TEST(TraceDiffIgnoreSet, ParsesNamesAndGroups) {
  IgnoreSet set;
  set.add_list("vf3, vi07,flags");
  EXPECT_TRUE(set.vf[3]);
  EXPECT_FALSE(set.vf[4]);
  EXPECT_TRUE(set.vi[7]);
  EXPECT_TRUE(set.status && set.mac && set.clip);
  EXPECT_FALSE(set.q);
  EXPECT_EQ(set.describe(), "vf03,vi07,status,mac,clip");
  IgnoreSet floats;
  floats.add("floats");
  EXPECT_EQ(floats.describe(), "vf,acc,q,p,status,mac,clip");
  EXPECT_THROW(set.add("vf32"), std::exception);
  EXPECT_THROW(set.add("vi16"), std::exception);
  EXPECT_THROW(set.add_list("q,,p"), std::exception);
}

TEST(TraceDiffFloatDistance, CountsRepresentableValuesAcrossZero) {
  EXPECT_EQ(float_distance(0x3f800000, 0x3f800000), 0u);
  EXPECT_EQ(float_distance(0x3f800000, 0x3f800001), 1u);
  EXPECT_EQ(float_distance(0x00000000, 0x80000000), 1u);  // +0 and -0 are neighbours
  EXPECT_EQ(float_distance(0x00000001, 0x80000001), 3u);
  EXPECT_EQ(float_distance(0x7fffffff, 0xffffffff), uint64_t{0xffffffff});
}

TEST(InfoVutrace, PrintsVersionSnapshotsAndMicroprogramHash) {
  const VutraceTrace trace = test::hand_worked_trace();
  test::TempDir dir;
  const std::string path = write_trace(dir, trace);
  const test::CliResult result = test::run_cli({"info", path});
  EXPECT_EQ(result.code, 0) << result.err;
  // The program is 7 pairs; its last pair (nop nop) is not zero, so the extent is all 56 bytes.
  const microcode::Program program = microcode::assemble_source(test::kHandWorkedProgram, "trace.vsm");
  ASSERT_EQ(program.code.size(), 56u);
  XXH128_canonical_t canonical;
  XXH128_canonicalFromHash(&canonical, XXH3_128bits(program.code.data(), program.code.size()));
  std::string hash;
  for (uint8_t byte : canonical.digest) hash += fmt::format("{:02x}", byte);
  EXPECT_TRUE(has(result.out, ": vutrace VU1 trace (VUTR), format version 3, 7 snapshots\n")) << result.out;
  EXPECT_TRUE(has(result.out, "  kind: vutrace\n")) << result.out;
  EXPECT_TRUE(has(result.out, "  version: 3\n")) << result.out;
  EXPECT_TRUE(has(result.out, "  snapshots: 7\n")) << result.out;
  EXPECT_TRUE(has(result.out, "  first TPC: 0x8 (the first pair ran at 0x0)\n")) << result.out;
  EXPECT_TRUE(has(result.out, "  loads: 0, stores: 2\n")) << result.out;
  EXPECT_TRUE(has(result.out, "  microprogram (first snapshot): 7 instructions (56 bytes), xxh3-128 " + hash + "\n"))
      << result.out;

  test::write_bytes(dir / "broken.vutr", {'V', 'U', 'T', 'R', 3, 0, 0, 0, 'Q'});
  const test::CliResult broken = test::run_cli({"info", (dir / "broken.vutr").string()});
  EXPECT_EQ(broken.code, 2);
  EXPECT_TRUE(has(broken.err, "broken.vutr: offset 0x8: unknown packet type 'Q'")) << broken.err;
}

// A headerless version-1 trace named as PCSX2 names it is recognised by content; a cut-short one is read to its
// last complete snapshot with a warning; --max-decoded-mib bounds info and debug as it bounds trace-diff.
TEST(InfoVutrace, HeaderlessVersion1CutShortAndTheLimitOption) {
  test::TempDir dir;
  std::vector<uint8_t> bytes = formats::write_vutrace(test::hand_worked_trace(1));
  ASSERT_EQ(bytes[0], 'I');
  bytes.resize(bytes.size() - 1);  // the closing 'P' lost: 6 complete snapshots remain
  test::write_bytes(dir / "trace000001.bin", bytes);
  const std::string path = (dir / "trace000001.bin").string();
  const test::CliResult result = test::run_cli({"info", path});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_TRUE(has(result.out, ": vutrace VU1 trace (headerless), format version 1, 6 snapshots\n")) << result.out;
  EXPECT_TRUE(has(result.out, "  warning: offset ")) << result.out;
  EXPECT_TRUE(has(result.out, "read up to its last complete snapshot, 5")) << result.out;

  const test::CliResult limited = test::run_cli({"info", path, "--max-decoded-mib", "0"});
  EXPECT_EQ(limited.code, 2);
  EXPECT_TRUE(has(limited.err, "exceed the limit of 0 bytes")) << limited.err;
  const test::CliResult debug_limited =
      test::run_cli({"debug", "--vutrace", path, "--max-decoded-mib", "0", "--script", "/dev/null"});
  EXPECT_EQ(debug_limited.code, 2);
  EXPECT_TRUE(has(debug_limited.err, "exceed the limit of 0 bytes")) << debug_limited.err;
}

}  // namespace
}  // namespace gcvu::harness
