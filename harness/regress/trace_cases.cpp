#include "harness/regress/trace_cases.hpp"

#include <algorithm>

#include "formats/core/file_io.hpp"
#include "formats/pcsx2/vutrace.hpp"
#include "harness/trace_diff/lockstep.hpp"
#include "harness/trace_diff/report.hpp"

namespace gcvu::harness {

std::vector<RegressCase> find_trace_cases(const std::filesystem::path& folder) {
  std::vector<RegressCase> cases;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".vutr") continue;
    cases.push_back({.kind = "vutrace", .name = entry.path().stem().string(), .path = entry.path()});
  }
  std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return cases;
}

CaseResult run_trace_case(const RegressCase& regress_case, const RegressOptions&) {
  const std::string source = regress_case.path.string();
  const formats::VutraceTrace trace = formats::read_vutrace(formats::read_file(regress_case.path), source);
  CaseResult result;
  if (trace.snapshots.empty()) {
    result.status = CaseStatus::kError;
    result.messages.push_back(source + ": the trace has no snapshot to start from");
    return result;
  }
  const TraceDiffOptions options;
  const TraceDiffResult diff = diff_trace(trace, options);
  if (diff.diverged) {
    result.status = CaseStatus::kFailed;
    result.messages.push_back(format_trace_diff(source, diff, options));
  }
  return result;
}

}  // namespace gcvu::harness
