#pragma once
// Constant expressions as GNU as (and so dvp-as) evaluates them: 64-bit integers, C operators with gas's
// precedence (* / % << >> bind tightest, then | & ^, then + - and comparisons, then && and ||; comparisons give
// -1 for true), parentheses, numbers (decimal, 0x hex, 0b binary, leading-0 octal, 'c' characters), symbols
// (labels, .set/.equ names, --defsym) and '.' for the current address.
//
// A value is absolute or an address in the image. label - label is absolute; label + n is an address; other
// mixes are errors. Branch operands use the distinction: an address is PC-relative, an absolute number is the raw
// offset field, as dvp-as reads them.

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "microcode/assembler/cursor.hpp"

namespace gcvu::microcode::detail {

struct ExprValue {
  int64_t value = 0;
  bool address = false;    // relative to the image start (a label, '.', or label + constant)
  bool undefined = false;  // used a symbol not yet defined (only allowed before the final pass)
};

struct ExprEnv {
  // The symbol's value, or nullopt when undefined.
  std::function<std::optional<ExprValue>(std::string_view name)> lookup;
  int64_t here = 0;              // the value of '.'
  bool allow_undefined = false;  // first pass: an undefined symbol is 0 and marks the result undefined
};

// Parses and evaluates one expression at the cursor; stops at the first character that cannot continue it
// (a ',', an unmatched ')', the '(' of "imm(VIxx)", the end). Fails naming the column and the rule.
ExprValue evaluate_expression(Cursor& cursor, const ExprEnv& env);

// An absolute value (a label is an error naming `what`).
int64_t evaluate_absolute(Cursor& cursor, const ExprEnv& env, std::string_view what);

}  // namespace gcvu::microcode::detail
