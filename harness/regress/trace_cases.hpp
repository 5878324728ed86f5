#pragma once
// vutrace traces (NAME.vutr): gcvu's VU1 runs in lockstep with the trace as `gcvu trace-diff` runs it, with its
// default options (every register compared bit for bit); the case fails at the first diverging step.

#include <filesystem>
#include <vector>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

std::vector<RegressCase> find_trace_cases(const std::filesystem::path& folder);
CaseResult run_trace_case(const RegressCase& regress_case, const RegressOptions& options);

}  // namespace gcvu::harness
