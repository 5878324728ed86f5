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

void apply_trace_top_options(const po::variables_map& values, TraceDiffOptions& options) {
  constexpr uint64_t kMax = 0x3ff;
  auto read = [&](const char* name, uint16_t& target) {
    if (values.count(name) == 0) return;
    const std::string text = values[name].as<std::string>();
    const std::optional<uint64_t> value = parse_unsigned(text);
    if (!value || *value > kMax) throw UsageError(fmt::format("--{} '{}' must be a whole number up to {}", name, text, kMax));
    target = static_cast<uint16_t>(*value);
  };
  read("top", options.top);
  read("itop", options.itop);
}

void add_trace_compare_options(po::options_description& options) {
  // clang-format off
  options.add_options()
      ("ignore", po::value<std::vector<std::string>>()->composing(),
       "leave these registers out of the comparison with the trace (vf, vf0..vf31, vi, vi0..vi15, acc, q, p, i, r, "
       "status, mac, clip, flags, mem, floats; the option may repeat)")
      ("ignore-floats", po::bool_switch(), "the same as --ignore floats")
      ("float-ulps", po::value<std::string>()->default_value("0"),
       "VF and ACC lanes, Q and P match the trace when at most N representable PS2 floats apart (0: bit for bit)");
  // clang-format on
}

void apply_trace_compare_options(const po::variables_map& values, TraceDiffOptions& options) {
  if (values.count("ignore") != 0) {
    for (const std::string& list : values["ignore"].as<std::vector<std::string>>()) options.ignore.add_list(list);
  }
  if (values.count("ignore-floats") != 0 && values["ignore-floats"].as<bool>()) options.ignore.add("floats");
  if (values.count("float-ulps") != 0) {
    const std::string text = values["float-ulps"].as<std::string>();
    const std::optional<uint64_t> ulps = parse_unsigned(text);
    if (!ulps || *ulps > UINT32_MAX) {
      throw UsageError(fmt::format("--float-ulps '{}' must be a whole number up to {}", text, UINT32_MAX));
    }
    options.float_ulps = static_cast<uint32_t>(*ulps);
  }
}

void print_vutrace_warnings(const formats::VutraceTrace& trace, const std::string& source, std::ostream& out) {
  for (const std::string& warning : trace.warnings) out << source << ": warning: " << warning << "\n";
}

}  // namespace gcvu::harness
