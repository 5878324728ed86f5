// `gcvu vectors` run in-process: exit codes, the failure listing and the last line "N passed, M failed".

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formats/core/format_error.hpp"
#include "harness/cli/command.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

namespace fs = std::filesystem;

struct CommandRun {
  int exit_code;
  std::string out;
  std::string err;
};

CommandRun run(std::vector<std::string> args) {
  std::ostringstream out;
  std::ostringstream err;
  Io io{out, err};
  const int code = run_gcvu(args, io);
  return CommandRun{code, out.str(), err.str()};
}

std::string last_line(const std::string& text) {
  std::string trimmed = text;
  while (!trimmed.empty() && trimmed.back() == '\n') trimmed.pop_back();
  const size_t newline = trimmed.rfind('\n');
  return newline == std::string::npos ? trimmed : trimmed.substr(newline + 1);
}

class VectorsCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "gcvu-vectors-cmd-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  std::string write(const std::string& name, const std::string& text) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
  }
  fs::path dir_;
};

const std::string kHeader = "op\ta\tb\tc\td\tresult\tmac\tstatus\tsource\n";

TEST_F(VectorsCommandTest, SharedHardwareFilePasses) {
  const CommandRun r = run({"vectors", (test::shared_dir() / "vectors/vu-float-hw.tsv").string()});
  EXPECT_EQ(r.exit_code, kExitOk) << r.out << r.err;
  EXPECT_EQ(last_line(r.out), "600 passed, 0 failed");
}

TEST_F(VectorsCommandTest, ReportsFailuresAndLimitsThem) {
  const std::string path =
      write("mixed.tsv", kHeader + "ADD\t3F800000\tB3000000\t-\t-\t3F800000\t0\t-\thand\n"
                                   "ADD\t3F800000\tB3000000\t-\t-\t3F7FFFFF\t0\t-\thand:ieee-rtz\n"
                                   "MUL\t3F800000\t3F800002\t-\t-\t3F800002\t0\t-\thand:naive\n"
                                   "DIV\t00000000\t00000000\t-\t-\t7FFFFFFF\t-\t420\thand:wrong-flag\n");
  CommandRun r = run({"vectors", path});
  EXPECT_EQ(r.exit_code, kExitDifferent);
  EXPECT_EQ(last_line(r.out), "1 passed, 3 failed");
  EXPECT_NE(r.out.find("mixed.tsv:3: ADD a=3F800000 b=B3000000"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("expected result 3F7FFFFF mac 0 status -"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("actual   result 3F800000 mac 0 status 000"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("status 410"), std::string::npos) << r.out;

  r = run({"vectors", path, "--max-failures", "1"});
  EXPECT_EQ(r.exit_code, kExitDifferent);
  EXPECT_EQ(r.out.find("mixed.tsv:4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(2 more failing rows not shown)"), std::string::npos) << r.out;
  EXPECT_EQ(last_line(r.out), "1 passed, 3 failed");
}

TEST_F(VectorsCommandTest, BadInputExitsTwo) {
  const std::string bad = write("bad.tsv", kHeader + "ADD\t3F800000\tzz\t-\t-\t3F800000\t0\t-\thand\n");
  CommandRun r = run({"vectors", bad});
  EXPECT_EQ(r.exit_code, kExitError);
  // The offset is the byte offset of the bad field in the file: header plus "ADD\t3F800000\t".
  const std::string where = "bad.tsv: offset " + formats::hex_offset(kHeader.size() + 13) + ": line 2: column 'b'";
  EXPECT_NE(r.err.find(where), std::string::npos) << r.err;
  r = run({"vectors", (dir_ / "missing.tsv").string()});
  EXPECT_EQ(r.exit_code, kExitError);
  r = run({"vectors"});
  EXPECT_EQ(r.exit_code, kExitError);
  r = run({"vectors", bad, "--max-failures", "-1"});
  EXPECT_EQ(r.exit_code, kExitError);
}

TEST_F(VectorsCommandTest, HelpDocumentsOptions) {
  const CommandRun r = run({"vectors", "--help"});
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_NE(r.out.find("--max-failures"), std::string::npos);
  EXPECT_NE(r.out.find("N passed, M failed"), std::string::npos);
}

}  // namespace
}  // namespace gcvu::harness
