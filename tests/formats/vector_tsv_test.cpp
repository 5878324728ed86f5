// The shared/vectors TSV parser: a well-formed file round-trips into rows, and every malformed input is reported
// with the file, the byte offset and the line. Files are written under a fresh mkdtemp folder, never in the source
// tree or ../shared.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/vectors/vector_tsv.hpp"

namespace gcvu::formats {
namespace {

namespace fs = std::filesystem;

class VectorTsvTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "gcvu-vector-tsv-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  // Writes `text` to a file in the temporary folder and parses it back from disk.
  std::vector<VectorRow> parse_file(const std::string& name, const std::string& text) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << text;
    const std::vector<uint8_t> bytes = read_file(path, kMaxTextFileBytes);
    return parse_vector_tsv(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                            path.string());
  }

  // Parses `text`, expecting a FormatError whose rule contains `rule_part`; returns the error.
  FormatError expect_error(const std::string& text, const std::string& rule_part) {
    try {
      parse_file("bad.tsv", text);
    } catch (const FormatError& error) {
      EXPECT_NE(error.rule().find(rule_part), std::string::npos) << error.what();
      EXPECT_NE(error.source().find("bad.tsv"), std::string::npos) << error.what();
      return error;
    }
    ADD_FAILURE() << "no error for:\n" << text;
    return FormatError("", 0, "");
  }

  fs::path dir_;
};

const std::string kHeader = "# a comment\nop\ta\tb\tc\td\tresult\tmac\tstatus\tsource\n";

TEST_F(VectorTsvTest, ParsesRowsWithOptionalFields) {
  const auto rows = parse_file("good.tsv", kHeader +
                                               "ADD\t3F800000\tB3000000\t-\t-\t3F800000\t0\t-\thw:ps2homebrew\n"
                                               "DIV\t00000000\t00000000\t-\t-\t7FFFFFFF\t-\t410\thw:ps2homebrew\n"
                                               "SQRT\t-\tffffffff\t-\t-\t5fb504f3\t-\t410\tmodel:ps2float\r\n");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].op, VectorOp::kAdd);
  EXPECT_EQ(rows[0].operands[1], 0xB3000000u);
  EXPECT_FALSE(rows[0].operands[2]);
  EXPECT_EQ(rows[0].mac, 0);
  EXPECT_FALSE(rows[0].status);
  EXPECT_EQ(rows[0].line, 3u);
  EXPECT_EQ(rows[1].status, 0x410);
  EXPECT_FALSE(rows[1].mac);
  EXPECT_EQ(rows[2].op, VectorOp::kSqrt);
  EXPECT_FALSE(rows[2].operands[0]);
  EXPECT_EQ(rows[2].result, 0x5FB504F3u);  // lower-case hex accepted, CRLF stripped
  EXPECT_EQ(rows[2].source, "model:ps2float");
}

TEST_F(VectorTsvTest, OpTableNamesRoundTrip) {
  for (const VectorOpInfo& info : vector_ops()) {
    EXPECT_EQ(find_vector_op(info.name), info.op) << info.name;
    EXPECT_EQ(vector_op_info(info.op).name, info.name);
  }
  EXPECT_FALSE(find_vector_op("add"));  // mnemonics are upper-case
}

TEST_F(VectorTsvTest, TruncatedLastRow) {
  const std::string text = kHeader + "MUL\t3F800000\t3F800002\t-";  // the file stops mid-row
  const FormatError error = expect_error(text, "truncated row: the file ends after 4 of 9 columns");
  EXPECT_EQ(error.offset(), kHeader.size());
  EXPECT_NE(error.rule().find("line 3"), std::string::npos);
}

TEST_F(VectorTsvTest, WrongColumnCount) {
  expect_error(kHeader + "ADD\t3F800000\t3F800000\t-\t-\t40000000\t0\t-\thw:x\textra\n",
               "expected 9 tab-separated columns, found 10");
  expect_error(kHeader + "ADD\t3F800000\t3F800000\t-\t-\t40000000\t0\t-\n",
               "expected 9 tab-separated columns, found 8");
}

TEST_F(VectorTsvTest, BadHex) {
  const std::string row_start = "ADD\t3F800000\t";
  const FormatError error = expect_error(kHeader + row_start + "3F80000G\t-\t-\t40000000\t0\t-\thw:x\n",
                                         "column 'b': expected 8 hex digits or '-', found '3F80000G'");
  EXPECT_EQ(error.offset(), kHeader.size() + row_start.size());  // points at the field
  expect_error(kHeader + "ADD\t3F800000\t3F80000\t-\t-\t40000000\t0\t-\thw:x\n", "column 'b'");  // 7 digits
  expect_error(kHeader + "ADD\t3F800000\t3F800000\t-\t-\t-\t0\t-\thw:x\n", "column 'result'");
  expect_error(kHeader + "ADD\t3F800000\t3F800000\t-\t-\t40000000\t10\t-\thw:x\n", "column 'mac'");
  expect_error(kHeader + "DIV\t3F800000\t3F800000\t-\t-\t3F800000\t-\t4100\thw:x\n", "column 'status'");
}

TEST_F(VectorTsvTest, UnknownOp) {
  const FormatError error =
      expect_error(kHeader + "FMA\t3F800000\t3F800000\t-\t-\t40000000\t0\t-\thw:x\n", "unknown op 'FMA'");
  EXPECT_EQ(error.offset(), kHeader.size());
}

TEST_F(VectorTsvTest, OperandUsageFollowsTheOpConvention) {
  expect_error(kHeader + "ADD\t3F800000\t-\t-\t-\t3F800000\t0\t-\thw:x\n", "ADD uses operand 'b'");
  expect_error(kHeader + "SQRT\t3F800000\t3F800000\t-\t-\t3F800000\t-\t000\thw:x\n",
               "SQRT does not use operand 'a'");
}

TEST_F(VectorTsvTest, HeaderAndLayout) {
  expect_error("op\ta\tb\n", "expected the header");
  expect_error("# only a comment\n", "no header line");
  expect_error(kHeader + "\nADD\t3F800000\t3F800000\t-\t-\t40000000\t0\t-\thw:x\n", "empty line among the rows");
  expect_error(kHeader + "# late comment\n", "comment lines are allowed only before the header");
  expect_error(kHeader + "ADD\t3F800000\t3F800000\t-\t-\t40000000\t0\t-\t\n", "column 'source' is empty");
}

}  // namespace
}  // namespace gcvu::formats
