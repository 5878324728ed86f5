// The assembler driver: two passes over the statements, labels and symbols, conditionals, dispatch of each
// statement to the directive families or the instruction parser, and the listing.

#include "microcode/assembler/assembler.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "microcode/assembler/assembly.hpp"
#include "microcode/assembler/instruction_parser.hpp"
#include "microcode/assembler/packaging.hpp"

namespace gcvu::microcode {

SourceError::SourceError(std::string file, int line, int column, const std::string& message, const std::string& note)
    : std::runtime_error(fmt::format("{}:{}:{}: {}{}", file, line, column, message, note)),
      file_(std::move(file)),
      line_(line),
      column_(column) {}

namespace detail {

namespace {

std::string trim(std::string_view text) {
  size_t start = text.find_first_not_of(" \t\r");
  if (start == std::string_view::npos) return {};
  size_t end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(start, end - start + 1));
}

}  // namespace

Assembly::Assembly(const AssembleOptions& options, const std::map<std::string, Symbol>* first_pass_labels)
    : options_(options), first_pass_labels_(first_pass_labels), packaging_(std::make_unique<PackagingState>()) {
  for (const auto& [name, value] : options.defsyms) symbols_[name] = Symbol{value, false, false, "--defsym", 0};
}

Assembly::~Assembly() = default;

ExprEnv Assembly::env() const {
  ExprEnv env;
  env.here = static_cast<int64_t>(here()) + packaging_->location_bias;
  env.allow_undefined = !final_pass();
  env.lookup = [this](std::string_view name) -> std::optional<ExprValue> {
    auto it = symbols_.find(std::string(name));
    if (it == symbols_.end() && first_pass_labels_ != nullptr) {
      it = first_pass_labels_->find(std::string(name));
      if (it == first_pass_labels_->end()) return std::nullopt;
    } else if (it == symbols_.end()) {
      return std::nullopt;
    }
    return ExprValue{it->second.value, it->second.address, false};
  };
  return env;
}

std::string Assembly::image_limit_text() const {
  const uint64_t bytes = limits().image_bytes;
  if (bytes % (uint64_t{1} << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  return fmt::format("{} bytes", bytes);
}

void Assembly::emit(const Line& line, std::span<const uint8_t> bytes) {
  if (bytes.empty()) return;
  if (program_.code.size() + bytes.size() > limits().image_bytes) {
    throw SourceError(line.statement.file, line.statement.line, 1,
                      fmt::format("the output would exceed {}", image_limit_text()), line.note());
  }
  pending_labels_.clear();
  ListingEntry entry;
  entry.address = here();
  entry.bytes.assign(bytes.begin(), bytes.end());
  entry.file = line.statement.file;
  entry.line = line.statement.line;
  entry.source = trim(line.statement.text);
  program_.code.insert(program_.code.end(), bytes.begin(), bytes.end());
  program_.listing.push_back(std::move(entry));
}

void Assembly::emit_word(const Line& line, uint32_t word) {
  const uint8_t bytes[4] = {static_cast<uint8_t>(word), static_cast<uint8_t>(word >> 8),
                            static_cast<uint8_t>(word >> 16), static_cast<uint8_t>(word >> 24)};
  emit(line, bytes);
}

void Assembly::patch_word(size_t offset, uint32_t word) {
  for (int i = 0; i < 4; ++i) program_.code[offset + static_cast<size_t>(i)] = static_cast<uint8_t>(word >> (8 * i));
}

uint32_t Assembly::word_at(size_t offset) const {
  uint32_t word = 0;
  for (int i = 3; i >= 0; --i) word = (word << 8) | program_.code[offset + static_cast<size_t>(i)];
  return word;
}

void Assembly::warn(const Line& line, int column, const std::string& message) {
  if (options_.strict) {
    throw SourceError(line.statement.file, line.statement.line, column, message + " (an error under --strict)",
                      line.note());
  }
  if (!final_pass()) return;
  program_.warnings.push_back(
      fmt::format("{}:{}:{}: warning: {}{}", line.statement.file, line.statement.line, column, message, line.note()));
}

void Assembly::define_symbol(const Line& line, int column, const std::string& name, Symbol symbol) {
  auto it = symbols_.find(name);
  if (it != symbols_.end() && (it->second.label || symbol.label)) {
    line.cursor.fail_at(column, fmt::format("{} '{}' is already defined at {}:{}", symbol.label ? "label" : "symbol",
                                            name, it->second.file, it->second.line));
  }
  symbol.file = line.statement.file;
  symbol.line = line.statement.line;
  symbols_[name] = symbol;
}

void Assembly::define_label(const Line& line, int column, const std::string& name) {
  const int64_t value = static_cast<int64_t>(here()) + packaging_->location_bias;
  define_symbol(line, column, name, Symbol{value, true, true, {}, 0});
  if (packaging_->location_bias == 0) program_.labels[name] = static_cast<uint32_t>(value);
  pending_labels_.push_back(name);
}

void Assembly::move_labels_here(const std::vector<std::string>& names) {
  const int64_t value = static_cast<int64_t>(here()) + packaging_->location_bias;
  for (const std::string& name : names) {
    symbols_[name].value = value;
    if (packaging_->location_bias == 0) program_.labels[name] = static_cast<uint32_t>(value);
  }
}

std::vector<Statement> Assembly::capture_block(const Line& start, std::span<const std::string_view> opens,
                                               std::string_view end) {
  std::vector<Statement> body;
  Frame& frame = frames_.back();
  int depth = 0;
  while (frame.next < frame.statements.size()) {
    const Statement& statement = frame.statements[frame.next++];
    Cursor cursor(statement.text, statement.file, statement.line);
    cursor.skip_blanks();
    std::string word = lower_case(cursor.identifier());
    if (word == end) {
      if (depth == 0) return body;
      --depth;
    } else if (std::find(opens.begin(), opens.end(), word) != opens.end()) {
      ++depth;
    }
    body.push_back(statement);
  }
  start.cursor.fail_at(1, fmt::format("no {} for this block before the end of the file", end));
}

void Assembly::push_statements(std::vector<Statement> statements, const std::filesystem::path& folder) {
  if (frames_.size() >= kMaxDepth) {
    throw SourceError(statements.empty() ? std::string("?") : statements.front().file,
                      statements.empty() ? 0 : statements.front().line, 1,
                      fmt::format("includes or macro expansions nested deeper than {}", kMaxDepth),
                      statements.empty() ? std::string() : expansion_note(statements.front().expansion.get()));
  }
  frames_.push_back({std::move(statements), 0, folder});
}

const std::filesystem::path& Assembly::current_folder() const { return frames_.back().folder; }

std::optional<std::filesystem::path> Assembly::find_include(const std::filesystem::path& folder,
                                                            const std::string& name) {
  std::vector<std::filesystem::path> places = {folder};
  places.insert(places.end(), options_.include_dirs.begin(), options_.include_dirs.end());
  for (const auto& place : places) {
    std::filesystem::path candidate =
        std::filesystem::path(name).is_absolute() ? std::filesystem::path(name) : place / name;
    std::error_code error;
    if (std::filesystem::is_regular_file(candidate, error)) return candidate;
  }
  return std::nullopt;
}

void Assembly::run(std::vector<Statement> statements, const std::filesystem::path& folder) {
  push_statements(std::move(statements), folder);
  while (!frames_.empty()) {
    Frame& frame = frames_.back();
    if (frame.next >= frame.statements.size()) {
      frames_.pop_back();
      continue;
    }
    if (++statements_run_ > limits().statements) {
      const Statement& s = frame.statements[frame.next];
      throw SourceError(
          s.file, s.line, 1,
          fmt::format("more than {} statements (a runaway .rept or recursive macro?)", limits().statements),
          expansion_note(s.expansion.get()));
    }
    Statement statement = frame.statements[frame.next++];  // a copy: the frame stack may grow under it
    run_statement(statement);
  }
  if (!conditionals_.empty()) {
    throw SourceError(conditionals_.back().file, conditionals_.back().line, 1, "missing .endif for this .if");
  }
  finish_packaging(*this);
  if (first_pass_labels_ == nullptr) return;
  for (const auto& [name, symbol] : symbols_) {
    auto it = first_pass_labels_->find(name);
    if (symbol.label && it != first_pass_labels_->end() && it->second.value != symbol.value) {
      throw SourceError(symbol.file, symbol.line, 1,
                        fmt::format("label '{}' moved from {:#x} to {:#x} between passes (its address depends on "
                                    "a value defined after it)",
                                    name, it->second.value, symbol.value));
    }
  }
}

bool Assembly::handle_conditional(Line& line, const std::string& word) {
  Cursor& cursor = line.cursor;
  auto condition = [&]() -> bool {
    cursor.skip_blanks();
    if (word == ".ifdef" || word == ".ifndef") {
      std::string name(cursor.identifier());
      if (name.empty()) cursor.fail(word + " needs a symbol name");
      bool defined = symbols_.count(name) != 0;
      return word == ".ifdef" ? defined : !defined;
    }
    ExprEnv environment = env();
    environment.allow_undefined = false;
    int64_t value = evaluate_absolute(cursor, environment, word + " condition");
    if (word == ".ifeq") return value == 0;
    if (word == ".iflt") return value < 0;
    if (word == ".ifle") return value <= 0;
    if (word == ".ifgt") return value > 0;
    if (word == ".ifge") return value >= 0;
    return value != 0;  // .if, .ifne, .elseif
  };
  static const std::vector<std::string> kIfs = {".if",   ".ifdef", ".ifndef", ".ifne", ".ifeq",
                                                ".iflt", ".ifle",  ".ifgt",   ".ifge"};
  if (std::find(kIfs.begin(), kIfs.end(), word) != kIfs.end()) {
    bool parent = active();
    bool value = parent && condition();
    conditionals_.push_back({parent, value, value, false, line.statement.file, line.statement.line});
  } else if (word == ".elseif" || word == ".else") {
    if (conditionals_.empty()) cursor.fail_at(1, word + " without .if");
    Conditional& c = conditionals_.back();
    if (c.seen_else) cursor.fail_at(1, word + " after .else");
    if (word == ".else") c.seen_else = true;
    bool value = c.parent_active && !c.taken && (word == ".else" || condition());
    c.active = value;
    c.taken = c.taken || value;
  } else if (word == ".endif") {
    if (conditionals_.empty()) cursor.fail_at(1, ".endif without .if");
    conditionals_.pop_back();
  } else {
    return false;
  }
  return true;
}

void Assembly::run_statement(const Statement& statement) {
  Line line(statement);
  Cursor& cursor = line.cursor;
  cursor.skip_blanks();
  if (cursor.at_end()) return;
  {
    size_t start = cursor.pos();
    std::string word = lower_case(cursor.identifier());
    if (handle_conditional(line, word)) return;
    if (!active()) return;
    cursor.seek(start);
  }
  // Labels ("name:") and assignments ("name = expr").
  while (!cursor.at_end()) {
    size_t start = cursor.pos();
    int column = cursor.column();
    std::string name(cursor.identifier());
    if (!name.empty() && cursor.take(':')) {
      define_label(line, column, name);
      cursor.skip_blanks();
      continue;
    }
    cursor.skip_blanks();
    if (!name.empty() && name != "." && cursor.peek() == '=' && cursor.rest().substr(0, 2) != "==") {
      cursor.take('=');
      cursor.skip_blanks();
      ExprValue value = evaluate_expression(cursor, env());
      define_symbol(line, column, name, Symbol{value.value, value.address, false, {}, 0});
      return;
    }
    cursor.seek(start);
    break;
  }
  cursor.skip_blanks();
  if (cursor.at_end()) return;
  size_t start = cursor.pos();
  int column = cursor.column();
  std::string word = lower_case(cursor.identifier());
  cursor.skip_blanks();
  if (!word.empty() && word[0] == '.') {
    if (run_preprocessor_directive(*this, line, word) || run_data_directive(*this, line, word) ||
        run_packaging_statement(*this, line, word)) {
      return;
    }
    cursor.fail_at(column, fmt::format("unknown directive '{}'", word));
  }
  if (expand_macro(*this, line, word)) return;
  if (run_packaging_statement(*this, line, word)) return;
  cursor.seek(start);
  assemble_instruction(line);
}

void Assembly::assemble_instruction(Line& line) {
  Cursor& cursor = line.cursor;
  if (here() % 8 != 0) cursor.fail("instruction at an address that is not a multiple of 8 (use .align 3)");
  before_instruction(*this, line);
  InstructionContext context;
  ExprEnv environment = env();
  context.env = &environment;
  context.address = static_cast<uint32_t>(static_cast<int64_t>(here()) + packaging_->location_bias);
  context.out_of_range = [&](int column, const std::string& message) { warn(line, column, message); };
  if (options_.external_branches && final_pass()) {
    context.undefined_branch = [&](int column, const std::string& label) {
      warn(line, column,
           fmt::format("branch to undefined label '{}' is left for a linker (offset field -1, as "
                       "dvp-as writes it)",
                       label));
    };
  }
  ParsedBundle bundle = parse_bundle(cursor, context);
  std::vector<uint8_t> bytes;
  const uint64_t value = (uint64_t{bundle.upper} << 32) | bundle.lower;
  for (int i = 0; i < 8; ++i) bytes.push_back(static_cast<uint8_t>(value >> (8 * i)));
  emit(line, bytes);
}

Program Assembly::take_program() {
  for (ListingEntry& entry : program_.listing) {  // listing bytes after the packaging patched sizes in
    auto begin = program_.code.begin() + entry.address;
    entry.bytes.assign(begin, begin + static_cast<long>(entry.bytes.size()));
  }
  program_.packaged = packaging_->used;
  return std::move(program_);
}

uintmax_t file_bytes(const std::filesystem::path& path) {
  std::error_code error;
  const uintmax_t size = std::filesystem::file_size(path, error);
  return error ? 0 : size;
}

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SourceError(path.string(), 0, 0, "cannot open file");
  const uintmax_t size = file_bytes(path);
  if (size > Assembly::kMaxSourceBytes) {
    throw SourceError(path.string(), 0, 0,
                      fmt::format("source file is {} bytes, more than the {} MiB gcvu assembles", size,
                                  Assembly::kMaxSourceBytes >> 20));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

}  // namespace detail

uint32_t Program::entry(const std::string& label) const {
  const auto it = labels.find(label);
  if (it == labels.end()) throw std::out_of_range(fmt::format("the program has no label '{}'", label));
  return it->second / 8;
}

Program assemble_source(std::string_view text, const std::string& name, const AssembleOptions& options) {
  const std::filesystem::path folder = std::filesystem::path(name).parent_path();
  std::vector<detail::Statement> statements = detail::split_statements(text, name);
  detail::Assembly first(options, nullptr);
  first.run(statements, folder);
  std::map<std::string, detail::Symbol> known = first.symbols();
  detail::Assembly second(options, &known);
  second.run(std::move(statements), folder);
  return second.take_program();
}

Program assemble_file(const std::filesystem::path& path, const AssembleOptions& options) {
  return assemble_source(detail::read_text(path), path.string(), options);
}

std::string format_listing(const Program& program) {
  std::string out;
  for (const ListingEntry& entry : program.listing) {
    std::string hex;
    if (entry.bytes.size() == 4) {  // a VIFcode, a tag word or a .word: as the word
      hex = fmt::format("{:08x}", uint32_t{entry.bytes[0]} | uint32_t{entry.bytes[1]} << 8 |
                                      uint32_t{entry.bytes[2]} << 16 | uint32_t{entry.bytes[3]} << 24);
    } else if (entry.bytes.size() == 8) {
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
