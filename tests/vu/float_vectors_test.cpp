// Every row of the shared VU float vector files, read in place, must match the float unit: result, and the MAC
// digit and status wherever the row gives them. No row is skipped; a row believed wrong stays failing until the
// disagreement is documented.

#include <map>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "formats/core/file_io.hpp"
#include "formats/vectors/vector_tsv.hpp"
#include "harness/vectors/vector_check.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

struct FileCheck {
  size_t rows = 0;
  size_t failed = 0;
  std::map<std::string, size_t> rows_per_op;
  std::string first_failures;
};

FileCheck check_file(const std::string& path) {
  const std::vector<uint8_t> bytes = formats::read_file(path, formats::kMaxTextFileBytes);
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  FileCheck check;
  for (const formats::VectorRow& row : formats::parse_vector_tsv(text, path)) {
    ++check.rows;
    ++check.rows_per_op[std::string(formats::vector_op_info(row.op).name)];
    const VectorOutcome actual = evaluate_vector(row);
    if (vector_matches(row, actual)) continue;
    if (++check.failed <= 20) {
      check.first_failures += fmt::format("  line {}: {}: expected {}, actual {}\n", row.line,
                                          describe_vector_inputs(row), describe_expected(row),
                                          describe_actual(actual));
    }
  }
  return check;
}

TEST(VuFloatVectors, EveryHardwareRowMatches) {
  const FileCheck check = check_file((test::shared_dir() / "vectors/vu-float-hw.tsv").string());
  EXPECT_EQ(check.rows, 600u);  // README "Counts"
  EXPECT_EQ(check.rows_per_op.at("CLIP"), 72u);
  EXPECT_EQ(check.rows_per_op.at("RNEXT"), 32u);
  EXPECT_EQ(check.rows_per_op.at("EATANXY"), 8u);
  EXPECT_EQ(check.failed, 0u) << check.first_failures;
}

TEST(VuFloatVectors, EveryModelRowMatches) {
  const FileCheck check = check_file((test::shared_dir() / "vectors/vu-float-model.tsv").string());
  EXPECT_EQ(check.rows, 24000u);  // README "Counts": 3,000 for each of 8 ops
  for (const char* op : {"ADD", "SUB", "MUL", "DIV", "SQRT", "RSQRT", "MADD", "MSUB"}) {
    EXPECT_EQ(check.rows_per_op.count(op) ? check.rows_per_op.at(op) : 0, 3000u) << op;
  }
  EXPECT_EQ(check.failed, 0u) << check.first_failures;
}

}  // namespace
}  // namespace gcvu::harness
