#pragma once
// The options commands that read a vutrace trace share: how much the decoded snapshots may take (trace-diff,
// debug --vutrace, info; formats/pcsx2/vutrace.hpp VutraceLimits), what a comparison ignores or tolerates
// (trace-diff, debug --vutrace), and printing what the reader tolerated.

#include <ostream>
#include <string>

#include <boost/program_options.hpp>

#include "formats/pcsx2/vutrace.hpp"
#include "harness/trace_diff/lockstep.hpp"

namespace gcvu::harness {

// --max-decoded-mib N.
void add_vutrace_limit_option(boost::program_options::options_description& options);
formats::VutraceLimits vutrace_limits_from(const boost::program_options::variables_map& values);

// --ignore LIST (repeatable), --ignore-floats, --float-ulps N: what a comparison with a trace leaves out or
// tolerates (trace-diff and debug --vutrace).
void add_trace_compare_options(boost::program_options::options_description& options);
void apply_trace_compare_options(const boost::program_options::variables_map& values, TraceDiffOptions& options);

// --top / --itop: the TOP and ITOP registers XTOP and XITOP read, which a trace does not hold (VIF1's, handed to
// VU1 at MSCAL). trace-diff defines the options itself; debug has them from the state options (VIF1 TOP/ITOP, the
// same registers) and takes them for a trace too. Absent options leave `options` as it is.
void apply_trace_top_options(const boost::program_options::variables_map& values, TraceDiffOptions& options);

// "SOURCE: warning: ..." for each of the trace's warnings.
void print_vutrace_warnings(const formats::VutraceTrace& trace, const std::string& source, std::ostream& out);

}  // namespace gcvu::harness
