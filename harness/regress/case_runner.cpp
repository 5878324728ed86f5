#include "harness/regress/case_runner.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "harness/regress/case_kind.hpp"

namespace gcvu::harness {

CaseResult run_regress_case(const RegressCase& regress_case, const RegressOptions& options) {
  const CaseKind* kind = find_case_kind(regress_case.kind);
  if (kind == nullptr || kind->run == nullptr) {
    CaseResult skipped;
    skipped.status = CaseStatus::kSkipped;
    skipped.messages.push_back("unsupported kind, skipped");
    return skipped;
  }
  if (!regress_case.error.empty()) {
    CaseResult broken;
    broken.status = CaseStatus::kError;
    broken.messages.push_back(regress_case.error);
    return broken;
  }
  const auto started = std::chrono::steady_clock::now();
  CaseResult result;
  try {
    result = kind->run(regress_case, options);
  } catch (const std::exception& error) {
    result = CaseResult{};
    result.status = CaseStatus::kError;
    result.messages.emplace_back(error.what());
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

std::vector<CaseResult> run_regress_cases(std::span<const RegressCase> cases, const RegressOptions& options,
                                          unsigned jobs, const CaseFinished& on_finished) {
  std::vector<CaseResult> results(cases.size());
  std::atomic<size_t> next{0};
  std::mutex report_mutex;
  auto work = [&] {
    for (size_t position = next++; position < cases.size(); position = next++) {
      results[position] = run_regress_case(cases[position], options);
      const std::lock_guard lock(report_mutex);
      if (on_finished) on_finished(position, results[position]);
    }
  };
  const unsigned threads = std::clamp<size_t>(jobs, 1, std::max<size_t>(cases.size(), 1));
  std::vector<std::jthread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();       // the calling thread is one of the workers
  pool.clear();  // joins: every result is written before it is returned
  return results;
}

}  // namespace gcvu::harness
