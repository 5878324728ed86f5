#include "formats/vectors/vector_tsv.hpp"

#include <fmt/format.h>

#include "formats/core/format_error.hpp"

namespace gcvu::formats {

namespace {

constexpr uint8_t kA = 1, kB = 2, kC = 4, kD = 8;

constexpr std::array kOps = {
    VectorOpInfo{VectorOp::kAdd, "ADD", kA | kB},
    VectorOpInfo{VectorOp::kSub, "SUB", kA | kB},
    VectorOpInfo{VectorOp::kMul, "MUL", kA | kB},
    VectorOpInfo{VectorOp::kMadd, "MADD", kA | kB | kC},
    VectorOpInfo{VectorOp::kMsub, "MSUB", kA | kB | kC},
    VectorOpInfo{VectorOp::kDiv, "DIV", kA | kB},
    VectorOpInfo{VectorOp::kSqrt, "SQRT", kB},
    VectorOpInfo{VectorOp::kRsqrt, "RSQRT", kA | kB},
    VectorOpInfo{VectorOp::kClip, "CLIP", kA | kB},
    VectorOpInfo{VectorOp::kFtoi0, "FTOI0", kA},
    VectorOpInfo{VectorOp::kFtoi4, "FTOI4", kA},
    VectorOpInfo{VectorOp::kFtoi12, "FTOI12", kA},
    VectorOpInfo{VectorOp::kFtoi15, "FTOI15", kA},
    VectorOpInfo{VectorOp::kItof0, "ITOF0", kA},
    VectorOpInfo{VectorOp::kItof4, "ITOF4", kA},
    VectorOpInfo{VectorOp::kItof12, "ITOF12", kA},
    VectorOpInfo{VectorOp::kItof15, "ITOF15", kA},
    VectorOpInfo{VectorOp::kIadd, "IADD", kA | kB},
    VectorOpInfo{VectorOp::kIaddi, "IADDI", kA | kB},
    VectorOpInfo{VectorOp::kIaddiu, "IADDIU", kA | kB},
    VectorOpInfo{VectorOp::kIand, "IAND", kA | kB},
    VectorOpInfo{VectorOp::kIor, "IOR", kA | kB},
    VectorOpInfo{VectorOp::kIsub, "ISUB", kA | kB},
    VectorOpInfo{VectorOp::kIsubiu, "ISUBIU", kA | kB},
    VectorOpInfo{VectorOp::kRinit, "RINIT", kA},
    VectorOpInfo{VectorOp::kRxor, "RXOR", kA | kB},
    VectorOpInfo{VectorOp::kRnext, "RNEXT", kA},
    VectorOpInfo{VectorOp::kEatan, "EATAN", kA},
    VectorOpInfo{VectorOp::kEatanxy, "EATANXY", kA | kB},
    VectorOpInfo{VectorOp::kEatanxz, "EATANXZ", kA | kB},
    VectorOpInfo{VectorOp::kEexp, "EEXP", kA},
    VectorOpInfo{VectorOp::kEleng, "ELENG", kA | kB | kC},
    VectorOpInfo{VectorOp::kErcpr, "ERCPR", kA},
    VectorOpInfo{VectorOp::kErleng, "ERLENG", kA | kB | kC},
    VectorOpInfo{VectorOp::kErsadd, "ERSADD", kA | kB | kC},
    VectorOpInfo{VectorOp::kErsqrt, "ERSQRT", kA},
    VectorOpInfo{VectorOp::kEsadd, "ESADD", kA | kB | kC},
    VectorOpInfo{VectorOp::kEsin, "ESIN", kA},
    VectorOpInfo{VectorOp::kEsqrt, "ESQRT", kA},
    VectorOpInfo{VectorOp::kEsum, "ESUM", kA | kB | kC | kD},
};

// The table is indexed by the enum: each entry must sit at its own value.
constexpr bool table_in_enum_order() {
  for (size_t i = 0; i < kOps.size(); ++i) {
    if (static_cast<size_t>(kOps[i].op) != i) return false;
  }
  return static_cast<size_t>(VectorOp::kEsum) + 1 == kOps.size();
}
static_assert(table_in_enum_order(), "kOps must list every VectorOp once, in enum order");

constexpr size_t kColumns = 9;
constexpr std::array<std::string_view, 4> kOperandNames = {"a", "b", "c", "d"};

struct Field {
  std::string_view text;
  uint64_t offset;  // byte offset in the file
};

class RowParser {
 public:
  RowParser(const std::string& source, uint32_t line) : source_(source), line_(line) {}

  [[noreturn]] void fail(uint64_t offset, const std::string& rule) const {
    throw FormatError(source_, offset, fmt::format("line {}: {}", line_, rule));
  }

  // Exactly `digits` hex digits (either case).
  uint32_t hex(const Field& field, size_t digits, std::string_view column) const {
    bool ok = field.text.size() == digits;
    uint32_t value = 0;
    for (char c : field.text) {
      int nibble = -1;
      if (c >= '0' && c <= '9') nibble = c - '0';
      if (c >= 'A' && c <= 'F') nibble = c - 'A' + 10;
      if (c >= 'a' && c <= 'f') nibble = c - 'a' + 10;
      if (nibble < 0) ok = false;
      value = (value << 4) | static_cast<uint32_t>(nibble & 0xF);
    }
    if (!ok) {
      fail(field.offset, fmt::format("column '{}': expected {} hex digit{}{}, found '{}'", column, digits,
                                     digits == 1 ? "" : "s", column == "result" ? "" : " or '-'", field.text));
    }
    return value;
  }

  template <typename T>
  std::optional<T> optional_hex(const Field& field, size_t digits, std::string_view column) const {
    if (field.text == "-") return std::nullopt;
    return static_cast<T>(hex(field, digits, column));
  }

 private:
  const std::string& source_;
  uint32_t line_;
};

VectorRow parse_row(const std::array<Field, kColumns>& fields, const RowParser& parser) {
  VectorRow row;
  std::optional<VectorOp> op = find_vector_op(fields[0].text);
  if (!op) parser.fail(fields[0].offset, fmt::format("unknown op '{}'", fields[0].text));
  row.op = *op;
  const VectorOpInfo& info = vector_op_info(*op);
  for (size_t i = 0; i < 4; ++i) {
    const Field& field = fields[1 + i];
    row.operands[i] = parser.optional_hex<uint32_t>(field, 8, kOperandNames[i]);
    const bool used = (info.operands >> i) & 1;
    if (used && !row.operands[i]) {
      parser.fail(field.offset, fmt::format("{} uses operand '{}' but the row has '-'", info.name, kOperandNames[i]));
    }
    if (!used && row.operands[i]) {
      parser.fail(field.offset, fmt::format("{} does not use operand '{}': expected '-', found '{}'", info.name,
                                            kOperandNames[i], field.text));
    }
  }
  row.result = parser.hex(fields[5], 8, "result");
  row.mac = parser.optional_hex<uint8_t>(fields[6], 1, "mac");
  row.status = parser.optional_hex<uint16_t>(fields[7], 3, "status");
  if (fields[8].text.empty()) parser.fail(fields[8].offset, "column 'source' is empty");
  row.source = std::string(fields[8].text);
  return row;
}

}  // namespace

std::span<const VectorOpInfo> vector_ops() { return kOps; }

const VectorOpInfo& vector_op_info(VectorOp op) { return kOps[static_cast<size_t>(op)]; }

std::optional<VectorOp> find_vector_op(std::string_view name) {
  for (const VectorOpInfo& info : kOps) {
    if (info.name == name) return info.op;
  }
  return std::nullopt;
}

std::vector<VectorRow> parse_vector_tsv(std::string_view text, const std::string& source) {
  std::vector<VectorRow> rows;
  bool seen_header = false;
  uint32_t line_number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    ++line_number;
    const size_t line_start = pos;
    const size_t newline = text.find('\n', pos);
    const bool last_unterminated = newline == std::string_view::npos;
    std::string_view line = text.substr(pos, last_unterminated ? std::string_view::npos : newline - pos);
    pos = last_unterminated ? text.size() : newline + 1;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    RowParser parser(source, line_number);

    if (!seen_header) {
      if (!line.empty() && line.front() == '#') continue;
      if (line != kVectorHeader) {
        parser.fail(line_start, fmt::format("expected the header 'op a b c d result mac status source' "
                                            "(tab-separated), found '{}'", line));
      }
      seen_header = true;
      continue;
    }
    if (line.empty()) parser.fail(line_start, "empty line among the rows");
    if (line.front() == '#') parser.fail(line_start, "comment lines are allowed only before the header");

    std::array<Field, kColumns> fields{};
    size_t count = 0;
    size_t field_start = 0;
    while (true) {
      const size_t tab = line.find('\t', field_start);
      const size_t length = tab == std::string_view::npos ? std::string_view::npos : tab - field_start;
      const std::string_view text_field = line.substr(field_start, length);
      if (count < kColumns) fields[count] = Field{text_field, line_start + field_start};
      ++count;
      if (tab == std::string_view::npos) break;
      field_start = tab + 1;
    }
    if (count != kColumns) {
      if (count < kColumns && last_unterminated) {
        parser.fail(line_start, fmt::format("truncated row: the file ends after {} of {} columns", count, kColumns));
      }
      parser.fail(line_start, fmt::format("expected {} tab-separated columns, found {}", kColumns, count));
    }
    VectorRow row = parse_row(fields, parser);
    row.line = line_number;
    row.offset = line_start;
    rows.push_back(std::move(row));
  }
  if (!seen_header) throw FormatError(source, text.size(), "no header line (file empty or only comments)");
  return rows;
}

}  // namespace gcvu::formats
