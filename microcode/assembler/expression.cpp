// The gas-style constant expression evaluator: precedence climbing over the levels gas defines.

#include "microcode/assembler/expression.hpp"

#include <fmt/format.h>

namespace gcvu::microcode::detail {

namespace {

constexpr int kMaxDepth = 500;  // nested parentheses and unary operators; deeper input is an error, not a crash

enum class Op {
  kNone,
  kMul,
  kDiv,
  kMod,
  kShl,
  kShr,
  kOr,
  kAnd,
  kXor,
  kAdd,
  kSub,
  kEq,
  kNe,
  kLt,
  kGt,
  kLe,
  kGe,
  kLogAnd,
  kLogOr
};

struct OpToken {
  Op op = Op::kNone;
  int length = 0;
  int level = 0;  // 1 binds tightest
};

OpToken peek_operator(const Cursor& cursor) {
  std::string_view rest = cursor.rest();
  auto starts = [&](std::string_view text) { return rest.substr(0, text.size()) == text; };
  if (starts("<<")) return {Op::kShl, 2, 1};
  if (starts(">>")) return {Op::kShr, 2, 1};
  if (starts("&&")) return {Op::kLogAnd, 2, 4};
  if (starts("||")) return {Op::kLogOr, 2, 5};
  if (starts("==")) return {Op::kEq, 2, 3};
  if (starts("!=") || starts("<>")) return {Op::kNe, 2, 3};
  if (starts("<=")) return {Op::kLe, 2, 3};
  if (starts(">=")) return {Op::kGe, 2, 3};
  switch (cursor.peek()) {
    case '*': return {Op::kMul, 1, 1};
    case '/': return {Op::kDiv, 1, 1};
    case '%': return {Op::kMod, 1, 1};
    case '|': return {Op::kOr, 1, 2};
    case '&': return {Op::kAnd, 1, 2};
    case '^': return {Op::kXor, 1, 2};
    case '+': return {Op::kAdd, 1, 3};
    case '-': return {Op::kSub, 1, 3};
    case '<': return {Op::kLt, 1, 3};
    case '>': return {Op::kGt, 1, 3};
    default: return {};
  }
}

bool symbol_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }

class Evaluator {
 public:
  Evaluator(Cursor& cursor, const ExprEnv& env) : cursor_(cursor), env_(env) {}

  ExprValue binary(int level) {
    if (level == 0) return unary();
    ExprValue left = binary(level - 1);
    for (;;) {
      cursor_.skip_blanks();
      OpToken token = peek_operator(cursor_);
      if (token.op == Op::kNone || token.level != level) return left;
      int column = cursor_.column();
      cursor_.seek(cursor_.pos() + static_cast<size_t>(token.length));
      ExprValue right = binary(level - 1);
      left = apply(token.op, left, right, column);
    }
  }

 private:
  ExprValue unary() {
    if (++depth_ > kMaxDepth) cursor_.fail(fmt::format("expression nested deeper than {} levels", kMaxDepth));
    cursor_.skip_blanks();
    ExprValue result;
    int column = cursor_.column();
    if (cursor_.take('-')) {
      result = absolute(unary(), column, "'-'");
      result.value = static_cast<int64_t>(0 - static_cast<uint64_t>(result.value));
    } else if (cursor_.take('+')) {
      result = unary();
    } else if (cursor_.take('~')) {
      result = absolute(unary(), column, "'~'");
      result.value = ~result.value;
    } else if (cursor_.take('!')) {
      result = absolute(unary(), column, "'!'");
      result.value = result.value == 0 ? 1 : 0;
    } else if (cursor_.take('(')) {
      result = binary(5);
      cursor_.skip_blanks();
      if (!cursor_.take(')')) cursor_.fail("expected ')' to close the '(' of this expression");
    } else {
      result = primary();
    }
    --depth_;
    return result;
  }

  ExprValue primary() {
    int column = cursor_.column();
    char c = cursor_.peek();
    if (std::isdigit(static_cast<unsigned char>(c))) return {number(column), false, false};
    if (c == '\'') {
      cursor_.take('\'');
      if (cursor_.at_end()) cursor_.fail("expected a character after '");
      char value = cursor_.peek();
      cursor_.seek(cursor_.pos() + 1);
      cursor_.take('\'');
      return {static_cast<unsigned char>(value), false, false};
    }
    if (!symbol_start(c)) {
      if (cursor_.at_end()) cursor_.fail("expected a number or symbol, found the end of the line");
      cursor_.fail(fmt::format("expected a number or symbol, found '{}'", c));
    }
    std::string_view name = cursor_.identifier();
    if (name == ".") return {env_.here, true, false};
    if (auto value = env_.lookup ? env_.lookup(name) : std::nullopt) return *value;
    if (env_.allow_undefined) return {0, false, true};
    cursor_.fail_at(column, fmt::format("undefined symbol '{}'", name));
  }

  int64_t number(int column) {
    std::string_view token = cursor_.identifier();
    int base = 10;
    std::string_view digits = token;
    if (token.size() > 1 && token[0] == '0') {
      char kind = static_cast<char>(std::tolower(static_cast<unsigned char>(token[1])));
      if (kind == 'x') {
        base = 16;
        digits.remove_prefix(2);
      } else if (kind == 'b') {
        base = 2;
        digits.remove_prefix(2);
      } else {
        base = 8;
        digits.remove_prefix(1);
      }
    }
    if (digits.empty()) cursor_.fail_at(column, fmt::format("bad number '{}'", token));
    uint64_t value = 0;
    for (char d : digits) {
      int digit = std::isdigit(static_cast<unsigned char>(d)) ? d - '0'
                  : std::isxdigit(static_cast<unsigned char>(d))
                      ? std::tolower(static_cast<unsigned char>(d)) - 'a' + 10
                      : 99;
      if (digit >= base) {
        cursor_.fail_at(column, fmt::format("bad number '{}' (digit '{}' in base {})", token, d, base));
      }
      value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(digit);  // wraps like gas's 64-bit
    }
    return static_cast<int64_t>(value);
  }

  ExprValue absolute(ExprValue value, int column, std::string_view op) {
    if (value.address && !value.undefined) {
      cursor_.fail_at(column, fmt::format("{} needs an absolute value, not an address", op));
    }
    return value;
  }

  ExprValue apply(Op op, ExprValue a, ExprValue b, int column) {
    ExprValue out;
    // A forward reference in the first pass: its kind is not known yet, so nothing can be checked; the final
    // pass evaluates the same text with every symbol defined.
    if (a.undefined || b.undefined) return {0, false, true};
    auto ua = static_cast<uint64_t>(a.value);
    auto ub = static_cast<uint64_t>(b.value);
    if (op == Op::kAdd) {
      if (a.address && b.address) cursor_.fail_at(column, "cannot add two addresses");
      out.value = static_cast<int64_t>(ua + ub);
      out.address = a.address || b.address;
      return out;
    }
    if (op == Op::kSub) {
      if (b.address && !a.address) cursor_.fail_at(column, "cannot subtract an address from a number");
      out.value = static_cast<int64_t>(ua - ub);
      out.address = a.address && !b.address;
      return out;
    }
    if ((a.address || b.address) && !(a.address && b.address && op >= Op::kEq && op <= Op::kGe)) {
      cursor_.fail_at(column, "this operator needs absolute values, not addresses");
    }
    switch (op) {
      case Op::kMul: out.value = static_cast<int64_t>(ua * ub); break;
      case Op::kDiv:
      case Op::kMod:
        if (b.value == 0) {
          cursor_.fail_at(column, "division by zero");
        }
        if (b.value == -1) {
          out.value = op == Op::kDiv ? static_cast<int64_t>(0 - ua) : 0;
        } else {
          out.value = op == Op::kDiv ? a.value / b.value : a.value % b.value;
        }
        break;
      case Op::kShl: out.value = ub >= 64 ? 0 : static_cast<int64_t>(ua << ub); break;
      case Op::kShr: out.value = ub >= 64 ? 0 : static_cast<int64_t>(ua >> ub); break;  // gas: logical
      case Op::kOr: out.value = a.value | b.value; break;
      case Op::kAnd: out.value = a.value & b.value; break;
      case Op::kXor: out.value = a.value ^ b.value; break;
      case Op::kEq: out.value = a.value == b.value ? -1 : 0; break;
      case Op::kNe: out.value = a.value != b.value ? -1 : 0; break;
      case Op::kLt: out.value = a.value < b.value ? -1 : 0; break;
      case Op::kGt: out.value = a.value > b.value ? -1 : 0; break;
      case Op::kLe: out.value = a.value <= b.value ? -1 : 0; break;
      case Op::kGe: out.value = a.value >= b.value ? -1 : 0; break;
      case Op::kLogAnd: out.value = (a.value != 0 && b.value != 0) ? 1 : 0; break;
      case Op::kLogOr: out.value = (a.value != 0 || b.value != 0) ? 1 : 0; break;
      default: break;
    }
    return out;
  }

  Cursor& cursor_;
  const ExprEnv& env_;
  int depth_ = 0;
};

}  // namespace

ExprValue evaluate_expression(Cursor& cursor, const ExprEnv& env) {
  Evaluator evaluator(cursor, env);
  return evaluator.binary(5);
}

int64_t evaluate_absolute(Cursor& cursor, const ExprEnv& env, std::string_view what) {
  int column = cursor.column();
  ExprValue value = evaluate_expression(cursor, env);
  if (value.address) cursor.fail_at(column, fmt::format("the {} must be a number, not an address", what));
  return value.value;
}

}  // namespace gcvu::microcode::detail
