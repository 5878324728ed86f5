#pragma once
// Runs golden cases: each case's gcvu command in-process, then its exit code, stdout lines and output hashes.

#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "formats/golden/golden_case.hpp"
#include "harness/cli/command.hpp"

namespace gcvu::harness {

struct GoldenOptions {
  std::filesystem::path shared_dir;  // substituted for {shared}
  bool rebaseline = false;           // rewrite the hashes of regression-baseline cases that fail
  bool keep_outputs = false;         // leave each case's output folder in place and print its path
  std::string filter;                // run only cases whose name contains this
};

struct GoldenResult {
  std::string name;
  std::filesystem::path folder;
  bool passed = false;
  bool rebaselined = false;
  std::filesystem::path kept_outputs;  // set with GoldenOptions::keep_outputs
  std::vector<std::string> failures;   // one line per broken expectation
};

// Runs `gcvu <args>` for a case; normally run_gcvu, replaceable in tests.
using CommandRunner = std::function<int(std::span<const std::string>, Io&)>;

// Every folder at or below each root that holds a case.json, sorted by path.
std::vector<std::filesystem::path> find_golden_cases(std::span<const std::filesystem::path> roots);

GoldenResult run_golden_case(const std::filesystem::path& folder, const GoldenOptions& options,
                             const CommandRunner& runner);

}  // namespace gcvu::harness
