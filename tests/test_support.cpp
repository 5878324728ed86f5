#include "tests/test_support.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "formats/core/format_error.hpp"
#include "harness/cli/command.hpp"

namespace gcvu::test {

std::filesystem::path source_dir() { return GCVU_SOURCE_DIR; }
std::filesystem::path shared_dir() { return GCVU_SHARED_DIR; }
std::filesystem::path gcvu_binary() { return GCVU_BINARY; }

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "gcvu-test-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

CliResult run_cli(const std::vector<std::string>& args) {
  std::ostringstream out;
  std::ostringstream err;
  harness::Io io{out, err, false};
  CliResult result;
  result.code = harness::run_gcvu(args, io);
  result.out = out.str();
  result.err = err.str();
  return result;
}

std::string format_error_text(const std::function<void()>& action) {
  try {
    action();
  } catch (const formats::FormatError& error) {
    return error.what();
  }
  return "(no error)";
}

void write_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

std::vector<uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

}  // namespace gcvu::test
