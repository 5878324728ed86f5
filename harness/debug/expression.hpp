#pragma once
// Debugger expressions, for breakpoint conditions and `watch`: C-like operators over the machine's state.
//
//   operands   numbers (123, 0x7b, 1.5, -2e3); registers vi00..vi15, vf00..vf31 with one field (vf05.x, a float),
//              acc.x, q, p, i, r (floats), mac, status, clip, pc (byte address of the next pair), cycle, pairs,
//              top, itop; memory mem[ADDR].x (a float) and memi[ADDR].x (the field's 32 bits), ADDR a qword
//              address expression
//   operators  ( ) ! - ~ * / % + - << >> < <= > >= == != & ^ | && ||, with C's precedence
//
// Integers stay exact (int64); an operation with a float operand is done in double. A parse error names the
// column and what was expected.

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::harness::debug {

class ExpressionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using Value = std::variant<int64_t, double>;

std::string value_text(const Value& value);
bool is_true(const Value& value);

// What an expression can read.
struct ExpressionContext {
  const vu::Vu1& vu;
  uint64_t cycle = 0;
};

class Expression {
 public:
  // Throws ExpressionError.
  static Expression parse(std::string_view text);
  Value evaluate(const ExpressionContext& context) const;
  const std::string& text() const { return text_; }

  struct Node;

 private:
  std::string text_;
  std::shared_ptr<const Node> root_;
};

}  // namespace gcvu::harness::debug
