// Scripted `gcvu debug` sessions on the end-to-end stream of tests/system/e2e_stream.hpp, whose timeline is worked
// by hand in tests/system/clocked_system_test.cpp from the documented rules: program A starts at cycle 30 (XTOP
// issues at 30), LOI 31, MULI.w VF01 32 (VF01.w readable at 36: FMAC latency 4, reference/vu1.md §3), the SQ.w
// waits 3 cycles and issues at 36, NOPs 37-49, XGKICK 50, the E pair 51, its delay slot 52, the end at 53; program
// B starts at 53 and runs the same 23 cycles later (XGKICK 73, end 76). The debugger stops after a cycle: a pair
// issued at cycle c is seen done at cycle c + 1; a program's start is a stop of its own, at the start cycle, before
// the program's first pair (which issues on that cycle).

#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "harness/debug/debugger.hpp"
#include "harness/debug/debug_targets.hpp"
#include "tests/system/e2e_stream.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness::debug {
namespace {

std::string missing(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos ? "" : "'" + needle + "' not in:\n" + haystack;
}

// A session on the e2e stream, driven command by command.
class E2eSession {
 public:
  explicit E2eSession(uint64_t snapshot_interval = 16) : stream_(test::e2e_stream_bytes()) {
    VifRunRequest request;
    request.stream = stream_;
    DebuggerOptions options;
    options.snapshot_interval = snapshot_interval;
    debugger_ = std::make_unique<Debugger>(vif_stream_target(request, "e2e", {}), options);
  }
  std::string run(const std::string& line) {
    std::ostringstream out;
    debugger_->execute(line, out);
    return out.str();
  }
  Debugger& debugger() { return *debugger_; }

 private:
  std::vector<uint8_t> stream_;
  std::unique_ptr<Debugger> debugger_;
};

TEST(DebuggerSession, StalledStoreIsWatchedCycleByCycle) {
  E2eSession session;
  EXPECT_EQ(session.run("break 0x18"), "breakpoint 1: 0x18\n");
  // The SQ becomes the next pair once the MULI issued at 32: the stop is at cycle 33, 3 cycles before it issues.
  std::string out = session.run("continue");
  EXPECT_EQ(missing(out, "breakpoint 1 (0x18)"), "");
  EXPECT_EQ(missing(out, "cycle 33 "), "");
  EXPECT_EQ(missing(out, "=> 0x0018"), "");
  EXPECT_EQ(missing(out, "[stalled 3 more"), "");
  EXPECT_EQ(missing(session.run("stall"), "3 cycles left, issues at cycle 36"), "");
  out = session.run("pipe");
  EXPECT_EQ(missing(out, "VU1 cycle 33"), "");
  EXPECT_EQ(missing(out, "FMAC   vf01.w    issued       32  ready       36  3 cycles left"), "");
  // One cycle at a time: 2, then 1 cycle left; at 36 it waits for nothing; the next cycle it has issued.
  EXPECT_EQ(missing(session.run("cycle"), "cycle 34 "), "");
  EXPECT_EQ(missing(session.run("pipe"), "ready       36  2 cycles left"), "");
  EXPECT_EQ(missing(session.run("cycle"), "[stalled 1 more"), "");
  EXPECT_EQ(missing(session.run("pipe"), "ready       36  1 cycles left"), "");
  out = session.run("cycle");
  EXPECT_EQ(missing(out, "cycle 36 "), "");
  EXPECT_EQ(out.find("[stalled"), std::string::npos) << out;
  EXPECT_EQ(missing(session.run("stall"), "issues at cycle 36 (it waits for nothing)"), "");
  EXPECT_EQ(missing(session.run("pipe"), "nothing"), "");
  out = session.run("cycle");
  EXPECT_EQ(missing(out, "cycle 37 "), "");
  EXPECT_EQ(missing(out, "=> 0x0020"), "");
  // The SQ stored VF01.w = 2.0 (0x40000000) at qword 0x300.
  EXPECT_EQ(missing(session.run("mem 0x300 1"), "0x300: 00000000 00000000 00000000 40000000"), "");
  EXPECT_EQ(missing(session.run("mem 0x300 1 as f32"), "2\n"), "");
  // disasm: the SQ issued once, at 36, after 3 stall cycles.
  EXPECT_EQ(missing(session.run("disasm 0x18 1"), "1x last @36        stall 3"), "");
}

TEST(DebuggerSession, EventsStopWhereTheTimelineSays) {
  E2eSession session;
  std::string out = session.run("mscal");
  EXPECT_EQ(missing(out, "microprogram 1 started"), "");
  EXPECT_EQ(missing(out, "cycle 30 "), "");  // started at 30; its XTOP issues at 30 too, next
  EXPECT_EQ(missing(out, "=> 0x0000"), "");
  EXPECT_EQ(missing(session.run("step"), "cycle 31 "), "");
  out = session.run("kick");
  EXPECT_EQ(missing(out, "XGKICK issued"), "");
  EXPECT_EQ(missing(out, "cycle 51 "), "");
  // The packet at the kick address (TOP = 0): one A+D write of FRAME_1 = 0x1111 (FBP is bits 0-8: 0x111).
  out = session.run("gif");
  EXPECT_EQ(missing(out, "NLOOP 1 EOP 1"), "");
  EXPECT_EQ(missing(out, "A+D      FRAME_1 FBP 0x111 FBW 0"), "");
  out = session.run("finish");
  EXPECT_EQ(missing(out, "the microprogram ended"), "");
  EXPECT_EQ(missing(out, "cycle 53 "), "");
  out = session.run("mscal");
  EXPECT_EQ(missing(out, "microprogram 2 started"), "");
  EXPECT_EQ(missing(out, "cycle 53 "), "");
  out = session.run("until 0x88");  // program B's XGKICK (pair 17) is next after its NOP at 72
  EXPECT_EQ(missing(out, "reached 0x88"), "");
  EXPECT_EQ(missing(out, "cycle 73 "), "");
  out = session.run("continue");
  EXPECT_EQ(missing(out, "the run ended at cycle"), "");
  EXPECT_EQ(missing(out, "finished"), "");
}

TEST(DebuggerSession, BackThenStepGivesTheSameStateAcrossMscalAndXgkick) {
  E2eSession session(16);
  // Across the XGKICK: the state after it, back one pair, step again.
  session.run("kick");
  const uint64_t after_kick = session.debugger().state_hash();
  EXPECT_EQ(missing(session.run("back"), "cycle 50 "), "");
  EXPECT_NE(session.debugger().state_hash(), after_kick);
  session.run("step");
  EXPECT_EQ(session.debugger().state_hash(), after_kick);
  // Across an MSCAL: program B's first pair (XTOP at 53), back over the program boundary (to before the MSCAL),
  // then forward again.
  session.run("mscal");
  session.run("step");
  const uint64_t after_start = session.debugger().state_hash();
  EXPECT_EQ(missing(session.run("back"), "cycle 53 "), "");
  EXPECT_EQ(missing(session.run("where"), "VU1 idle"), "");
  session.run("step");
  EXPECT_EQ(missing(session.run("where"), "cycle 54 "), "");
  EXPECT_EQ(session.debugger().state_hash(), after_start);
  // Far back (to before the first snapshot of the run is needed: the start) and all the way forward.
  session.run("continue");
  const uint64_t at_end = session.debugger().state_hash();
  EXPECT_EQ(missing(session.run("back 1000"), "back to the start"), "");
  session.run("continue");
  EXPECT_EQ(session.debugger().state_hash(), at_end);
  EXPECT_EQ(missing(session.run("back-cycle 30"), "back 30 cycles"), "");
  session.run("goto 100000");
  EXPECT_EQ(session.debugger().state_hash(), at_end);
}

TEST(DebuggerSession, ReverseContinueFindsTheLastHitBefore) {
  E2eSession session;
  session.run("break kick");
  session.run("continue");  // program A's XGKICK, at 50
  session.run("continue");  // program B's, at 73
  std::string out = session.run("continue");
  EXPECT_EQ(missing(out, "the run ended"), "");
  out = session.run("reverse-continue");
  EXPECT_EQ(missing(out, "(going back)"), "");
  EXPECT_EQ(missing(out, "cycle 74 "), "");
  out = session.run("reverse-continue");
  EXPECT_EQ(missing(out, "cycle 51 "), "");
  out = session.run("reverse-continue");
  EXPECT_EQ(missing(out, "no breakpoint was hit before"), "");
  EXPECT_EQ(missing(out, "cycle 0 "), "");
}

TEST(DebuggerSession, ConditionsRegistersMemoryAndVifBreakpoints) {
  E2eSession session;
  // XTOP writes VI01 = TOP: 0 for program A, 0x100 for B; the condition picks B's.
  session.run("break 0x8 if vi01 == 0x100");
  std::string out = session.run("continue");
  EXPECT_EQ(missing(out, "cycle 54 "), "");  // B's XTOP issued at 53: the LOI is next
  session.run("delete");
  session.run("back-cycle 100");
  session.run("break change vf01.w");
  out = session.run("continue");
  // The MULI's result is written at issue (32); the pipeline only delays readers.
  EXPECT_EQ(missing(out, "cycle 33 "), "");
  session.run("delete 2");
  session.run("break write 0x300");
  out = session.run("continue");
  EXPECT_EQ(missing(out, "cycle 37 "), "");  // the SQ at 36
  session.run("delete");
  session.run("break vif DIRECT");
  out = session.run("continue");
  EXPECT_EQ(missing(out, "breakpoint 4 (vif DIRECT)"), "");
  EXPECT_EQ(missing(session.run("info breakpoints"), "4   1     vif DIRECT"), "");
  EXPECT_EQ(missing(session.run("watch vi01 + 1"), "watch 1: vi01 + 1 = "), "");
}

TEST(DebuggerSession, RegistersReadBreakpointsAndTheSmallerCommands) {
  E2eSession session;
  EXPECT_EQ(missing(session.run("break mscal"), "breakpoint 1: mscal"), "");
  EXPECT_EQ(missing(session.run("continue"), "cycle 30 "), "");
  // VIF1 read UNPACK B (stream word 54 = byte 0xd8) at 30.5, right after the MSCAL (the hand-worked timeline).
  EXPECT_EQ(missing(session.run("vif"), "UNPACK V4-32 num 2 addr 0x000 +TOPS at offset 0xd8"), "");
  session.run("delete 1");
  // The MULI wrote VF01.w = 2.0 since the stop at 30: `regs` marks VF01 and nothing else among the VFs.
  EXPECT_EQ(missing(session.run("until 0x18"), "cycle 33 "), "");
  const std::string regs = session.run("regs");
  EXPECT_EQ(missing(regs, "*vf01  00000000 00000000 00000000 40000000  (0, 0, 0, 2)"), "");
  EXPECT_EQ(missing(regs, " vf02  00000000"), "");
  EXPECT_EQ(missing(regs, "*pc 0x0018"), "");
  // XGKICK VI01 reads its packet from qword TOP = 0: a read breakpoint on qword 0 stops after it issues at 50.
  EXPECT_EQ(missing(session.run("break read 0x0"), "breakpoint 2: read 0x0"), "");
  EXPECT_EQ(missing(session.run("continue"), "cycle 51 "), "");
  EXPECT_EQ(missing(session.run("watch vf01.w * 2"), "watch 1: vf01.w * 2 = 4"), "");
  EXPECT_EQ(missing(session.run("step"), "watch 1: vf01.w * 2 = 4"), "");
  EXPECT_EQ(missing(session.run("info watch"), "1  vf01.w * 2"), "");
  EXPECT_EQ(missing(session.run("delete watch 1"), "deleted watch 1"), "");
  EXPECT_EQ(missing(session.run("info watch"), "no watch expressions"), "");
  EXPECT_EQ(missing(session.run("info snapshots"), "snapshots, every 16 cycles"), "");
  EXPECT_EQ(missing(session.run("gs"), "no primitives drawn yet"), "");  // the stream only writes FRAME_1
  EXPECT_EQ(missing(session.run("help"), "reverse-continue"), "");
  EXPECT_EQ(missing(session.run("help step"), "issue N instruction pairs"), "");
  EXPECT_EQ(session.run("echo hello"), "hello\n");
  EXPECT_EQ(missing(session.run("hash"), "state hash "), "");
  EXPECT_EQ(session.debugger().errors(), 0u);
}

TEST(DebuggerSession, BadCommandsPrintOneLineAndTheSessionGoesOn) {
  E2eSession session;
  for (const char* bad : {"frobnicate", "step zero", "break 0x13", "break 0x4000", "mem 0x400",
                                 "mem 0 4 as f64", "break change vf32", "break vif BOGUS", "until nowhere",
                                 "break 0x10 if vi99 == 1", "watch (vi01", "finish", "reverse-continue", "gif",
                                 "delete 9", "info nonsense", "disasm 0x3", "back-cycle 0", "cycle -1"}) {
    const std::string out = session.run(bad);
    EXPECT_EQ(out.rfind("error: ", 0), 0u) << bad << " -> " << out;
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << bad << " -> " << out;
  }
  EXPECT_EQ(session.debugger().errors(), 19u);
  EXPECT_EQ(missing(session.run("step"), "stepped one pair"), "");
}

// A call: BAL at 0x00 saves the return address (the pair after its delay slot, 0x10; reference/vu1.md) in VI15
// and jumps to the subroutine at 0x28, which sets VI02 = 2 and returns by JR VI15.
std::vector<uint8_t> call_stream() {
  const std::vector<uint32_t> program = test::assembled_words(
      "        nop                     bal VI15, sub\n"
      "        nop                     nop\n"
      "        nop                     iaddiu VI01, VI00, 1\n"
      "        nop[E]                  nop\n"
      "        nop                     nop\n"
      "sub:    nop                     iaddiu VI02, VI00, 2\n"
      "        nop                     jr VI15\n"
      "        nop                     nop\n");
  std::vector<uint32_t> words = {0, 0x4a000000u | (8u << 16)};  // NOP (MPG data on a 64-bit boundary), MPG 8 at 0
  words.insert(words.end(), program.begin(), program.end());
  words.push_back(0x14000000u);  // MSCAL 0
  return test::stream_bytes(words);
}

TEST(DebuggerSession, NextStepsOverACall) {
  const std::vector<uint8_t> stream = call_stream();
  VifRunRequest request;
  request.stream = stream;
  Debugger debugger(vif_stream_target(request, "call", {}));
  std::ostringstream out;
  debugger.execute("mscal", out);
  debugger.execute("next", out);  // over the BAL: its delay slot, the subroutine, the JR and its delay slot
  EXPECT_EQ(missing(out.str(), "stepped over the call"), "");
  EXPECT_EQ(missing(out.str(), "=> 0x0010"), "");
  EXPECT_EQ(debugger.engine().machine().system.vu().registers().vi(2), 2u);
  EXPECT_EQ(debugger.engine().machine().system.vu().registers().vi(15), 2u);  // 0x10 / 8
  EXPECT_EQ(debugger.engine().machine().system.vu().stats().pairs, 5u);
  std::ostringstream more;
  debugger.execute("next", more);  // not a call: one pair
  EXPECT_EQ(missing(more.str(), "stepped one pair"), "");
  EXPECT_EQ(debugger.engine().machine().system.vu().registers().vi(1), 1u);
}

TEST(DebuggerSession, TraceWritesChromeTraceEvents) {
  test::TempDir dir;
  E2eSession session;
  session.run("continue");
  const std::string out = session.run("trace " + (dir / "t.json").string());
  EXPECT_EQ(missing(out, "wrote the timeline of cycles 0-"), "");
  const std::vector<uint8_t> bytes = test::read_bytes(dir / "t.json");
  const nlohmann::json trace = nlohmann::json::parse(bytes.begin(), bytes.end());
  ASSERT_TRUE(trace.contains("traceEvents"));
  size_t upper = 0;
  for (const nlohmann::json& event : trace["traceEvents"]) {
    for (const char* field : {"name", "ph", "pid", "tid"}) EXPECT_TRUE(event.contains(field)) << event.dump();
    if (event["ph"] == "X") {
      EXPECT_TRUE(event.contains("ts") && event.contains("dur")) << event.dump();
      if (event["name"].get<std::string>().rfind("muli", 0) == 0) ++upper;
    }
  }
  EXPECT_EQ(upper, 2u);  // the MULI of each program
  EXPECT_EQ(missing(session.run("trace /nonexistent-dir/t.json"), "error: "), "");
}

TEST(DebuggerSession, NotesPersistInTheSideFile) {
  test::TempDir dir;
  test::write_bytes(dir / "e2e.vif", test::e2e_stream_bytes());
  test::write_bytes(dir / "script1", {});
  {
    const std::string script = "note 0x18 the store that waits for MULI\nquit\n";
    test::write_bytes(dir / "script1", std::vector<uint8_t>(script.begin(), script.end()));
  }
  auto result = test::run_cli({"debug", (dir / "e2e.vif").string(), "--script", (dir / "script1").string()});
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  const std::vector<uint8_t> notes = test::read_bytes(dir / "e2e.vif.notes");
  EXPECT_EQ(std::string(notes.begin(), notes.end()), "0x0018 the store that waits for MULI\n");
  const std::string script = "disasm 0x18 1\n";
  test::write_bytes(dir / "script2", std::vector<uint8_t>(script.begin(), script.end()));
  result = test::run_cli({"debug", (dir / "e2e.vif").string(), "--script", (dir / "script2").string()});
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_EQ(missing(result.out, "; the store that waits for MULI"), "");
  // A broken notes file is reported with its name and line.
  const std::string broken = "0x0013 not a pair\n";
  test::write_bytes(dir / "e2e.vif.notes", std::vector<uint8_t>(broken.begin(), broken.end()));
  result = test::run_cli({"debug", (dir / "e2e.vif").string(), "--script", (dir / "script2").string()});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(missing(result.err, "e2e.vif.notes"), "");
  EXPECT_EQ(missing(result.err, "line 1"), "");
}

TEST(DebuggerSession, ScriptFailuresGiveExitOne) {
  test::TempDir dir;
  test::write_bytes(dir / "e2e.vif", test::e2e_stream_bytes());
  const std::string script = "step\nbogus\nstep\n";
  test::write_bytes(dir / "script", std::vector<uint8_t>(script.begin(), script.end()));
  const auto result = test::run_cli({"debug", (dir / "e2e.vif").string(), "--script", (dir / "script").string(),
                                     "--notes", (dir / "n").string()});
  EXPECT_EQ(result.code, 1) << result.out;
  EXPECT_EQ(missing(result.out, "(gcvu) bogus\nerror: unknown command 'bogus'"), "");
  EXPECT_EQ(missing(result.out, "(gcvu) step\nstepped one pair"), "");
}

}  // namespace
}  // namespace gcvu::harness::debug
