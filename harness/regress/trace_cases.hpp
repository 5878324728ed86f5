#pragma once
// vutrace traces (NAME.vutr, issue 6). Found here so a corpus lists them; replaying one is the trace-diff
// runner's job: until its entry in case_kinds() has a runner, they are reported as an unsupported kind, skipped.

#include <filesystem>
#include <vector>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

std::vector<RegressCase> find_trace_cases(const std::filesystem::path& folder);

}  // namespace gcvu::harness
