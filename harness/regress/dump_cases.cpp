#include "harness/regress/dump_cases.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>

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

// The N of `prefix` N `suffix` (vram_12.bin, frame_00003.png), if `name` is one.
std::optional<uint32_t> reference_index(const std::string& name, std::string_view prefix, std::string_view suffix) {
  if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix)) {
    return std::nullopt;
  }
  const std::string_view digits(name.data() + prefix.size(), name.size() - prefix.size() - suffix.size());
  uint32_t n = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (error != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  return n;
}

// Fills the case's per-VSync references from `folder`: VSync 0 up to the highest N of any vram_N or frame_N there.
// A reference missing between present ones (vram_1 gone while vram_0 and vram_2 are there) is a corrupted corpus:
// the case carries the error, instead of comparing less than the corpus holds.
void find_references(const fs::path& folder, RegressCase& c) {
  std::optional<uint32_t> last_vram;
  std::optional<uint32_t> last_frame;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    for (std::string_view suffix : {".bin.zst", ".bin"}) {
      if (auto n = reference_index(name, "vram_", suffix)) last_vram = std::max(last_vram.value_or(0), *n);
    }
    if (auto n = reference_index(name, "frame_", ".png")) last_frame = std::max(last_frame.value_or(0), *n);
  }
  const uint32_t last = std::max(last_vram.value_or(0), last_frame.value_or(0));
  if (!last_vram && !last_frame) return;
  // More VSyncs than a PS2 shows in an hour of play means a mistyped name, not a corpus: do not walk up to it.
  constexpr uint32_t kMaxVsyncs = 60 * 60 * 60;
  if (last >= kMaxVsyncs) {
    c.error = fmt::format("{}: offset 0x0: a reference numbered {} (over {} VSyncs)", folder.string(), last, kMaxVsyncs);
    return;
  }
  for (uint32_t n = 0; n <= last; ++n) {
    fs::path vram = first_existing(
        folder, {fmt::format("vram_{}.bin.zst", n), fmt::format("vram_{}.bin", n), fmt::format("vram_{:05}.bin", n)});
    fs::path frame = first_existing(folder, {fmt::format("frame_{}.png", n), fmt::format("frame_{:05}.png", n)});
    if (vram.empty() && last_vram && n <= *last_vram) {
      c.error = fmt::format("{}: offset 0x0: vram_{}.bin[.zst] is missing between the memory references 0 and {}",
                            folder.string(), n, *last_vram);
      return;
    }
    if (frame.empty() && last_frame && n <= *last_frame) {
      c.error = fmt::format("{}: offset 0x0: frame_{}.png is missing between the frame references 0 and {}",
                            folder.string(), n, *last_frame);
      return;
    }
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
                  .frames = std::move(reference.frames),
                  .error = std::move(reference.error)};
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
