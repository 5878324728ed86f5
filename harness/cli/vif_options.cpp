#include "harness/cli/vif_options.hpp"

#include <string>
#include <string_view>

#include <fmt/format.h>

#include "harness/cli/options.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

void add_vif_behaviour_options(po::options_description& options) {
  options.add_options()("v2-extra", po::value<std::string>()->default_value("repeat-xy"),
                        "V2 z,w: repeat-xy (z=x, w=y: hardware, PCSX2) or zero (Play!)")(
      "v3-extra", po::value<std::string>()->default_value("next-element"),
      "V3 w: next-element (PCSX2 interpreter) or zero (Play!)")(
      "fill-cycles", po::value<std::string>()->default_value("next-vector"),
      "data fields of filling-write fill cycles: next-vector (PCSX2) or zero (Play!, Dobie)");
}

vif::Vif1Config vif_config_from(const po::variables_map& values) {
  const auto choose = [&values](const char* option, std::string_view first, std::string_view second) {
    const std::string& value = values[option].as<std::string>();
    if (value != first && value != second) {
      throw UsageError(fmt::format("--{} must be {} or {}, not '{}'", option, first, second, value));
    }
    return value == first;
  };
  vif::Vif1Config config;
  config.v2_extra = choose("v2-extra", "repeat-xy", "zero") ? vif::V2Extra::kRepeatXy : vif::V2Extra::kZero;
  config.v3_extra = choose("v3-extra", "next-element", "zero") ? vif::V3Extra::kNextElement : vif::V3Extra::kZero;
  config.fill_cycle_data =
      choose("fill-cycles", "next-vector", "zero") ? vif::FillCycleData::kNextVector : vif::FillCycleData::kZero;
  return config;
}

}  // namespace gcvu::harness
