// The disassembler: reads only the opcode table and the decoder in emu/vu/isa.

#include "microcode/disassembler/disassembler.hpp"

#include <bit>
#include <set>

#include <fmt/format.h>

#include "emu/vu/isa/decoded_op.hpp"

namespace gcvu::microcode {

namespace {

using vu::DecodedOp;
using vu::OpcodeRow;
using vu::OperandKind;

constexpr char kLanes[] = "xyzw";

std::string dest_letters(uint8_t dest) {
  std::string out;
  for (int lane = 0; lane < 4; ++lane) {
    if ((dest & vu::lane_field(static_cast<uint8_t>(lane))) != 0) out += kLanes[lane];
  }
  return out;
}

std::string label_name(uint32_t address) { return fmt::format("L_{:04x}", address); }

// The byte address a branch at `address` goes to (delay slot + offset * 8, wrapping in 16 KiB).
uint32_t branch_target(uint32_t address, int32_t offset) {
  return static_cast<uint32_t>(static_cast<int64_t>(address) + 8 + int64_t{offset} * 8) & 0x3fffu;
}

struct TargetStyle {
  std::optional<uint32_t> address;
  bool label = false;
};

std::string operand_text(OperandKind kind, const DecodedOp& op, const TargetStyle& style) {
  auto vf = [](uint8_t index) { return fmt::format("VF{:02d}", index); };
  auto vi = [](uint8_t index) { return fmt::format("VI{:02d}", index); };
  switch (kind) {
    case OperandKind::kNone: return {};
    case OperandKind::kVfD: return vf(op.fd);
    case OperandKind::kVfS: return vf(op.fs);
    case OperandKind::kVfT: return vf(op.ft);
    case OperandKind::kVfSDest: return vf(op.fs) + dest_letters(op.dest);
    case OperandKind::kVfTBc: return vf(op.ft) + kLanes[op.bc & 3];
    case OperandKind::kVfSFsf: return vf(op.fs) + kLanes[op.fsf & 3];
    case OperandKind::kVfTFtf: return vf(op.ft) + kLanes[op.ftf & 3];
    case OperandKind::kAcc: return "ACC";
    case OperandKind::kQ: return "Q";
    case OperandKind::kP: return "P";
    case OperandKind::kI: return "I";
    case OperandKind::kR: return "R";
    case OperandKind::kVi01: return "VI01";
    case OperandKind::kViD: return vi(op.id);
    case OperandKind::kViS: return vi(op.is);
    case OperandKind::kViT: return vi(op.it);
    case OperandKind::kMemViS: return fmt::format("{}({})", op.imm, vi(op.is));
    case OperandKind::kMemViT: return fmt::format("{}({})", op.imm, vi(op.it));
    case OperandKind::kMemViSDest: return fmt::format("{}({}){}", op.imm, vi(op.is), dest_letters(op.dest));
    case OperandKind::kRegViSDest: return fmt::format("({}){}", vi(op.is), dest_letters(op.dest));
    case OperandKind::kPostIncViS: return fmt::format("({}++)", vi(op.is));
    case OperandKind::kPostIncViT: return fmt::format("({}++)", vi(op.it));
    case OperandKind::kPreDecViS: return fmt::format("(--{})", vi(op.is));
    case OperandKind::kPreDecViT: return fmt::format("(--{})", vi(op.it));
    case OperandKind::kImm5: return fmt::format("{}", op.imm);
    case OperandKind::kImm15: return fmt::format("{}", op.imm);
    case OperandKind::kImm12:
    case OperandKind::kImm12Up6:
    case OperandKind::kImm24: return fmt::format("{:#x}", op.imm);
    case OperandKind::kBranch:
      if (style.address && style.label) return label_name(branch_target(*style.address, op.imm));
      return fmt::format("{}", op.imm);
  }
  return {};
}

// Why a half cannot print as an instruction, or empty when it can.
std::string unprintable_reason(const DecodedOp& op) {
  if (!op.valid()) return std::string(vu::invalid_reason_text(op.reason));
  if (!op.canonical) return "don't-care bits are not the canonical values";
  if (op.row().dest == vu::DestMode::kFree && op.dest == 0) return "dest selects no field";
  return {};
}

std::string flag_suffix(uint32_t upper_word) {
  std::string out;
  if ((upper_word & vu::upper_flag::kE) != 0) out += "[E]";
  if ((upper_word & vu::upper_flag::kM) != 0) out += "[M]";
  if ((upper_word & vu::upper_flag::kD) != 0) out += "[D]";
  if ((upper_word & vu::upper_flag::kT) != 0) out += "[T]";
  return out;
}

std::string instruction_text(const DecodedOp& op, std::string_view flags, const TargetStyle& style) {
  const OpcodeRow& row = op.row();
  std::string text(row.name);
  if (row.bc_suffix) text += kLanes[op.bc & 3];
  text += flags;
  if (row.dest == vu::DestMode::kFree) text += "." + dest_letters(op.dest);
  bool first = true;
  for (OperandKind kind : row.operands) {
    if (kind == OperandKind::kNone) continue;
    text += first ? " " : ",";
    text += operand_text(kind, op, style);
    first = false;
  }
  return text;
}

// The I-bit immediate: shortest decimal when that reads back exactly as a normal float, else the bit pattern.
std::string loi_text(uint32_t bits) {
  uint32_t exponent = (bits >> 23) & 0xffu;
  if (exponent == 0xffu || (exponent == 0 && (bits & 0x7fffffu) != 0)) return fmt::format("loi {:#010x}", bits);
  return fmt::format("loi {}", std::bit_cast<float>(bits));
}

std::string dword_text(uint64_t bundle, std::string_view why) {
  return fmt::format(".dword {:#018x}  ; {}", bundle, why);
}

// Both halves, or the one `.dword` line (in `upper`, `lower` empty) when the bundle does not print as a pair. A
// bundle whose don't-care bits are not the canonical ones still decodes and runs (the hardware ignores them); it
// prints as a `.dword` so the text assembles back to the same bits, with the instruction it executes noted.
BundleHalves bundle_halves(uint64_t bundle, const TargetStyle& style) {
  vu::DecodedBundle decoded = vu::decode_bundle(bundle);
  auto upper_word = static_cast<uint32_t>(bundle >> 32);
  const bool is_loi = decoded.lower.op == vu::Opcode::kLoi;
  std::string why = unprintable_reason(decoded.upper);
  std::string lower_why = is_loi ? std::string() : unprintable_reason(decoded.lower);
  if (!why.empty() || !lower_why.empty()) {
    std::string note = !why.empty() ? "upper: " + why : "lower: " + lower_why;
    bool executable = decoded.upper.valid() && (is_loi || decoded.lower.valid());
    bool empty_dest = note.find("dest selects") != std::string::npos;
    if (executable && !empty_dest) {
      std::string lower = is_loi ? loi_text(decoded.lower.raw) : instruction_text(decoded.lower, "", style);
      note = fmt::format("{} {} (non-canonical: {})", instruction_text(decoded.upper, flag_suffix(upper_word), style),
                         lower, note);
    }
    return {dword_text(bundle, note), {}};
  }
  std::string lower = is_loi ? loi_text(decoded.lower.raw) : instruction_text(decoded.lower, "", style);
  return {instruction_text(decoded.upper, flag_suffix(upper_word), style), std::move(lower)};
}

std::string bundle_text(uint64_t bundle, const TargetStyle& style) {
  BundleHalves halves = bundle_halves(bundle, style);
  if (halves.lower.empty()) return halves.upper;
  return fmt::format("{:<31} {}", halves.upper, halves.lower);
}

uint64_t read_bundle(std::span<const uint8_t> code, size_t offset) {
  uint64_t value = 0;
  for (int byte = 7; byte >= 0; --byte) value = (value << 8) | code[offset + static_cast<size_t>(byte)];
  return value;
}

}  // namespace

std::string disassemble_bundle(uint64_t bundle, std::optional<uint32_t> address, bool target_label) {
  return bundle_text(bundle, {address, target_label});
}

BundleHalves disassemble_halves(uint64_t bundle, std::optional<uint32_t> address, bool target_label) {
  return bundle_halves(bundle, {address, target_label});
}

std::string disassemble(std::span<const uint8_t> code, const DisassemblyOptions& options) {
  const size_t whole = code.size() / 8 * 8;
  // Labels: every printable branch whose target lies inside the program, on a bundle boundary.
  std::set<uint32_t> targets;
  if (options.labels) {
    for (size_t offset = 0; offset < whole; offset += 8) {
      uint64_t bundle = read_bundle(code, offset);
      vu::DecodedBundle decoded = vu::decode_bundle(bundle);
      if (!decoded.lower_info.is_branch || !unprintable_reason(decoded.upper).empty() ||
          !unprintable_reason(decoded.lower).empty()) {
        continue;
      }
      const auto& operands = decoded.lower.row().operands;
      bool relative = false;
      for (OperandKind kind : operands) relative |= kind == OperandKind::kBranch;
      if (!relative) continue;
      uint32_t target = branch_target(static_cast<uint32_t>(options.base + offset), decoded.lower.imm);
      if (target >= options.base && target < options.base + whole) targets.insert(target);
    }
  }
  std::string out;
  for (size_t offset = 0; offset < whole; offset += 8) {
    auto address = static_cast<uint32_t>(options.base + offset);
    if (targets.count(address) != 0) out += label_name(address) + ":\n";
    uint64_t bundle = read_bundle(code, offset);
    // A label is used only for targets that got one; others print as raw offsets.
    bool labelled = false;
    if (options.labels) {
      vu::DecodedBundle decoded = vu::decode_bundle(bundle);
      const vu::Opcode op = decoded.lower.op;
      if (decoded.lower_info.is_branch && op != vu::Opcode::kJr && op != vu::Opcode::kJalr) {
        labelled = targets.count(branch_target(address, decoded.lower.imm)) != 0;
      }
    }
    std::string text = bundle_text(bundle, {address, labelled});
    if (options.columns) {  // a comment, so the text still assembles
      out += fmt::format("/* {:04x}: {:08x} {:08x} */  ", address, static_cast<uint32_t>(bundle >> 32),
                         static_cast<uint32_t>(bundle));
    }
    out += text + "\n";
  }
  for (size_t offset = whole; offset < code.size(); ++offset) {
    if (options.columns) out += fmt::format("/* {:04x}: */  ", options.base + offset);
    out += fmt::format(".byte {:#04x}\n", code[offset]);
  }
  return out;
}

}  // namespace gcvu::microcode
