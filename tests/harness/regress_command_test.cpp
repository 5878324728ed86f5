// gcvu regress end to end: exit codes (0 all pass, 1 a failure, 2 bad invocation or input), the per-case lines,
// the report of a failing case (PCSX2's reference, our frame and the diff, embedded), sharding through the CLI,
// --jobs not changing the verdicts, and every usage error. Expected verdicts come from PCSX2's references: a
// corpus dump replayed against its own references matches (the corpus's own test), against another case's cannot.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "formats/compress/compress.hpp"
#include "formats/pcsx2/vutrace_writer.hpp"
#include "harness/cli/command.hpp"
#include "tests/harness/hand_worked_trace.hpp"
#include "tests/harness/regress_test_cases.hpp"
#include "tests/test_support.hpp"

namespace gcvu {
namespace {

namespace fs = std::filesystem;

// The case lines ("[k/N] PASS  kind  name (t s)") without the counter and time, sorted.
std::vector<std::string> verdicts(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream stream(out);
  std::string line;
  while (std::getline(stream, line)) {
    if (!line.starts_with("[")) continue;
    line = line.substr(line.find("] ") + 2);
    lines.push_back(line.substr(0, line.rfind(" (")));
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

// A passing golden case, a passing dump case and a trace that gcvu's VU1 follows.
void build_passing_tree(const fs::path& root) {
  test::copy_golden_case("compare-basic", root / "golden/compare-basic");
  test::copy_corpus_case("cov_centres", root / "dumps/cov_centres");
  fs::create_directories(root / "traces");
  test::write_bytes(root / "traces/loop.vutr", formats::write_vutrace(test::hand_worked_trace()));
}

TEST(RegressCommand, AllPassingExitsZero) {
  test::TempDir dir;
  build_passing_tree(dir.path());
  auto result = test::run_cli({"regress", dir.path().string(), "--jobs", "2"});
  EXPECT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_EQ(verdicts(result.out),
            (std::vector<std::string>{"PASS  golden       compare-basic", "PASS  gs-dump      cov_centres",
                                      "PASS  vutrace      loop"}))
      << result.out;
  EXPECT_NE(result.out.find("3 passed, 0 failed, 0 errors, 0 skipped of 3 cases"), std::string::npos) << result.out;
}

TEST(RegressCommand, ATraceWithACorruptedRegisterFailsAtItsStep) {
  test::TempDir dir;
  formats::VutraceTrace trace = test::hand_worked_trace();
  trace.snapshots[2].registers.vi[2][0] = 8;  // the pair at 0x08 sets VI02 = 7
  test::write_bytes(dir / "bad.vutr", formats::write_vutrace(trace));
  auto result = test::run_cli({"regress", dir.path().string()});
  EXPECT_EQ(result.code, 1) << result.out << result.err;
  EXPECT_EQ(verdicts(result.out), (std::vector<std::string>{"FAIL  vutrace      bad"})) << result.out;
  EXPECT_NE(result.out.find("vi02"), std::string::npos) << result.out;
}

TEST(RegressCommand, ARealCorpusCaseReadInPlacePasses) {
  auto result = test::run_cli({"regress", (test::shared_dir() / "golden-pcsx2/z_fmt_16").string()});
  EXPECT_EQ(result.code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("PASS  gs-dump      z_fmt_16"), std::string::npos) << result.out;
}

TEST(RegressCommand, AFailingCaseExitsOneAndItsReportShowsThePictures) {
  test::TempDir dir;
  build_passing_tree(dir.path());
  test::copy_mismatched_case("cov_centres", "prim_points", dir / "dumps/wrong");
  const fs::path report = dir / "report.html";
  auto result = test::run_cli({"regress", dir.path().string(), "--report", report.string()});
  EXPECT_EQ(result.code, 1) << result.out << result.err;
  EXPECT_NE(result.out.find("FAIL  gs-dump      cov_centres"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("memory bytes differ"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("frame pixels differ"), std::string::npos) << result.out;
  std::ifstream file(report);
  const std::string html((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  const std::string prefix = "src=\"data:image/png;base64,";
  size_t images = 0;
  for (size_t at = html.find(prefix); at != std::string::npos; at = html.find(prefix, at + 1)) ++images;
  EXPECT_EQ(images, 9u) << "reference, ours and diff of the one failing case, whole and around the first difference, "
                           "and of the differing region of the buffer its first differing byte is in";
  size_t regions = 0;
  for (size_t at = html.find("class=\"buffer-region\""); at != std::string::npos;
       at = html.find("class=\"buffer-region\"", at + 1)) {
    ++regions;
  }
  EXPECT_EQ(regions, 3u);
  EXPECT_NE(html.find(prefix + "iVBORw0KGgo"), std::string::npos) << "PNG signature, base64";
}

TEST(RegressCommand, AMalformedDumpIsAnErrorExitTwo) {
  test::TempDir dir;
  build_passing_tree(dir.path());
  test::copy_corpus_case("prim_points", dir / "cut");
  const auto dump = test::read_bytes(dir / "cut/prim_points.gs.zst");
  test::write_bytes(dir / "cut/prim_points.gs.zst", {dump.begin(), dump.begin() + 100});
  auto result = test::run_cli({"regress", dir.path().string()});
  EXPECT_EQ(result.code, 2) << result.out << result.err;
  EXPECT_NE(result.out.find("ERROR gs-dump      prim_points"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("prim_points.gs.zst"), std::string::npos) << "the error names the file";
  EXPECT_NE(result.out.find("3 passed, 0 failed, 1 errors, 0 skipped"), std::string::npos) << result.out;
}

// The golden-pcsx2 manifest row of `name` (the real one, so the copied case is exactly what the corpus holds).
std::string manifest_row(const std::string& name) {
  const std::vector<uint8_t> bytes = test::read_bytes(test::shared_dir() / "golden-pcsx2/manifest.tsv");
  std::istringstream lines(std::string(bytes.begin(), bytes.end()));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with(name + "\t")) return line + "\n";
  }
  ADD_FAILURE() << name << " is not in the manifest";
  return {};
}

// Replaces a copied (read-only) corpus file.
void overwrite(const fs::path& file, const std::vector<uint8_t>& bytes) {
  fs::remove(file);
  test::write_bytes(file, bytes);
}

// A corpus in golden-pcsx2's layout with one intact case and one broken in each way the issue names, plus a dump
// folder missing a reference between two present ones: each broken case is one ERROR line naming its file and
// rule, and the intact cases still run and pass.
TEST(RegressCommand, ACorruptedCorpusMarksEachBrokenCaseAnErrorAndRunsTheOthers) {
  test::TempDir dir;
  const fs::path corpus = dir / "corpus";
  std::string manifest = "case\tdump\tvsyncs\tvram_refs\tvram_sha256\tframe_pngs\tframe_sha256\tdescription\n";
  for (const char* name : {"cov_centres", "cov_subpixel", "prim_points", "prim_lines"}) {
    test::copy_corpus_case(name, corpus / name);
    manifest += manifest_row(name);
  }
  manifest += "torn\ttorn.gs.zst\t1\tvram_0.bin.zst\n";  // 4 of the 8 columns
  test::write_bytes(corpus / "manifest.tsv", {manifest.begin(), manifest.end()});
  fs::remove(corpus / "cov_subpixel/vram_0.bin.zst");                      // missing
  const std::vector<uint8_t> frame = test::read_bytes(corpus / "prim_points/vram_0.bin.zst");
  overwrite(corpus / "prim_points/vram_0.bin.zst", {frame.begin(), frame.begin() + 40});  // a cut zstd frame
  const std::vector<uint8_t> small(100, 0);
  overwrite(corpus / "prim_lines/vram_0.bin.zst", formats::zstd_compress(small, 3, "small"));  // wrong size
  // A dump folder whose frame_0.png is gone while frame_1.png is there.
  test::copy_corpus_case("z_fmt_32", dir / "dumps/z_fmt_32");
  fs::remove(dir / "dumps/z_fmt_32/frame_0.png");

  auto result = test::run_cli({"regress", dir.path().string()});
  EXPECT_EQ(result.code, 2) << result.out << result.err;
  EXPECT_EQ(verdicts(result.out),
            (std::vector<std::string>{"ERROR golden-pcsx2 cov_subpixel", "ERROR golden-pcsx2 prim_lines",
                                      "ERROR golden-pcsx2 prim_points", "ERROR golden-pcsx2 torn",
                                      "ERROR gs-dump      z_fmt_32", "PASS  golden-pcsx2 cov_centres"}))
      << result.out;
  EXPECT_NE(result.out.find("1 passed, 0 failed, 5 errors, 0 skipped of 6 cases"), std::string::npos) << result.out;
  const auto says = [&](const std::string& text) {
    EXPECT_NE(result.out.find(text), std::string::npos) << text << "\n" << result.out;
  };
  says((corpus / "cov_subpixel/vram_0.bin.zst").string() + ": offset 0x0: ");
  says((corpus / "prim_points/vram_0.bin.zst").string() + ": offset 0x");
  says((corpus / "prim_lines/vram_0.bin.zst").string() +
       ": offset 0x0: a GS memory image is 4194304 bytes, this one is 100");
  says((corpus / "manifest.tsv").string() + ": offset 0x");
  says(": line 6: expected 8 tab-separated columns, found 4");
  says((dir / "dumps/z_fmt_32").string() +
       ": offset 0x0: frame_0.png is missing between the frame references 0 and 1");
}

TEST(RegressCommand, ShardsSplitTheCasesWithNoOverlap) {
  test::TempDir dir;
  build_passing_tree(dir.path());
  test::copy_golden_case("vu-run-timing", dir / "golden/vu-run-timing");
  const auto all = verdicts(test::run_cli({"regress", dir.path().string()}).out);
  ASSERT_EQ(all.size(), 4u);
  std::vector<std::string> joined;
  for (const char* shard : {"1/3", "2/3", "3/3"}) {
    auto result = test::run_cli({"regress", dir.path().string(), "--shard", shard});
    EXPECT_EQ(result.code, 0) << result.out << result.err;
    const auto part = verdicts(result.out);
    EXPECT_EQ(part, verdicts(test::run_cli({"regress", dir.path().string(), "--shard", shard}).out));
    joined.insert(joined.end(), part.begin(), part.end());
  }
  std::sort(joined.begin(), joined.end());
  EXPECT_EQ(joined, all);
  // More shards than cases: the empty shards pass.
  auto empty = test::run_cli({"regress", dir.path().string(), "--shard", "9/9"});
  EXPECT_EQ(empty.code, 0) << empty.err;
  EXPECT_NE(empty.out.find("of 0 cases (shard 9/9 of 4 found)"), std::string::npos) << empty.out;
}

TEST(RegressCommand, JobsDoNotChangeTheVerdicts) {
  test::TempDir dir;
  build_passing_tree(dir.path());
  test::copy_mismatched_case("cov_centres", "prim_points", dir / "dumps/wrong");
  const auto one = test::run_cli({"regress", dir.path().string(), "--jobs", "1"});
  const auto four = test::run_cli({"regress", dir.path().string(), "--jobs", "4"});
  EXPECT_EQ(one.code, 1);
  EXPECT_EQ(four.code, 1);
  EXPECT_EQ(verdicts(one.out), verdicts(four.out));
}

TEST(RegressCommand, OnATerminalAStatusLineReplacesThePassingLines) {
  test::TempDir dir;
  build_passing_tree(dir.path());
  test::copy_mismatched_case("cov_centres", "prim_points", dir / "dumps/wrong");
  std::ostringstream out, err;
  harness::Io io{out, err, true};
  const std::vector<std::string> args = {"regress", dir.path().string()};
  EXPECT_EQ(harness::run_gcvu(args, io), 1);
  EXPECT_NE(out.str().find("FAIL  gs-dump      cov_centres"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("PASS"), std::string::npos) << out.str();
  EXPECT_NE(err.str().find("\r\033[K[4/4] 3 passed, 1 failed, 0 errors, 0 skipped"), std::string::npos) << err.str();
  EXPECT_TRUE(err.str().ends_with("\r\033[K")) << "the status line is cleared at the end";
}

TEST(RegressCommand, FilterKeepsMatchingPaths) {
  test::TempDir dir;
  build_passing_tree(dir.path());
  auto result = test::run_cli({"regress", dir.path().string(), "--filter", "golden/"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(verdicts(result.out), std::vector<std::string>{"PASS  golden       compare-basic"});
}

TEST(RegressCommand, BadInvocationsExitTwo) {
  test::TempDir dir;
  build_passing_tree(dir.path());
  const std::string root = dir.path().string();
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"regress"}, "expected at least one folder"},
      {{"regress", (dir / "missing").string()}, "missing: offset 0x0: no such file or folder"},
      {{"regress", root, "--shard", "3/2"}, "--shard '3/2' must be I/N with 1 <= I <= N"},
      {{"regress", root, "--shard", "0/0"}, "--shard '0/0'"},
      {{"regress", root, "--shard", "junk"}, "--shard 'junk'"},
      {{"regress", root, "--jobs", "0"}, "--jobs '0' must be a whole number from 1 to 1024"},
      {{"regress", root, "--jobs", "many"}, "--jobs 'many'"},
      {{"regress", root, "--report", (dir / "no/such/folder/r.html").string()}, "does not exist"},
      {{"regress", root, "--filter", "nothing-has-this"}, "no case's path contains --filter 'nothing-has-this'"},
      {{"regress", (dir / "traces/loop.vutr").string(), "--bogus"}, "unrecognised option"},
  };
  for (const Case& c : cases) {
    auto result = test::run_cli(c.args);
    EXPECT_EQ(result.code, 2) << c.args.back() << "\n" << result.out;
    EXPECT_NE(result.err.find(c.message), std::string::npos) << result.err;
  }
  fs::create_directories(dir / "empty");
  auto empty = test::run_cli({"regress", (dir / "empty").string()});
  EXPECT_EQ(empty.code, 2);
  EXPECT_NE(empty.err.find("no cases found"), std::string::npos) << empty.err;
}

}  // namespace
}  // namespace gcvu
