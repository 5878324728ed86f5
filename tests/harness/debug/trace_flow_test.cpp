// The trace side of `gcvu debug --vutrace` that vutrace's viewer has: going on past a divergence and listing them,
// the disassembly with run counts and branch edges counted by hand from small traces, vutrace viewer comment files
// (chaoticgd/vutrace README "Comments File": text, line n = the pair at byte 8n) and --top/--itop.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/vutrace_writer.hpp"
#include "harness/debug/vutrace_comments.hpp"
#include "tests/harness/debug/debug_script.hpp"
#include "tests/harness/hand_worked_trace.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::debug_with_script;
using test::missing;

using formats::VutraceSnapshot;
using formats::VutraceTrace;

// A trace of `source`, one snapshot per pair: snapshot k made by the pair before TPC tpcs[k], with `change` applied
// to the registers before each push.
VutraceTrace trace_of(const std::string& source, const std::vector<uint32_t>& tpcs,
                      const std::function<void(size_t, formats::VutraceRegisters&)>& change = {}) {
  VutraceTrace trace;
  VutraceSnapshot state = test::assembled_start(source);
  for (size_t k = 0; k < tpcs.size(); ++k) {
    state.registers.vi[formats::vutrace_vi::kTpc][0] = tpcs[k];
    if (change) change(k, state.registers);
    trace.snapshots.push_back(state);
  }
  return trace;
}

// VF03.y one ulp off in snapshots 3 and 4 (one divergence that lasts two steps), VI01 off in snapshot 5 (a second):
// the run stops at steps 3 and 5, not 4, and `tview div` lists both.
TEST(TraceFollowerDivergences, RunningOnPassesADivergenceAndListsThem) {
  VutraceTrace trace = test::hand_worked_trace();
  trace.snapshots[3].registers.vf[3][1] = 0x40200001;
  trace.snapshots[4].registers.vf[3][1] = 0x40200001;
  trace.snapshots[5].registers.vi[1][0] = 6;
  test::TempDir dir;
  test::write_bytes(dir / "t.vutr", formats::write_vutrace(trace));
  const auto result = debug_with_script(dir, {"--vutrace", (dir / "t.vutr").string()},
                                        "continue\ncontinue\ncontinue\ntview div\n");
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_EQ(missing(result.out, "the run differs from the trace at step 3 (snapshot 3): vf03.y trace 40200001 ours "
                                "40200000"),
            "");
  EXPECT_EQ(result.out.find("at step 4"), std::string::npos) << result.out;
  EXPECT_EQ(missing(result.out, "the run differs from the trace at step 5 (snapshot 5): vi01 trace 00000006 ours "
                                "00000005"),
            "");
  EXPECT_EQ(missing(result.out, "step 3 (snapshot 3): vf03.y trace 40200001 ours 40200000\n"
                                "step 5 (snapshot 5): vi01 trace 00000006 ours 00000005\n"),
            "");
}

// b at 0x00 with its delay slot at 0x08 and its target at 0x18; 0x10 never runs. Counted by hand: 0x00 ran once and
// fell through once; the step 0x08 -> 0x18 is the branch at 0x00 taken; 0x18 fell through to 0x20, the E bit's
// delay slot and the last pair run (its successor is not in the trace).
constexpr const char* kBranchProgram =
    "        nop                 b target\n"
    "        nop                 iaddiu VI01, VI00, 1\n"
    "        nop                 iaddiu VI01, VI00, 2\n"
    "target: nop[E]              iaddiu VI02, VI00, 3\n"
    "        nop                 nop\n";

TEST(TraceFlowListing, RunCountsBranchesNeverRunPairsAndComments) {
  // Snapshot 0 (made by 0x00) has TPC 0x08; the delay slot's snapshot has TPC 0x18; then 0x20, 0x28.
  const VutraceTrace trace = trace_of(kBranchProgram, {0x08, 0x18, 0x20, 0x28});
  test::TempDir dir;
  test::write_bytes(dir / "t.vutr", formats::write_vutrace(trace));
  const std::string comments = "start\r\n\n\nthe target\n";
  test::write_bytes(dir / "t.comments", std::vector<uint8_t>(comments.begin(), comments.end()));
  const std::string exported = (dir / "listing.txt").string();
  const auto result = debug_with_script(
      dir, {"--vutrace", (dir / "t.vutr").string(), "--comments", (dir / "t.comments").string()},
      "tview disasm\ntview list pc 0x18\ntview export " + exported + "\n");
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  for (const std::string& part :
       {std::string("0x0000       1  "), std::string("| falls through 1, to 0x0018 x1  ; start\n"),
        std::string("0x0008       1  "), std::string("| falls through 0\n"), std::string("0x0010   never  "),
        std::string("0x0018       1  "), std::string("| falls through 1, from 0x0000 x1  ; the target\n"),
        std::string("0x0020       1  "), std::string("     2 0x0018  ")}) {
    EXPECT_EQ(missing(result.out, part), "");
  }
  EXPECT_EQ(missing(result.out, "wrote the disassembly of 5 pairs with their flow and comments to " + exported), "");
  const std::vector<uint8_t> file = test::read_bytes(exported);
  const std::string text(file.begin(), file.end());
  EXPECT_EQ(missing(text, "| falls through 1, from 0x0000 x1  ; the target\n"), "");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 5);
}

TEST(VutraceComments, LinesArePairsUpTo2048) {
  std::string text;
  for (int n = 0; n < 2050; ++n) text += "c" + std::to_string(n) + "\n";
  const std::vector<std::string> comments = debug::parse_vutrace_comments(text, "c.txt");
  ASSERT_EQ(comments.size(), 2048u);
  EXPECT_EQ(comments[0], "c0");
  EXPECT_EQ(comments[2047], "c2047");
  EXPECT_EQ(debug::parse_vutrace_comments("a\r\n\nb", "c.txt"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(test::format_error_text([] { debug::parse_vutrace_comments(std::string("ok\nx\0y\n", 7), "c.txt"); }),
            "c.txt: offset 0x4: line 2 holds a NUL byte: a vutrace comment file is text, one line per instruction "
            "pair");
}

// XTOP reads TOP, which a trace does not hold: --top gives it, as in trace-diff (the state options' --top, VIF1's
// TOP, is the same register). Without it XTOP reads 0 and VI05 differs.
TEST(TraceFollowerOptions, TopAndItopGiveWhatXtopReads) {
  const VutraceTrace trace = trace_of(
      "        nop                 nop\n"
      "        nop                 xtop VI05\n"
      "        nop[E]              xitop VI06\n"
      "        nop                 nop\n",
      {0x08, 0x10, 0x18, 0x20}, [](size_t k, formats::VutraceRegisters& regs) {
        if (k == 1) regs.vi[5][0] = 0x123;
        if (k == 2) regs.vi[6][0] = 0x45;
      });
  test::TempDir dir;
  test::write_bytes(dir / "t.vutr", formats::write_vutrace(trace));
  const std::string path = (dir / "t.vutr").string();
  const auto given = debug_with_script(dir, {"--vutrace", path, "--top", "0x123", "--itop", "0x45"}, "continue\n");
  ASSERT_EQ(given.code, 0) << given.out << given.err;
  EXPECT_EQ(given.out.find("differs"), std::string::npos) << given.out;
  const auto absent = debug_with_script(dir, {"--vutrace", path}, "continue\n");
  EXPECT_EQ(missing(absent.out, "step 1 (snapshot 1): vi05 trace 00000123 ours 00000000"), "");
  const auto usage = test::run_cli({"debug", "--top", "5"});
  EXPECT_EQ(usage.code, 2);
  EXPECT_EQ(missing(usage.err, "--top needs --state S.p2s or --vutrace TRACE"), "");
  EXPECT_EQ(missing(test::run_cli({"debug", "--comments", "c"}).err, "--comments needs --vutrace TRACE"), "");
}

}  // namespace
}  // namespace gcvu::harness
