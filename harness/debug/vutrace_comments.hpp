#pragma once
// vutrace viewer comment files (chaoticgd/vutrace README "Comments File"; vutrace.cpp parse_comment_file and
// save_comment_file): plain text, one line per instruction pair, line n being the comment on the pair at byte 8n;
// an empty line is no comment. The viewer reads at most 2048 lines (16 KiB of micro memory / 8) and writes all
// 2048, so a file made by the viewer has 2048 lines, most of them empty.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace gcvu::harness::debug {

inline constexpr size_t kVutraceCommentLines = 2048;

// The comments, by pair index (at most 2048; lines past that are ignored, as by the viewer; a CR before each line
// end is dropped). Throws formats::FormatError naming the file for one that cannot be read, or a line with a NUL
// byte (not a text file).
std::vector<std::string> read_vutrace_comments(const std::filesystem::path& file);
std::vector<std::string> parse_vutrace_comments(std::string_view text, const std::string& source);

}  // namespace gcvu::harness::debug
