#include "harness/replay/reference_corpus.hpp"

#include <sstream>

#include <fmt/format.h>

#include "formats/compress/decompress.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::harness {
namespace {

constexpr uint64_t kVramBytes = 4u << 20;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream stream(text);
  while (std::getline(stream, part, separator)) parts.push_back(part);
  if (!text.empty() && text.back() == separator) parts.emplace_back();
  return parts;
}

// Fills `c` from one manifest row's columns; `fail(rule)` throws for a broken rule.
template <typename Fail>
void read_row(const std::vector<std::string>& columns, const std::filesystem::path& dir, const Fail& fail,
              ReferenceCase& c) {
  if (columns.size() != 8) fail(fmt::format("expected 8 tab-separated columns, found {}", columns.size()));
  c.dump = dir / c.name / columns[1];
  try {
    c.vsyncs = static_cast<uint32_t>(std::stoul(columns[2]));
  } catch (const std::exception&) {
    fail("the vsyncs column is not a number");
  }
  for (const auto& name : split(columns[3], ',')) c.vram.push_back(dir / c.name / name);
  for (const auto& name : split(columns[5], ',')) c.frames.push_back(dir / c.name / name);
  c.description = columns[7];
  if (c.vram.size() != c.vsyncs || c.frames.size() != c.vsyncs) {
    fail(fmt::format("{} vsyncs but {} vram and {} frame references", c.vsyncs, c.vram.size(), c.frames.size()));
  }
}

}  // namespace

std::vector<ReferenceCase> read_reference_corpus(const std::filesystem::path& dir) {
  const std::filesystem::path manifest = dir / "manifest.tsv";
  const std::vector<uint8_t> bytes = formats::read_file(manifest.string(), formats::kMaxTextFileBytes);
  std::istringstream lines(std::string(bytes.begin(), bytes.end()));
  std::string line;
  std::vector<ReferenceCase> cases;
  uint64_t line_number = 0;
  uint64_t offset = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    const uint64_t line_offset = offset;
    offset += line.size() + 1;
    if (line_number == 1 || line.empty()) continue;  // the header row
    const auto columns = split(line, '\t');
    ReferenceCase c;
    c.name = !columns.empty() && !columns[0].empty() ? columns[0] : fmt::format("manifest line {}", line_number);
    auto fail = [&](const std::string& rule) {
      throw formats::FormatError(manifest.string(), line_offset, fmt::format("line {}: {}", line_number, rule));
    };
    try {
      read_row(columns, dir, fail, c);
    } catch (const formats::FormatError& error) {
      c.error = error.what();
      c.dump = dir / c.name;
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<uint8_t> read_reference_vram(const std::filesystem::path& path) {
  const std::vector<uint8_t> file = formats::read_file(path.string(), formats::compressed_file_limit(kVramBytes));
  std::vector<uint8_t> vram = formats::decompress_if_compressed(file, path.string(), kVramBytes);
  if (vram.size() != kVramBytes) {
    throw formats::FormatError(path.string(), 0,
                               fmt::format("a GS memory image is {} bytes, this one is {}", kVramBytes, vram.size()));
  }
  return vram;
}

}  // namespace gcvu::harness
