#include "harness/vif_cases/case_table.hpp"

#include <array>
#include <charconv>

#include <fmt/format.h>

#include "formats/core/format_error.hpp"

namespace gcvu::harness {

namespace {

constexpr std::array<std::string_view, 7> kColumns = {"case",  "stream",   "vu_init", "regs_init",
                                                      "check", "expected", "note"};
constexpr size_t kTruncatedSplit = 128;

struct Field {
  std::string_view text;
  uint64_t offset = 0;  // byte offset in the file
};

class RowParser {
 public:
  RowParser(const std::filesystem::path& path, uint64_t line, std::array<Field, 7> fields)
      : path_(path), line_(line), fields_(fields) {}

  [[noreturn]] void fail(size_t column, uint64_t at, const std::string& rule) const {
    throw formats::FormatError(path_.string(), fields_[column].offset + at,
                               fmt::format("line {}: column '{}': {}", line_, kColumns[column], rule));
  }

  uint32_t hex32(size_t column, std::string_view text, uint64_t at) const {
    uint32_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (text.size() != 8 || ec != std::errc() || end != text.data() + text.size()) {
      fail(column, at, fmt::format("'{}' is not an 8-digit hex word", text));
    }
    return value;
  }

  uint32_t decimal(size_t column, std::string_view text, uint64_t at) const {
    uint32_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 10);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
      fail(column, at, fmt::format("'{}' is not a decimal number", text));
    }
    return value;
  }

  const Field& field(size_t column) const { return fields_[column]; }

 private:
  const std::filesystem::path& path_;
  uint64_t line_;
  std::array<Field, 7> fields_;
};

// Splits `text` at `separator`, keeping each piece's offset inside `text`.
std::vector<Field> split_fields(std::string_view text, char separator) {
  std::vector<Field> pieces;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    pieces.push_back(Field{text.substr(start, end == std::string_view::npos ? end : end - start), start});
    if (end == std::string_view::npos) return pieces;
    start = end + 1;
  }
}

vif::Vif1Reg register_named(const RowParser& row, size_t column, std::string_view name, uint64_t at) {
  const std::optional<vif::Vif1Reg> reg = vif::vif1_register_from_name(name);
  if (!reg) row.fail(column, at, fmt::format("unknown register '{}'", name));
  return *reg;
}

std::vector<CaseInit> parse_init(const RowParser& row) {
  constexpr size_t kColumn = 3;
  std::vector<CaseInit> init;
  if (row.field(kColumn).text == "none") return init;
  for (const Field& item : split_fields(row.field(kColumn).text, ';')) {
    if (item.text == "RST") {
      init.push_back(CaseInit{CaseInit::Kind::kReset});
      continue;
    }
    const size_t equals = item.text.find('=');
    if (equals == std::string_view::npos) {
      row.fail(kColumn, item.offset, fmt::format("'{}' is not RST, NAME=XXXXXXXX or M3P=0/1", item.text));
    }
    const std::string_view name = item.text.substr(0, equals);
    const std::string_view value = item.text.substr(equals + 1);
    if (name == "M3P") {
      if (value != "0" && value != "1") row.fail(kColumn, item.offset + equals + 1, "M3P must be 0 or 1");
      init.push_back(CaseInit{CaseInit::Kind::kPath3Mask, vif::Vif1Reg::kStat, value == "1" ? 1u : 0u});
      continue;
    }
    CaseInit entry{CaseInit::Kind::kRegister};
    entry.reg = register_named(row, kColumn, name, item.offset);
    entry.value = row.hex32(kColumn, value, item.offset + equals + 1);
    init.push_back(entry);
  }
  return init;
}

CaseCheck parse_check(const RowParser& row, const Field& item) {
  constexpr size_t kColumn = 4;
  CaseCheck check;
  check.text = std::string(item.text);
  const std::vector<Field> parts = split_fields(item.text, ':');
  if (parts[0].text == "vu" && (parts.size() == 3 || parts.size() == 4)) {
    check.kind = CaseCheck::Kind::kVu;
    check.first = row.decimal(kColumn, parts[1].text, item.offset + parts[1].offset);
    check.count = row.decimal(kColumn, parts[2].text, item.offset + parts[2].offset);
    if (check.count == 0 || check.first + check.count > 1024) {
      row.fail(kColumn, item.offset, "vu:Q:N must name 1 or more qwords inside 1024");
    }
    const std::string_view lanes = parts.size() == 4 ? parts[3].text : std::string_view("xyzw");
    int previous = -1;
    for (char lane : lanes) {
      const size_t index = std::string_view("xyzw").find(lane);
      if (index == std::string_view::npos || static_cast<int>(index) <= previous) {
        row.fail(kColumn, item.offset, fmt::format("lanes '{}' must be a subset of xyzw in that order", lanes));
      }
      previous = static_cast<int>(index);
      check.lanes.push_back(previous);
    }
    if (check.lanes.empty()) row.fail(kColumn, item.offset, "no lanes given");
    return check;
  }
  if (parts[0].text == "reg" && parts.size() == 2) {
    std::string_view name = parts[1].text;
    const size_t amp = name.find('&');
    if (amp != std::string_view::npos) {
      check.mask = row.hex32(kColumn, name.substr(amp + 1), item.offset + parts[1].offset + amp + 1);
      name = name.substr(0, amp);
    }
    if (name == "M3P") {
      check.kind = CaseCheck::Kind::kPath3Mask;
    } else {
      check.kind = CaseCheck::Kind::kRegister;
      check.reg = register_named(row, kColumn, name, item.offset + parts[1].offset);
    }
    return check;
  }
  row.fail(kColumn, item.offset, fmt::format("'{}' is not vu:Q:N[:LANES] or reg:NAME[&MASK]", item.text));
}

void parse_expected(const RowParser& row, std::vector<CaseCheck>& checks) {
  constexpr size_t kColumn = 5;
  const std::vector<Field> items = split_fields(row.field(kColumn).text, ';');
  if (items.size() != checks.size()) {
    row.fail(kColumn, 0, fmt::format("{} items for {} checks", items.size(), checks.size()));
  }
  for (size_t i = 0; i < items.size(); ++i) {
    CaseCheck& check = checks[i];
    const size_t want = check.kind == CaseCheck::Kind::kVu ? check.count * check.lanes.size() : 1;
    const std::vector<Field> words = split_fields(items[i].text, ' ');
    if (words.size() != want) {
      row.fail(kColumn, items[i].offset,
               fmt::format("check '{}' needs {} words, the item has {}", check.text, want, words.size()));
    }
    for (const Field& word : words)
      check.expected.push_back(row.hex32(kColumn, word.text, items[i].offset + word.offset));
  }
}

}  // namespace

std::vector<VifCase> parse_vif_cases(std::string_view text, const std::filesystem::path& path) {
  std::vector<VifCase> cases;
  uint64_t line = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view row_text = text.substr(start, end - start);
    if (!row_text.empty() && row_text.back() == '\r') row_text.remove_suffix(1);
    ++line;
    const uint64_t row_offset = start;
    start = end + 1;
    const std::vector<Field> pieces = split_fields(row_text, '\t');
    if (line == 1) {
      bool header_ok = pieces.size() == kColumns.size();
      for (size_t i = 0; header_ok && i < kColumns.size(); ++i) header_ok = pieces[i].text == kColumns[i];
      if (!header_ok) {
        throw formats::FormatError(path.string(), 0,
                                   "line 1: the header must be case, stream, vu_init, regs_init, check, expected, "
                                   "note (tab-separated)");
      }
      continue;
    }
    if (row_text.empty()) continue;
    if (pieces.size() != kColumns.size()) {
      throw formats::FormatError(path.string(), row_offset,
                                 fmt::format("line {}: {} tab-separated columns, expected 7", line, pieces.size()));
    }
    std::array<Field, 7> fields;
    for (size_t i = 0; i < fields.size(); ++i) fields[i] = Field{pieces[i].text, row_offset + pieces[i].offset};
    const RowParser row(path, line, fields);

    VifCase entry;
    entry.name = std::string(fields[0].text);
    entry.line = line;
    if (entry.name.empty()) row.fail(0, 0, "empty case name");
    if (fields[1].text.empty() || fields[1].text.find('/') != std::string_view::npos) {
      row.fail(1, 0, "the stream must be a file name in the same folder");
    }
    entry.stream = path.parent_path() / std::string(fields[1].text);
    if (fields[2].text != "any") {
      if (fields[2].text.substr(0, 5) != "fill:") row.fail(2, 0, "vu_init must be 'any' or 'fill:XXXXXXXX'");
      entry.vu_fill = row.hex32(2, fields[2].text.substr(5), 5);
    }
    entry.init = parse_init(row);
    for (const Field& item : split_fields(fields[4].text, ';')) {
      CaseCheck check = parse_check(row, Field{item.text, item.offset});
      entry.checks.push_back(std::move(check));
    }
    parse_expected(row, entry.checks);
    if (entry.name.starts_with("truncated_")) entry.split_at = kTruncatedSplit;
    cases.push_back(std::move(entry));
  }
  if (line == 0) throw formats::FormatError(path.string(), 0, "empty file: no header line");
  return cases;
}

}  // namespace gcvu::harness
