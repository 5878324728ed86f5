#include "harness/debug/notes.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "harness/debug/address_text.hpp"

namespace gcvu::harness::debug {

Notes::Notes(std::filesystem::path file) : file_(std::move(file)) {
  if (file_.empty() || !std::filesystem::exists(file_)) return;
  const std::vector<uint8_t> bytes = formats::read_file(file_.string(), formats::kMaxTextFileBytes);
  std::istringstream lines(std::string(bytes.begin(), bytes.end()));
  std::string line;
  uint64_t offset = 0;
  for (int number = 1; std::getline(lines, line); ++number) {
    const uint64_t line_offset = offset;
    offset += line.size() + 1;
    if (line.empty()) continue;
    const size_t space = line.find(' ');
    const std::optional<uint64_t> address = parse_number(line.substr(0, space));
    if (space == std::string::npos || !address || *address % 8 != 0 || *address >= 16384) {
      throw formats::FormatError(file_.string(), line_offset,
                                 fmt::format("line {} is not a note: it must be a pair's byte address (0x hex, a "
                                             "multiple of 8 below 0x4000), a space and the text",
                                             number));
    }
    notes_[static_cast<uint32_t>(*address)] = line.substr(space + 1);
  }
}

void Notes::set(uint32_t address, const std::string& text) {
  if (text.empty()) {
    notes_.erase(address);
  } else {
    notes_[address] = text;
  }
  if (file_.empty()) return;
  std::string contents;
  for (const auto& [at, note] : notes_) contents += fmt::format("{:#06x} {}\n", at, note);
  formats::write_file(file_, std::span(reinterpret_cast<const uint8_t*>(contents.data()), contents.size()));
}

}  // namespace gcvu::harness::debug
