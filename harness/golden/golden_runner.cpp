#include "harness/golden/golden_runner.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/core/hash.hpp"
#include "formats/golden/golden_case.hpp"
#include "formats/png/png.hpp"

namespace gcvu::harness {

namespace fs = std::filesystem;

namespace {

std::string substitute(std::string text, std::string_view key, const std::string& value) {
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size())) {
    text.replace(at, key.size(), value);
  }
  return text;
}

std::string hash_file(const fs::path& path, formats::HashOf hash_of) {
  auto bytes = formats::read_file(path, formats::kMaxGoldenFileBytes);
  if (hash_of == formats::HashOf::kPixels) return formats::xxh3_128(formats::read_png(bytes, path.string()).rgba).hex();
  return formats::xxh3_128(bytes).hex();
}

// A fresh private folder under the system temporary directory.
fs::path make_output_folder() {
  std::string pattern = (fs::temp_directory_path() / "gcvu-golden-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
  return pattern;
}

void check_files(const std::vector<formats::GoldenFile>& files, const fs::path& base, const char* role,
                 GoldenResult& result, std::vector<formats::GoldenFile>* rebaselined) {
  for (const formats::GoldenFile& expected : files) {
    fs::path path = base / expected.file;
    std::string actual;
    try {
      actual = hash_file(path, expected.hash_of);
    } catch (const formats::FormatError& error) {
      result.failures.push_back(fmt::format("{} {}: {}", role, expected.file, error.what()));
      continue;
    }
    if (rebaselined != nullptr) {
      rebaselined->push_back(expected);
      rebaselined->back().xxh3_128 = actual;
    }
    if (actual != expected.xxh3_128) {
      result.failures.push_back(
          fmt::format("{} {}: xxh3-128 is {}, expected {}", role, expected.file, actual, expected.xxh3_128));
    }
  }
}

}  // namespace

std::vector<fs::path> find_golden_cases(std::span<const fs::path> roots) {
  std::vector<fs::path> cases;
  for (const fs::path& root : roots) {
    if (!fs::exists(root)) throw formats::FormatError(root.string(), 0, "no such file or folder");
    if (fs::is_regular_file(root)) {
      cases.push_back(root.filename() == "case.json" ? root.parent_path() : root);
      continue;
    }
    if (fs::exists(root / "case.json")) cases.push_back(root);
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      if (entry.is_directory() && fs::exists(entry.path() / "case.json")) cases.push_back(entry.path());
    }
  }
  std::sort(cases.begin(), cases.end());
  cases.erase(std::unique(cases.begin(), cases.end()), cases.end());
  return cases;
}

GoldenResult run_golden_case(const fs::path& folder, const GoldenOptions& options, const CommandRunner& runner) {
  GoldenResult result;
  result.folder = folder;
  result.name = folder.filename().string();
  fs::path manifest_path = folder / "case.json";
  formats::GoldenCase golden;
  try {
    golden = formats::parse_golden_case(formats::read_file(manifest_path, formats::kMaxGoldenCaseBytes),
                                        manifest_path.string(), result.name);
  } catch (const formats::FormatError& error) {
    result.failures.push_back(error.what());
    return result;
  }
  result.name = golden.name;

  check_files(golden.inputs, folder, "input", result, nullptr);

  fs::path out = make_output_folder();
  std::vector<std::string> args;
  for (const std::string& word : golden.command) {
    std::string arg = substitute(word, "{case}", folder.string());
    arg = substitute(arg, "{out}", out.string());
    args.push_back(substitute(arg, "{shared}", options.shared_dir.string()));
  }
  std::ostringstream out_text;
  std::ostringstream err_text;
  Io io{out_text, err_text, false};
  int code = runner(args, io);
  if (code != golden.exit_code) {
    std::string err = err_text.str();
    result.failures.push_back(fmt::format("exit code {}, expected {}{}{}", code, golden.exit_code,
                                          err.empty() ? "" : "; stderr: ", err.substr(0, err.find('\n'))));
  }
  std::string stdout_text = out_text.str();
  for (const std::string& line : golden.stdout_contains) {
    if (stdout_text.find(line) == std::string::npos) {
      result.failures.push_back(fmt::format("stdout lacks \"{}\"", line));
    }
  }
  std::vector<formats::GoldenFile> new_outputs;
  bool may_rebaseline = options.rebaseline && golden.provenance == formats::Provenance::kRegressionBaseline;
  check_files(golden.outputs, out, "output", result, may_rebaseline ? &new_outputs : nullptr);

  if (may_rebaseline && !result.failures.empty() && new_outputs.size() == golden.outputs.size() &&
      code == golden.exit_code) {
    golden.outputs = new_outputs;
    std::string text = formats::write_golden_case(golden);
    formats::write_file(manifest_path, {reinterpret_cast<const uint8_t*>(text.data()), text.size()});
    result.rebaselined = true;
    result.failures.clear();
  }
  if (options.keep_outputs) {
    result.kept_outputs = out;
  } else {
    std::error_code ignored;
    fs::remove_all(out, ignored);
  }
  result.passed = result.failures.empty();
  return result;
}

}  // namespace gcvu::harness
