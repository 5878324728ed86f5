#pragma once
// How an upper (FMAC) instruction computes, worked out once per micro-memory word so the issue loop dispatches on
// a small enum instead of the opcode.

#include <cstdint>

#include "emu/vu/float/convert.hpp"
#include "emu/vu/isa/opcode.hpp"

namespace gcvu::vu {

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

constexpr FixedPoint fixed_point_of(Opcode op) {
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

enum class UpperKind : uint8_t { kNop, kFmac, kOpmula, kOpmsub, kAbs, kItof, kFtoi, kClip };

struct UpperPlan {
  UpperKind kind = UpperKind::kNop;
  FmacForm form{};
  FixedPoint fixed = FixedPoint::k0;
};

constexpr UpperPlan plan_upper(Opcode op) {
  UpperPlan plan;
  if (fmac_form(op, plan.form)) {
    plan.kind = UpperKind::kFmac;
    return plan;
  }
  plan.fixed = fixed_point_of(op);
  switch (op) {
    case Opcode::kOpmula: plan.kind = UpperKind::kOpmula; break;
    case Opcode::kOpmsub: plan.kind = UpperKind::kOpmsub; break;
    case Opcode::kAbs: plan.kind = UpperKind::kAbs; break;
    case Opcode::kItof0:
    case Opcode::kItof4:
    case Opcode::kItof12:
    case Opcode::kItof15: plan.kind = UpperKind::kItof; break;
    case Opcode::kFtoi0:
    case Opcode::kFtoi4:
    case Opcode::kFtoi12:
    case Opcode::kFtoi15: plan.kind = UpperKind::kFtoi; break;
    case Opcode::kClip: plan.kind = UpperKind::kClip; break;
    default: break;
  }
  return plan;
}

}  // namespace gcvu::vu
