#include "tests/harness/regress_test_cases.hpp"

#include "tests/test_support.hpp"

namespace gcvu::test {

namespace fs = std::filesystem;

namespace {

void copy_references(const fs::path& from, const fs::path& folder) {
  for (const auto& entry : fs::directory_iterator(from)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("vram_") || name.starts_with("frame_")) fs::copy_file(entry.path(), folder / name);
  }
}

void copy_dump(const fs::path& from, const fs::path& folder) {
  for (const auto& entry : fs::directory_iterator(from)) {
    if (entry.path().filename().string().find(".gs") != std::string::npos) {
      fs::copy_file(entry.path(), folder / entry.path().filename());
    }
  }
}

}  // namespace

void copy_corpus_case(const std::string& name, const fs::path& folder) {
  fs::create_directories(folder);
  copy_dump(shared_dir() / "golden-pcsx2" / name, folder);
  copy_references(shared_dir() / "golden-pcsx2" / name, folder);
}

void copy_mismatched_case(const std::string& dump_case, const std::string& reference_case, const fs::path& folder) {
  fs::create_directories(folder);
  copy_dump(shared_dir() / "golden-pcsx2" / dump_case, folder);
  copy_references(shared_dir() / "golden-pcsx2" / reference_case, folder);
}

void copy_golden_case(const std::string& name, const fs::path& folder) {
  fs::create_directories(folder.parent_path());
  fs::copy(source_dir() / "golden" / name, folder, fs::copy_options::recursive);
}

}  // namespace gcvu::test
