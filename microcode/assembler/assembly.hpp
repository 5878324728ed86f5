#pragma once
// One pass of the assembler over the source: the image being built, symbols, the statement stack (files, macro and
// .rept expansions) and the conditional stack. The driver (assembler.cpp) runs two passes: the first learns every
// label's address, the second assembles with all of them known; a label that moves between passes is an error.
// Directive families live in their own files and work on this state: data_directives.cpp, preprocessor.cpp,
// packaging.cpp.

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "microcode/assembler/assembler.hpp"
#include "microcode/assembler/cursor.hpp"
#include "microcode/assembler/expression.hpp"
#include "microcode/assembler/source_text.hpp"

namespace gcvu::microcode::detail {

struct Symbol {
  int64_t value = 0;
  bool address = false;  // a label (an image address) rather than a number
  bool label = false;    // defined by `name:` (labels may not be redefined; .set symbols may)
  std::string file;
  int line = 0;
};

struct Macro {
  std::vector<std::string> params;
  std::vector<std::optional<std::string>> defaults;
  std::vector<Statement> body;
  std::string file;
  int line = 0;
};

// A statement and the cursor over its text (messages carry file:line:col and expansion notes).
struct Line {
  const Statement& statement;
  Cursor cursor;
  explicit Line(const Statement& s)
      : statement(s), cursor(s.text, s.file, s.line, s.column_offset, s.expansion.get()) {}
  // Built only for a message: most lines never need it, and a deep expansion's note is long.
  std::string note() const { return expansion_note(statement.expansion.get()); }
  Line(const Line&) = delete;
  Line& operator=(const Line&) = delete;
};

// State of the packaging (DMA/VIF/GIF) a statement is in; see packaging.hpp.
struct PackagingState;

class Assembly {
 public:
  Assembly(const AssembleOptions& options, const std::map<std::string, Symbol>* first_pass_labels);
  ~Assembly();

  // Runs the whole source (the top-level file's statements, its folder for includes).
  void run(std::vector<Statement> statements, const std::filesystem::path& folder);
  Program take_program();
  const std::map<std::string, Symbol>& symbols() const { return symbols_; }

  // ---- shared by the directive files ----
  const AssembleOptions& options() const { return options_; }
  bool final_pass() const { return first_pass_labels_ != nullptr; }
  uint32_t here() const { return static_cast<uint32_t>(program_.code.size()); }
  ExprEnv env() const;
  void emit(const Line& line, std::span<const uint8_t> bytes);
  void emit_word(const Line& line, uint32_t word);  // little-endian
  void patch_word(size_t offset, uint32_t word);
  uint32_t word_at(size_t offset) const;
  void warn(const Line& line, int column, const std::string& message);  // an error under --strict
  void define_symbol(const Line& line, int column, const std::string& name, Symbol symbol);
  void define_label(const Line& line, int column, const std::string& name);
  // dvp-as aligns a DMA tag and moves the labels just before it (no bytes between) along: a tag takes the
  // labels pending before its padding and moves them to the aligned address.
  std::vector<std::string> pending_labels() const { return pending_labels_; }
  void move_labels_here(const std::vector<std::string>& names);
  // Statements up to the one whose first word is `end` (nesting on any of `opens`), taken from the current
  // frame; the `end` statement is consumed. Fails at `start` when the frame ends first.
  std::vector<Statement> capture_block(const Line& start, std::span<const std::string_view> opens,
                                       std::string_view end);
  void push_statements(std::vector<Statement> statements, const std::filesystem::path& folder);
  std::optional<std::filesystem::path> find_include(const std::filesystem::path& folder, const std::string& name);
  const std::filesystem::path& current_folder() const;
  size_t depth() const { return frames_.size(); }
  static constexpr size_t kMaxDepth = 256;  // include and macro nesting
  const AssembleLimits& limits() const { return options_.limits; }
  // The image limit as messages print it: whole MiB where it is one.
  std::string image_limit_text() const;
  // A source (the top-level file or an .include) is refused before it is read when larger than this.
  static constexpr uintmax_t kMaxSourceBytes = 16u << 20;
  std::map<std::string, Macro>& macros() { return macros_; }
  int next_macro_serial() { return macro_serial_++; }
  PackagingState& packaging() { return *packaging_; }
  void assemble_instruction(Line& line);

 private:
  struct Frame {
    std::vector<Statement> statements;
    size_t next = 0;
    std::filesystem::path folder;
  };
  struct Conditional {
    bool parent_active;
    bool active;
    bool taken;
    bool seen_else;
    std::string file;  // of the .if, for "missing .endif"
    int line;
  };

  void run_statement(const Statement& statement);
  bool handle_conditional(Line& line, const std::string& word);
  bool active() const { return conditionals_.empty() || conditionals_.back().active; }

  const AssembleOptions& options_;
  const std::map<std::string, Symbol>* first_pass_labels_;
  Program program_;
  std::map<std::string, Symbol> symbols_;
  std::map<std::string, Macro> macros_;
  std::vector<Frame> frames_;
  std::vector<Conditional> conditionals_;
  std::unique_ptr<PackagingState> packaging_;
  std::vector<std::string> pending_labels_;  // labels with no bytes emitted after them yet
  int macro_serial_ = 0;
  uint64_t statements_run_ = 0;
};

// Directive handlers: each returns false when `word` is not one of its directives.
bool run_data_directive(Assembly& assembly, Line& line, const std::string& word);
bool run_preprocessor_directive(Assembly& assembly, Line& line, const std::string& word);
bool run_packaging_statement(Assembly& assembly, Line& line, const std::string& word);
// A macro invocation when `word` names a macro.
bool expand_macro(Assembly& assembly, Line& line, const std::string& word);
// The size of a file on disk, checked before it is read (0 when it cannot be determined; the read then fails).
uintmax_t file_bytes(const std::filesystem::path& path);

}  // namespace gcvu::microcode::detail
