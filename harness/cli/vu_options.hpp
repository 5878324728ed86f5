#pragma once
// The command-line choice of VU1's disputed same-pair write clash (vu/interpreter/vu1_config.hpp), shared by the
// commands that run VU1 alone (vu-run, trace-diff), and of its execution engine (every command that runs VU1).

#include <string>

#include <boost/program_options.hpp>

#include "emu/vu/interpreter/vu1_config.hpp"

namespace gcvu::harness {

// "discard" or "skip"; throws UsageError for anything else.
vu::WriteClash parse_write_clash(const std::string& text);

// --engine interp|blocks|jit (default: Vu1Config's). The engines give the same results; only their speed differs.
void add_engine_option(boost::program_options::options_description& options);
// Throws UsageError for an unknown engine name.
vu::Engine engine_from(const boost::program_options::variables_map& values);

}  // namespace gcvu::harness
