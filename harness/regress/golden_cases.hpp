#pragma once
// The repository's own golden cases (golden/README.md: a folder holding case.json) as regress cases, run by the
// golden runner (golden_runner.hpp) exactly as `gcvu golden` runs them.

#include <filesystem>
#include <vector>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

std::vector<RegressCase> find_golden_folder_case(const std::filesystem::path& folder);
CaseResult run_golden_folder_case(const RegressCase& regress_case, const RegressOptions& options);

}  // namespace gcvu::harness
