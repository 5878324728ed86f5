// dvp-as packaging: DMA tags, VIFcodes, MPG/UNPACK/DIRECT blocks and GIF tags (layouts in packaging.hpp).

#include "microcode/assembler/packaging.hpp"

#include <array>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "microcode/assembler/assembly.hpp"

namespace gcvu::microcode::detail {

namespace {

using Kind = OpenBlock::Kind;

constexpr uint32_t kMpgCommand = 0x4a;
constexpr uint32_t kDirectCommand = 0x50;
constexpr uint32_t kDirectHlCommand = 0x51;
constexpr uint32_t kUnpackCommand = 0x60;
constexpr uint32_t kVifInterrupt = 1u << 31;
constexpr int kMpgLimit = 256;  // instructions one MPG can carry (NUM 0 means 256)

struct DmaTag {
  std::string_view name;
  uint32_t id;
  bool has_address;
  bool has_data;  // data follows the tag up to .EndDmaData
};
constexpr std::array<DmaTag, 8> kDmaTags = {{{"dmarefe", 0, true, false},
                                             {"dmacnt", 1, false, true},
                                             {"dmanext", 2, true, true},
                                             {"dmaref", 3, true, false},
                                             {"dmarefs", 4, true, false},
                                             {"dmacall", 5, true, true},
                                             {"dmaret", 6, false, true},
                                             {"dmaend", 7, false, true}}};

// VIFcodes with a fixed operand shape: name, CMD, operand kind.
enum class VifOperand { kNone, kImm16, kCycle, kMode, kPath3, kWord, kFourWords };
struct VifCode {
  std::string_view name;
  uint32_t command;
  VifOperand operand;
};
constexpr std::array<VifCode, 17> kVifCodes = {{{"vifnop", 0x00, VifOperand::kNone},
                                                {"stcycl", 0x01, VifOperand::kCycle},
                                                {"offset", 0x02, VifOperand::kImm16},
                                                {"base", 0x03, VifOperand::kImm16},
                                                {"itop", 0x04, VifOperand::kImm16},
                                                {"stmod", 0x05, VifOperand::kMode},
                                                {"mskpath3", 0x06, VifOperand::kPath3},
                                                {"mark", 0x07, VifOperand::kImm16},
                                                {"flushe", 0x10, VifOperand::kNone},
                                                {"flush", 0x11, VifOperand::kNone},
                                                {"flusha", 0x13, VifOperand::kNone},
                                                {"mscal", 0x14, VifOperand::kImm16},
                                                {"mscalf", 0x15, VifOperand::kImm16},
                                                {"mscnt", 0x17, VifOperand::kNone},
                                                {"stmask", 0x20, VifOperand::kWord},
                                                {"strow", 0x30, VifOperand::kFourWords},
                                                {"stcol", 0x31, VifOperand::kFourWords}}};

// UNPACK formats: name, vn/vl bits of CMD, bits per element.
struct UnpackFormat {
  std::string_view name;
  uint32_t code;
  uint32_t bits;
};
constexpr std::array<UnpackFormat, 13> kUnpackFormats = {{{"s_32", 0x0, 32},
                                                          {"s_16", 0x1, 16},
                                                          {"s_8", 0x2, 8},
                                                          {"v2_32", 0x4, 64},
                                                          {"v2_16", 0x5, 32},
                                                          {"v2_8", 0x6, 16},
                                                          {"v3_32", 0x8, 96},
                                                          {"v3_16", 0x9, 48},
                                                          {"v3_8", 0xa, 24},
                                                          {"v4_32", 0xc, 128},
                                                          {"v4_16", 0xd, 64},
                                                          {"v4_8", 0xe, 32},
                                                          {"v4_5", 0xf, 16}}};

// GIF register names (A+D descriptors), in descriptor order.
constexpr std::array<std::string_view, 16> kGifRegisters = {"prim",   "rgbaq",  "st",      "uv",      "xyzf2", "xyz2",
                                                            "tex0_1", "tex0_2", "clamp_1", "clamp_2", "xyzf",  "",
                                                            "xyzf3",  "xyz3",   "a_d",     "nop"};

// "[i]", "[imru]"... after a mnemonic: the lower-case letters, or empty.
std::string flag_letters(Cursor& cursor) {
  if (!cursor.take('[')) return {};
  std::string letters;
  while (!cursor.at_end() && cursor.peek() != ']') {
    letters += static_cast<char>(std::tolower(static_cast<unsigned char>(cursor.peek())));
    cursor.seek(cursor.pos() + 1);
  }
  if (!cursor.take(']')) cursor.fail("unterminated '[' flags");
  for (char c : letters) {
    if (c != 'i' && c != 'm' && c != 'r' && c != 'u') cursor.fail(fmt::format("unknown flag '{}' (i, m, r or u)", c));
  }
  cursor.skip_blanks();
  return letters;
}

bool has(const std::string& letters, char c) { return letters.find(c) != std::string::npos; }

void expect_comma(Cursor& cursor) {
  cursor.skip_blanks();
  if (!cursor.take(',')) cursor.fail("expected ','");
  cursor.skip_blanks();
}

void expect_end(Cursor& cursor) {
  cursor.skip_blanks();
  if (!cursor.at_end()) cursor.fail(fmt::format("unexpected '{}'", cursor.rest()));
}

int64_t number(Assembly& assembly, Line& line, std::string_view what) {
  return evaluate_absolute(line.cursor, assembly.env(), what);
}

// '*' (the assembler counts) or a number.
std::optional<int64_t> count(Assembly& assembly, Line& line, std::string_view what) {
  line.cursor.skip_blanks();
  if (line.cursor.take('*')) return std::nullopt;
  return number(assembly, line, what);
}

void pad_to(Assembly& assembly, Line& line, size_t boundary, size_t remainder = 0) {
  std::vector<uint8_t> zeros;
  while ((assembly.here() + zeros.size()) % boundary != remainder) zeros.push_back(0);
  assembly.emit(line, zeros);
}

void need_alignment(Assembly& assembly, int alignment) {
  assembly.packaging().alignment = std::max(assembly.packaging().alignment, alignment);
}

OpenBlock& open(Assembly& assembly, Line& line, Kind kind, size_t code_offset, bool automatic) {
  OpenBlock block;
  block.kind = kind;
  block.code_offset = code_offset;
  block.data_offset = assembly.here();
  block.automatic = automatic;
  block.file = line.statement.file;
  block.line = line.statement.line;
  assembly.packaging().blocks.push_back(block);
  return assembly.packaging().blocks.back();
}

OpenBlock close(Assembly& assembly, Line& line, std::initializer_list<Kind> kinds, std::string_view directive) {
  auto& blocks = assembly.packaging().blocks;
  if (blocks.empty() || std::find(kinds.begin(), kinds.end(), blocks.back().kind) == kinds.end()) {
    line.cursor.fail_at(1, fmt::format("{} without the block it ends", directive));
  }
  OpenBlock block = blocks.back();
  blocks.pop_back();
  return block;
}

// ---- DMA ----

void dma_tag(Assembly& assembly, Line& line, const DmaTag& tag) {
  Cursor& cursor = line.cursor;
  std::string flags = flag_letters(cursor);
  const std::vector<std::string> labels = assembly.pending_labels();
  pad_to(assembly, line, 16);  // before the operands: they may name the labels it moves
  assembly.move_labels_here(labels);
  int column = cursor.column();
  std::optional<int64_t> qwc = count(assembly, line, "quadword count");
  uint32_t address = 0;
  std::string target;
  if (tag.has_address) {
    expect_comma(cursor);
    size_t start = cursor.pos();
    ExprValue value = evaluate_expression(cursor, assembly.env());
    address = static_cast<uint32_t>(value.value);
    Cursor probe = cursor;
    probe.seek(start);
    target = std::string(probe.identifier());
  }
  expect_end(cursor);
  if (qwc && (*qwc < 0 || *qwc > 0xffff)) cursor.fail_at(column, fmt::format("QWC {} is outside 0..65535", *qwc));
  need_alignment(assembly, 16);
  const size_t at = assembly.here();
  uint32_t word0 = (tag.id << 28) | static_cast<uint32_t>(qwc.value_or(0)) | (has(flags, 'i') ? 1u << 31 : 0);
  if (!qwc && !tag.has_data) {  // DMAref *: the size of the label's .DmaData block
    auto size = assembly.env().lookup(target + "@dmadata");
    if (!size && assembly.final_pass())
      cursor.fail_at(column, fmt::format("'*' needs a .DmaData block named '{}'", target));
    word0 |= static_cast<uint32_t>(size ? size->value : 0) & 0xffffu;
  }
  assembly.emit_word(line, word0);
  assembly.emit_word(line, address & 0x7fffffffu);
  if (tag.has_data) {
    open(assembly, line, Kind::kDma, at, !qwc);
  } else {
    pad_to(assembly, line, 16);  // dvp-as completes the tag's quadword with vifnops: the data is elsewhere
  }
}

void dma_data(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  int column = cursor.column();
  std::string name(cursor.identifier());
  if (name.empty()) cursor.fail(".DmaData needs a label name");
  expect_end(cursor);
  pad_to(assembly, line, 16);
  need_alignment(assembly, 16);
  assembly.define_label(line, column, name);
  open(assembly, line, Kind::kDmaData, assembly.here(), true).name = name;
}

void end_dma_data(Assembly& assembly, Line& line) {
  OpenBlock block = close(assembly, line, {Kind::kDma, Kind::kDmaData}, ".EndDmaData");
  pad_to(assembly, line, 16);
  if (block.kind == Kind::kDmaData) {
    const int64_t qwords = static_cast<int64_t>(assembly.here() - block.data_offset) / 16;
    assembly.define_symbol(line, 1, block.name + "@dmadata", Symbol{qwords, false, false, {}, 0});
  } else if (block.automatic) {
    // The tag's own quadword carries its upper 8 bytes; QWC counts the quadwords after it.
    const uint32_t qwc = static_cast<uint32_t>((assembly.here() - block.code_offset - 16) / 16);
    assembly.patch_word(block.code_offset, (assembly.word_at(block.code_offset) & ~0xffffu) | (qwc & 0xffffu));
  }
}

// ---- VIF ----

void vif_code(Assembly& assembly, Line& line, const VifCode& code) {
  Cursor& cursor = line.cursor;
  std::string flags = flag_letters(cursor);
  uint32_t word = (code.command << 24) | (has(flags, 'i') ? kVifInterrupt : 0);
  std::vector<uint32_t> extra;
  int column = cursor.column();
  auto imm16 = [&](std::string_view what) {
    int64_t value = number(assembly, line, what);
    if (value < 0 || value > 0xffff) assembly.warn(line, column, fmt::format("{} {} is outside 0..65535", what, value));
    return static_cast<uint32_t>(value) & 0xffffu;
  };
  switch (code.operand) {
    case VifOperand::kNone: break;
    case VifOperand::kImm16: word |= imm16("immediate"); break;
    case VifOperand::kCycle: {
      int64_t wl = number(assembly, line, "WL");
      expect_comma(cursor);
      int64_t cl = number(assembly, line, "CL");
      word |= (static_cast<uint32_t>(wl & 0xff) << 8) | static_cast<uint32_t>(cl & 0xff);
      assembly.packaging().wl = static_cast<int>(wl & 0xff);
      assembly.packaging().cl = static_cast<int>(cl & 0xff);
      break;
    }
    case VifOperand::kMode: {
      size_t start = cursor.pos();
      std::string mode = lower_case(cursor.identifier());
      if (mode == "direct" || mode == "norm") {
        word |= 0;
      } else if (mode == "add" || mode == "offset") {
        word |= 1;
      } else if (mode == "addrow" || mode == "difference") {
        word |= 2;
      } else {
        cursor.seek(start);
        word |= imm16("mode") & 3u;
      }
      break;
    }
    case VifOperand::kPath3: {
      size_t start = cursor.pos();
      std::string mode = lower_case(cursor.identifier());
      if (mode == "enable") {
        word |= 0x8000u;
      } else if (mode != "disable") {
        cursor.seek(start);
        word |= number(assembly, line, "mask") != 0 ? 0x8000u : 0;
      }
      break;
    }
    case VifOperand::kWord: extra.push_back(static_cast<uint32_t>(number(assembly, line, "mask"))); break;
    case VifOperand::kFourWords:
      for (int i = 0; i < 4; ++i) {
        if (i != 0) expect_comma(cursor);
        extra.push_back(static_cast<uint32_t>(number(assembly, line, "value")));
      }
      break;
  }
  expect_end(cursor);
  assembly.emit_word(line, word);
  for (uint32_t value : extra) assembly.emit_word(line, value);
}

void mpg_code(Assembly& assembly, Line& line, uint32_t address, uint32_t instructions, bool interrupt = false) {
  pad_to(assembly, line, 8, 4);  // the data after the VIFcode starts on 8 bytes
  need_alignment(assembly, 8);
  assembly.emit_word(line, (interrupt ? kVifInterrupt : 0) | (kMpgCommand << 24) | ((instructions & 0xffu) << 16) |
                               (address & 0xffffu));
}

void mpg(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  std::string flags = flag_letters(cursor);
  PackagingState& state = assembly.packaging();
  cursor.skip_blanks();
  std::optional<int64_t> address = count(assembly, line, "MPG address");
  expect_comma(cursor);
  uint32_t at = static_cast<uint32_t>(address.value_or(state.mpg_location));
  if (cursor.peek() == '"') {  // mpg addr, "file": the file's bytes are the micro code
    int column = cursor.column();
    cursor.take('"');
    std::string_view rest = cursor.rest();
    size_t close_quote = rest.find('"');
    if (close_quote == std::string_view::npos) cursor.fail("unterminated file name");
    std::string name(rest.substr(0, close_quote));
    cursor.seek(cursor.pos() + close_quote + 1);
    expect_end(cursor);
    auto path = assembly.find_include(assembly.current_folder(), name);
    if (!path) cursor.fail_at(column, fmt::format("MPG file '{}' not found", name));
    const uintmax_t size = file_bytes(*path);
    if (size > kMpgLimit * 8) {
      cursor.fail_at(column, fmt::format("MPG file '{}' has {} bytes (1..256 instructions of 8 bytes)", name, size));
    }
    std::ifstream in(*path, std::ios::binary);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() % 8 != 0 || bytes.empty() || bytes.size() > kMpgLimit * 8) {
      cursor.fail_at(column,
                     fmt::format("MPG file '{}' has {} bytes (1..256 instructions of 8 bytes)", name, bytes.size()));
    }
    mpg_code(assembly, line, at, static_cast<uint32_t>(bytes.size() / 8), has(flags, 'i'));
    assembly.emit(line, bytes);
    state.mpg_location = at + static_cast<uint32_t>(bytes.size() / 8);
    return;
  }
  std::optional<int64_t> instructions = count(assembly, line, "instruction count");
  expect_end(cursor);
  mpg_code(assembly, line, at, static_cast<uint32_t>(instructions.value_or(0)), has(flags, 'i'));
  OpenBlock& block = open(assembly, line, Kind::kMpg, assembly.here() - 4, !instructions);
  block.mpg_address = at;
  state.location_bias = int64_t{at} * 8 - static_cast<int64_t>(assembly.here());
}

void end_mpg(Assembly& assembly, Line& line) {
  OpenBlock block = close(assembly, line, {Kind::kMpg}, ".EndMPG");
  PackagingState& state = assembly.packaging();
  const uint32_t instructions = static_cast<uint32_t>((assembly.here() - block.data_offset) / 8);
  if (block.automatic) {
    assembly.patch_word(block.code_offset,
                        (assembly.word_at(block.code_offset) & 0xff00ffffu) | ((instructions & 0xffu) << 16));
  }
  state.mpg_location = block.mpg_address + instructions;
  state.location_bias = 0;
}

void direct(Assembly& assembly, Line& line, uint32_t command) {
  Cursor& cursor = line.cursor;
  std::string flags = flag_letters(cursor);
  std::optional<int64_t> qwords = count(assembly, line, "quadword count");
  expect_end(cursor);
  pad_to(assembly, line, 16, 12);  // the data after the VIFcode starts on 16 bytes
  need_alignment(assembly, 16);
  const size_t at = assembly.here();
  assembly.emit_word(line, (command << 24) | (has(flags, 'i') ? kVifInterrupt : 0) |
                               (static_cast<uint32_t>(qwords.value_or(0)) & 0xffffu));
  open(assembly, line, Kind::kDirect, at, !qwords);
}

void end_direct(Assembly& assembly, Line& line) {
  OpenBlock block = close(assembly, line, {Kind::kDirect}, ".EndDirect");
  pad_to(assembly, line, 16);
  if (block.automatic) {
    const uint32_t qwords = static_cast<uint32_t>((assembly.here() - block.data_offset) / 16);
    assembly.patch_word(block.code_offset, (assembly.word_at(block.code_offset) & 0xffff0000u) | (qwords & 0xffffu));
  }
}

void unpack(Assembly& assembly, Line& line) {
  Cursor& cursor = line.cursor;
  std::string flags = flag_letters(cursor);
  int column = cursor.column();
  std::string format = lower_case(cursor.identifier());
  const UnpackFormat* found = nullptr;
  for (const UnpackFormat& f : kUnpackFormats) {
    if (f.name == format) found = &f;
  }
  if (found == nullptr) cursor.fail_at(column, fmt::format("unknown UNPACK format '{}' (S_32 ... V4_5)", format));
  expect_comma(cursor);
  int64_t address = number(assembly, line, "UNPACK address");
  expect_comma(cursor);
  std::optional<int64_t> elements = count(assembly, line, "element count");
  expect_end(cursor);
  uint32_t imm = static_cast<uint32_t>(address) & 0x3ffu;
  if (has(flags, 'u')) imm |= 1u << 14;
  if (has(flags, 'r')) imm |= 1u << 15;
  uint32_t command = kUnpackCommand | found->code | (has(flags, 'm') ? 0x10u : 0);
  const size_t at = assembly.here();
  assembly.emit_word(line, (has(flags, 'i') ? kVifInterrupt : 0) | (command << 24) |
                               ((static_cast<uint32_t>(elements.value_or(0)) & 0xffu) << 16) | imm);
  open(assembly, line, Kind::kUnpack, at, !elements).unpack_bits = found->bits;
}

void end_unpack(Assembly& assembly, Line& line) {
  OpenBlock block = close(assembly, line, {Kind::kUnpack}, ".EndUnpack");
  const size_t bytes = assembly.here() - block.data_offset;
  pad_to(assembly, line, 4);
  if (block.automatic) {
    // NUM counts the quadwords written: the elements when CL >= WL; with WL > CL each CL elements fill WL.
    uint32_t elements = static_cast<uint32_t>(bytes * 8 / block.unpack_bits);
    const PackagingState& state = assembly.packaging();
    uint32_t written = elements;
    if (state.wl > state.cl && state.cl > 0) {
      written = elements / static_cast<uint32_t>(state.cl) * static_cast<uint32_t>(state.wl) +
                elements % static_cast<uint32_t>(state.cl);
    }
    assembly.patch_word(block.code_offset,
                        (assembly.word_at(block.code_offset) & 0xff00ffffu) | ((written & 0xffu) << 16));
  }
}

// ---- GIF ----

void gif_tag(Assembly& assembly, Line& line, int flag) {
  Cursor& cursor = line.cursor;
  uint64_t regs = 0;
  int nregs = 0;
  int64_t nloop = 0;
  bool nloop_given = false;
  bool eop = false;
  std::optional<int64_t> prim;
  cursor.skip_blanks();
  while (!cursor.at_end()) {
    int column = cursor.column();
    std::string key = lower_case(cursor.identifier());
    cursor.skip_blanks();
    if (key == "eop") {
      eop = true;
    } else if (cursor.take('=')) {
      cursor.skip_blanks();
      if (key == "nloop") {
        nloop = number(assembly, line, "nloop");
        nloop_given = true;
      } else if (key == "prim") {
        prim = number(assembly, line, "prim");
      } else if (key == "regs") {
        if (!cursor.take('{')) cursor.fail("regs= needs {reg, ...}");
        cursor.skip_blanks();
        while (!cursor.take('}')) {
          if (cursor.at_end()) cursor.fail("unterminated regs={");
          int reg_column = cursor.column();
          std::string reg = lower_case(cursor.identifier());
          auto it = std::find(kGifRegisters.begin(), kGifRegisters.end(), reg);
          if (reg.empty() || it == kGifRegisters.end()) {
            cursor.fail_at(reg_column, fmt::format("unknown GIF register '{}'", reg));
          }
          if (nregs == 16) cursor.fail_at(reg_column, "more than 16 registers");
          regs |= uint64_t(it - kGifRegisters.begin()) << (4 * nregs++);
          cursor.skip_blanks();
          cursor.take(',');
          cursor.skip_blanks();
        }
      } else {
        cursor.fail_at(column, fmt::format("unknown GIF tag field '{}' (prim, regs, nloop, eop)", key));
      }
    } else {
      cursor.fail_at(column, fmt::format("unknown GIF tag field '{}' (prim=, regs=, nloop=, eop)", key));
    }
    cursor.skip_blanks();
    cursor.take(',');
    cursor.skip_blanks();
  }
  pad_to(assembly, line, 16);
  need_alignment(assembly, 16);
  const size_t at = assembly.here();
  uint32_t word1 = (static_cast<uint32_t>(flag) << 26) | (static_cast<uint32_t>(nregs & 0xf) << 28);
  if (prim) word1 |= (1u << 14) | ((static_cast<uint32_t>(*prim) & 0x7ffu) << 15);
  assembly.emit_word(line, (static_cast<uint32_t>(nloop) & 0x7fffu) | (eop ? 0x8000u : 0));
  assembly.emit_word(line, word1);
  assembly.emit_word(line, static_cast<uint32_t>(regs));
  assembly.emit_word(line, static_cast<uint32_t>(regs >> 32));
  OpenBlock& block = open(assembly, line, Kind::kGif, at, !nloop_given);
  block.gif_flag = flag;
  block.gif_regs = nregs;
}

void end_gif(Assembly& assembly, Line& line) {
  OpenBlock block = close(assembly, line, {Kind::kGif}, ".EndGif");
  const size_t bytes = assembly.here() - block.data_offset;
  pad_to(assembly, line, 16);
  if (!block.automatic) return;
  size_t nloop = 0;
  if (block.gif_flag == 2) {
    nloop = (bytes + 15) / 16;
  } else if (block.gif_regs != 0) {
    nloop = bytes / (block.gif_flag == 1 ? 8 : 16) / static_cast<size_t>(block.gif_regs);
  }
  assembly.patch_word(block.code_offset,
                      (assembly.word_at(block.code_offset) & ~0x7fffu) | (static_cast<uint32_t>(nloop) & 0x7fffu));
}

}  // namespace

void before_instruction(Assembly& assembly, Line& line) {
  PackagingState& state = assembly.packaging();
  if (state.blocks.empty() || state.blocks.back().kind != Kind::kMpg) return;
  OpenBlock& block = state.blocks.back();
  const size_t instructions = (assembly.here() - block.data_offset) / 8;
  if (instructions < kMpgLimit || !block.automatic) return;
  // dvp-as ends a full MPG and starts the next one where it left off.
  assembly.patch_word(block.code_offset, assembly.word_at(block.code_offset) & 0xff00ffffu);  // NUM 0 = 256
  const uint32_t next = block.mpg_address + kMpgLimit;
  mpg_code(assembly, line, next, 0);
  block.code_offset = assembly.here() - 4;
  block.data_offset = assembly.here();
  block.mpg_address = next;
  state.location_bias = int64_t{next} * 8 - static_cast<int64_t>(assembly.here());
}

void finish_packaging(Assembly& assembly) {
  PackagingState& state = assembly.packaging();
  for (const OpenBlock& block : state.blocks) {
    if (block.kind == Kind::kDma && !block.automatic) continue;  // an explicit QWC needs no end marker
    static constexpr std::string_view kEnds[] = {".EndDmaData", ".EndDmaData", ".EndMPG",
                                                 ".EndDirect",  ".EndUnpack",  ".EndGif"};
    throw SourceError(
        block.file, block.line, 1,
        fmt::format("this block has no {} before the end of the source", kEnds[static_cast<size_t>(block.kind)]));
  }
  std::vector<uint8_t> zeros;
  while ((assembly.here() + zeros.size()) % static_cast<size_t>(state.alignment) != 0) zeros.push_back(0);
  if (!zeros.empty()) {
    Statement end{"", "<end>", 0, 0, nullptr};
    Line line(end);
    assembly.emit(line, zeros);
  }
}

namespace {

bool dispatch(Assembly& assembly, Line& line, const std::string& word) {
  for (const DmaTag& tag : kDmaTags) {
    if (word == tag.name) {
      dma_tag(assembly, line, tag);
      return true;
    }
  }
  for (const VifCode& code : kVifCodes) {
    if (word == code.name) {
      vif_code(assembly, line, code);
      return true;
    }
  }
  if (word == "mpg") {
    mpg(assembly, line);
  } else if (word == "direct" || word == "directhl") {
    direct(assembly, line, word == "direct" ? kDirectCommand : kDirectHlCommand);
  } else if (word == "unpack") {
    unpack(assembly, line);
  } else if (word == "gifpacked" || word == "gifreglist" || word == "gifimage") {
    gif_tag(assembly, line, word == "gifpacked" ? 0 : word == "gifreglist" ? 1 : 2);
  } else if (word == ".dmadata") {
    dma_data(assembly, line);
  } else if (word == ".enddmadata") {
    end_dma_data(assembly, line);
  } else if (word == ".dmapackvif") {
    number(assembly, line, ".DmaPackVif value");  // gcvu always pads VIFcodes as dvp-as does with packing on or off
  } else if (word == ".endmpg") {
    end_mpg(assembly, line);
  } else if (word == ".enddirect") {
    end_direct(assembly, line);
  } else if (word == ".endunpack") {
    end_unpack(assembly, line);
  } else if (word == ".endgif") {
    end_gif(assembly, line);
  } else {
    return false;
  }
  return true;
}

}  // namespace

bool run_packaging_statement(Assembly& assembly, Line& line, const std::string& word) {
  if (!dispatch(assembly, line, word)) return false;
  assembly.packaging().used = true;
  return true;
}

}  // namespace gcvu::microcode::detail
