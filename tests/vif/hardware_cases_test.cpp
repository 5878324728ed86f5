// The 198 VIF1 cases measured on a real PS2 (shared/vectors/vif, from ps2autotests): every one must pass.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/core/file_io.hpp"
#include "harness/vif_cases/case_runner.hpp"
#include "harness/vif_cases/case_table.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

const std::vector<std::string> kFolders = {"basic", "intstall", "mskpath3", "stcycl", "stmod", "unpack"};

TEST(VifHardwareCases, AllSharedCasesPass) {
  size_t total = 0;
  for (const std::string& folder : kFolders) {
    const std::filesystem::path tsv = test::shared_dir() / "vectors/vif" / folder / "cases.tsv";
    const std::vector<uint8_t> bytes = formats::read_file(tsv, formats::kMaxTextFileBytes);
    const std::vector<VifCase> cases =
        parse_vif_cases(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), tsv);
    for (const VifCase& vif_case : cases) {
      SCOPED_TRACE(folder + "/" + vif_case.name);
      const CaseOutcome outcome = run_vif_case(vif_case, formats::read_file(vif_case.stream, dma::kRamBytes));
      std::string report;
      for (const std::string& line : outcome.mismatches) report += line + "\n";
      EXPECT_TRUE(outcome.passed) << report << outcome.final_state;
      ++total;
    }
  }
  EXPECT_EQ(total, 198u);
}

}  // namespace
}  // namespace gcvu::harness
