#include "harness/debug/trace_follower.hpp"

#include <fmt/format.h>

#include "harness/debug/ps2_value.hpp"

namespace gcvu::harness::debug {

TraceFollower::TraceFollower(const formats::VutraceTrace& trace, TraceDiffOptions options)
    : trace_(trace), options_(std::move(options)), all_words_(options_), start_(first_clean_snapshot(trace)) {
  // Every differing memory word is named, so a word that starts to differ is seen past the first few.
  all_words_.max_listed_words = SIZE_MAX;
}

std::optional<std::string> TraceFollower::check(const vu::Vu1& vu) {
  const uint64_t step = vu.stats().pairs;
  const size_t index = start_ + static_cast<size_t>(step);
  if (index >= trace_.snapshots.size()) return fmt::format("the trace ends here (step {})", step);
  TraceDiffResult result;
  // Only steps where something differs keep an entry, so a long matching run costs nothing here.
  differing_.erase(step);
  divergences_.erase(step);
  if (!compare_with_snapshot(vu, trace_.snapshots[index], all_words_, result)) return std::nullopt;
  std::set<std::string>& now = differing_[step];
  const auto before = differing_.find(step - 1);
  std::string text;
  size_t listed = 0;
  for (const StateMismatch& mismatch : result.mismatches) {
    now.insert(mismatch.name);
    if (step > 0 && before != differing_.end() && before->second.count(mismatch.name) != 0) continue;
    if (listed++ < options_.max_listed_words) {
      text += fmt::format(" {} trace {:08x} ours {:08x};", mismatch.name, mismatch.trace_value, mismatch.our_value);
    }
  }
  if (listed == 0) return std::nullopt;  // only what already differed at the step before
  if (listed > options_.max_listed_words) text += fmt::format(" ({} new differences in all);", listed);
  text.pop_back();
  divergences_[step] = fmt::format("step {} (snapshot {}):{}", step, index, text);
  return fmt::format("the run differs from the trace at step {} (snapshot {}):{}", step, index, text);
}

std::vector<TraceFollower::Divergence> TraceFollower::divergences() const {
  std::vector<Divergence> list;
  for (const auto& [step, text] : divergences_) list.push_back({step, text});
  return list;
}

std::string TraceFollower::side_by_side(const vu::Vu1& vu) const {
  const uint64_t step = vu.stats().pairs;
  const size_t index = start_ + static_cast<size_t>(step);
  if (index >= trace_.snapshots.size()) return fmt::format("the trace has no snapshot for step {}\n", step);
  const formats::VutraceRegisters& trace = trace_.snapshots[index].registers;
  const vu::Registers& ours = vu.registers();
  std::string text = fmt::format("step {} (snapshot {})        trace                                  gcvu\n", step,
                                 index);
  auto row = [&](const std::string& name, const std::array<uint32_t, 4>& theirs, const vu::Vec4& mine, int lanes) {
    std::string left, right;
    for (int lane = 0; lane < lanes; ++lane) {
      left += fmt::format(" {:08x}", theirs[lane]);
      right += fmt::format(" {:08x}", mine[lane]);
    }
    bool same = true;
    for (int lane = 0; lane < lanes; ++lane) same = same && theirs[lane] == mine[lane];
    text += fmt::format("{} {:<6}{:<38}{}\n", same ? " " : "!", name, left, right);
  };
  row("tpc", {trace.tpc(), 0, 0, 0}, {uint32_t{ours.tpc} * 8u, 0, 0, 0}, 1);
  for (int n = 0; n < vu::kVfCount; ++n) {
    row(fmt::format("vf{:02}", n), {trace.vf[n][0], trace.vf[n][1], trace.vf[n][2], trace.vf[n][3]}, ours.vf(n), 4);
  }
  row("acc", {trace.acc[0], trace.acc[1], trace.acc[2], trace.acc[3]}, ours.acc(), 4);
  for (int n = 0; n < vu::kViCount; ++n) {
    row(fmt::format("vi{:02}", n), {trace.vi[n][0] & 0xffff, 0, 0, 0}, {ours.vi(n), 0, 0, 0}, 1);
  }
  using formats::vutrace_vi::kClip;
  using formats::vutrace_vi::kMac;
  using formats::vutrace_vi::kP;
  using formats::vutrace_vi::kQ;
  using formats::vutrace_vi::kStatus;
  row("q", {trace.vi[kQ][0], 0, 0, 0}, {ours.q, 0, 0, 0}, 1);
  row("p", {trace.vi[kP][0], 0, 0, 0}, {ours.p, 0, 0, 0}, 1);
  row("mac", {trace.vi[kMac][0], 0, 0, 0}, {ours.mac, 0, 0, 0}, 1);
  row("status", {trace.vi[kStatus][0], 0, 0, 0}, {ours.status, 0, 0, 0}, 1);
  row("clip", {trace.vi[kClip][0], 0, 0, 0}, {ours.clip, 0, 0, 0}, 1);
  return text;
}

}  // namespace gcvu::harness::debug
