// Comment blanking and statement splitting for dvp-as sources.

#include "microcode/assembler/source_text.hpp"

#include <fmt/format.h>

#include "microcode/assembler/assembler.hpp"

namespace gcvu::microcode::detail {

std::vector<Statement> split_statements(std::string_view text, const std::string& file) {
  std::vector<Statement> out;
  bool in_block = false;
  int block_line = 0;
  int block_column = 0;
  int number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    ++number;
    bool quoted = false;
    size_t statement_start = 0;
    auto push = [&](size_t stop) {
      out.push_back({line.substr(statement_start, stop - statement_start), file, number,
                     static_cast<int>(statement_start), nullptr});
    };
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (in_block) {
        if (c == '*' && i + 1 < line.size() && line[i + 1] == '/') {
          line[i] = line[i + 1] = ' ';
          ++i;
          in_block = false;
        } else {
          line[i] = ' ';
        }
        continue;
      }
      if (quoted) {
        if (c == '\\' && i + 1 < line.size()) {
          ++i;
        } else if (c == '"') {
          quoted = false;
        }
        continue;
      }
      if (c == '"') {
        quoted = true;
      } else if (c == '/' && i + 1 < line.size() && line[i + 1] == '*') {
        in_block = true;
        block_line = number;
        block_column = static_cast<int>(i) + 1;
        line[i] = line[i + 1] = ' ';
        ++i;
      } else if (c == ';' || c == '#' || (c == '/' && i + 1 < line.size() && line[i + 1] == '/')) {
        line.erase(i);
        break;
      } else if (c == '!') {
        push(i);
        statement_start = i + 1;
      }
    }
    push(line.size());
    if (end == text.size()) break;
    start = end + 1;
  }
  if (in_block) throw SourceError(file, block_line, block_column, "unterminated '/*' comment");
  return out;
}

std::string expansion_note(const Expansion* expansion) {
  std::string out;
  for (const Expansion* e = expansion; e != nullptr; e = e->outer.get()) {
    out += fmt::format("\n{}:{}: note: in {} expanded here", e->file, e->line, e->what);
  }
  return out;
}

}  // namespace gcvu::microcode::detail
