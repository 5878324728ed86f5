#include "harness/debug/expression.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "harness/debug/ps2_value.hpp"

namespace gcvu::harness::debug {

// What a leaf reads from the machine.
enum class Source : uint8_t {
  kConstant, kVi, kVfField, kAccField, kQ, kP, kI, kR, kMac, kStatus, kClip, kPc, kCycle, kPairs, kTop, kItop,
  kMemFloat, kMemBits,
};

struct Expression::Node {
  Source source = Source::kConstant;
  Value constant = int64_t{0};
  int index = 0;  // register number
  int lane = 0;   // field
  std::string op;  // operator for unary (one operand) and binary nodes; empty for a leaf
  std::shared_ptr<const Node> left, right;
};

namespace {

using NodePtr = std::shared_ptr<const Expression::Node>;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  NodePtr parse_all() {
    NodePtr node = parse_binary(0);
    skip_space();
    if (at_ < text_.size()) fail(fmt::format("unexpected '{}'", text_.substr(at_)));
    return node;
  }

 private:
  // C's binary operators by precedence, loosest first.
  static int precedence(std::string_view op) {
    static constexpr std::pair<std::string_view, int> kTable[] = {
        {"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4}, {"&", 5}, {"==", 6}, {"!=", 6}, {"<", 7}, {"<=", 7}, {">", 7},
        {">=", 7}, {"<<", 8}, {">>", 8}, {"+", 9}, {"-", 9}, {"*", 10}, {"/", 10}, {"%", 10}};
    for (const auto& [name, level] : kTable) {
      if (name == op) return level;
    }
    return 0;
  }

  std::string_view peek_operator() {
    skip_space();
    for (std::string_view op : {"||", "&&", "==", "!=", "<=", ">=", "<<", ">>", "|", "^", "&", "<", ">", "+", "-",
                                "*", "/", "%"}) {
      if (text_.substr(at_, op.size()) == op) return op;
    }
    return {};
  }

  NodePtr parse_binary(int min_level) {
    NodePtr left = parse_unary();
    while (true) {
      const std::string_view op = peek_operator();
      const int level = op.empty() ? 0 : precedence(op);
      if (level == 0 || level <= min_level) return left;
      at_ += op.size();
      NodePtr right = parse_binary(level);
      auto node = std::make_shared<Expression::Node>();
      node->op = std::string(op);
      node->left = std::move(left);
      node->right = std::move(right);
      left = std::move(node);
    }
  }

  NodePtr parse_unary() {
    skip_space();
    if (at_ < text_.size() && (text_[at_] == '!' || text_[at_] == '-' || text_[at_] == '~')) {
      auto node = std::make_shared<Expression::Node>();
      node->op = std::string(1, text_[at_++]);
      node->left = parse_unary();
      return node;
    }
    return parse_primary();
  }

  NodePtr parse_primary() {
    skip_space();
    if (at_ >= text_.size()) fail("expected a value");
    if (text_[at_] == '(') {
      ++at_;
      NodePtr inner = parse_binary(0);
      expect(')');
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(text_[at_])) || text_[at_] == '.') return parse_number();
    if (std::isalpha(static_cast<unsigned char>(text_[at_]))) return parse_name();
    fail(fmt::format("unexpected '{}'", text_[at_]));
  }

  NodePtr parse_number() {
    const size_t start = at_;
    auto node = std::make_shared<Expression::Node>();
    if (text_.substr(at_, 2) == "0x" || text_.substr(at_, 2) == "0X") {
      uint64_t value = 0;
      const auto [end, error] = std::from_chars(text_.data() + at_ + 2, text_.data() + text_.size(), value, 16);
      if (error != std::errc() || end == text_.data() + at_ + 2) fail("expected hex digits after 0x");
      at_ = static_cast<size_t>(end - text_.data());
      node->constant = static_cast<int64_t>(value);
      return node;
    }
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '.' ||
                                  ((text_[at_] == '-' || text_[at_] == '+') && at_ > start &&
                                   (text_[at_ - 1] == 'e' || text_[at_ - 1] == 'E')))) {
      ++at_;
    }
    const std::string_view digits = text_.substr(start, at_ - start);
    const bool is_float = digits.find_first_of(".eE") != std::string_view::npos;
    if (is_float) {
      double value = 0;
      const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (error != std::errc() || end != digits.data() + digits.size()) fail(fmt::format("bad number '{}'", digits));
      node->constant = value;
    } else {
      int64_t value = 0;
      const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (error != std::errc() || end != digits.data() + digits.size()) fail(fmt::format("bad number '{}'", digits));
      node->constant = value;
    }
    return node;
  }

  int parse_lane() {
    expect('.');
    if (at_ < text_.size()) {
      const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text_[at_])));
      const size_t lane = std::string_view("xyzw").find(c);
      if (lane != std::string_view::npos) {
        ++at_;
        return static_cast<int>(lane);
      }
    }
    fail("expected a field x, y, z or w after '.'");
  }

  NodePtr parse_name() {
    const size_t start = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) ++at_;
    std::string name(text_.substr(start, at_ - start));
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    auto node = std::make_shared<Expression::Node>();
    auto numbered = [&](std::string_view prefix, int count) -> std::optional<int> {
      if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
      int value = 0;
      const auto [end, error] = std::from_chars(name.data() + prefix.size(), name.data() + name.size(), value);
      if (error != std::errc() || end != name.data() + name.size()) return std::nullopt;
      if (value < 0 || value >= count) fail(fmt::format("{} has no register {}", prefix, value));
      return value;
    };
    if (const auto vi = numbered("vi", 16)) {
      node->source = Source::kVi;
      node->index = *vi;
    } else if (const auto vf = numbered("vf", 32)) {
      node->source = Source::kVfField;
      node->index = *vf;
      node->lane = parse_lane();
    } else if (name == "acc") {
      node->source = Source::kAccField;
      node->lane = parse_lane();
    } else if (name == "mem" || name == "memi") {
      node->source = name == "mem" ? Source::kMemFloat : Source::kMemBits;
      expect('[');
      node->left = parse_binary(0);
      expect(']');
      node->lane = parse_lane();
    } else {
      static constexpr std::pair<std::string_view, Source> kNames[] = {
          {"q", Source::kQ},         {"p", Source::kP},         {"i", Source::kI},     {"r", Source::kR},
          {"mac", Source::kMac},     {"status", Source::kStatus}, {"clip", Source::kClip}, {"pc", Source::kPc},
          {"cycle", Source::kCycle}, {"pairs", Source::kPairs}, {"top", Source::kTop}, {"itop", Source::kItop}};
      bool found = false;
      for (const auto& [known, source] : kNames) {
        if (known == name) {
          node->source = source;
          found = true;
        }
      }
      if (!found) {
        at_ = start;
        fail(fmt::format("unknown name '{}' (registers are vi00-vi15, vf00.x-vf31.w, acc.x, q, p, i, r, mac, status, "
                         "clip, pc, cycle, pairs, top, itop, mem[A].x, memi[A].x)",
                         name));
      }
    }
    return node;
  }

  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  void expect(char c) {
    skip_space();
    if (at_ >= text_.size() || text_[at_] != c) fail(fmt::format("expected '{}'", c));
    ++at_;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw ExpressionError(fmt::format("in expression '{}' at column {}: {}", text_, at_ + 1, what));
  }

  std::string_view text_;
  size_t at_ = 0;
};

double as_double(const Value& value) {
  return std::holds_alternative<int64_t>(value) ? static_cast<double>(std::get<int64_t>(value))
                                                : std::get<double>(value);
}

int64_t as_integer(const Value& value, const std::string& op) {
  if (std::holds_alternative<int64_t>(value)) return std::get<int64_t>(value);
  throw ExpressionError(fmt::format("operator '{}' needs integer operands (a float was given)", op));
}

Value apply_unary(const std::string& op, const Value& operand) {
  if (op == "!") return int64_t{is_true(operand) ? 0 : 1};
  if (op == "~") return ~as_integer(operand, op);
  if (std::holds_alternative<int64_t>(operand)) return -std::get<int64_t>(operand);
  return -std::get<double>(operand);
}

Value apply_binary(const std::string& op, const Value& a, const Value& b) {
  if (op == "&&") return int64_t{is_true(a) && is_true(b)};
  if (op == "||") return int64_t{is_true(a) || is_true(b)};
  const bool integers = std::holds_alternative<int64_t>(a) && std::holds_alternative<int64_t>(b);
  auto compare = [&](auto test) -> Value {
    return int64_t{integers ? test(std::get<int64_t>(a), std::get<int64_t>(b)) : test(as_double(a), as_double(b))};
  };
  if (op == "==") return compare([](auto x, auto y) { return x == y; });
  if (op == "!=") return compare([](auto x, auto y) { return x != y; });
  if (op == "<") return compare([](auto x, auto y) { return x < y; });
  if (op == "<=") return compare([](auto x, auto y) { return x <= y; });
  if (op == ">") return compare([](auto x, auto y) { return x > y; });
  if (op == ">=") return compare([](auto x, auto y) { return x >= y; });
  if (op == "+" || op == "-" || op == "*" || op == "/") {
    if (integers) {
      const int64_t x = std::get<int64_t>(a);
      const int64_t y = std::get<int64_t>(b);
      if (op == "+") return static_cast<int64_t>(static_cast<uint64_t>(x) + static_cast<uint64_t>(y));
      if (op == "-") return static_cast<int64_t>(static_cast<uint64_t>(x) - static_cast<uint64_t>(y));
      if (op == "*") return static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y));
      if (y == 0) throw ExpressionError("division by zero");
      if (x == INT64_MIN && y == -1) return x;
      return x / y;
    }
    const double x = as_double(a);
    const double y = as_double(b);
    if (op == "+") return x + y;
    if (op == "-") return x - y;
    if (op == "*") return x * y;
    return x / y;
  }
  const int64_t x = as_integer(a, op);
  const int64_t y = as_integer(b, op);
  if (op == "%") {
    if (y == 0) throw ExpressionError("division by zero");
    if (y == -1) return int64_t{0};
    return x % y;
  }
  if (op == "&") return x & y;
  if (op == "|") return x | y;
  if (op == "^") return x ^ y;
  if (y < 0 || y > 63) throw ExpressionError(fmt::format("shift by {} is outside 0-63", y));
  if (op == "<<") return static_cast<int64_t>(static_cast<uint64_t>(x) << y);
  return x >> y;
}

Value evaluate_node(const Expression::Node& node, const ExpressionContext& context) {
  if (!node.op.empty()) {
    const Value left = evaluate_node(*node.left, context);
    if (!node.right) return apply_unary(node.op, left);
    // && and || short-circuit, so `vi01 != 0 && memi[vi01].x == 3` never reads through a zero pointer.
    if (node.op == "&&" && !is_true(left)) return int64_t{0};
    if (node.op == "||" && is_true(left)) return int64_t{1};
    return apply_binary(node.op, left, evaluate_node(*node.right, context));
  }
  const vu::Vu1& vu = context.vu;
  const vu::Registers& regs = vu.registers();
  switch (node.source) {
    case Source::kConstant: return node.constant;
    case Source::kVi: return int64_t{regs.vi(node.index)};
    case Source::kVfField: return ps2_float_value(regs.vf_lane(node.index, node.lane));
    case Source::kAccField: return ps2_float_value(regs.acc()[node.lane]);
    case Source::kQ: return ps2_float_value(regs.q);
    case Source::kP: return ps2_float_value(regs.p);
    case Source::kI: return ps2_float_value(regs.i);
    case Source::kR: return ps2_float_value(regs.r);
    case Source::kMac: return int64_t{regs.mac};
    case Source::kStatus: return int64_t{regs.status};
    case Source::kClip: return int64_t{regs.clip};
    case Source::kPc: return int64_t{regs.tpc} * 8;
    case Source::kCycle: return static_cast<int64_t>(context.cycle);
    case Source::kPairs: return static_cast<int64_t>(vu.stats().pairs);
    case Source::kTop: return int64_t{vu.top()};
    case Source::kItop: return int64_t{vu.itop()};
    case Source::kMemFloat:
    case Source::kMemBits: {
      const Value address = evaluate_node(*node.left, context);
      const int64_t qword = as_integer(address, "mem[]");
      if (qword < 0 || qword >= static_cast<int64_t>(vu::kDataQwords)) {
        throw ExpressionError(fmt::format("mem[{:#x}] is outside VU1 data memory (qwords 0-0x3ff)", qword));
      }
      const uint32_t bits = vu.data().word(static_cast<uint32_t>(qword), node.lane);
      if (node.source == Source::kMemBits) return int64_t{bits};
      return ps2_float_value(bits);
    }
  }
  return int64_t{0};
}

}  // namespace

std::string value_text(const Value& value) {
  if (std::holds_alternative<int64_t>(value)) {
    const int64_t n = std::get<int64_t>(value);
    return n >= 0 && n < 10 ? fmt::format("{}", n) : fmt::format("{} ({:#x})", n, static_cast<uint64_t>(n));
  }
  return fmt::format("{}", std::get<double>(value));
}

bool is_true(const Value& value) {
  return std::holds_alternative<int64_t>(value) ? std::get<int64_t>(value) != 0 : std::get<double>(value) != 0.0;
}

Expression Expression::parse(std::string_view text) {
  Expression expression;
  expression.text_ = std::string(text);
  Parser parser(expression.text_);
  expression.root_ = parser.parse_all();
  return expression;
}

Value Expression::evaluate(const ExpressionContext& context) const { return evaluate_node(*root_, context); }

}  // namespace gcvu::harness::debug
