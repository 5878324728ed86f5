// Upper-word (FMAC) instruction semantics. Results are written at issue; readers are held back by the FMAC
// pipeline's stalls, and MAC/status/clip results go through the flag pipeline (reference/vu1.md §2, §3).
// The ordinary two-operand forms are one template, instantiated per (operation, second operand, ACC target, FlagUse)
// so the issue loop calls straight into the right lane loop.

#include "emu/vu/float/convert_vector.hpp"
#include "emu/vu/float/float_unit.hpp"
#include "emu/vu/float/vector_ops.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::vu {

// The result's MAC/status go to the flag pipeline, or, for a result flag_liveness.hpp found dead, only its sticky
// bits wait in dead_flags_ for the next result that goes in. Those hold its own Z/S/U/O as well as its multiply
// stage's (FmacResult::sticky, Vec4Result::sticky: every lane flag sets its sticky bit too), so the dead MAC value
// adds nothing to them and is dropped.
template <FlagUse kUse>
[[gnu::always_inline]] inline void Vu1::finish_upper(const OpInfo& info, const Vec4& result, uint16_t mac,
                                                     uint8_t sticky) {
  if (info.sets_mac_status) {
    if constexpr (kUse == FlagUse::kDead) {
      dead_flags_ |= uint32_t{sticky} << 16;
    } else {
      uint16_t carried = 0;
      if constexpr (kUse == FlagUse::kLiveCarrying) {
        carried = static_cast<uint16_t>(dead_flags_ >> 16);
        dead_flags_ = 0;
      }
      flags_.issue_mac(cycle_, mac, sticky & 0xf, carried & 0xf);
      note_event(cycle_ + FlagPipeline::kLatency);
    }
  }
  if (info.vf_write.used()) {
    registers_.write_vf(info.vf_write.reg, info.vf_write.fields, result);
    fmac_.issue(info.vf_write.reg, info.vf_write.fields, cycle_);
  }
}

template <Arith kArith, Second kSecond, bool kToAcc, FlagUse kUse>
void Vu1::upper_fmac(Vu1& vu, const DecodedOp& op, const OpInfo& info) {
  Registers& registers = vu.registers_;
  const Vec4& fs = registers.vf(op.fs);
  Vec4 ft = registers.vf(op.ft);
  if constexpr (kSecond == Second::kBroadcast) ft = broadcast(ft[op.bc & 3]);
  if constexpr (kSecond == Second::kQ) ft = broadcast(registers.q);
  if constexpr (kSecond == Second::kI) ft = broadcast(registers.i);
  const FieldMask fields = op.dest;
  Vec4Result r;
  if constexpr (kArith == Arith::kAdd) r = add4(fs, ft, fields);
  if constexpr (kArith == Arith::kSub) r = sub4(fs, ft, fields);
  if constexpr (kArith == Arith::kMul) r = mul4(fs, ft, fields);
  if constexpr (kArith == Arith::kMadd) r = madd4(registers.acc(), vu.acc_overflow_, fs, ft, fields);
  if constexpr (kArith == Arith::kMsub) r = msub4(registers.acc(), vu.acc_overflow_, fs, ft, fields);
  if constexpr (kArith == Arith::kMax || kArith == Arith::kMini) {
    for (int lane = 0; lane < 4; ++lane) {
      r.value[lane] = kArith == Arith::kMax ? max(fs[lane], ft[lane]) : mini(fs[lane], ft[lane]);
    }
  }
  if constexpr (kToAcc) {
    registers.write_acc(fields, r.value);
    vu.acc_overflow_ = static_cast<FieldMask>((vu.acc_overflow_ & ~fields) | (overflow_fields(r.mac) & fields));
  }
  vu.finish_upper<kUse>(info, r.value, r.mac, r.sticky);
}

template <UpperKind kKind, FixedPoint kFixed, FlagUse kUse>
void Vu1::upper_other(Vu1& vu, const DecodedOp& op, const OpInfo& info) {
  constexpr UpperPlan plan{kKind, {}, kFixed};
  Registers& registers = vu.registers_;
  const Vec4& fs = registers.vf(op.fs);
  const Vec4& ft = registers.vf(op.ft);
  Vec4 result{};
  uint16_t mac = 0;
  uint8_t sticky = 0;
  switch (kKind) {
    case UpperKind::kClip:
      vu.flags_.issue_clip(vu.cycle_, static_cast<uint8_t>(clip(fs[0], fs[1], fs[2], ft[3])));
      vu.note_event(vu.cycle_ + FlagPipeline::kLatency);
      return;
    case UpperKind::kOpmula:
    case UpperKind::kOpmsub: {
      // Cross product halves: lane x uses fs.y*ft.z, y uses fs.z*ft.x, z uses fs.x*ft.y.
      constexpr int kFsLane[3] = {1, 2, 0};
      constexpr int kFtLane[3] = {2, 0, 1};
      const Vec4& acc = registers.acc();
      const FieldMask fields = op.dest & (kFieldX | kFieldY | kFieldZ);
      for (int lane = 0; lane < 3; ++lane) {
        if (!has_lane(fields, lane)) continue;
        const uint32_t a = fs[kFsLane[lane]];
        const uint32_t b = ft[kFtLane[lane]];
        FmacResult r =
            plan.kind == UpperKind::kOpmula ? mul(a, b) : msub(acc[lane], has_lane(vu.acc_overflow_, lane), a, b);
        result[lane] = r.value;
        mac = static_cast<uint16_t>(mac | mac_register_bits(r.mac, static_cast<unsigned>(lane)));
        sticky = static_cast<uint8_t>(sticky | r.sticky);
      }
      if (plan.kind == UpperKind::kOpmula) {
        registers.write_acc(fields, result);
        vu.acc_overflow_ = static_cast<FieldMask>((vu.acc_overflow_ & ~fields) | (overflow_fields(mac) & fields));
      }
      break;
    }
    case UpperKind::kAbs:
      for (int lane = 0; lane < 4; ++lane) result[lane] = fs[lane] & kMagnitudeMask;
      break;
    case UpperKind::kItof: result = itof4(fs, plan.fixed); break;
    case UpperKind::kFtoi: result = ftoi4(fs, plan.fixed); break;
    default: return;
  }
  vu.finish_upper<kUse>(info, result, mac, sticky);
}

// The instance table: picks the template instance for a form and a FlagUse, one switch level per parameter. Ops that
// set no MAC/status (MAX, MINI, ABS, ITOF, FTOI, CLIP) have one instance for every FlagUse.
UpperFn Vu1::upper_function(const UpperPlan& plan, FlagUse use) {
  if (plan.kind == UpperKind::kNop) return &Vu1::upper_nop;
  if (plan.kind != UpperKind::kFmac) {
    auto by_fixed = [&]<UpperKind kKind>() -> UpperFn {
      switch (plan.fixed) {
        case FixedPoint::k0: return &Vu1::upper_other<kKind, FixedPoint::k0, FlagUse::kLive>;
        case FixedPoint::k4: return &Vu1::upper_other<kKind, FixedPoint::k4, FlagUse::kLive>;
        case FixedPoint::k12: return &Vu1::upper_other<kKind, FixedPoint::k12, FlagUse::kLive>;
        case FixedPoint::k15: return &Vu1::upper_other<kKind, FixedPoint::k15, FlagUse::kLive>;
      }
      return &Vu1::upper_nop;
    };
    auto by_use = [&]<UpperKind kKind>() -> UpperFn {
      switch (use) {
        case FlagUse::kLive: return &Vu1::upper_other<kKind, FixedPoint::k0, FlagUse::kLive>;
        case FlagUse::kDead: return &Vu1::upper_other<kKind, FixedPoint::k0, FlagUse::kDead>;
        case FlagUse::kLiveCarrying: return &Vu1::upper_other<kKind, FixedPoint::k0, FlagUse::kLiveCarrying>;
      }
      return &Vu1::upper_nop;
    };
    switch (plan.kind) {
      case UpperKind::kOpmula: return by_use.template operator()<UpperKind::kOpmula>();
      case UpperKind::kOpmsub: return by_use.template operator()<UpperKind::kOpmsub>();
      case UpperKind::kAbs: return &Vu1::upper_other<UpperKind::kAbs, FixedPoint::k0, FlagUse::kLive>;
      case UpperKind::kClip: return &Vu1::upper_other<UpperKind::kClip, FixedPoint::k0, FlagUse::kLive>;
      case UpperKind::kItof: return by_fixed.template operator()<UpperKind::kItof>();
      case UpperKind::kFtoi: return by_fixed.template operator()<UpperKind::kFtoi>();
      default: return &Vu1::upper_nop;
    }
  }
  auto by_use = [&]<Arith kArith, Second kSecond, bool kToAcc>() -> UpperFn {
    if constexpr (kArith == Arith::kMax || kArith == Arith::kMini) {
      return &Vu1::upper_fmac<kArith, kSecond, kToAcc, FlagUse::kLive>;
    } else {
      switch (use) {
        case FlagUse::kLive: return &Vu1::upper_fmac<kArith, kSecond, kToAcc, FlagUse::kLive>;
        case FlagUse::kDead: return &Vu1::upper_fmac<kArith, kSecond, kToAcc, FlagUse::kDead>;
        case FlagUse::kLiveCarrying: return &Vu1::upper_fmac<kArith, kSecond, kToAcc, FlagUse::kLiveCarrying>;
      }
      return &Vu1::upper_nop;
    }
  };
  auto by_target = [&]<Arith kArith, Second kSecond>() -> UpperFn {
    return plan.form.to_acc ? by_use.template operator()<kArith, kSecond, true>()
                            : by_use.template operator()<kArith, kSecond, false>();
  };
  auto by_second = [&]<Arith kArith>() -> UpperFn {
    switch (plan.form.second) {
      case Second::kVector: return by_target.template operator()<kArith, Second::kVector>();
      case Second::kBroadcast: return by_target.template operator()<kArith, Second::kBroadcast>();
      case Second::kQ: return by_target.template operator()<kArith, Second::kQ>();
      case Second::kI: return by_target.template operator()<kArith, Second::kI>();
    }
    return &Vu1::upper_nop;
  };
  switch (plan.form.arith) {
    case Arith::kAdd: return by_second.template operator()<Arith::kAdd>();
    case Arith::kSub: return by_second.template operator()<Arith::kSub>();
    case Arith::kMul: return by_second.template operator()<Arith::kMul>();
    case Arith::kMadd: return by_second.template operator()<Arith::kMadd>();
    case Arith::kMsub: return by_second.template operator()<Arith::kMsub>();
    case Arith::kMax: return by_second.template operator()<Arith::kMax>();
    case Arith::kMini: return by_second.template operator()<Arith::kMini>();
  }
  return &Vu1::upper_nop;
}

}  // namespace gcvu::vu
