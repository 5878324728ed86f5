#include "harness/regress/dump_cases.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "harness/replay/reference_corpus.hpp"

namespace gcvu::harness {

namespace fs = std::filesystem;

namespace {

fs::path first_existing(const fs::path& folder, std::initializer_list<std::string> names) {
  for (const std::string& name : names) {
    if (fs::is_regular_file(folder / name)) return folder / name;
  }
  return {};
}

// Fills the case's per-VSync references from `folder`, stopping at the first N with neither.
void find_references(const fs::path& folder, RegressCase& c) {
  for (uint32_t n = 0;; ++n) {
    fs::path vram = first_existing(
        folder, {fmt::format("vram_{}.bin.zst", n), fmt::format("vram_{}.bin", n), fmt::format("vram_{:05}.bin", n)});
    fs::path frame = first_existing(folder, {fmt::format("frame_{}.png", n), fmt::format("frame_{:05}.png", n)});
    if (vram.empty() && frame.empty()) return;
    c.vram.push_back(std::move(vram));
    c.frames.push_back(std::move(frame));
  }
}

}  // namespace

std::string gs_dump_stem(const fs::path& file) {
  const std::string name = file.filename().string();
  for (const std::string_view suffix : {".gs", ".gs.zst", ".gs.xz"}) {
    if (name.size() > suffix.size() && name.ends_with(suffix)) return name.substr(0, name.size() - suffix.size());
  }
  return {};
}

std::vector<RegressCase> find_corpus_cases(const fs::path& folder) {
  if (!fs::is_regular_file(folder / "manifest.tsv")) return {};
  std::vector<RegressCase> cases;
  for (ReferenceCase& reference : read_reference_corpus(folder)) {
    RegressCase c{.kind = "golden-pcsx2",
                  .name = reference.name,
                  .path = reference.dump,
                  .description = std::move(reference.description),
                  .dump = reference.dump,
                  .vram = std::move(reference.vram),
                  .frames = std::move(reference.frames)};
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<RegressCase> find_dump_cases(const fs::path& folder) {
  std::vector<fs::path> dumps;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.is_regular_file() && !gs_dump_stem(entry.path()).empty()) dumps.push_back(entry.path());
  }
  std::sort(dumps.begin(), dumps.end());
  std::vector<RegressCase> cases;
  for (const fs::path& dump : dumps) {
    RegressCase c{.kind = "gs-dump", .name = gs_dump_stem(dump), .path = dump, .dump = dump};
    const fs::path own_folder = folder / c.name;
    if (fs::is_directory(own_folder)) {
      find_references(own_folder, c);
    } else if (dumps.size() == 1) {
      find_references(folder, c);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace gcvu::harness
