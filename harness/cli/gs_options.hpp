#pragma once
// The command-line choice of where the GS runs (gs/gs_config.hpp own_thread, system/gs_feed.hpp), shared by the
// commands that feed a GS: run and replay.

#include <boost/program_options.hpp>

namespace gcvu::harness {

// --gs-thread on|off (default: GsConfig's). The output is the same either way; only the speed differs.
void add_gs_thread_option(boost::program_options::options_description& options);
// Throws UsageError for anything but "on" or "off".
bool gs_thread_from(const boost::program_options::variables_map& values);

}  // namespace gcvu::harness
