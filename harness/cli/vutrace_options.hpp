#pragma once
// The option every command that reads a vutrace trace shares (trace-diff, debug --vutrace, info): how much the
// decoded snapshots may take (formats/pcsx2/vutrace.hpp VutraceLimits), and printing what the reader tolerated.

#include <ostream>
#include <string>

#include <boost/program_options.hpp>

#include "formats/pcsx2/vutrace.hpp"

namespace gcvu::harness {

// --max-decoded-mib N.
void add_vutrace_limit_option(boost::program_options::options_description& options);
formats::VutraceLimits vutrace_limits_from(const boost::program_options::variables_map& values);

// "SOURCE: warning: ..." for each of the trace's warnings.
void print_vutrace_warnings(const formats::VutraceTrace& trace, const std::string& source, std::ostream& out);

}  // namespace gcvu::harness
