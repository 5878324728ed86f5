#include "harness/regress/golden_cases.hpp"

#include "harness/golden/golden_runner.hpp"

namespace gcvu::harness {

std::vector<RegressCase> find_golden_folder_case(const std::filesystem::path& folder) {
  if (!std::filesystem::is_regular_file(folder / "case.json")) return {};
  return {RegressCase{.kind = "golden", .name = folder.filename().string(), .path = folder}};
}

CaseResult run_golden_folder_case(const RegressCase& regress_case, const RegressOptions& options) {
  GoldenOptions golden_options;
  golden_options.shared_dir = options.shared_dir;
  GoldenResult golden = run_golden_case(regress_case.path, golden_options, run_gcvu);
  CaseResult result;
  result.status = golden.passed ? CaseStatus::kPassed : CaseStatus::kFailed;
  result.messages = std::move(golden.failures);
  return result;
}

}  // namespace gcvu::harness
