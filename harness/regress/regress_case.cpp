#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

const char* case_status_name(CaseStatus status) {
  switch (status) {
    case CaseStatus::kPassed: return "PASS";
    case CaseStatus::kFailed: return "FAIL";
    case CaseStatus::kError: return "ERROR";
    case CaseStatus::kSkipped: return "SKIP";
  }
  return "?";
}

uint64_t CaseResult::differing_bytes() const {
  uint64_t total = 0;
  for (const VsyncOutcome& vsync : vsyncs) total += vsync.differing_bytes.value_or(0);
  return total;
}

uint64_t CaseResult::differing_pixels() const {
  uint64_t total = 0;
  for (const VsyncOutcome& vsync : vsyncs) total += vsync.differing_pixels.value_or(0);
  return total;
}

}  // namespace gcvu::harness
