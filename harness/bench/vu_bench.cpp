#include "harness/bench/vu_bench.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace gcvu::harness {

bool CountingPath1::transfer_qword(const vu::Vec4& qword, uint32_t, uint64_t) {
  ++qwords;
  uint64_t low = uint64_t{qword[0]} | uint64_t{qword[1]} << 32;
  uint64_t high = uint64_t{qword[2]} | uint64_t{qword[3]} << 32;
  checksum = (checksum ^ low) * 0x100000001b3ull ^ high;
  return tracker_.feed(low, high);
}

WorkloadRunner::WorkloadRunner(const Workload& workload, vu::Vu1Config config)
    : name_(workload.name), prepared_(std::make_unique<vu::Vu1>(config)), vu_(std::make_unique<vu::Vu1>(config)) {
  prepared_->load_micro(workload.code);
  prepared_->data().load(workload.data);
}

WorkloadRun WorkloadRunner::run_once(double* seconds) {
  *vu_ = *prepared_;
  path1_ = CountingPath1{};
  vu_->set_path1(&path1_);
  vu_->start(0);
  auto begin = std::chrono::steady_clock::now();
  vu::StopReason reason = vu_->run();
  vu_->finish_xgkick();
  auto end = std::chrono::steady_clock::now();
  if (seconds != nullptr) *seconds = std::chrono::duration<double>(end - begin).count();
  if (reason != vu::StopReason::kEnded) {
    std::string detail = vu_->stop_message().empty() ? "" : ": " + vu_->stop_message();
    throw std::runtime_error(fmt::format("{} stopped ({}){}", name_, vu::stop_reason_name(reason), detail));
  }
  WorkloadRun run;
  uint64_t end_cycle = std::max(vu_->cycle(), vu_->xgkick().free_cycle());
  run.vu_cycles = end_cycle - vu_->start_cycle();
  run.stats = vu_->stats();
  run.path1_qwords = path1_.qwords;
  run.path1_checksum = path1_.checksum;
  return run;
}

Measurement measure(const TimedRun& run_once, double min_seconds, const std::function<void(double)>& progress) {
  Measurement m;
  do {
    double seconds = 0;
    m.last = run_once(&seconds);
    ++m.runs;
    m.vu_cycles += m.last.vu_cycles;
    m.wall_seconds += seconds;
    if (progress) progress(m.wall_seconds);
  } while (m.wall_seconds < min_seconds);
  return m;
}

}  // namespace gcvu::harness
