#pragma once
// The command-line choice of where the GS runs (gs/gs_config.hpp own_thread, system/gs_feed.hpp), shared by the
// commands that feed a GS: run and replay.

#include <boost/program_options.hpp>

namespace gcvu::harness {

// What run and replay do without --gs-thread: the GS on its own thread. Measured on the 2-core development machine
// (load average 6.7, four alternating pairs of `gcvu run --frames 60`): 34.5-39.8 frames/s on against 24.6-34.3
// off, at the same CPU time (1.45-1.49 s user on, 1.47-1.61 off). The library default (GsConfig::own_thread) stays
// off: tests, benchmarks and other callers of the GS keep the single-threaded path unless they ask.
inline constexpr bool kGsThreadByDefault = true;

// --gs-thread on|off (default: kGsThreadByDefault). The output is the same either way; only the speed differs.
void add_gs_thread_option(boost::program_options::options_description& options);
// Throws UsageError for anything but "on" or "off".
bool gs_thread_from(const boost::program_options::variables_map& values);

}  // namespace gcvu::harness
