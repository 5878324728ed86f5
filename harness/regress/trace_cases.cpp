#include "harness/regress/trace_cases.hpp"

#include <algorithm>

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

}  // namespace gcvu::harness
