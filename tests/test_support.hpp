#pragma once
// Helpers shared by the tests: where the source tree and ../shared are, temporary folders, and running the
// gcvu CLI in-process.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace gcvu::test {

std::filesystem::path source_dir();
// ../shared beside the repository root: read-only reference material, read in place.
std::filesystem::path shared_dir();
// The gcvu executable this build made.
std::filesystem::path gcvu_binary();

// A fresh folder under the system temporary directory, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

struct CliResult {
  int code = 0;
  std::string out;
  std::string err;
};

// Runs `gcvu <args>` in-process.
CliResult run_cli(const std::vector<std::string>& args);

// Runs `action` and returns the text of the formats::FormatError it throws, or "(no error)".
std::string format_error_text(const std::function<void()>& action);

void write_bytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes);
std::vector<uint8_t> read_bytes(const std::filesystem::path& path);

}  // namespace gcvu::test
