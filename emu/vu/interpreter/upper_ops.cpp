// Upper-word (FMAC) instruction semantics. Results are written at issue; readers are held back by the FMAC
// pipeline's stalls, and MAC/status/clip results go through the flag pipeline (reference/vu1.md §2, §3).

#include "emu/vu/float/float_unit.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::vu {

namespace {

enum class Arith : uint8_t { kAdd, kSub, kMul, kMadd, kMsub, kMax, kMini };
enum class Second : uint8_t { kVector, kBroadcast, kQ, kI };

// The shape of an ordinary two-operand FMAC instruction.
struct FmacForm {
  Arith arith;
  Second second;
  bool to_acc;
};

constexpr bool fmac_form(Opcode op, FmacForm& form) {
  using O = Opcode;
  using A = Arith;
  using S = Second;
  switch (op) {
    case O::kAdd: form = {A::kAdd, S::kVector, false}; return true;
    case O::kAddBc: form = {A::kAdd, S::kBroadcast, false}; return true;
    case O::kAddQ: form = {A::kAdd, S::kQ, false}; return true;
    case O::kAddI: form = {A::kAdd, S::kI, false}; return true;
    case O::kAdda: form = {A::kAdd, S::kVector, true}; return true;
    case O::kAddaBc: form = {A::kAdd, S::kBroadcast, true}; return true;
    case O::kAddaQ: form = {A::kAdd, S::kQ, true}; return true;
    case O::kAddaI: form = {A::kAdd, S::kI, true}; return true;
    case O::kSub: form = {A::kSub, S::kVector, false}; return true;
    case O::kSubBc: form = {A::kSub, S::kBroadcast, false}; return true;
    case O::kSubQ: form = {A::kSub, S::kQ, false}; return true;
    case O::kSubI: form = {A::kSub, S::kI, false}; return true;
    case O::kSuba: form = {A::kSub, S::kVector, true}; return true;
    case O::kSubaBc: form = {A::kSub, S::kBroadcast, true}; return true;
    case O::kSubaQ: form = {A::kSub, S::kQ, true}; return true;
    case O::kSubaI: form = {A::kSub, S::kI, true}; return true;
    case O::kMul: form = {A::kMul, S::kVector, false}; return true;
    case O::kMulBc: form = {A::kMul, S::kBroadcast, false}; return true;
    case O::kMulQ: form = {A::kMul, S::kQ, false}; return true;
    case O::kMulI: form = {A::kMul, S::kI, false}; return true;
    case O::kMula: form = {A::kMul, S::kVector, true}; return true;
    case O::kMulaBc: form = {A::kMul, S::kBroadcast, true}; return true;
    case O::kMulaQ: form = {A::kMul, S::kQ, true}; return true;
    case O::kMulaI: form = {A::kMul, S::kI, true}; return true;
    case O::kMadd: form = {A::kMadd, S::kVector, false}; return true;
    case O::kMaddBc: form = {A::kMadd, S::kBroadcast, false}; return true;
    case O::kMaddQ: form = {A::kMadd, S::kQ, false}; return true;
    case O::kMaddI: form = {A::kMadd, S::kI, false}; return true;
    case O::kMadda: form = {A::kMadd, S::kVector, true}; return true;
    case O::kMaddaBc: form = {A::kMadd, S::kBroadcast, true}; return true;
    case O::kMaddaQ: form = {A::kMadd, S::kQ, true}; return true;
    case O::kMaddaI: form = {A::kMadd, S::kI, true}; return true;
    case O::kMsub: form = {A::kMsub, S::kVector, false}; return true;
    case O::kMsubBc: form = {A::kMsub, S::kBroadcast, false}; return true;
    case O::kMsubQ: form = {A::kMsub, S::kQ, false}; return true;
    case O::kMsubI: form = {A::kMsub, S::kI, false}; return true;
    case O::kMsuba: form = {A::kMsub, S::kVector, true}; return true;
    case O::kMsubaBc: form = {A::kMsub, S::kBroadcast, true}; return true;
    case O::kMsubaQ: form = {A::kMsub, S::kQ, true}; return true;
    case O::kMsubaI: form = {A::kMsub, S::kI, true}; return true;
    case O::kMax: form = {A::kMax, S::kVector, false}; return true;
    case O::kMaxBc: form = {A::kMax, S::kBroadcast, false}; return true;
    case O::kMaxI: form = {A::kMax, S::kI, false}; return true;
    case O::kMini: form = {A::kMini, S::kVector, false}; return true;
    case O::kMiniBc: form = {A::kMini, S::kBroadcast, false}; return true;
    case O::kMiniI: form = {A::kMini, S::kI, false}; return true;
    default: return false;
  }
}

FixedPoint fixed_point_of(Opcode op) {
  switch (op) {
    case Opcode::kItof4:
    case Opcode::kFtoi4: return FixedPoint::k4;
    case Opcode::kItof12:
    case Opcode::kFtoi12: return FixedPoint::k12;
    case Opcode::kItof15:
    case Opcode::kFtoi15: return FixedPoint::k15;
    default: return FixedPoint::k0;
  }
}

}  // namespace

VfUse Vu1::execute_upper(const DecodedOp& op, const OpInfo& info) {
  const Vec4 fs = registers_.vf(op.fs);
  const Vec4 ft = registers_.vf(op.ft);
  Vec4 result{};
  uint16_t mac = 0;
  uint8_t sticky = 0;
  FieldMask fields = op.dest;

  auto lane_result = [&](int lane, const FmacResult& r) {
    result[lane] = r.value;
    mac = static_cast<uint16_t>(mac | mac_register_bits(r.mac, static_cast<unsigned>(lane)));
    sticky = static_cast<uint8_t>(sticky | r.sticky);
  };

  FmacForm form{};
  if (fmac_form(op.op, form)) {
    const Vec4& acc = registers_.acc();
    for (int lane = 0; lane < 4; ++lane) {
      if (!has_lane(fields, lane)) continue;
      uint32_t a = fs[lane];
      uint32_t b = form.second == Second::kVector      ? ft[lane]
                   : form.second == Second::kBroadcast ? ft[op.bc & 3]
                   : form.second == Second::kQ         ? registers_.q
                                                       : registers_.i;
      switch (form.arith) {
        case Arith::kAdd: lane_result(lane, add(a, b)); break;
        case Arith::kSub: lane_result(lane, sub(a, b)); break;
        case Arith::kMul: lane_result(lane, mul(a, b)); break;
        case Arith::kMadd: lane_result(lane, madd(acc[lane], acc_overflow_[lane], a, b)); break;
        case Arith::kMsub: lane_result(lane, msub(acc[lane], acc_overflow_[lane], a, b)); break;
        case Arith::kMax: result[lane] = max(a, b); break;
        case Arith::kMini: result[lane] = mini(a, b); break;
      }
    }
    if (form.to_acc) {
      registers_.write_acc(fields, result);
      for (int lane = 0; lane < 4; ++lane) {
        if (has_lane(fields, lane)) acc_overflow_[lane] = (mac >> (12 + 3 - lane) & 1) != 0;
      }
    }
  } else {
    switch (op.op) {
      case Opcode::kOpmula:
      case Opcode::kOpmsub: {
        // Cross product halves: lane x uses fs.y*ft.z, y uses fs.z*ft.x, z uses fs.x*ft.y.
        constexpr int kFsLane[3] = {1, 2, 0};
        constexpr int kFtLane[3] = {2, 0, 1};
        const Vec4& acc = registers_.acc();
        fields &= kFieldX | kFieldY | kFieldZ;
        for (int lane = 0; lane < 3; ++lane) {
          if (!has_lane(fields, lane)) continue;
          uint32_t a = fs[kFsLane[lane]];
          uint32_t b = ft[kFtLane[lane]];
          lane_result(lane, op.op == Opcode::kOpmula ? mul(a, b) : msub(acc[lane], acc_overflow_[lane], a, b));
        }
        if (op.op == Opcode::kOpmula) {
          registers_.write_acc(fields, result);
          for (int lane = 0; lane < 3; ++lane) {
            if (has_lane(fields, lane)) acc_overflow_[lane] = (mac >> (12 + 3 - lane) & 1) != 0;
          }
        }
        break;
      }
      case Opcode::kAbs:
        for (int lane = 0; lane < 4; ++lane) result[lane] = fs[lane] & kMagnitudeMask;
        break;
      case Opcode::kItof0:
      case Opcode::kItof4:
      case Opcode::kItof12:
      case Opcode::kItof15:
        for (int lane = 0; lane < 4; ++lane) result[lane] = itof(fs[lane], fixed_point_of(op.op));
        break;
      case Opcode::kFtoi0:
      case Opcode::kFtoi4:
      case Opcode::kFtoi12:
      case Opcode::kFtoi15:
        for (int lane = 0; lane < 4; ++lane) result[lane] = ftoi(fs[lane], fixed_point_of(op.op));
        break;
      case Opcode::kClip: flags_.issue_clip(cycle_, static_cast<uint8_t>(clip(fs[0], fs[1], fs[2], ft[3]))); return {};
      default:  // NOP
        return {};
    }
  }

  if (info.sets_mac_status) flags_.issue_mac(cycle_, mac, sticky & 0xf);
  if (info.vf_write.used()) {
    registers_.write_vf(info.vf_write.reg, info.vf_write.fields, result);
    fmac_.issue(info.vf_write.reg, info.vf_write.fields, cycle_);
  }
  return info.vf_write;
}

}  // namespace gcvu::vu
