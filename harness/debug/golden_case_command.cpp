#include "harness/debug/golden_case_command.hpp"

#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/golden/golden_case.hpp"

namespace gcvu::harness::debug {

namespace {

std::string substitute(std::string text, const std::string& key, const std::string& value) {
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size())) {
    text.replace(at, key.size(), value);
  }
  return text;
}

}  // namespace

std::vector<std::string> golden_case_debug_arguments(const std::filesystem::path& folder,
                                                     const std::filesystem::path& shared_dir) {
  const std::filesystem::path file = folder / "case.json";
  const std::vector<uint8_t> bytes = formats::read_file(file, formats::kMaxGoldenCaseBytes);
  const nlohmann::json parsed = nlohmann::json::parse(bytes.begin(), bytes.end(), nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object() || !parsed.contains("command") || !parsed["command"].is_array() ||
      parsed["command"].empty()) {
    throw formats::FormatError(file.string(), 0, "not a golden case: a JSON object with a \"command\" array is needed");
  }
  std::vector<std::string> command;
  for (const nlohmann::json& word : parsed["command"]) {
    if (!word.is_string()) throw formats::FormatError(file.string(), 0, "every word of \"command\" must be a string");
    std::string arg = substitute(word.get<std::string>(), "{case}", folder.string());
    command.push_back(substitute(arg, "{shared}", shared_dir.string()));
  }
  if (command[0] != "run" && command[0] != "vif-run") {
    throw std::invalid_argument(fmt::format("the golden case runs `gcvu {}`; gcvu debug runs the cases of `run` and "
                                            "`vif-run`",
                                            command[0]));
  }
  static const std::set<std::string> kOutputsWithValue = {"--out", "--gs-dump", "--dump-vu", "--dump-gif"};
  static const std::set<std::string> kOutputSwitches = {"--vram", "--json"};
  std::vector<std::string> args;
  for (size_t n = 1; n < command.size(); ++n) {
    const std::string& arg = command[n];
    const std::string name = arg.substr(0, arg.find('='));
    if (kOutputSwitches.count(name) != 0) continue;
    if (kOutputsWithValue.count(name) != 0) {
      if (arg.find('=') == std::string::npos) ++n;  // its value is the next word
      continue;
    }
    if (arg.find("{out}") != std::string::npos) {
      throw std::invalid_argument(fmt::format("the golden case's argument '{}' names an output the debugger does not "
                                              "write",
                                              arg));
    }
    args.push_back(arg);
  }
  return args;
}

}  // namespace gcvu::harness::debug
