// `gcvu vif-cases` run in-process: the shared hardware folders pass, failures are listed with expected and actual
// values, and bad input exits 2 naming the file and line.

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "formats/core/format_error.hpp"
#include "harness/cli/command.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

namespace fs = std::filesystem;

std::string last_line(const std::string& text) {
  std::string trimmed = text;
  while (!trimmed.empty() && trimmed.back() == '\n') trimmed.pop_back();
  const size_t newline = trimmed.rfind('\n');
  return newline == std::string::npos ? trimmed : trimmed.substr(newline + 1);
}

std::string vif_dir(const std::string& folder) { return (test::shared_dir() / "vectors/vif" / folder).string(); }

const std::string kHeader = "case\tstream\tvu_init\tregs_init\tcheck\texpected\tnote\n";

// STCYCL 4,4; UNPACK S-32 NUM=1 ADDR=0; data 0x1234; NOP.
const std::vector<uint8_t> kStream = {0x04, 0x04, 0x00, 0x01, 0x00, 0x00, 0x01, 0x60,
                                      0x34, 0x12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};

TEST(VifCasesCommand, SharedHardwareFoldersPass) {
  const test::CliResult r = test::run_cli({"vif-cases", vif_dir("basic"), vif_dir("intstall"), vif_dir("mskpath3"),
                                           vif_dir("stcycl"), vif_dir("stmod"), vif_dir("unpack")});
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  EXPECT_EQ(last_line(r.out), "198 passed, 0 failed");
}

TEST(VifCasesCommand, ReportsFailuresWithExpectedAndActual) {
  test::TempDir dir;
  test::write_bytes(dir / "s.vif", kStream);
  const std::string rows = kHeader +
                           "good\ts.vif\tfill:00000000\tRST\tvu:0:1;reg:NUM\t00001234 00001234 00001234 00001234;"
                           "00000000\thand\n"
                           "bad\ts.vif\tfill:00000000\tRST\tvu:0:1:x;vu:1:1:w;reg:CYCLE&000000ff\t00001235;ffffffff;"
                           "00000003\thand: wrong on purpose\n";
  std::ofstream(dir / "cases.tsv") << rows;
  test::CliResult r = test::run_cli({"vif-cases", dir.path().string()});
  EXPECT_EQ(r.code, kExitDifferent) << r.err;
  EXPECT_EQ(last_line(r.out), "1 passed, 1 failed");
  EXPECT_NE(r.out.find("FAIL " + dir.path().filename().string() + "/bad (" + (dir / "cases.tsv").string() + ":3)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("vu:0:1:x: qword 0 x: expected 00001235, actual 00001234"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("vu:1:1:w: qword 1 w: expected ffffffff, actual 00000000"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("reg:CYCLE&000000ff: expected 00000003, actual 00000004"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("after: VIF1 idle; STAT=00000000"), std::string::npos) << r.out;

  r = test::run_cli({"vif-cases", dir.path().string(), "--max-failures", "0"});
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(1 more failing cases not shown)"), std::string::npos);
}

TEST(VifCasesCommand, BadInputExitsTwoNamingFileAndLine) {
  test::TempDir dir;
  test::write_bytes(dir / "s.vif", kStream);
  struct Bad {
    std::string row;
    std::string message;
  };
  const std::vector<Bad> cases = {
      {"c\ts.vif\tfill:0000000g\tnone\tvu:0:1\t0 0 0 0\tn\n", "line 2: column 'vu_init': '0000000g' is not"},
      {"c\ts.vif\tany\tFOO=00000000\treg:MODE\t00000000\tn\n", "line 2: column 'regs_init': unknown register 'FOO'"},
      {"c\ts.vif\tany\tnone\tvu:0:2\t00000000\tn\n", "line 2: column 'expected': check 'vu:0:2' needs 8 words"},
      {"c\ts.vif\tany\tnone\tmem:0\t00000000\tn\n", "line 2: column 'check': 'mem:0' is not vu:Q:N[:LANES]"},
      {"c\ts.vif\tany\tnone\treg:MODE;reg:NUM\t00000000\tn\n", "line 2: column 'expected': 1 items for 2 checks"},
      {"c\ts.vif\tany\tnone\tvu:0:1:yx\t0 0\tn\n", "lanes 'yx' must be a subset of xyzw in that order"},
      {"c\ts.vif\tany\n", "line 2: 3 tab-separated columns, expected 7"},
      {"c\tmissing.vif\tany\tnone\treg:MODE\t00000000\tn\n", "missing.vif"},
  };
  for (const Bad& bad : cases) {
    SCOPED_TRACE(bad.row);
    std::ofstream(dir / "cases.tsv", std::ios::trunc) << kHeader + bad.row;
    const test::CliResult r = test::run_cli({"vif-cases", dir.path().string()});
    EXPECT_EQ(r.code, kExitError) << r.out;
    EXPECT_NE(r.err.find(bad.message), std::string::npos) << r.err;
  }
  // The offset names the bad field's first byte: the header plus "c\ts.vif\t".
  std::ofstream(dir / "cases.tsv", std::ios::trunc) << kHeader + "c\ts.vif\tnope\tnone\treg:MODE\t00000000\tn\n";
  test::CliResult r = test::run_cli({"vif-cases", dir.path().string()});
  EXPECT_NE(r.err.find("cases.tsv: offset " + formats::hex_offset(kHeader.size() + 8)), std::string::npos) << r.err;

  std::ofstream(dir / "cases.tsv", std::ios::trunc) << "case\tstream\n";
  r = test::run_cli({"vif-cases", dir.path().string()});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find("line 1: the header must be"), std::string::npos) << r.err;

  test::write_bytes(dir / "odd.vif", {1, 2, 3, 4, 5});
  std::ofstream(dir / "cases.tsv", std::ios::trunc) << kHeader + "c\todd.vif\tany\tnone\treg:MODE\t00000000\tn\n";
  r = test::run_cli({"vif-cases", dir.path().string()});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find("odd.vif: offset 0x4: a VIF stream is whole 32-bit words; 5 bytes is not"), std::string::npos)
      << r.err;

  r = test::run_cli({"vif-cases", (dir / "nowhere").string()});
  EXPECT_EQ(r.code, kExitError);
  r = test::run_cli({"vif-cases"});
  EXPECT_EQ(r.code, kExitError);
  r = test::run_cli({"vif-cases", dir.path().string(), "--max-failures", "-1"});
  EXPECT_EQ(r.code, kExitError);
}

// The hardware settles V2 (unpack/simple_v2_*: z=x, w=y); the Play! choice breaks exactly those three cases. The
// V3 and fill-cycle choices break none (README: the cases cannot tell them apart).
TEST(VifCasesCommand, ReferenceChoicesAgainstTheHardware) {
  test::CliResult r = test::run_cli({"vif-cases", vif_dir("unpack"), "--v2-extra", "zero", "--max-failures", "5"});
  EXPECT_EQ(r.code, kExitDifferent);
  EXPECT_EQ(last_line(r.out), "14 passed, 3 failed");
  EXPECT_NE(r.out.find("unpack/simple_v2_32"), std::string::npos) << r.out;
  r = test::run_cli({"vif-cases", vif_dir("unpack"), vif_dir("stcycl"), "--v3-extra", "zero", "--fill-cycles", "zero"});
  EXPECT_EQ(r.code, kExitOk) << r.out;
  r = test::run_cli({"vif-cases", vif_dir("unpack"), "--v3-extra", "maybe"});
  EXPECT_EQ(r.code, kExitError);
  EXPECT_NE(r.err.find("--v3-extra must be next-element or zero, not 'maybe'"), std::string::npos) << r.err;
}

TEST(VifCasesCommand, HelpDocumentsOptions) {
  const test::CliResult r = test::run_cli({"vif-cases", "--help"});
  EXPECT_EQ(r.code, kExitOk);
  for (const char* option : {"--max-failures", "--v2-extra", "--v3-extra", "--fill-cycles"}) {
    EXPECT_NE(r.out.find(option), std::string::npos) << option;
  }
  EXPECT_NE(r.out.find("N passed, M failed"), std::string::npos);
}

}  // namespace
}  // namespace gcvu::harness
