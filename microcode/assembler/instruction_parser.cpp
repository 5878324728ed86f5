// Mnemonic and operand parsing for one bundle, driven by the operand descriptors of the opcode table.

#include "microcode/assembler/instruction_parser.hpp"

#include <bit>
#include <charconv>

#include <fmt/format.h>

#include "emu/vu/isa/opcode_table.hpp"

namespace gcvu::microcode::detail {

namespace {

using vu::OpcodeRow;
using vu::OperandKind;
using vu::Slot;

constexpr std::string_view kLanes = "xyzw";

struct Mnemonic {
  const OpcodeRow* row = nullptr;  // null for loi
  uint8_t bc = 0;
  std::optional<uint8_t> dest;
  uint32_t flags = 0;
  int column = 0;
  std::string name;
};

// "xyz" -> 0b1110; nullopt unless the letters are distinct and in x, y, z, w order.
std::optional<uint8_t> field_mask(std::string_view letters) {
  uint8_t mask = 0;
  int last = -1;
  for (char c : letters) {
    size_t lane = kLanes.find(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (lane == std::string_view::npos || static_cast<int>(lane) <= last) return std::nullopt;
    last = static_cast<int>(lane);
    mask = static_cast<uint8_t>(mask | (8u >> lane));
  }
  if (mask == 0) return std::nullopt;
  return mask;
}

const OpcodeRow* find_row(Slot slot, std::string_view name, bool bc) {
  for (const OpcodeRow& row : vu::opcode_table()) {
    if (row.slot == slot && row.bc_suffix == bc && row.name == name && (row.effects & vu::effect::kPseudo) == 0) {
      return &row;
    }
  }
  return nullptr;
}

Mnemonic parse_mnemonic(Cursor& cursor, Slot slot) {
  Mnemonic m;
  m.column = cursor.column();
  size_t start = cursor.pos();
  std::string_view token = cursor.token("");
  size_t stem = 0;
  while (stem < token.size() && std::isalnum(static_cast<unsigned char>(token[stem]))) ++stem;
  m.name = lower_case(token.substr(0, stem));
  if (m.name.empty()) cursor.fail_at(m.column, fmt::format("expected an instruction, found '{}'", token));
  // Suffixes: [flags] and .dest, in any order.
  for (size_t i = stem; i < token.size();) {
    int column = static_cast<int>(start + i) + 1;
    if (token[i] == '[') {
      size_t close = token.find(']', i);
      if (close == std::string_view::npos) cursor.fail_at(column, "unterminated flag suffix '['");
      if (slot == Slot::kLower) cursor.fail_at(column, "flag suffixes belong on the upper instruction");
      for (char c : token.substr(i + 1, close - i - 1)) {
        switch (std::tolower(static_cast<unsigned char>(c))) {
          case 'i': m.flags |= 1u << 31; break;
          case 'e': m.flags |= 1u << 30; break;
          case 'm': m.flags |= 1u << 29; break;
          case 'd': m.flags |= 1u << 28; break;
          case 't': m.flags |= 1u << 27; break;
          default: cursor.fail_at(column, fmt::format("unknown flag '{}' (expected E, M, D, T or I)", c));
        }
      }
      i = close + 1;
    } else if (token[i] == '.' || token[i] == '/') {  // dvp-as accepts add/xyzw for add.xyzw
      size_t end = token.find('[', i);
      if (end == std::string_view::npos) end = token.size();
      std::string_view letters = token.substr(i + 1, end - i - 1);
      auto mask = field_mask(letters);
      if (!mask) {
        cursor.fail_at(column,
                       fmt::format("bad dest mask '{}{}' (expected letters of xyzw, in order)", token[i], letters));
      }
      if (m.dest) cursor.fail_at(column, "dest mask given twice");
      m.dest = *mask;
      i = end;
    } else {
      cursor.fail_at(column, fmt::format("unexpected '{}' in mnemonic '{}'", token[i], token));
    }
  }
  if (slot == Slot::kLower && m.name == "loi") return m;
  m.row = find_row(slot, m.name, false);
  if (m.row == nullptr && m.name.size() > 1) {
    size_t lane = kLanes.find(m.name.back());
    if (lane != std::string_view::npos) {
      m.row = find_row(slot, std::string_view(m.name).substr(0, m.name.size() - 1), true);
      m.bc = static_cast<uint8_t>(lane);
    }
  }
  if (m.row == nullptr) {
    Slot other = slot == Slot::kUpper ? Slot::kLower : Slot::kUpper;
    bool elsewhere = find_row(other, m.name, false) != nullptr || (other == Slot::kLower && m.name == "loi");
    if (elsewhere) {
      cursor.fail_at(m.column, fmt::format("'{}' is a {} instruction; a line is the upper instruction, then the lower",
                                           m.name, other == Slot::kUpper ? "upper" : "lower"));
    }
    std::string_view half = slot == Slot::kUpper ? "upper" : "lower";
    cursor.fail_at(m.column, fmt::format("unknown {} instruction '{}'", half, m.name));
  }
  if (m.dest && m.row->dest == vu::DestMode::kNone) {
    cursor.fail_at(m.column, fmt::format("'{}' takes no dest mask", m.name));
  }
  if (!m.dest && m.row->dest == vu::DestMode::kFree) m.dest = 0xf;
  return m;
}

std::string_view kind_text(OperandKind kind) {
  switch (kind) {
    case OperandKind::kVfD:
    case OperandKind::kVfS:
    case OperandKind::kVfT:
    case OperandKind::kVfSDest: return "a VF register";
    case OperandKind::kVfTBc:
    case OperandKind::kVfSFsf:
    case OperandKind::kVfTFtf: return "a VF register with a field letter";
    case OperandKind::kAcc: return "ACC";
    case OperandKind::kQ: return "Q";
    case OperandKind::kP: return "P";
    case OperandKind::kI: return "I";
    case OperandKind::kR: return "R";
    case OperandKind::kVi01: return "VI01";
    case OperandKind::kViD:
    case OperandKind::kViS:
    case OperandKind::kViT: return "a VI register";
    case OperandKind::kMemViS:
    case OperandKind::kMemViT:
    case OperandKind::kMemViSDest: return "imm(VIxx)";
    case OperandKind::kRegViSDest: return "(VIxx)";
    case OperandKind::kPostIncViS:
    case OperandKind::kPostIncViT: return "(VIxx++)";
    case OperandKind::kPreDecViS:
    case OperandKind::kPreDecViT: return "(--VIxx)";
    case OperandKind::kBranch: return "a label or branch offset";
    default: return "a number";
  }
}

struct Register {
  uint8_t index = 0;
  std::string fields;  // letters after the number, as written
  int column = 0;
};

Register parse_register(Cursor& cursor, std::string_view prefix, int count) {
  Register reg;
  reg.column = cursor.column();
  std::string_view token = cursor.identifier();
  std::string text = lower_case(token);
  auto bad = [&] {
    cursor.fail_at(reg.column, fmt::format("bad register '{}' (expected {}00..{}{:02d})", token,
                                           lower_case(prefix) == "vf" ? "VF" : "VI",
                                           lower_case(prefix) == "vf" ? "VF" : "VI", count - 1));
  };
  if (text.size() < 3 || text.compare(0, 2, prefix) != 0) bad();
  size_t digits = 2;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 2 || digits - 2 > 2) bad();
  int value = std::stoi(text.substr(2, digits - 2));
  if (value >= count) bad();
  reg.index = static_cast<uint8_t>(value);
  reg.fields = text.substr(digits);
  return reg;
}

uint8_t single_lane(Cursor& cursor, const Register& reg, std::string_view role) {
  if (reg.fields.size() != 1 || kLanes.find(reg.fields[0]) == std::string_view::npos) {
    cursor.fail_at(reg.column, fmt::format("{} needs one field letter (x, y, z or w), as in VF01x", role));
  }
  return static_cast<uint8_t>(kLanes.find(reg.fields[0]));
}

void check_fields(Cursor& cursor, const Register& reg, uint8_t expected, std::string_view what) {
  if (reg.fields.empty()) return;
  auto mask = field_mask(reg.fields);
  if (!mask) cursor.fail_at(reg.column, fmt::format("bad field letters '{}'", reg.fields));
  if (*mask != expected) {
    cursor.fail_at(reg.column, fmt::format("field letters '{}' do not match {}", reg.fields, what));
  }
}

Register parse_vi(Cursor& cursor) {
  Register reg = parse_register(cursor, "vi", 16);
  if (!reg.fields.empty()) cursor.fail_at(reg.column, "VI registers take no field letters");
  return reg;
}

void expect(Cursor& cursor, char c, std::string_view context) {
  cursor.skip_blanks();
  if (!cursor.take(c)) cursor.fail(fmt::format("expected '{}' in {}", c, context));
}

struct Immediate {
  int width;
  bool is_signed;
  std::string_view what;
};

// A value for a `width`-bit field. Outside the field's range dvp-as warns and keeps the low bits; so do we,
// through context.out_of_range (which throws under --strict).
uint32_t fit_immediate(const InstructionContext& context, int column, int64_t value, Immediate field) {
  const int64_t low = field.is_signed ? -(int64_t{1} << (field.width - 1)) : 0;
  const int64_t high = field.is_signed ? (int64_t{1} << (field.width - 1)) - 1 : (int64_t{1} << field.width) - 1;
  const uint32_t kept = static_cast<uint32_t>(value) & ((1u << field.width) - 1);
  if ((value < low || value > high) && context.out_of_range) {
    context.out_of_range(
        column, fmt::format("{} {} ({:#x}) is out of range {}..{}; the low {} bits are kept ({:#x})", field.what, value,
                            static_cast<uint64_t>(value), low, high, field.width, kept));
  }
  return kept;
}

uint32_t parse_immediate(Cursor& cursor, const InstructionContext& context, Immediate field) {
  int column = cursor.column();
  return fit_immediate(context, column, evaluate_absolute(cursor, *context.env, field.what), field);
}

// "(VIxx)" with no offset before it: dvp-as reads it as offset 0.
bool at_bare_vi(const Cursor& cursor) {
  std::string_view rest = cursor.rest();
  size_t i = 0;
  auto blanks = [&] {
    while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\t')) ++i;
  };
  if (i >= rest.size() || rest[i] != '(') return false;
  ++i;
  blanks();
  if (i + 2 > rest.size() || std::tolower(static_cast<unsigned char>(rest[i])) != 'v' ||
      std::tolower(static_cast<unsigned char>(rest[i + 1])) != 'i') {
    return false;
  }
  i += 2;
  size_t digits = i;
  while (i < rest.size() && std::isdigit(static_cast<unsigned char>(rest[i]))) ++i;
  if (i == digits) return false;
  blanks();
  return i < rest.size() && rest[i] == ')';
}

// A branch target: an address (a label, '.', label + n) is PC-relative from the delay slot; an absolute number is
// the raw 11-bit offset field (dvp-as reads `b 0x100` so).
uint32_t parse_branch(Cursor& cursor, const InstructionContext& context) {
  int column = cursor.column();
  ExprEnv env = *context.env;
  if (context.undefined_branch) env.allow_undefined = true;
  size_t start = cursor.pos();
  ExprValue target = evaluate_expression(cursor, env);
  if (target.undefined && !context.env->allow_undefined) {
    Cursor probe = cursor;
    probe.seek(start);
    context.undefined_branch(column, std::string(probe.identifier()));
    return 0x7ffu;  // dvp-as's in-place addend (-1); a linker would add the target
  }
  if (!target.address) return fit_immediate(context, column, target.value, {11, true, "branch offset"});
  int64_t delta = target.value - (int64_t{context.address} + 8);
  if (target.undefined) return 0;
  if (delta % 8 != 0) {
    cursor.fail_at(column, fmt::format("branch target {:#x} is not on an instruction (a multiple of 8)", target.value));
  }
  int64_t offset = delta / 8;
  if (offset < -1024 || offset > 1023) {
    cursor.fail_at(column,
                   fmt::format("branch target is out of reach (offset {} instructions, limit -1024..1023)", offset));
  }
  return static_cast<uint32_t>(offset) & 0x7ffu;
}

uint32_t parse_float_bits(Cursor& cursor) {
  int column = cursor.column();
  std::string_view token = cursor.token(" \t");
  if (token.empty()) cursor.fail_at(column, "missing operand of 'loi' (expected a float or 0x bit pattern)");
  if (token.size() > 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X')) {
    uint64_t bits = 0;
    auto [end, ec] = std::from_chars(token.data() + 2, token.data() + token.size(), bits, 16);
    if (ec != std::errc{} || end != token.data() + token.size() || bits > 0xffffffffu) {
      cursor.fail_at(column, fmt::format("bad float bit pattern '{}' (expected up to 8 hex digits)", token));
    }
    return static_cast<uint32_t>(bits);
  }
  std::string_view digits = token;
  if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
  float value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, std::chars_format::general);
  if (ec != std::errc{} || end != digits.data() + digits.size()) {
    cursor.fail_at(column, fmt::format("bad float '{}' (expected a decimal number or a 0x bit pattern)", token));
  }
  return std::bit_cast<uint32_t>(value);
}

struct Encoder {
  uint32_t word = 0;
  void put(uint32_t value, int lo, int width) { word |= (value & ((1u << width) - 1)) << lo; }
};

void parse_operand(Cursor& cursor, OperandKind kind, const Mnemonic& m, Encoder& enc,
                   const InstructionContext& context) {
  const uint8_t dest = m.dest.value_or(0);
  auto dest_text = [&] { return fmt::format("the dest mask of '{}'", m.name); };
  auto vf = [&](int lo) {
    Register reg = parse_register(cursor, "vf", 32);
    enc.put(reg.index, lo, 5);
    return reg;
  };
  auto mem_suffix = [&] {
    std::string_view letters = cursor.identifier();
    if (letters.empty()) return;
    auto mask = field_mask(letters);
    if (!mask || *mask != dest) cursor.fail(fmt::format("field letters '{}' do not match {}", letters, dest_text()));
  };
  auto keyword = [&](std::string_view name) {
    int column = cursor.column();
    std::string_view token = cursor.identifier();
    if (lower_case(token) != lower_case(name)) {
      cursor.fail_at(column, fmt::format("expected {}, found '{}'", name, token));
    }
  };
  // ACC, or ACCxyz with field letters that must match the dest, as dvp-as checks VF registers.
  auto accumulator = [&] {
    int column = cursor.column();
    std::string text = lower_case(cursor.identifier());
    if (text.compare(0, 3, "acc") != 0) cursor.fail_at(column, fmt::format("expected ACC, found '{}'", text));
    if (text.size() == 3) return;
    auto mask = field_mask(std::string_view(text).substr(3));
    if (!mask || *mask != dest) {
      cursor.fail_at(column, fmt::format("field letters '{}' do not match {}", text.substr(3), dest_text()));
    }
  };
  switch (kind) {
    case OperandKind::kVfD: check_fields(cursor, vf(6), dest, dest_text()); break;
    case OperandKind::kVfS: {
      Register reg = vf(11);
      if (m.row->dest == vu::DestMode::kFree) {
        check_fields(cursor, reg, dest, dest_text());
      } else if (!reg.fields.empty()) {
        cursor.fail_at(reg.column, fmt::format("'{}' takes VF{:02d} without field letters", m.name, reg.index));
      }
      break;
    }
    case OperandKind::kVfT: check_fields(cursor, vf(16), dest, dest_text()); break;
    case OperandKind::kVfSDest: check_fields(cursor, vf(11), dest, dest_text()); break;
    case OperandKind::kVfTBc: {
      Register reg = vf(16);
      uint8_t lane = m.row->bc_suffix ? m.bc : static_cast<uint8_t>(m.row->match & 3u);
      if (!reg.fields.empty() && (reg.fields.size() != 1 || reg.fields[0] != kLanes[lane])) {
        cursor.fail_at(reg.column, fmt::format("field letter '{}' does not match the broadcast field '{}'", reg.fields,
                                               kLanes[lane]));
      }
      break;
    }
    case OperandKind::kVfSFsf: enc.put(single_lane(cursor, vf(11), "this operand"), 21, 2); break;
    case OperandKind::kVfTFtf: enc.put(single_lane(cursor, vf(16), "this operand"), 23, 2); break;
    case OperandKind::kAcc: accumulator(); break;
    case OperandKind::kQ: keyword("Q"); break;
    case OperandKind::kP: keyword("P"); break;
    case OperandKind::kI: keyword("I"); break;
    case OperandKind::kR: keyword("R"); break;
    case OperandKind::kVi01: {
      Register reg = parse_vi(cursor);
      if (reg.index != 1) cursor.fail_at(reg.column, fmt::format("'{}' writes VI01 only", m.name));
      break;
    }
    case OperandKind::kViD: enc.put(parse_vi(cursor).index, 6, 4); break;
    case OperandKind::kViS: enc.put(parse_vi(cursor).index, 11, 4); break;
    case OperandKind::kViT: enc.put(parse_vi(cursor).index, 16, 4); break;
    case OperandKind::kMemViS:
    case OperandKind::kMemViT:
    case OperandKind::kMemViSDest: {
      if (!at_bare_vi(cursor)) enc.put(parse_immediate(cursor, context, {11, true, "memory offset"}), 0, 11);
      expect(cursor, '(', "imm(VIxx)");
      cursor.skip_blanks();
      enc.put(parse_vi(cursor).index, kind == OperandKind::kMemViT ? 16 : 11, 4);
      expect(cursor, ')', "imm(VIxx)");
      if (kind == OperandKind::kMemViSDest) mem_suffix();
      break;
    }
    case OperandKind::kRegViSDest:
      expect(cursor, '(', "(VIxx)");
      cursor.skip_blanks();
      enc.put(parse_vi(cursor).index, 11, 4);
      expect(cursor, ')', "(VIxx)");
      mem_suffix();
      break;
    case OperandKind::kPostIncViS:
    case OperandKind::kPostIncViT:
      expect(cursor, '(', "(VIxx++)");
      cursor.skip_blanks();
      enc.put(parse_vi(cursor).index, kind == OperandKind::kPostIncViS ? 11 : 16, 4);
      expect(cursor, '+', "(VIxx++)");
      expect(cursor, '+', "(VIxx++)");
      expect(cursor, ')', "(VIxx++)");
      break;
    case OperandKind::kPreDecViS:
    case OperandKind::kPreDecViT:
      expect(cursor, '(', "(--VIxx)");
      expect(cursor, '-', "(--VIxx)");
      expect(cursor, '-', "(--VIxx)");
      cursor.skip_blanks();
      enc.put(parse_vi(cursor).index, kind == OperandKind::kPreDecViS ? 11 : 16, 4);
      expect(cursor, ')', "(--VIxx)");
      break;
    case OperandKind::kImm5: enc.put(parse_immediate(cursor, context, {5, true, "imm5"}), 6, 5); break;
    case OperandKind::kImm12:
    case OperandKind::kImm12Up6: {
      uint32_t v = parse_immediate(cursor, context, {12, false, "imm12"});
      if (kind == OperandKind::kImm12Up6) v &= 0xfc0u;  // FSSET: dvp-as stores only bits 11..6 (the sticky flags)
      enc.put(v >> 11, 21, 1);
      enc.put(v, 0, 11);
      break;
    }
    case OperandKind::kImm15: {
      uint32_t v = parse_immediate(cursor, context, {15, false, "imm15"});
      enc.put(v >> 11, 21, 4);
      enc.put(v, 0, 11);
      break;
    }
    case OperandKind::kImm24: enc.put(parse_immediate(cursor, context, {24, false, "imm24"}), 0, 24); break;
    case OperandKind::kBranch: enc.put(parse_branch(cursor, context), 0, 11); break;
    case OperandKind::kNone: break;
  }
}

uint32_t parse_half(Cursor& cursor, Slot slot, Mnemonic& m, const InstructionContext& context) {
  m = parse_mnemonic(cursor, slot);
  if (m.row == nullptr) {  // loi
    cursor.skip_blanks();
    return parse_float_bits(cursor);
  }
  Encoder enc;
  enc.word = m.row->match | m.row->canonical;
  if (m.row->dest == vu::DestMode::kFree) enc.put(*m.dest, 21, 4);
  if (m.row->bc_suffix) enc.put(m.bc, 0, 2);
  bool first = true;
  int index = 0;
  for (OperandKind kind : m.row->operands) {
    if (kind == OperandKind::kNone) continue;
    ++index;
    cursor.skip_blanks();
    if (!first) {
      if (!cursor.take(',')) {
        cursor.fail(fmt::format("missing operand {} of '{}' (expected ',' then {})", index, m.name, kind_text(kind)));
      }
      cursor.skip_blanks();
    }
    if (cursor.at_end() || (first && cursor.peek() == ',')) {
      cursor.fail(fmt::format("missing operand {} of '{}' (expected {})", index, m.name, kind_text(kind)));
    }
    parse_operand(cursor, kind, m, enc, context);
    first = false;
  }
  return enc.word;
}

}  // namespace

ParsedBundle parse_bundle(Cursor& cursor, const InstructionContext& context) {
  ParsedBundle bundle;
  Mnemonic upper;
  Mnemonic lower;
  int upper_column = cursor.column();
  bundle.upper = parse_half(cursor, Slot::kUpper, upper, context) | (upper.flags & ~(1u << 31));
  cursor.skip_blanks();
  if (cursor.at_end()) cursor.fail("missing lower instruction (a line is the upper instruction, then the lower)");
  bundle.lower = parse_half(cursor, Slot::kLower, lower, context);
  if (lower.row == nullptr) {
    bundle.upper |= 1u << 31;  // loi sets the I bit
  } else if ((upper.flags & (1u << 31)) != 0) {
    cursor.fail_at(upper_column, "[I] needs 'loi <float>' in the lower slot");
  }
  cursor.skip_blanks();
  if (!cursor.at_end()) cursor.fail(fmt::format("unexpected '{}' after the lower instruction", cursor.rest()));
  return bundle;
}

}  // namespace gcvu::microcode::detail
