#pragma once
// `gcvu debug --vutrace TRACE`: the debugger runs the trace's program on gcvu's VU1 and keeps the trace beside it,
// as `gcvu trace-diff` compares them (harness/trace_diff/lockstep.hpp): after the k-th pair gcvu's state must equal
// snapshot start + k. A run command stops at a step where a register or data word starts to differ; running on
// goes past it, and stops again only where something else starts to differ (a register that stays different is one
// divergence, not one per step). Every divergence met is listed (`tview div`); `vutrace` shows the trace's
// registers beside ours at the current step.

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <vector>
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
  // After a pair issued: a reason to stop (a new difference, or the trace has ended), or nothing.
  std::optional<std::string> check(const vu::Vu1& vu);
  struct Divergence {
    uint64_t step = 0;
    std::string text;  // what started to differ, trace and gcvu values
  };
  // The divergences met so far, by step (a step run again after going back replaces its entry).
  std::vector<Divergence> divergences() const;
  // The trace's snapshot for the current step beside gcvu's registers, differences marked.
  std::string side_by_side(const vu::Vu1& vu) const;

 private:
  const formats::VutraceTrace& trace_;
  TraceDiffOptions options_;
  TraceDiffOptions all_words_;  // options_ listing every differing data word
  size_t start_;
  std::map<uint64_t, std::set<std::string>> differing_;  // by step: the names that differed
  std::map<uint64_t, std::string> divergences_;          // by step: what started to differ there
};

}  // namespace gcvu::harness::debug
