// The golden runner: a case passes only when exit code, stdout lines and every hash match; a wrong hash fails;
// --rebaseline rewrites regression-baseline cases only.

#include "harness/golden/golden_runner.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

namespace fs = std::filesystem;

// xxh128sum of golden/compare-basic/a.png.
constexpr const char* kHashA = "66230f35abdb75b6fa3396d264d2945e";

void write_case(const fs::path& folder, const std::string& provenance, const std::string& output_hash,
                int exit_code = 1) {
  fs::create_directories(folder);
  fs::copy_file(test::source_dir() / "golden/compare-basic/a.png", folder / "a.png",
                fs::copy_options::overwrite_existing);
  std::ofstream(folder / "case.json") << R"({
  "description": "test case",
  "provenance": ")" << provenance << R"(",
  "command": ["compare", "--raw", "{case}/a.png", "{case}/a.png", "--diff", "{out}/copy.png"],
  "exit_code": )" << exit_code << R"(,
  "inputs": [{"file": "a.png", "xxh3_128": ")"
                                      << kHashA << R"("}],
  "outputs": [{"file": "copy.png", "xxh3_128": ")"
                                      << output_hash << R"("}],
  "stdout_contains": ["identical"]
})";
}

std::string diff_hash() {
  // What the byte-diff picture of two identical 226-byte files hashes to: computed by running the case once;
  // this test checks the runner's pass/fail logic, not that value.
  test::TempDir dir;
  write_case(dir.path() / "probe", "regression-baseline", std::string(32, '0'), 0);
  GoldenOptions options;
  options.rebaseline = true;
  run_golden_case(dir.path() / "probe", options, run_gcvu);
  auto bytes = test::read_bytes(dir.path() / "probe/case.json");
  return formats::parse_golden_case(bytes, "probe", "probe").outputs.at(0).xxh3_128;
}

TEST(GoldenRunner, PassesWhenEverythingMatches) {
  test::TempDir dir;
  write_case(dir.path() / "ok", "hand-worked", diff_hash(), 0);
  GoldenResult result = run_golden_case(dir.path() / "ok", {}, run_gcvu);
  EXPECT_TRUE(result.passed) << (result.failures.empty() ? "" : result.failures.front());
}

TEST(GoldenRunner, FailsWhenAnOutputHashDiffers) {
  test::TempDir dir;
  write_case(dir.path() / "bad", "hand-worked", std::string(32, 'a'), 0);
  GoldenResult result = run_golden_case(dir.path() / "bad", {}, run_gcvu);
  EXPECT_FALSE(result.passed);
  ASSERT_EQ(result.failures.size(), 1u);
  EXPECT_NE(result.failures[0].find("output copy.png: xxh3-128 is "), std::string::npos) << result.failures[0];
  EXPECT_NE(result.failures[0].find("expected aaaaaaaa"), std::string::npos);
}

TEST(GoldenRunner, FailsOnExitCodeAndStdout) {
  test::TempDir dir;
  write_case(dir.path() / "code", "hand-worked", diff_hash(), 1);
  GoldenResult result = run_golden_case(dir.path() / "code", {}, run_gcvu);
  EXPECT_FALSE(result.passed);
  ASSERT_FALSE(result.failures.empty());
  EXPECT_EQ(result.failures[0], "exit code 0, expected 1");
}

TEST(GoldenRunner, FailsWhenAnInputChanged) {
  test::TempDir dir;
  write_case(dir.path() / "in", "hand-worked", diff_hash(), 0);
  std::ofstream(dir.path() / "in/a.png", std::ios::app) << "x";
  GoldenResult result = run_golden_case(dir.path() / "in", {}, run_gcvu);
  EXPECT_FALSE(result.passed);
  EXPECT_NE(result.failures[0].find("input a.png: xxh3-128 is"), std::string::npos) << result.failures[0];
}

TEST(GoldenRunner, RebaselineRewritesOnlyRegressionBaselines) {
  test::TempDir dir;
  GoldenOptions options;
  options.rebaseline = true;
  write_case(dir.path() / "hand", "hand-worked", std::string(32, 'b'), 0);
  EXPECT_FALSE(run_golden_case(dir.path() / "hand", options, run_gcvu).passed) << "hand-worked cases never move";
  write_case(dir.path() / "base", "regression-baseline", std::string(32, 'b'), 0);
  GoldenResult result = run_golden_case(dir.path() / "base", options, run_gcvu);
  EXPECT_TRUE(result.rebaselined);
  EXPECT_TRUE(run_golden_case(dir.path() / "base", {}, run_gcvu).passed) << "the rewritten case passes";
}

TEST(GoldenRunner, MalformedManifestIsAFailureNamingTheFile) {
  test::TempDir dir;
  fs::create_directories(dir.path() / "broken");
  std::ofstream(dir.path() / "broken/case.json") << R"({"description": "x", "provenance": "guess"})";
  GoldenResult result = run_golden_case(dir.path() / "broken", {}, run_gcvu);
  EXPECT_FALSE(result.passed);
  EXPECT_NE(result.failures[0].find("case.json: offset 0x0: provenance \"guess\" is not"), std::string::npos)
      << result.failures[0];
}

TEST(GoldenRunner, CommandLineReportsCounts) {
  test::TempDir dir;
  write_case(dir.path() / "a-ok", "hand-worked", diff_hash(), 0);
  write_case(dir.path() / "b-bad", "hand-worked", std::string(32, 'c'), 0);
  auto result = test::run_cli({"golden", dir.path().string()});
  EXPECT_EQ(result.code, 1);
  EXPECT_NE(result.out.find("PASS        a-ok"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("FAIL        b-bad"), std::string::npos);
  EXPECT_NE(result.out.find("1 passed, 1 failed\n"), std::string::npos);
  EXPECT_EQ(test::run_cli({"golden", (dir.path() / "nothing").string()}).code, 2);
}

}  // namespace
}  // namespace gcvu::harness
