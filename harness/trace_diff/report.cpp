#include "harness/trace_diff/report.hpp"

#include <bit>

#include <fmt/format.h>

#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::harness {

namespace {

std::string value_text(uint32_t bits, bool is_float) {
  // The float reading is the host's (PS2 floats have no Inf/NaN; exponent 255 reads as Inf/NaN here).
  if (is_float) return fmt::format("{:08x} ({})", bits, std::bit_cast<float>(bits));
  return fmt::format("{:08x} ({})", bits, bits);
}

}  // namespace

std::string format_trace_diff(const std::string& source, const TraceDiffResult& result,
                              const TraceDiffOptions& options) {
  std::string text = fmt::format("{}: {} snapshots; started from snapshot {}; ignoring {}", source, result.snapshots,
                                 result.start, options.ignore.describe());
  if (options.float_ulps != 0) text += fmt::format("; floats within {} ulp", options.float_ulps);
  text += "\n";
  if (result.commit_after_pair) {
    text += "version 1: Q, P and flag results commit after the pair issuing on their cycle, as its interpreter did\n";
  }
  for (const std::string& line : result.seeded) text += fmt::format("in flight at the start: {}\n", line);
  if (result.start >= result.snapshots) {
    text += "nothing to compare: no snapshot is free of a pending branch\n";
    return text;
  }
  if (!result.diverged) {
    text += fmt::format("match: {} steps{}\n", result.steps,
                        result.cut_short ? fmt::format(" (stopped at --max-steps {})", options.max_steps) : "");
    return text;
  }
  if (result.step == result.start) {
    text += fmt::format("diverges at step {}: the trace's initial state is one gcvu's VU1 cannot hold\n", result.step);
  } else {
    text += fmt::format("diverges at step {} (snapshot {}) after {} matching steps\n", result.step, result.step,
                        result.steps - 1);
  }
  text += fmt::format("  pc {:#06x}: {}\n", result.pc, microcode::disassemble_bundle(result.bundle, result.pc));
  if (!result.stop.empty()) text += fmt::format("  {}\n", result.stop);
  if (!result.mismatches.empty()) text += fmt::format("  {:<10} {:<24} {}\n", "register", "trace", "gcvu");
  for (const StateMismatch& mismatch : result.mismatches) {
    text += fmt::format("  {:<10} {:<24} {}\n", mismatch.name, value_text(mismatch.trace_value, mismatch.is_float),
                        value_text(mismatch.our_value, mismatch.is_float));
  }
  if (result.memory_mismatches > options.max_listed_words) {
    text += fmt::format("  ... {} differing memory words in all\n", result.memory_mismatches);
  }
  return text;
}

}  // namespace gcvu::harness
