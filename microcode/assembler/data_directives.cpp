// Data and layout directives as GNU as gives them (with dvp-as's sizes: .word 4 bytes, .quad 16), and the
// bookkeeping directives dvp-as sources carry (.vu .text .data .global .name .syntax ...).

#include <bit>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "microcode/assembler/assembly.hpp"

namespace gcvu::microcode::detail {

namespace {

struct Wide {  // a 128-bit little-endian value for .quad/.octa
  uint64_t low = 0;
  uint64_t high = 0;
};

void append_le(std::vector<uint8_t>& out, uint64_t value, int bytes) {
  for (int i = 0; i < bytes && i < 8; ++i) out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

// A value for an n-byte field: gas warns when it does not fit (signed or unsigned) and keeps the low bytes.
void append_value(Assembly& assembly, Line& line, std::vector<uint8_t>& out, int size) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  ExprValue value = evaluate_expression(cursor, assembly.env());
  if (size < 8) {
    const int64_t limit = int64_t{1} << (8 * size);
    if (!value.undefined && (value.value >= limit || value.value < -(limit / 2))) {
      assembly.warn(line, column,
                    fmt::format("value {:#x} does not fit in {} byte(s); the low bytes are kept",
                                static_cast<uint64_t>(value.value), size));
    }
  }
  append_le(out, static_cast<uint64_t>(value.value), size);
}

// A big number literal (hex or decimal, optionally negative) or, with '_' between hex groups, dvp-as's "Tokyo
// bignum": exactly four 32-bit words, most significant first. Anything else is an expression.
Wide parse_wide(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  size_t start = cursor.pos();
  bool negative = cursor.take('-');
  std::string_view token = cursor.identifier();
  bool hex = token.size() > 2 && token[0] == '0' && (token[1] == 'x' || token[1] == 'X');
  cursor.skip_blanks();
  bool literal =
      (cursor.at_end() || cursor.peek() == ',') && !token.empty() && std::isdigit(static_cast<unsigned char>(token[0]));
  if (!literal) {
    cursor.seek(start);
    int64_t value = evaluate_expression(cursor, assembly.env()).value;
    return {static_cast<uint64_t>(value), value < 0 ? ~uint64_t{0} : 0};
  }
  Wide out;
  auto shift_in = [&](unsigned digit, unsigned base) {
    // out = out * base + digit, on 128 bits, in 32-bit limbs
    uint32_t limbs[4] = {static_cast<uint32_t>(out.low), static_cast<uint32_t>(out.low >> 32),
                         static_cast<uint32_t>(out.high), static_cast<uint32_t>(out.high >> 32)};
    uint64_t carry = digit;
    for (uint32_t& limb : limbs) {
      uint64_t product = uint64_t{limb} * base + carry;
      limb = static_cast<uint32_t>(product);
      carry = product >> 32;
    }
    out.low = (uint64_t{limbs[1]} << 32) | limbs[0];
    out.high = (uint64_t{limbs[3]} << 32) | limbs[2];
  };
  if (hex && token.find('_') != std::string_view::npos) {
    std::vector<uint32_t> words;
    size_t pos = 2;
    while (pos <= token.size()) {
      size_t end = token.find('_', pos);
      if (end == std::string_view::npos) end = token.size();
      uint32_t word = 0;
      auto [p, ec] = std::from_chars(token.data() + pos, token.data() + end, word, 16);
      if (ec != std::errc{} || p != token.data() + end) cursor.fail_at(column, fmt::format("bad bignum '{}'", token));
      words.push_back(word);
      pos = end + 1;
    }
    if (words.size() != 4) cursor.fail_at(column, "a bignum with underscores must have exactly 4 words");
    out.high = (uint64_t{words[0]} << 32) | words[1];
    out.low = (uint64_t{words[2]} << 32) | words[3];
  } else {
    const unsigned base = hex ? 16 : 10;
    for (char c : token.substr(hex ? 2 : 0)) {
      int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                  : std::isxdigit(static_cast<unsigned char>(c))
                      ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                      : 99;
      if (digit >= static_cast<int>(base)) cursor.fail_at(column, fmt::format("bad number '{}'", token));
      shift_in(static_cast<unsigned>(digit), base);
    }
  }
  if (negative) {
    out.low = ~out.low + 1;
    out.high = ~out.high + (out.low == 0 ? 1 : 0);
  }
  return out;
}

uint32_t parse_float_value(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  size_t start = cursor.pos();
  std::string_view token = cursor.token(",");
  std::string_view digits = token;
  if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
  float value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, std::chars_format::general);
  if (ec == std::errc{} && end == digits.data() + digits.size() && !digits.empty())
    return std::bit_cast<uint32_t>(value);
  cursor.seek(start);
  ExprEnv env = assembly.env();
  int64_t integer = evaluate_absolute(cursor, env, "float value");
  (void)column;
  return std::bit_cast<uint32_t>(static_cast<float>(integer));
}

std::string parse_string(Cursor& cursor) {
  cursor.skip_blanks();
  if (!cursor.take('"')) cursor.fail("expected a quoted string");
  std::string out;
  for (;;) {
    if (cursor.at_end()) cursor.fail("unterminated string");
    char c = cursor.peek();
    cursor.seek(cursor.pos() + 1);
    if (c == '"') return out;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (cursor.at_end()) cursor.fail("unterminated string");
    char e = cursor.peek();
    cursor.seek(cursor.pos() + 1);
    switch (e) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case 'r': out += '\r'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'x': {
        int value = 0;
        while (std::isxdigit(static_cast<unsigned char>(cursor.peek()))) {
          char h = static_cast<char>(std::tolower(static_cast<unsigned char>(cursor.peek())));
          value = (value * 16 + (std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : h - 'a' + 10)) & 0xff;
          cursor.seek(cursor.pos() + 1);
        }
        out += static_cast<char>(value);
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          int value = e - '0';
          for (int i = 0; i < 2 && cursor.peek() >= '0' && cursor.peek() <= '7'; ++i) {
            value = value * 8 + (cursor.peek() - '0');
            cursor.seek(cursor.pos() + 1);
          }
          out += static_cast<char>(value & 0xff);
        } else {
          out += e;
        }
    }
  }
}

// Comma-separated list of items parsed by `item`, to the end of the statement.
template <typename Item>
void for_each_item(Cursor& cursor, Item item) {
  cursor.skip_blanks();
  if (cursor.at_end()) return;
  do {
    cursor.skip_blanks();
    item();
    cursor.skip_blanks();
  } while (cursor.take(','));
  if (!cursor.at_end()) cursor.fail(fmt::format("unexpected '{}'", cursor.rest()));
}

int64_t absolute(Assembly& assembly, Line& line, std::string_view what) {
  ExprEnv env = assembly.env();
  env.allow_undefined = false;
  return evaluate_absolute(line.cursor, env, what);
}

// .align/.balign/.p2align: boundary, then optional fill (a pattern of `fill_size` bytes) and max skip.
void align(Assembly& assembly, Line& line, bool power_of_two, int fill_size) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  int64_t amount = absolute(assembly, line, "alignment");
  int64_t boundary = amount;
  if (power_of_two) {
    if (amount < 0 || amount > 24)
      cursor.fail_at(column, fmt::format("alignment exponent {} is outside 0..24", amount));
    boundary = int64_t{1} << amount;
  } else if (amount <= 0 || (amount & (amount - 1)) != 0 || amount > (1 << 24)) {
    if (amount == 0)
      boundary = 1;
    else
      cursor.fail_at(column, fmt::format("alignment {} is not a power of 2 up to 2^24", amount));
  }
  uint64_t fill = 0;
  int64_t max = -1;
  cursor.skip_blanks();
  if (cursor.take(',')) {
    cursor.skip_blanks();
    if (cursor.peek() != ',') fill = static_cast<uint64_t>(absolute(assembly, line, "fill value"));
    cursor.skip_blanks();
    if (cursor.take(',')) max = absolute(assembly, line, "maximum skip");
  }
  cursor.skip_blanks();
  if (!cursor.at_end()) cursor.fail(fmt::format("unexpected '{}'", cursor.rest()));
  const int64_t here = assembly.here();
  const int64_t pad = (boundary - here % boundary) % boundary;
  if (pad == 0 || (max >= 0 && pad > max)) return;
  std::vector<uint8_t> bytes;
  // gas: single bytes up to the first multiple of the fill size, then the pattern.
  int64_t lead = fill_size > 1 ? std::min<int64_t>(pad, (fill_size - here % fill_size) % fill_size) : 0;
  for (int64_t i = 0; i < lead; ++i) bytes.push_back(0);
  while (static_cast<int64_t>(bytes.size()) + fill_size <= pad) append_le(bytes, fill, fill_size);
  while (static_cast<int64_t>(bytes.size()) < pad) bytes.push_back(0);
  assembly.emit(line, bytes);
}

void space(Assembly& assembly, Line& line, bool fill_form) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  int64_t count = absolute(assembly, line, "size");
  int64_t size = 1;
  int64_t value = 0;
  cursor.skip_blanks();
  if (cursor.take(',')) {
    if (fill_form) {
      size = absolute(assembly, line, ".fill size");
      cursor.skip_blanks();
      if (cursor.take(',')) value = absolute(assembly, line, ".fill value");
    } else {
      value = absolute(assembly, line, "fill byte");
    }
  }
  if (count < 0 || count > (int64_t{16} << 20) || size < 0 || size > 8) {
    cursor.fail_at(column, fmt::format("size {} x {} is outside what gcvu assembles", count, size));
  }
  if (assembly.here() + static_cast<uint64_t>(count) * static_cast<uint64_t>(size) > assembly.limits().image_bytes) {
    cursor.fail_at(column, fmt::format("{} x {} bytes at {:#x} would take the output past {}", count, size,
                                       assembly.here(), assembly.image_limit_text()));
  }
  std::vector<uint8_t> bytes;
  for (int64_t i = 0; i < count; ++i) append_le(bytes, static_cast<uint64_t>(value), static_cast<int>(size));
  assembly.emit(line, bytes);
}

void org(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  ExprValue target = evaluate_expression(cursor, assembly.env());
  int64_t here = assembly.here();
  if (target.value < here) {
    if (!assembly.final_pass()) return;
    cursor.fail_at(column, fmt::format(".org {:#x} is behind the current address {:#x}", target.value, here));
  }
  if (target.value - here > (int64_t{16} << 20)) cursor.fail_at(column, ".org jumps more than 16 MiB");
  std::vector<uint8_t> bytes(static_cast<size_t>(target.value - here), 0);
  assembly.emit(line, bytes);
}

int data_size(const std::string& word) {
  if (word == ".byte" || word == ".1byte") return 1;
  if (word == ".short" || word == ".hword" || word == ".half" || word == ".2byte") return 2;
  if (word == ".int" || word == ".long" || word == ".word" || word == ".4byte") return 4;
  if (word == ".dword" || word == ".8byte") return 8;
  if (word == ".quad" || word == ".octa") return 16;  // dvp-as makes .quad 16 bytes (a VU quadword)
  return 0;
}

}  // namespace

bool run_data_directive(Assembly& assembly, Line& line, const std::string& word) {
  Cursor& cursor = line.cursor;
  std::vector<uint8_t> bytes;
  if (int size = data_size(word); size != 0) {
    for_each_item(cursor, [&] {
      if (size == 16) {
        Wide value = parse_wide(assembly, line);
        append_le(bytes, value.low, 8);
        append_le(bytes, value.high, 8);
      } else {
        append_value(assembly, line, bytes, size);
      }
    });
  } else if (word == ".float" || word == ".single") {
    for_each_item(cursor, [&] { append_le(bytes, parse_float_value(assembly, line), 4); });
  } else if (word == ".ascii" || word == ".asciz" || word == ".string") {
    for_each_item(cursor, [&] {
      std::string text = parse_string(cursor);
      bytes.insert(bytes.end(), text.begin(), text.end());
      if (word != ".ascii") bytes.push_back(0);
    });
  } else if (word == ".align" || word == ".p2align" || word == ".p2alignw" || word == ".p2alignl") {
    align(assembly, line, true, word == ".p2alignw" ? 2 : word == ".p2alignl" ? 4 : 1);
  } else if (word == ".balign" || word == ".balignw" || word == ".balignl") {
    align(assembly, line, false, word == ".balignw" ? 2 : word == ".balignl" ? 4 : 1);
  } else if (word == ".space" || word == ".skip" || word == ".zero") {
    space(assembly, line, false);
  } else if (word == ".fill") {
    space(assembly, line, true);
  } else if (word == ".org") {
    org(assembly, line);
  } else if (word == ".vu" || word == ".text" || word == ".data" || word == ".bss" || word == ".global" ||
             word == ".globl" || word == ".name" || word == ".syntax" || word == ".type" || word == ".size" ||
             word == ".file" || word == ".ident" || word == ".section" || word == ".list" || word == ".nolist" ||
             word == ".local" || word == ".weak" || word == ".func" || word == ".endfunc" || word == ".end" ||
             word == ".extern" || word == ".eject" || word == ".title" || word == ".sbttl" || word == ".psize") {
    // Object-file bookkeeping with no effect on a flat image (gcvu keeps .data in the same image as .text).
  } else {
    return false;
  }
  assembly.emit(line, bytes);
  return true;
}

}  // namespace gcvu::microcode::detail
