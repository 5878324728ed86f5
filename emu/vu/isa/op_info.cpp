// op_info: what a decoded instruction reads and writes, derived from its row's operand descriptors and effects.

#include "emu/vu/isa/decoded_op.hpp"

namespace gcvu::vu {

namespace {

constexpr uint8_t kXyz = kFieldX | kFieldY | kFieldZ;

// Fields of fs an EFU vector op reads (its dest field is fixed and does not select lanes).
uint8_t efu_vector_fields(Opcode op) {
  switch (op) {
    case Opcode::kEsum: return kFieldsXyzw;
    case Opcode::kEatanxy: return kFieldX | kFieldY;
    case Opcode::kEatanxz: return kFieldX | kFieldZ;
    default: return kXyz;  // ESADD, ERSADD, ELENG, ERLENG
  }
}

// Maps each field of `dest` through a lane permutation: result gets source[lane] for every lane in dest.
uint8_t permute_fields(uint8_t dest, const uint8_t (&source)[4]) {
  uint8_t out = 0;
  for (int lane = 0; lane < 4; ++lane) {
    if ((dest & lane_field(static_cast<uint8_t>(lane))) != 0) out |= source[lane];
  }
  return out;
}

// Fields of the fs-side source read by an op whose fs operand is a plain register.
uint8_t fs_fields(const DecodedOp& op) {
  switch (op.op) {
    case Opcode::kMr32: return permute_fields(op.dest, {kFieldY, kFieldZ, kFieldW, kFieldX});
    case Opcode::kOpmula: case Opcode::kOpmsub: return permute_fields(op.dest, {kFieldY, kFieldZ, kFieldX, 0});
    default: return op.row().dest == DestMode::kFree ? op.dest : efu_vector_fields(op.op);
  }
}

uint8_t ft_fields(const DecodedOp& op) {
  if (op.op == Opcode::kOpmula || op.op == Opcode::kOpmsub) {
    return permute_fields(op.dest, {kFieldZ, kFieldX, kFieldY, 0});
  }
  return op.dest;
}

uint16_t vi_bit(uint8_t index) { return static_cast<uint16_t>(1u << (index & 15u)); }

bool is_conditional_branch(Opcode op) {
  return op == Opcode::kIbeq || op == Opcode::kIbne || op == Opcode::kIbltz || op == Opcode::kIbgtz ||
         op == Opcode::kIblez || op == Opcode::kIbgez;
}

}  // namespace

OpInfo op_info(const DecodedOp& op) {
  OpInfo info;
  if (op.op == Opcode::kInvalid) return info;
  if (op.op == Opcode::kLoi) {
    info.writes = special::kI;
    return info;
  }
  const OpcodeRow& row = op.row();
  info.unit = row.unit;
  info.latency = row.latency;
  const uint32_t fx = row.effects;
  // it in the first operand is a destination, except for stores (ISW/ISWR) and compare-branches (IBEQ/IBNE).
  const bool it_first_is_source =
      (fx & effect::kStore) != 0 || ((fx & effect::kBranch) != 0 && (fx & effect::kLink) == 0);

  for (size_t index = 0; index < row.operands.size(); ++index) {
    const bool first = index == 0;
    switch (row.operands[index]) {
      case OperandKind::kVfD: info.vf_write = {op.fd, op.dest}; break;
      case OperandKind::kVfT:
        if (first) {
          info.vf_write = {op.ft, op.dest};
        } else {
          info.vf_read[1] = {op.ft, ft_fields(op)};
        }
        break;
      case OperandKind::kVfS: info.vf_read[0] = {op.fs, fs_fields(op)}; break;
      case OperandKind::kVfSDest: info.vf_read[0] = {op.fs, kXyz}; break;  // CLIP judges x, y, z
      case OperandKind::kVfTBc: info.vf_read[1] = {op.ft, lane_field(op.bc)}; break;
      case OperandKind::kVfSFsf: info.vf_read[0] = {op.fs, lane_field(op.fsf)}; break;
      case OperandKind::kVfTFtf: info.vf_read[1] = {op.ft, lane_field(op.ftf)}; break;
      case OperandKind::kVi01: info.vi_write |= vi_bit(1); break;
      case OperandKind::kViD: info.vi_write |= vi_bit(op.id); break;
      case OperandKind::kViT:
        if (first && !it_first_is_source) {
          info.vi_write |= vi_bit(op.it);
        } else {
          info.vi_read |= vi_bit(op.it);
        }
        break;
      case OperandKind::kViS: case OperandKind::kMemViS: case OperandKind::kMemViSDest:
      case OperandKind::kRegViSDest:
        info.vi_read |= vi_bit(op.is);
        break;
      case OperandKind::kMemViT: info.vi_read |= vi_bit(op.it); break;
      case OperandKind::kPostIncViS: case OperandKind::kPreDecViS:
        info.vi_read |= vi_bit(op.is);
        info.vi_write |= vi_bit(op.is);
        break;
      case OperandKind::kPostIncViT: case OperandKind::kPreDecViT:
        info.vi_read |= vi_bit(op.it);
        info.vi_write |= vi_bit(op.it);
        break;
      default: break;
    }
  }
  if (info.vf_write.reg == 0) info.vf_write = {};    // VF00 is constant
  info.vi_write = static_cast<uint16_t>(info.vi_write & ~1u);  // VI00 is constant

  const uint8_t acc_fields = (op.op == Opcode::kOpmula || op.op == Opcode::kOpmsub) ? (op.dest & kXyz) : op.dest;
  if ((fx & effect::kReadsAcc) != 0) info.acc_read = acc_fields;
  if ((fx & effect::kWritesAcc) != 0) info.acc_write = acc_fields;
  auto flag = [fx](uint32_t bit, uint16_t value) { return (fx & bit) != 0 ? value : uint16_t{0}; };
  info.reads = static_cast<uint16_t>(
      flag(effect::kReadsAcc, special::kAcc) | flag(effect::kReadsQ, special::kQ) |
      flag(effect::kReadsP, special::kP) | flag(effect::kReadsI, special::kI) | flag(effect::kReadsR, special::kR) |
      flag(effect::kReadsMac, special::kMac) | flag(effect::kReadsStatus, special::kStatus) |
      flag(effect::kReadsClip, special::kClip) | flag(effect::kLoad, special::kMemory) |
      flag(effect::kReadsTop, special::kTop));
  info.writes = static_cast<uint16_t>(
      flag(effect::kWritesAcc, special::kAcc) | flag(effect::kWritesQ, special::kQ) |
      flag(effect::kWritesP, special::kP) | flag(effect::kWritesR, special::kR) |
      flag(effect::kSetsMacStatus, special::kMac | special::kStatus) |
      flag(effect::kWritesStatus, special::kStatus) | flag(effect::kWritesClip, special::kClip) |
      flag(effect::kStore, special::kMemory));
  info.sets_mac_status = (fx & effect::kSetsMacStatus) != 0;
  info.is_branch = (fx & effect::kBranch) != 0;
  info.is_conditional = is_conditional_branch(op.op);
  info.is_link = (fx & effect::kLink) != 0;
  info.is_wait = (fx & effect::kWait) != 0;
  return info;
}

}  // namespace gcvu::vu
