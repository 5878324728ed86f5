// GNU as's text-level directives: .include (with -I), .macro/.endm and macro invocations, .rept/.irp/.endr,
// .set/.equ/.equiv. Conditionals are in the driver (they decide whether a statement runs at all).

#include <algorithm>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "microcode/assembler/assembly.hpp"

namespace gcvu::microcode::detail {

namespace {

constexpr int64_t kMaxRepeat = 1 << 20;
constexpr std::string_view kBlockOpens[] = {".rept", ".irp", ".irpc"};
constexpr std::string_view kMacroOpens[] = {".macro"};

std::string quoted_name(Cursor& cursor, std::string_view directive) {
  cursor.skip_blanks();
  if (!cursor.take('"')) cursor.fail(fmt::format("{} needs a quoted file name", directive));
  std::string_view rest = cursor.rest();
  size_t close = rest.find('"');
  if (close == std::string_view::npos) cursor.fail("unterminated file name");
  std::string name(rest.substr(0, close));
  cursor.seek(cursor.pos() + close + 1);
  cursor.skip_blanks();
  if (!cursor.at_end()) cursor.fail(fmt::format("unexpected text after {}", directive));
  return name;
}

void include(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  std::string name = quoted_name(cursor, ".include");
  auto found = assembly.find_include(assembly.current_folder(), name);
  if (!found) {
    cursor.fail_at(column, fmt::format("include file '{}' not found (searched {} and the -I folders)", name,
                                       (assembly.current_folder() / name).string()));
  }
  if (assembly.depth() >= Assembly::kMaxDepth) {
    cursor.fail_at(
        column, fmt::format("includes nested deeper than {} (an include cycle without a guard?)", Assembly::kMaxDepth));
  }
  const uintmax_t size = file_bytes(*found);
  if (size > Assembly::kMaxSourceBytes) {
    cursor.fail_at(column, fmt::format("include file '{}' is {} bytes, more than the {} MiB gcvu assembles",
                                       found->string(), size, Assembly::kMaxSourceBytes >> 20));
  }
  std::ifstream in(*found, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  std::vector<Statement> statements = split_statements(text.str(), found->string());
  for (Statement& s : statements) s.expansion = line.statement.expansion;
  assembly.push_statements(std::move(statements), found->parent_path());
}

// Comma-separated arguments at the top level (quotes and parentheses kept together).
std::vector<std::string> split_arguments(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  int depth = 0;
  bool quoted = false;
  for (char c : text) {
    if (c == '"') quoted = !quoted;
    if (!quoted && c == '(') ++depth;
    if (!quoted && c == ')') --depth;
    if (!quoted && depth <= 0 && c == ',') {
      out.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  out.push_back(current);
  for (std::string& arg : out) {
    size_t start = arg.find_first_not_of(" \t");
    size_t end = arg.find_last_not_of(" \t");
    arg = start == std::string::npos ? std::string() : arg.substr(start, end - start + 1);
  }
  if (out.size() == 1 && out[0].empty()) out.clear();
  return out;
}

void define_macro(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  cursor.skip_blanks();
  int column = cursor.column();
  std::string name = lower_case(cursor.identifier());
  if (name.empty()) cursor.fail(".macro needs a name");
  Macro macro;
  macro.file = line.statement.file;
  macro.line = line.statement.line;
  cursor.skip_blanks();
  cursor.take(',');
  for (std::string& param : split_arguments(cursor.rest())) {
    // gas also allows parameters separated by blanks: "a b c".
    std::istringstream words(param);
    std::string word;
    while (words >> word) {
      size_t equals = word.find('=');
      std::string param_name = word.substr(0, equals);
      size_t colon = param_name.find(':');  // a:req / a:vararg qualifiers
      if (colon != std::string::npos) param_name.erase(colon);
      macro.params.push_back(param_name);
      macro.defaults.push_back(equals == std::string::npos ? std::nullopt
                                                           : std::optional<std::string>(word.substr(equals + 1)));
    }
  }
  macro.body = assembly.capture_block(line, kMacroOpens, ".endm");
  if (assembly.macros().count(name) != 0) {
    cursor.fail_at(column, fmt::format("macro '{}' is already defined", name));
  }
  assembly.macros()[name] = std::move(macro);
}

// Replaces \name by its argument, \() by nothing and \@ by the expansion's serial number.
std::string substitute(const std::string& text, const std::vector<std::string>& names,
                       const std::vector<std::string>& values, int serial) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    if (text[i + 1] == '(' && i + 2 < text.size() && text[i + 2] == ')') {
      i += 2;
      continue;
    }
    if (text[i + 1] == '@') {
      out += std::to_string(serial);
      ++i;
      continue;
    }
    size_t best = names.size();
    for (size_t n = 0; n < names.size(); ++n) {
      if (!names[n].empty() && text.compare(i + 1, names[n].size(), names[n]) == 0 &&
          (best == names.size() || names[n].size() > names[best].size())) {
        best = n;
      }
    }
    if (best == names.size()) {
      out += text[i];
      continue;
    }
    out += values[best];
    i += names[best].size();
  }
  return out;
}

void push_expansion(Assembly& assembly, Line& line, const std::vector<Statement>& body, std::string what,
                    const std::vector<std::string>& names, const std::vector<std::string>& values) {
  auto expansion = std::make_shared<Expansion>(
      Expansion{std::move(what), line.statement.file, line.statement.line, line.statement.expansion});
  const int serial = assembly.next_macro_serial();
  std::vector<Statement> out;
  out.reserve(body.size());
  for (const Statement& s : body) {
    out.push_back({substitute(s.text, names, values, serial), s.file, s.line, s.column_offset, expansion});
  }
  assembly.push_statements(std::move(out), assembly.current_folder());
}

// The copies of a .rept/.irp body are made before they run, so their count is checked against the statements one
// pass may run before they are made.
void require_copies_fit(const Cursor& cursor, int column, const char* directive, uint64_t copies, size_t body,
                        uint64_t limit) {
  if (copies * body > limit) {
    cursor.fail_at(column, fmt::format("{} {} x {} statements is more than the {} statements one pass runs", directive,
                                       copies, body, limit));
  }
}

void repeat(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  ExprEnv env = assembly.env();
  env.allow_undefined = false;
  int64_t count = evaluate_absolute(cursor, env, ".rept count");
  if (count < 0 || count > kMaxRepeat) {
    cursor.fail_at(column, fmt::format(".rept count {} is outside 0..{}", count, kMaxRepeat));
  }
  std::vector<Statement> body = assembly.capture_block(line, kBlockOpens, ".endr");
  require_copies_fit(cursor, column, ".rept", static_cast<uint64_t>(count), body.size(), assembly.limits().statements);
  std::vector<Statement> all;
  for (int64_t i = 0; i < count; ++i) all.insert(all.end(), body.begin(), body.end());
  push_expansion(assembly, line, all, ".rept", {}, {});
}

// .irp name, a, b, c: the body once per value with \name replaced.
void iterate(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  cursor.skip_blanks();
  const int column = cursor.column();
  std::string name(cursor.identifier());
  if (name.empty()) cursor.fail(".irp needs a parameter name");
  cursor.skip_blanks();
  cursor.take(',');
  std::vector<std::string> values = split_arguments(cursor.rest());
  std::vector<Statement> body = assembly.capture_block(line, kBlockOpens, ".endr");
  require_copies_fit(cursor, column, ".irp", values.size(), body.size(), assembly.limits().statements);
  std::vector<Statement> all;
  for (const std::string& value : values) {
    for (const Statement& s : body) {
      all.push_back(s);
      all.back().text = substitute(s.text, {name}, {value}, 0);
    }
  }
  push_expansion(assembly, line, all, ".irp", {}, {});
}

void set_symbol(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  cursor.skip_blanks();
  int column = cursor.column();
  std::string name(cursor.identifier());
  if (name.empty()) cursor.fail("expected a symbol name");
  cursor.skip_blanks();
  if (!cursor.take(',')) cursor.fail("expected ',' after the symbol name");
  cursor.skip_blanks();
  ExprValue value = evaluate_expression(cursor, assembly.env());
  assembly.define_symbol(line, column, name, Symbol{value.value, value.address, false, {}, 0});
}

}  // namespace

bool run_preprocessor_directive(Assembly& assembly, Line& line, const std::string& word) {
  if (word == ".include") {
    include(assembly, line);
  } else if (word == ".macro") {
    define_macro(assembly, line);
  } else if (word == ".endm" || word == ".endr") {
    line.cursor.fail_at(1, fmt::format("{} without an open block", word));
  } else if (word == ".rept") {
    repeat(assembly, line);
  } else if (word == ".irp") {
    iterate(assembly, line);
  } else if (word == ".set" || word == ".equ" || word == ".equiv") {
    set_symbol(assembly, line);
  } else {
    return false;
  }
  return true;
}

bool expand_macro(Assembly& assembly, Line& line, const std::string& word) {
  auto it = assembly.macros().find(word);
  if (it == assembly.macros().end()) return false;
  const Macro& macro = it->second;
  Cursor& cursor = line.cursor;
  std::vector<std::string> args = split_arguments(cursor.rest());
  if (args.size() == 1 && macro.params.size() > 1 && args[0].find_first_of(" \t") != std::string::npos) {
    std::istringstream words(args[0]);  // gas also separates arguments by blanks
    args.clear();
    std::string w;
    while (words >> w) args.push_back(w);
  }
  if (args.size() > macro.params.size()) {
    cursor.fail(fmt::format("macro '{}' takes {} arguments, {} given", word, macro.params.size(), args.size()));
  }
  std::vector<std::string> values(macro.params.size());
  std::vector<bool> given(macro.params.size(), false);
  for (size_t i = 0; i < args.size(); ++i) {
    size_t equals = args[i].find('=');
    size_t slot = i;
    std::string value = args[i];
    if (equals != std::string::npos) {  // name=value
      std::string name = args[i].substr(0, equals);
      auto p = std::find(macro.params.begin(), macro.params.end(), name);
      if (p != macro.params.end()) {
        slot = static_cast<size_t>(p - macro.params.begin());
        value = args[i].substr(equals + 1);
      }
    }
    values[slot] = value;
    given[slot] = true;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (!given[i] && macro.defaults[i]) values[i] = *macro.defaults[i];
  }
  push_expansion(assembly, line, macro.body, fmt::format("macro '{}'", word), macro.params, values);
  return true;
}

}  // namespace gcvu::microcode::detail
