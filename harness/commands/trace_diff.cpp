// gcvu trace-diff TRACE: replays a vutrace trace's first snapshot through gcvu's VU1 in lockstep and reports the
// first step where the states differ.

#include <ostream>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/pcsx2/vutrace.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/vu_options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/trace_diff/lockstep.hpp"
#include "harness/cli/vutrace_options.hpp"
#include "harness/trace_diff/report.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

uint64_t parse_number(const std::string& option, const std::string& text, uint64_t max) {
  const std::optional<uint64_t> value = parse_unsigned(text);
  if (!value || *value > max)
    throw UsageError(fmt::format("--{} '{}' must be a whole number up to {}", option, text, max));
  return *value;
}

}  // namespace

int run_trace_diff(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "trace-diff", "TRACE [--ignore LIST] [--ignore-floats] [--float-ulps N] [--max-steps N] [options]",
      "Checks gcvu's VU1 against a vutrace trace (chaoticgd/vutrace: PCSX2's VU1 interpreter, patched, writes the\n"
      "VU1 state after every instruction pair of one microprogram run; format versions 1-3). The trace's first\n"
      "snapshot is the initial state: VF, VI, ACC, Q, P, I, R, MAC/status/clip flags, data and micro memory, and\n"
      "its TPC as the PC. Then gcvu's VU1 runs in lockstep, one instruction pair per snapshot, and the first step\n"
      "where any compared register or data-memory word differs is reported: the step index (= the snapshot\n"
      "index), the PC and disassembly of the pair that step executed, and each difference with the trace's value\n"
      "and gcvu's (hex; floats also as decimal).\n"
      "\n"
      "Lockstep semantics: a snapshot is PCSX2's state right after its interpreter executed a pair (its TPC is\n"
      "the next pair). Step k runs the pair at snapshot k-1's TPC through gcvu's issue loop (the pair's stall,\n"
      "the Q/P/flag results whose latency has passed by its issue cycle, then the pair) and compares gcvu's\n"
      "architectural state with snapshot k. Both PCSX2's interpreter and gcvu write VF/VI/ACC and memory when a\n"
      "pair issues (latency shows as stalls of later readers) and commit Q, P and the MAC/status/clip flags once\n"
      "their latency has passed; results still in flight are compared on neither side. Where the two latency\n"
      "models disagree, the difference shows in q, p or the flags at the step one side commits. Version 1 and 2\n"
      "snapshots carry PCSX2's interpreter state (cycle, pending branch, DIV/EFU pipes): the run starts at the\n"
      "first snapshot, with the branch target and the DIV/EFU results in flight seeded (listed as 'in flight at\n"
      "the start'). Version 1's interpreter committed Q/P/flag results after the pair issuing on their cycle, so\n"
      "that pair read the old value: version-1 traces are compared with that one-step shift. Version 3 records\n"
      "none of it: if its first pair is a branch, the start moves to the first snapshot whose pair is not, and\n"
      "a DIV/EFU result in flight at the start is lost. FMAC flag results in flight are in no version; TOP/ITOP\n"
      "(XTOP/XITOP) come from --top/--itop.\n"
      "\n"
      "Why a trace is not bit-exact on floats: PCSX2's interpreter computes VU floats as host IEEE-754 SSE\n"
      "floats (round toward zero, denormals flushed), not PS2 floats. On a PS2, exponent 255 is an ordinary\n"
      "exponent (no infinities or NaNs) and overflow saturates to +-0x7FFFFFFF; the adder keeps one guard bit\n"
      "and truncates; the multiplier drops low partial products (up to 1 ulp below the truncated product, not\n"
      "commutative); DIV/SQRT/RSQRT and the EFU have their own roundings. PCSX2 clamps only in its clamp modes.\n"
      "So VF, ACC, Q, P and the MAC/status/clip flags of a trace (and memory stored from them) are PCSX2's\n"
      "answers, which can differ from hardware and from gcvu by a unit in the last place, or wholly near the\n"
      "overflow and denormal edges. Integer registers, I, R, the PC, and memory written from VI are exact. Use\n"
      "--float-ulps to allow last-place differences, or --ignore / --ignore-floats to leave registers out.\n"
      "\n"
      "--ignore takes a comma-separated list of: vf, vf0..vf31, vi, vi0..vi15, acc, q, p, i, r, status, mac, clip,\n"
      "flags (status,mac,clip), mem (all of data memory), floats (vf,acc,q,p,status,mac,clip). Ignored registers are\n"
      "not compared, but gcvu keeps computing them: a wrong value still reaches what is compared later. The\n"
      "trace's pending q and p fields (a DIV/EFU result not yet visible) are never compared.\n"
      "\n"
      "Exit status: 0 the whole trace (or --max-steps of it) matches; 1 a step differs (or gcvu's VU1 stopped\n"
      "before the trace ended); 2 bad invocation or bad input (unreadable or malformed trace, printed with the\n"
      "byte offset and the rule, or a trace with no snapshot).");
  line.arguments.add_options()("trace", po::value<std::string>()->required(), "trace file");
  // clang-format off
  line.options.add_options()
      ("max-steps", po::value<std::string>(), "compare at most N steps")
      ("write-clash", po::value<std::string>()->default_value("skip"),
       "when both halves of a pair write the same VF register: 'skip' the lower op (as PCSX2's interpreter) or "
       "'discard' only its VF write")
      ("top", po::value<std::string>()->default_value("0"), "the TOP register XTOP reads (VIF1's, not in a trace)")
      ("itop", po::value<std::string>()->default_value("0"), "the ITOP register XITOP reads");
  // clang-format on
  add_trace_compare_options(line.options);
  add_vutrace_limit_option(line.options);
  line.positional.add("trace", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  TraceDiffOptions options;
  apply_trace_compare_options(values, options);
  if (values.count("max-steps") != 0) {
    options.max_steps = parse_number("max-steps", values["max-steps"].as<std::string>(), UINT64_MAX);
  }
  options.config.write_clash = parse_write_clash(values["write-clash"].as<std::string>());
  apply_trace_top_options(values, options);
  const formats::VutraceLimits limits = vutrace_limits_from(values);

  const std::string path = values["trace"].as<std::string>();
  const std::vector<uint8_t> bytes = formats::read_file(path, formats::vutrace_file_limit(limits));
  const formats::VutraceTrace trace = formats::read_vutrace(bytes, path, limits);
  print_vutrace_warnings(trace, path, io.err);
  if (trace.snapshots.empty()) {
    io.err << "gcvu trace-diff: " << path << ": the trace has no snapshot to start from\n";
    return kExitError;
  }
  const TraceDiffResult result = diff_trace(trace, options);
  io.out << format_trace_diff(path, result, options);
  return result.diverged ? kExitDifferent : kExitOk;
}

}  // namespace gcvu::harness
