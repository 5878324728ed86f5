#include "harness/cli/vutrace_options.hpp"

#include <fmt/format.h>

#include "harness/cli/options.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {
constexpr uint64_t kMaxMib = uint64_t{1} << 40;
}  // namespace

void add_vutrace_limit_option(po::options_description& options) {
  const formats::VutraceLimits defaults;
  options.add_options()(
      "max-decoded-mib", po::value<std::string>()->default_value(std::to_string(defaults.max_decoded_bytes >> 20)),
      "refuse vutrace traces whose decoded snapshots need more than N MiB (16 KiB per snapshot whose memory "
      "changed; identical images are shared)");
}

formats::VutraceLimits vutrace_limits_from(const po::variables_map& values) {
  formats::VutraceLimits limits;
  if (values.count("max-decoded-mib") == 0) return limits;
  const std::string text = values["max-decoded-mib"].as<std::string>();
  const std::optional<uint64_t> mib = parse_unsigned(text);
  if (!mib || *mib > kMaxMib) {
    throw UsageError(fmt::format("--max-decoded-mib '{}' must be a whole number up to {}", text, kMaxMib));
  }
  limits.max_decoded_bytes = *mib << 20;
  return limits;
}

void print_vutrace_warnings(const formats::VutraceTrace& trace, const std::string& source, std::ostream& out) {
  for (const std::string& warning : trace.warnings) out << source << ": warning: " << warning << "\n";
}

}  // namespace gcvu::harness
