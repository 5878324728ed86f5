#include "harness/regress/trace_cases.hpp"

#include <algorithm>
#include <fstream>

#include "formats/core/file_io.hpp"
#include "formats/pcsx2/vutrace.hpp"
#include "harness/trace_diff/lockstep.hpp"
#include "harness/trace_diff/report.hpp"

namespace gcvu::harness {

namespace {

// Real traces are named trace%06d.bin (the first of a session trace-00001.bin), so a trace is found by its first
// bytes: the VUTR magic, or a headerless version-1 trace's 'I' packet and the packet after it.
bool is_trace_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> head(formats::kVutraceContentProbeBytes);
  in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  return formats::looks_like_vutrace_content(head);
}

}  // namespace

std::vector<RegressCase> find_trace_cases(const std::filesystem::path& folder) {
  std::vector<RegressCase> cases;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (!entry.is_regular_file() || !is_trace_file(entry.path())) continue;
    cases.push_back({.kind = "vutrace", .name = entry.path().stem().string(), .path = entry.path()});
  }
  std::sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return cases;
}

CaseResult run_trace_case(const RegressCase& regress_case, const RegressOptions&) {
  const std::string source = regress_case.path.string();
  const formats::VutraceTrace trace =
      formats::read_vutrace(formats::read_file(regress_case.path, formats::vutrace_file_limit({})), source);
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
