// The assembler driver: files and includes, labels, directives, branch fixups and the listing.

#include "microcode/assembler/assembler.hpp"

#include <fstream>
#include <map>
#include <span>
#include <sstream>

#include <fmt/format.h>

#include "microcode/assembler/cursor.hpp"
#include "microcode/assembler/instruction_parser.hpp"

namespace gcvu::microcode {

SourceError::SourceError(std::string file, int line, int column, const std::string& message)
    : std::runtime_error(fmt::format("{}:{}:{}: {}", file, line, column, message)),
      file_(std::move(file)),
      line_(line),
      column_(column) {}

namespace {

using detail::Cursor;

constexpr uint32_t kNopUpper = 0x000002ffu;
constexpr uint32_t kNopLower = 0x8000033cu;

struct Fixup {
  size_t offset;  // of the bundle in the code
  std::string label;
  std::string file;
  int line;
  int column;
};

struct Label {
  uint32_t address;
  std::string file;
  int line;
};

// Text up to the first ';' or '#' outside a string.
std::string_view strip_comment(std::string_view line) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (!quoted && (line[i] == ';' || line[i] == '#')) return line.substr(0, i);
  }
  return line;
}

std::string trim(std::string_view text) {
  size_t start = text.find_first_not_of(" \t\r");
  if (start == std::string_view::npos) return {};
  size_t end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(start, end - start + 1));
}

class Assembler {
 public:
  Program finish() {
    for (const Fixup& fixup : fixups_) {
      auto it = labels_.find(fixup.label);
      if (it == labels_.end()) {
        throw SourceError(fixup.file, fixup.line, fixup.column, fmt::format("undefined label '{}'", fixup.label));
      }
      int64_t delta = static_cast<int64_t>(it->second.address) - static_cast<int64_t>(fixup.offset + 8);
      int64_t offset = delta / 8;
      if (delta % 8 != 0 || offset < -1024 || offset > 1023) {
        throw SourceError(fixup.file, fixup.line, fixup.column,
                          fmt::format("branch to '{}' is out of reach (offset {} instructions, limit -1024..1023)",
                                      fixup.label, offset));
      }
      program_.code[fixup.offset] |= static_cast<uint8_t>(offset & 0xff);
      program_.code[fixup.offset + 1] |= static_cast<uint8_t>((offset >> 8) & 0x07);
    }
    for (const auto& [label, where] : labels_) program_.labels.emplace(label, where.address);
    for (ListingEntry& entry : program_.listing) {  // listing bytes after fixups
      auto begin = program_.code.begin() + entry.address;
      entry.bytes.assign(begin, begin + static_cast<long>(entry.bytes.size()));
    }
    return std::move(program_);
  }

  void run_file(const std::filesystem::path& path, std::string_view text, const std::string& name) {
    std::filesystem::path key = std::filesystem::weakly_canonical(path);
    stack_.push_back(key);
    std::istringstream lines{std::string(text)};
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
      ++number;
      run_line(path, name, number, line);
    }
    stack_.pop_back();
  }

 private:
  void emit(const std::string& file, int line, const std::string& source, std::span<const uint8_t> bytes) {
    ListingEntry entry;
    entry.address = static_cast<uint32_t>(program_.code.size());
    entry.bytes.assign(bytes.begin(), bytes.end());
    entry.file = file;
    entry.line = line;
    entry.source = source;
    program_.code.insert(program_.code.end(), bytes.begin(), bytes.end());
    program_.listing.push_back(std::move(entry));
  }

  static void append_le(std::vector<uint8_t>& out, uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<uint8_t>(value >> (8 * i)));
  }

  void run_line(const std::filesystem::path& path, const std::string& name, int number, const std::string& raw) {
    std::string_view text = strip_comment(raw);
    Cursor cursor(text, name, number);
    const std::string source = trim(raw);
    cursor.skip_blanks();
    // Labels: identifier followed by ':'.
    while (!cursor.at_end()) {
      size_t start = cursor.pos();
      int column = cursor.column();
      std::string_view id = cursor.identifier();
      if (!id.empty() && id[0] != '.' && cursor.take(':')) {
        define_label(std::string(id), name, number, column);
        cursor.skip_blanks();
        continue;
      }
      cursor.seek(start);
      break;
    }
    if (cursor.at_end()) return;
    if (cursor.peek() == '.') {
      directive(cursor, path, name, number, source);
      return;
    }
    if (program_.code.size() % 8 != 0) {
      cursor.fail("instruction at an address that is not a multiple of 8 (use .align 3)");
    }
    size_t offset = program_.code.size();
    detail::ParsedBundle bundle = detail::parse_bundle(cursor);
    std::vector<uint8_t> bytes;
    append_le(bytes, (uint64_t{bundle.upper} << 32) | bundle.lower, 8);
    emit(name, number, source, bytes);
    if (bundle.branch) fixups_.push_back({offset, bundle.branch->label, name, number, bundle.branch->column});
  }

  void define_label(std::string label, const std::string& file, int line, int column) {
    auto [it, inserted] = labels_.try_emplace(label, Label{static_cast<uint32_t>(program_.code.size()), file, line});
    if (!inserted) {
      throw SourceError(file, line, column, fmt::format("label '{}' is already defined at {}:{}", label,
                                                        it->second.file, it->second.line));
    }
  }

  void directive(Cursor& cursor, const std::filesystem::path& path, const std::string& name, int line_number,
                 const std::string& source) {
    const int number = line_number;
    int column = cursor.column();
    std::string word = detail::lower_case(cursor.identifier());
    cursor.skip_blanks();
    if (word == ".include") {
      include(cursor, path, name, number);
    } else if (word == ".align") {
      int value_column = cursor.column();
      int64_t power = detail::parse_integer(cursor, ".align exponent");
      if (power < 0 || power > 14) throw SourceError(name, number, value_column, ".align exponent must be 0..14");
      const size_t boundary = size_t{1} << power;
      std::vector<uint8_t> pad;
      size_t at = program_.code.size();
      while ((at + pad.size()) % boundary != 0) {
        if ((at + pad.size()) % 8 == 0 && boundary >= 8) {
          append_le(pad, (uint64_t{kNopUpper} << 32) | kNopLower, 8);
        } else {
          pad.push_back(0);
        }
      }
      if (!pad.empty()) emit(name, number, source, pad);
    } else if (word == ".word" || word == ".dword" || word == ".byte") {
      const int size = word == ".byte" ? 1 : word == ".word" ? 4 : 8;
      std::vector<uint8_t> bytes;
      do {
        cursor.skip_blanks();
        int value_column = cursor.column();
        uint64_t value = 0;
        if (size == 8) {
          value = detail::parse_integer64(cursor, word + " value");
        } else {
          int64_t number = detail::parse_integer(cursor, word + " value");
          if (number >= (int64_t{1} << (8 * size)) || number < -(int64_t{1} << (8 * size - 1))) {
            throw SourceError(name, line_number, value_column,
                              fmt::format("{} value does not fit in {} bytes", word, size));
          }
          value = static_cast<uint64_t>(number);
        }
        append_le(bytes, value, size);
        cursor.skip_blanks();
      } while (cursor.take(','));
      if (!cursor.at_end()) cursor.fail(fmt::format("unexpected '{}' after {}", cursor.rest(), word));
      emit(name, number, source, bytes);
    } else if (word == ".vu" || word == ".text" || word == ".global" || word == ".globl") {
      // dvp-as bookkeeping with no effect on the code.
    } else {
      throw SourceError(name, number, column, fmt::format("unknown directive '{}'", word));
    }
  }

  void include(Cursor& cursor, const std::filesystem::path& path, const std::string& name, int number) {
    int column = cursor.column();
    if (!cursor.take('"')) cursor.fail(".include needs a quoted file name");
    std::string_view rest = cursor.rest();
    size_t close = rest.find('"');
    if (close == std::string_view::npos) cursor.fail("unterminated file name");
    std::string file(rest.substr(0, close));
    cursor.seek(cursor.pos() + close + 1);
    cursor.skip_blanks();
    if (!cursor.at_end()) cursor.fail("unexpected text after .include");
    std::filesystem::path target = path.parent_path() / file;
    std::ifstream in(target, std::ios::binary);
    if (!in) throw SourceError(name, number, column, fmt::format("include file '{}' not found", target.string()));
    std::filesystem::path key = std::filesystem::weakly_canonical(target);
    for (const auto& open : stack_) {
      if (open == key) {
        std::string chain;
        for (const auto& p : stack_) chain += p.filename().string() + " -> ";
        throw SourceError(name, number, column,
                          fmt::format("include cycle: {}{}", chain, key.filename().string()));
      }
    }
    std::ostringstream text;
    text << in.rdbuf();
    run_file(target, text.str(), target.string());
  }

  Program program_;
  std::map<std::string, Label> labels_;
  std::vector<Fixup> fixups_;
  std::vector<std::filesystem::path> stack_;
};

}  // namespace

uint32_t Program::entry(const std::string& label) const {
  const auto it = labels.find(label);
  if (it == labels.end()) throw std::out_of_range(fmt::format("the program has no label '{}'", label));
  return it->second / 8;
}

Program assemble_source(std::string_view text, const std::string& name) {
  Assembler assembler;
  assembler.run_file(std::filesystem::path(name), text, name);
  return assembler.finish();
}

Program assemble_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SourceError(path.string(), 0, 0, "cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  return assemble_source(text.str(), path.string());
}

std::string format_listing(const Program& program) {
  std::string out;
  for (const ListingEntry& entry : program.listing) {
    std::string hex;
    if (entry.bytes.size() == 8) {
      uint64_t value = 0;
      for (int i = 7; i >= 0; --i) value = (value << 8) | entry.bytes[static_cast<size_t>(i)];
      hex = fmt::format("{:08x} {:08x}", static_cast<uint32_t>(value >> 32), static_cast<uint32_t>(value));
    } else {
      for (size_t i = 0; i < entry.bytes.size() && i < 8; ++i) hex += fmt::format("{:02x}", entry.bytes[i]);
      if (entry.bytes.size() > 8) hex += "..";
    }
    out += fmt::format("{:04x}  {:<17}  {}:{}  {}\n", entry.address, hex, entry.file, entry.line, entry.source);
  }
  return out;
}

}  // namespace gcvu::microcode
