#include "harness/cli/gs_options.hpp"

#include <string>

#include <fmt/format.h>

#include "harness/cli/options.hpp"

namespace gcvu::harness {

void add_gs_thread_option(boost::program_options::options_description& options) {
  options.add_options()("gs-thread",
                        boost::program_options::value<std::string>()->default_value(
                            kGsThreadByDefault ? "on" : "off"),
                        "on: the GS takes its input through a queue on a thread of its own, overlapping the "
                        "emulation (or the dump's decoding); off: on the emulation's thread. Same bytes either way");
}

bool gs_thread_from(const boost::program_options::variables_map& values) {
  const std::string text = values.count("gs-thread") != 0 ? values["gs-thread"].as<std::string>() : "";
  if (text.empty()) return kGsThreadByDefault;
  if (text == "on" || text == "off") return text == "on";
  throw UsageError(fmt::format("--gs-thread '{}' must be 'on' or 'off'", text));
}

}  // namespace gcvu::harness
