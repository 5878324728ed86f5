// gcvu golden [DIR...]: runs golden cases and checks their outputs against the hashes in each case.json.

#include <ostream>

#include <fmt/format.h>

#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/golden/golden_runner.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;
namespace fs = std::filesystem;

int run_golden(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "golden", "[DIR|case.json...] [options]",
      "Runs every golden case (a folder holding case.json, see golden/README.md) at or below each DIR\n"
      "(default: the golden/ folder of the source tree). For each case it runs the case's gcvu command with\n"
      "{case}, {out} and {shared} substituted, then checks the exit code, the stdout lines and the XXH3-128\n"
      "hash of every input and output file. Prints PASS/FAIL per case and a last line 'N passed, M failed'.\n"
      "Exit status: 0 all passed, 1 some case failed, 2 error.");
  line.arguments.add_options()("dir", po::value<std::vector<std::string>>(), "case folders or trees");
  line.options.add_options()("filter", po::value<std::string>()->default_value(""),
                             "run only cases whose name contains this text")(
      "shared", po::value<std::string>()->default_value(GCVU_SHARED_DIR),
      "the shared reference folder substituted for {shared}")(
      "rebaseline", po::bool_switch(),
      "rewrite the expected hashes of failing regression-baseline cases to what this build produces "
      "(cases of any other provenance are never rewritten)")("keep", po::bool_switch(),
                                                             "keep each case's output folder and print where it is");
  line.positional.add("dir", -1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  std::vector<fs::path> roots;
  if (values.count("dir") != 0) {
    for (const std::string& dir : values["dir"].as<std::vector<std::string>>()) roots.emplace_back(dir);
  } else {
    roots.emplace_back(fs::path(GCVU_SOURCE_DIR) / "golden");
  }
  GoldenOptions options{.shared_dir = values["shared"].as<std::string>(),
                        .rebaseline = values["rebaseline"].as<bool>(),
                        .keep_outputs = values["keep"].as<bool>(),
                        .filter = values["filter"].as<std::string>()};

  int passed = 0;
  int failed = 0;
  for (const fs::path& folder : find_golden_cases(roots)) {
    if (!options.filter.empty() && folder.filename().string().find(options.filter) == std::string::npos) continue;
    GoldenResult result = run_golden_case(folder, options, run_gcvu);
    const char* verdict = result.rebaselined ? "REBASELINED" : result.passed ? "PASS" : "FAIL";
    io.out << fmt::format("{:<11} {}\n", verdict, result.name);
    for (const std::string& failure : result.failures) io.out << "    " << failure << "\n";
    if (!result.kept_outputs.empty()) io.out << "    outputs kept in " << result.kept_outputs.string() << "\n";
    (result.passed ? passed : failed) += 1;
  }
  if (passed + failed == 0) {
    io.err << "gcvu golden: no cases found\n";
    return kExitError;
  }
  io.out << fmt::format("{} passed, {} failed\n", passed, failed);
  return failed == 0 ? kExitOk : kExitDifferent;
}

}  // namespace gcvu::harness
