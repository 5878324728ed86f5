#include "harness/debug/vutrace_comments.hpp"

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::harness::debug {

std::vector<std::string> parse_vutrace_comments(std::string_view text, const std::string& source) {
  std::vector<std::string> comments;
  size_t at = 0;
  while (at < text.size() && comments.size() < kVutraceCommentLines) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find('\0') != std::string_view::npos) {
      throw formats::FormatError(source, at + line.find('\0'),
                                 fmt::format("line {} holds a NUL byte: a vutrace comment file is text, one line "
                                             "per instruction pair",
                                             comments.size() + 1));
    }
    comments.emplace_back(line);
    at = end + 1;
  }
  return comments;
}

std::vector<std::string> read_vutrace_comments(const std::filesystem::path& file) {
  const std::vector<uint8_t> bytes = formats::read_file(file.string(), formats::kMaxTextFileBytes);
  return parse_vutrace_comments(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                                file.string());
}

}  // namespace gcvu::harness::debug
