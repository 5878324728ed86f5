#pragma once
// A position in one source line, with errors that carry file:line:col.

#include <cctype>
#include <string>
#include <string_view>

#include "microcode/assembler/assembler.hpp"
#include "microcode/assembler/source_text.hpp"

namespace gcvu::microcode::detail {

class Cursor {
 public:
  Cursor(std::string_view text, const std::string& file, int line, int column_offset = 0,
         const Expansion* expansion = nullptr)
      : text_(text), file_(file), line_(line), column_offset_(column_offset), expansion_(expansion) {}

  void skip_blanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\r')) ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  bool take(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  // Characters up to whitespace or any of `stops`.
  std::string_view token(std::string_view stops = ",") {
    size_t start = pos_;
    auto stop = [&] { return std::isspace(static_cast<unsigned char>(peek())) || stops.find(peek()) != stops.npos; };
    while (!at_end() && !stop()) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  std::string_view identifier() {
    size_t start = pos_;
    while (!at_end() &&
           (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_' || peek() == '.' || peek() == '$')) {
      ++pos_;
    }
    return text_.substr(start, pos_ - start);
  }
  size_t pos() const { return pos_; }
  void seek(size_t pos) { pos_ = pos; }
  int column() const { return static_cast<int>(pos_) + 1 + column_offset_; }
  std::string_view rest() const { return text_.substr(pos_); }

  [[noreturn]] void fail(const std::string& message) const { fail_at(column(), message); }
  [[noreturn]] void fail_at(int column, const std::string& message) const {
    throw SourceError(file_, line_, column, message, expansion_note(expansion_));
  }
  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  std::string_view text_;
  const std::string& file_;
  int line_;
  int column_offset_ = 0;
  const Expansion* expansion_ = nullptr;  // the macro expansions an error's notes name
  size_t pos_ = 0;
};

inline std::string lower_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace gcvu::microcode::detail
