#pragma once
// Source text to statements, with dvp-as's lexical rules: ';' starts a comment anywhere, '#' too (dvp-as only
// at the start of a line; gcvu's own sources always allowed it anywhere, and no valid dvp-as statement holds one),
// '//' anywhere (GNU as on most hosts; common in VCL output), '/* ... */' anywhere, also across lines;
// '!' separates two statements on one line (dvp-as's line separator). Comments are blanked, not removed, so
// columns still point into the original line. Quoted strings are kept intact.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gcvu::microcode::detail {

// Where a macro or .rept body line came from: the invocation (its file and line), outermost last.
struct Expansion {
  std::string what;  // "macro 'name'" or ".rept"
  std::string file;
  int line = 0;
  std::shared_ptr<const Expansion> outer;
};

struct Statement {
  std::string text;
  std::string file;
  int line = 0;
  int column_offset = 0;  // of text[0] in the original line (non-zero after a '!')
  std::shared_ptr<const Expansion> expansion;
};

// Splits a file into statements; `file` names them in messages. An unterminated '/*' is an error naming where
// it opened.
std::vector<Statement> split_statements(std::string_view text, const std::string& file);

// "\n  in macro 'm' invoked at f.vsm:12" lines for an error inside an expansion (empty when there is none).
std::string expansion_note(const Expansion* expansion);

}  // namespace gcvu::microcode::detail
