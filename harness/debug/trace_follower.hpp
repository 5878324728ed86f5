#pragma once
// `gcvu debug --vutrace TRACE`: the debugger runs the trace's program on gcvu's VU1 and keeps the trace beside it,
// as `gcvu trace-diff` compares them (harness/trace_diff/lockstep.hpp): after the k-th pair gcvu's state must equal
// snapshot start + k. Every run command stops at the first step where they differ; `vutrace` shows the trace's
// registers beside ours at the current step.

#include <cstddef>
#include <optional>
#include <string>

#include "emu/vu/interpreter/vu1.hpp"
#include "formats/pcsx2/vutrace.hpp"
#include "harness/trace_diff/lockstep.hpp"

namespace gcvu::harness::debug {

class TraceFollower {
 public:
  // The trace must outlive the follower.
  TraceFollower(const formats::VutraceTrace& trace, TraceDiffOptions options);
  size_t start() const { return start_; }
  const TraceDiffOptions& options() const { return options_; }
  const formats::VutraceTrace& trace() const { return trace_; }
  // After a pair issued: a reason to stop (the states differ, or the trace has ended), or nothing.
  std::optional<std::string> check(const vu::Vu1& vu) const;
  // The trace's snapshot for the current step beside gcvu's registers, differences marked.
  std::string side_by_side(const vu::Vu1& vu) const;

 private:
  const formats::VutraceTrace& trace_;
  TraceDiffOptions options_;
  size_t start_;
};

}  // namespace gcvu::harness::debug
