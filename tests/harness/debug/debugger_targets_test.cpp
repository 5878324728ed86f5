// What `gcvu debug` runs besides a VIF1 stream: a vutrace trace beside gcvu's run (the hand-worked trace of
// tests/harness/hand_worked_trace.hpp, every snapshot worked by hand), a save state's transfer (the synthetic state
// of tests/run/sprite_state.hpp, laid out from the documented formats), the demo, and golden cases.

#include <gtest/gtest.h>

#include <algorithm>

#include "formats/pcsx2/vutrace_writer.hpp"
#include "tests/formats/save_state_builder.hpp"
#include "tests/harness/debug/debug_script.hpp"
#include "tests/harness/hand_worked_trace.hpp"
#include "tests/run/sprite_state.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::debug_with_script;
using test::missing;

TEST(DebuggerTargets, VutraceRunMatchesTheHandWorkedTrace) {
  test::TempDir dir;
  test::write_bytes(dir / "t.vutr", formats::write_vutrace(test::hand_worked_trace()));
  const auto result = debug_with_script(dir, {"--vutrace", (dir / "t.vutr").string()}, "step 3\nvutrace\ncontinue\n");
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  // After three pairs (0x08 0x10 0x18 from the snapshot taken after 0x00): snapshot 3, VF03 = (1.5 2.5 3.5 4.5).
  EXPECT_EQ(missing(result.out, "step 3 (snapshot 3)"), "");
  EXPECT_EQ(missing(result.out, "  vf03   3fc00000 40200000 40600000 40900000"), "");
  EXPECT_EQ(result.out.find("differs"), std::string::npos) << result.out;
  EXPECT_EQ(missing(result.out, "the run ended at cycle"), "");
}

// tview works on the trace's own snapshots, whatever gcvu's run is doing.
TEST(DebuggerTargets, TraceViewCommandsOnTheTracesSnapshots) {
  const formats::VutraceTrace trace = test::hand_worked_trace();
  test::TempDir dir;
  test::write_bytes(dir / "t.vutr", formats::write_vutrace(trace));
  const std::string image = (dir / "snap2.bin").string();
  const auto result = debug_with_script(dir, {"--vutrace", (dir / "t.vutr").string()},
                                        "tview list\ntview save 2 " + image + "\n");
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_EQ(missing(result.out, "     6 0x0030  "), "");  // snapshot 6 was made by the pair before its TPC
  EXPECT_EQ(missing(result.out, "wrote snapshot 2's 16 KiB data memory to " + image), "");
  const std::vector<uint8_t> saved = test::read_bytes(image);
  ASSERT_EQ(saved.size(), 16384u);
  EXPECT_TRUE(std::equal(saved.begin(), saved.end(), trace.snapshots[2].data->begin()));
  // A bad tview command is an error line (and a script with one exits non-zero).
  const auto bad =
      debug_with_script(dir, {"--vutrace", (dir / "t.vutr").string()}, "tview mem 9 0\ntview list banana\n");
  EXPECT_NE(bad.code, 0);
  EXPECT_EQ(missing(bad.out + bad.err, "snapshot 9 is past the trace's last, 6"), "");
  EXPECT_EQ(missing(bad.out + bad.err, "the filter is one of: xgkick, load QWORD, store QWORD, pc ADDR, text WORDS"), "");
}

// The same divergence as below is passed with trace-diff's options: --float-ulps 1 tolerates the one-ulp VF03.y,
// --ignore vf3 leaves the register out; without --vutrace the options are a usage error.
TEST(DebuggerTargets, VutraceComparisonOptionsAsTraceDiffHas) {
  formats::VutraceTrace trace = test::hand_worked_trace();
  trace.snapshots[3].registers.vf[3][1] = 0x40200001;
  test::TempDir dir;
  test::write_bytes(dir / "t.vutr", formats::write_vutrace(trace));
  for (std::vector<std::string> options : {std::vector<std::string>{"--float-ulps", "1"},
                                           std::vector<std::string>{"--ignore", "vf3"}}) {
    std::vector<std::string> args = {"--vutrace", (dir / "t.vutr").string()};
    args.insert(args.end(), options.begin(), options.end());
    const auto result = debug_with_script(dir, args, "continue\n");
    ASSERT_EQ(result.code, 0) << result.out << result.err;
    EXPECT_EQ(result.out.find("differs"), std::string::npos) << options[0] << "\n" << result.out;
    EXPECT_EQ(missing(result.out, "the run ended at cycle"), "");
  }
  const auto usage = test::run_cli({"debug", "--ignore", "vf3"});
  EXPECT_EQ(usage.code, 2);
  EXPECT_EQ(missing(usage.err, "--ignore, --ignore-floats and --float-ulps need --vutrace TRACE"), "");
}

TEST(DebuggerTargets, VutraceDivergenceStopsTheRun) {
  formats::VutraceTrace trace = test::hand_worked_trace();
  trace.snapshots[3].registers.vf[3][1] = 0x40200001;  // VF03.y one ulp above 2.5
  test::TempDir dir;
  test::write_bytes(dir / "t.vutr", formats::write_vutrace(trace));
  const auto result = debug_with_script(dir, {"--vutrace", (dir / "t.vutr").string()}, "continue\nvutrace\n");
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_EQ(missing(result.out, "the run differs from the trace at step 3 (snapshot 3): vf03.y trace 40200001 ours "
                                "40200000"),
            "");
  EXPECT_EQ(missing(result.out, "=> 0x0020"), "");  // stopped after the ADD at 0x18
  EXPECT_EQ(missing(result.out, "! vf03   3fc00000 40200001"), "");
}

TEST(DebuggerTargets, SaveStateTransfer) {
  test::TempDir dir;
  test::write_bytes(dir / "s.p2s", test::build_save_state(test::sprite_state_parts()));
  const auto result = debug_with_script(dir, {"--state", (dir / "s.p2s").string(), "--vif1-chain", "0x1000"},
                                        "vif\nmscal\nkick\ngif\ncontinue\n");
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_EQ(missing(result.out, "start: display: the saved PMODE shows no circuit"), "");  // the state's notes
  EXPECT_EQ(missing(result.out, "microprogram 1 started"), "");
  EXPECT_EQ(missing(result.out, "XGKICK issued"), "");
  // The green sprite's packet at VU1 data qword 0 (the state's XGKICK VI00): PRIM SPRITE, RGBA 0 255 0 0x80.
  EXPECT_EQ(missing(result.out, "GIF packet at qword 0x000"), "");
  EXPECT_EQ(missing(result.out, "SPRITE"), "");
  EXPECT_EQ(missing(result.out, "R 0 G 255 B 0 A 128"), "");
  EXPECT_EQ(missing(result.out, "finished"), "");
  // Bad combinations are refused.
  EXPECT_EQ(test::run_cli({"debug", "--state", (dir / "s.p2s").string()}).code, 2);
  EXPECT_EQ(test::run_cli({"debug", "--vif1-chain", "0x1000"}).code, 2);
  EXPECT_EQ(test::run_cli({"debug", "--state", (dir / "s.p2s").string(), "--vif1-chain", "0x1000", "--frames", "2"})
                .code,
            2);
}

TEST(DebuggerTargets, GoldenCases) {
  test::TempDir dir;
  const auto demo = debug_with_script(
      dir, {"--golden", (test::source_dir() / "golden" / "demo-terrain").string()}, "mscal 2\nwhere\n");
  ASSERT_EQ(demo.code, 0) << demo.out << demo.err;
  EXPECT_EQ(missing(demo.out, "gcvu debug: the demo"), "");
  EXPECT_EQ(missing(demo.out, "microprogram 2 started"), "");
  const auto vu_run = debug_with_script(
      dir, {"--golden", (test::source_dir() / "golden" / "vu-run-timing").string()}, "quit\n");
  EXPECT_EQ(vu_run.code, 2);
  EXPECT_EQ(missing(vu_run.err, "gcvu debug runs the cases of `run` and `vif-run`"), "");
  const auto nowhere = debug_with_script(dir, {"--golden", (dir / "nothing").string()}, "quit\n");
  EXPECT_EQ(nowhere.code, 2);
  EXPECT_EQ(missing(nowhere.err, "case.json"), "");
}

TEST(DebuggerTargets, DemoFramesAndBadInvocations) {
  test::TempDir dir;
  // Two frames: the second frame's first microprogram starts after the first frame's 352. (352 is gcvu's own count
  // of the demo frame's programs, as `gcvu run` reports it: a regression baseline, not an independent value.)
  const auto result = debug_with_script(dir, {"--frames", "2"}, "mscal 353\nback-cycle 1000\nmscal\n");
  ASSERT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_EQ(missing(result.out, "2 frames (2 transfers)"), "");
  EXPECT_EQ(missing(result.out, "microprogram 353 started"), "");
  EXPECT_EQ(test::run_cli({"debug", "--frames", "0"}).code, 2);
  EXPECT_EQ(test::run_cli({"debug", "--micro", "x.vsm"}).code, 2);
  EXPECT_EQ(test::run_cli({"debug", "--snapshot-interval", "3"}).code, 2);
  EXPECT_EQ(test::run_cli({"debug", (dir / "missing.vif").string()}).code, 2);
  test::write_bytes(dir / "odd.vif", {1, 2, 3});
  const auto odd = test::run_cli({"debug", (dir / "odd.vif").string()});
  EXPECT_EQ(odd.code, 2);
  EXPECT_EQ(missing(odd.err, "not a whole number of 32-bit VIF words"), "");
  const auto missing_script = test::run_cli({"debug", "--script", (dir / "none.txt").string()});
  EXPECT_EQ(missing_script.code, 2);
  EXPECT_EQ(missing(missing_script.err, "none.txt"), "");
}

}  // namespace
}  // namespace gcvu::harness
