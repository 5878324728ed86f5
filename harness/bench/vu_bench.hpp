#pragma once
// Runs a workload on VU1 alone, again and again, and measures emulated VU cycles against wall time.
// The cycles of one run count from the MSCAL (start) to the end of the E bit's drain, plus any XGKICK transfer
// still running then. Only run() and the XGKICK flush are timed; copying the prepared VU in between is not.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "emu/gif/packet_tracker.hpp"
#include "emu/vu/interpreter/vu1.hpp"
#include "harness/bench/workloads.hpp"

namespace gcvu::harness {

using vu::kVu1ClockHz;

// Takes XGKICK qwords as the GIF would: ends each transfer after the data of an EOP tag. Keeps a count and a
// checksum so the work cannot be optimised away and runs can be compared.
class CountingPath1 : public vu::Path1Port {
 public:
  bool transfer_qword(const vu::Vec4& qword, uint32_t address, uint64_t cycle) override;
  uint64_t qwords = 0;
  uint64_t checksum = 0;

 private:
  gif::PacketTracker tracker_;
};

struct WorkloadRun {
  uint64_t vu_cycles = 0;
  vu::Vu1Stats stats;
  uint64_t path1_qwords = 0;
  uint64_t path1_checksum = 0;
};

class WorkloadRunner {
 public:
  explicit WorkloadRunner(const Workload& workload, vu::Vu1Config config = {});
  // One run from a fresh copy of the prepared VU. Throws std::runtime_error when the program does not end with
  // its E bit (invalid instruction, cycle budget, ...). `seconds`, when given, receives the timed part.
  WorkloadRun run_once(double* seconds = nullptr);
  const std::string& name() const { return name_; }
  // The VU after the last run, for inspecting results.
  const vu::Vu1& vu() const { return *vu_; }

 private:
  std::string name_;
  std::unique_ptr<vu::Vu1> prepared_;
  std::unique_ptr<vu::Vu1> vu_;
  CountingPath1 path1_;
};

struct Measurement {
  uint64_t runs = 0;
  uint64_t vu_cycles = 0;  // over all runs
  double wall_seconds = 0;
  WorkloadRun last;  // the counters of one run
  double vu_hz() const { return wall_seconds > 0 ? static_cast<double>(vu_cycles) / wall_seconds : 0.0; }
  double ratio_to_realtime() const { return vu_hz() / kVu1ClockHz; }
};

// One timed run of some workload (WorkloadRunner::run_once, CapturedFrameRunner::run_once).
using TimedRun = std::function<WorkloadRun(double* seconds)>;

// Runs the workload until at least `min_seconds` of timed wall time (at least once). `progress`, when set, is
// called after each run with the seconds so far.
Measurement measure(const TimedRun& run_once, double min_seconds, const std::function<void(double)>& progress = {});
inline Measurement measure(WorkloadRunner& runner, double min_seconds,
                           const std::function<void(double)>& progress = {}) {
  return measure([&runner](double* seconds) { return runner.run_once(seconds); }, min_seconds, progress);
}

}  // namespace gcvu::harness
