// decode_upper / decode_lower / decode_bundle: the most specific matching row (opcode_lookup.hpp), then field
// extraction driven by the row's operand descriptors.

#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <vector>

#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/isa/opcode_lookup.hpp"

namespace gcvu::vu {

namespace {

constexpr uint32_t bits(uint32_t word, int lo, int width) { return (word >> lo) & ((1u << width) - 1); }

constexpr int32_t sign_extend(uint32_t value, int width) {
  uint32_t sign = 1u << (width - 1);
  return static_cast<int32_t>((value ^ sign) - sign);
}

void extract_operand(OperandKind kind, uint32_t word, DecodedOp& op) {
  switch (kind) {
    case OperandKind::kVfD: op.fd = static_cast<uint8_t>(bits(word, 6, 5)); break;
    case OperandKind::kVfS: case OperandKind::kVfSDest: op.fs = static_cast<uint8_t>(bits(word, 11, 5)); break;
    case OperandKind::kVfT: op.ft = static_cast<uint8_t>(bits(word, 16, 5)); break;
    case OperandKind::kVfTBc:  // bc: free on bc rows, fixed to w by the opcode on clipw
      op.ft = static_cast<uint8_t>(bits(word, 16, 5));
      op.bc = static_cast<uint8_t>(bits(word, 0, 2));
      break;
    case OperandKind::kVfSFsf:
      op.fs = static_cast<uint8_t>(bits(word, 11, 5));
      op.fsf = static_cast<uint8_t>(bits(word, 21, 2));
      break;
    case OperandKind::kVfTFtf:
      op.ft = static_cast<uint8_t>(bits(word, 16, 5));
      op.ftf = static_cast<uint8_t>(bits(word, 23, 2));
      break;
    case OperandKind::kVi01: op.it = 1; break;
    case OperandKind::kViD: op.id = static_cast<uint8_t>(bits(word, 6, 4)); break;
    case OperandKind::kViS: case OperandKind::kRegViSDest: case OperandKind::kPostIncViS:
    case OperandKind::kPreDecViS:
      op.is = static_cast<uint8_t>(bits(word, 11, 4));
      break;
    case OperandKind::kViT: case OperandKind::kPostIncViT: case OperandKind::kPreDecViT:
      op.it = static_cast<uint8_t>(bits(word, 16, 4));
      break;
    case OperandKind::kMemViS: case OperandKind::kMemViSDest:
      op.is = static_cast<uint8_t>(bits(word, 11, 4));
      op.imm = sign_extend(bits(word, 0, 11), 11);
      break;
    case OperandKind::kMemViT:
      op.it = static_cast<uint8_t>(bits(word, 16, 4));
      op.imm = sign_extend(bits(word, 0, 11), 11);
      break;
    case OperandKind::kImm5: op.imm = sign_extend(bits(word, 6, 5), 5); break;
    case OperandKind::kImm12: op.imm = static_cast<int32_t>((bits(word, 21, 1) << 11) | bits(word, 0, 11)); break;
    case OperandKind::kImm12Up6:  // bits 5..0 of the word are don't care (dvp-as writes 0)
      op.imm = static_cast<int32_t>((bits(word, 21, 1) << 11) | (bits(word, 6, 5) << 6));
      break;
    case OperandKind::kImm15: op.imm = static_cast<int32_t>((bits(word, 21, 4) << 11) | bits(word, 0, 11)); break;
    case OperandKind::kImm24: op.imm = static_cast<int32_t>(bits(word, 0, 24)); break;
    case OperandKind::kBranch: op.imm = sign_extend(bits(word, 0, 11), 11); break;
    default: break;
  }
}

DecodedOp decode(Slot slot, uint32_t word) {
  DecodedOp op;
  op.raw = word;
  const OpcodeRow* row = find_row(slot, word);
  if (row == nullptr) {
    op.op = Opcode::kInvalid;
    op.canonical = false;
    op.reason = InvalidReason::kUnknownOpcode;
    return op;
  }
  op.op = row->op;
  for (OperandKind kind : row->operands) extract_operand(kind, word, op);
  if (row->dest == DestMode::kFree) op.dest = static_cast<uint8_t>(bits(word, 21, 4));
  op.canonical = is_canonical(*row, word);
  return op;
}

}  // namespace

const OpcodeRow* find_row_by_scan(Slot slot, uint32_t word) {
  const OpcodeRow* best = nullptr;
  for (const OpcodeRow& row : opcode_table()) {
    if (row.slot != slot || (row.effects & effect::kPseudo) != 0 || (word & row.mask) != row.match) continue;
    if (best == nullptr || std::popcount(row.mask) > std::popcount(best->mask)) best = &row;
  }
  return best;
}

OpcodeIndex::OpcodeIndex(OpcodeIndexOrder order) {
  const std::span<const OpcodeRow> table = opcode_table();
  for (uint32_t i = 0; i < table.size(); ++i) {
    const OpcodeRow& row = table[i];
    if ((row.effects & effect::kPseudo) != 0) continue;
    keys_[static_cast<size_t>(row.slot)].push_back({row.match, row.mask, i});
  }
  if (order == OpcodeIndexOrder::kTableOrder) return;
  const bool least_first = order == OpcodeIndexOrder::kLeastSpecificFirst;
  for (std::vector<Key>& keys : keys_) {
    // The stable sort keeps table order among equals, which is find_row_by_scan's tie rule (a later row replaces
    // the best only with strictly more mask bits).
    std::stable_sort(keys.begin(), keys.end(), [least_first](const Key& a, const Key& b) {
      return least_first ? std::popcount(a.mask) < std::popcount(b.mask) : std::popcount(a.mask) > std::popcount(b.mask);
    });
  }
}

const OpcodeRow* OpcodeIndex::find(Slot slot, uint32_t word) const {
  for (const Key& key : keys_[static_cast<size_t>(slot)]) {
    if ((word & key.mask) == key.match) return &opcode_table()[key.row];
  }
  return nullptr;
}

const OpcodeRow* find_row(Slot slot, uint32_t word) {
  static const OpcodeIndex kIndex;  // immutable once built
  return kIndex.find(slot, word);
}

std::string_view invalid_reason_text(InvalidReason reason) {
  switch (reason) {
    case InvalidReason::kNone: return "valid";
    case InvalidReason::kUnknownOpcode: return "no instruction has these opcode bits";
  }
  return "?";
}

DecodedOp decode_upper(uint32_t word) { return decode(Slot::kUpper, word); }
DecodedOp decode_lower(uint32_t word) { return decode(Slot::kLower, word); }

DecodedBundle decode_bundle(uint64_t bundle) {
  DecodedBundle out;
  auto upper = static_cast<uint32_t>(bundle >> 32);
  auto lower = static_cast<uint32_t>(bundle);
  out.flags = upper & kUpperFlagBits;
  out.upper = decode_upper(upper);
  if ((upper & upper_flag::kI) != 0) {
    out.lower.op = Opcode::kLoi;
    out.lower.raw = lower;
  } else {
    out.lower = decode_lower(lower);
  }
  out.upper_info = op_info(out.upper);
  out.lower_info = op_info(out.lower);
  return out;
}

}  // namespace gcvu::vu
