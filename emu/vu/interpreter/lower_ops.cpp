// Lower-word instruction semantics: loads and stores, the integer unit, moves, FDIV/EFU issue, flags, R,
// branches and XGKICK (reference/vu1.md §3 "Misc", §4).

#include <array>
#include <utility>

#include "emu/vu/alu/integer_ops.hpp"
#include "emu/vu/alu/random.hpp"
#include "emu/vu/float/float_unit.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::vu {

namespace {

constexpr uint32_t kQwordMask = kDataQwords - 1;
constexpr uint32_t kClipBits = 0xffffff;

// ILW/ILWR read one field: the first set in dest (x first), its low 16 bits.
int first_lane(FieldMask fields) {
  for (int lane = 0; lane < 4; ++lane) {
    if (has_lane(fields, lane)) return lane;
  }
  return 0;
}

uint16_t status_of(const Registers& registers) { return registers.status & 0xfff; }

}  // namespace

void Vu1::start_efu(const OpInfo& info, uint32_t p) {
  efu_.start(cycle_, info.latency, p);
  note_event(cycle_ + info.latency);
}

template <Opcode kOp>
void Vu1::lower_op(Vu1& vu, const DecodedOp& op, const OpInfo& info, uint32_t pc, LowerResult& out) {
  Registers& registers = vu.registers_;
  auto vi = [&](uint8_t index) { return registers.vi(index); };
  auto load = [&](uint32_t address) {
    out.vf_write = info.vf_write;
    out.vf_value = vu.data_.qword(address & kQwordMask);
  };
  auto store = [&](uint32_t address, const Vec4& value) {
    for (int lane = 0; lane < 4; ++lane) {
      if (has_lane(op.dest, lane)) vu.data_.write_word(address & kQwordMask, lane, value[lane]);
    }
  };
  auto result = [&](const Vec4& value) {
    out.vf_write = info.vf_write;
    out.vf_value = value;
  };
  auto branch = [&](bool taken, uint32_t target) {
    out.branch_taken = taken;
    out.branch_target = target % kMicroInstructions;
  };
  const uint32_t imm = static_cast<uint32_t>(op.imm);
  const uint32_t branch_target = relative_branch_target(pc, op.imm);
  const uint16_t link = static_cast<uint16_t>((pc + 2) % kMicroInstructions);
  auto branch_vi = [&](uint8_t index) { return vu.branch_history_.branch_value(vu.stats_.pairs, index, vi(index)); };
  const Vec4& fs = registers.vf(op.fs);
  const Vec4& ft = registers.vf(op.ft);

  switch (kOp) {
    case Opcode::kLq: load(imm + vi(op.is)); break;
    case Opcode::kSq: store(imm + vi(op.it), fs); break;
    case Opcode::kLqi:
      load(vi(op.is));
      registers.write_vi(op.is, static_cast<uint16_t>(vi(op.is) + 1));
      break;
    case Opcode::kLqd:
      registers.write_vi(op.is, static_cast<uint16_t>(vi(op.is) - 1));
      load(vi(op.is));
      break;
    case Opcode::kSqi:
      store(vi(op.it), fs);
      registers.write_vi(op.it, static_cast<uint16_t>(vi(op.it) + 1));
      break;
    case Opcode::kSqd:
      registers.write_vi(op.it, static_cast<uint16_t>(vi(op.it) - 1));
      store(vi(op.it), fs);
      break;
    case Opcode::kIlw:
    case Opcode::kIlwr: {
      uint32_t address = kOp == Opcode::kIlw ? imm + vi(op.is) : vi(op.is);
      registers.write_vi(op.it, static_cast<uint16_t>(vu.data_.word(address & kQwordMask, first_lane(op.dest))));
      vu.integer_loads_.issue(op.it, vu.cycle_);
      break;
    }
    case Opcode::kIsw: store(imm + vi(op.is), broadcast(vi(op.it))); break;
    case Opcode::kIswr: store(vi(op.is), broadcast(vi(op.it))); break;
    case Opcode::kIadd: registers.write_vi(op.id, iadd(vi(op.is), vi(op.it))); break;
    case Opcode::kIsub: registers.write_vi(op.id, isub(vi(op.is), vi(op.it))); break;
    case Opcode::kIand: registers.write_vi(op.id, iand(vi(op.is), vi(op.it))); break;
    case Opcode::kIor: registers.write_vi(op.id, ior(vi(op.is), vi(op.it))); break;
    case Opcode::kIaddi: registers.write_vi(op.it, iaddi(vi(op.is), op.imm)); break;
    case Opcode::kIaddiu: registers.write_vi(op.it, iaddiu(vi(op.is), imm)); break;
    case Opcode::kIsubiu: registers.write_vi(op.it, isubiu(vi(op.is), imm)); break;
    case Opcode::kMove: result(fs); break;
    case Opcode::kMr32: result({fs[1], fs[2], fs[3], fs[0]}); break;
    case Opcode::kMfir:
      result(broadcast(static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(vi(op.is))))));
      break;
    case Opcode::kMtir: registers.write_vi(op.it, static_cast<uint16_t>(fs[op.fsf & 3])); break;
    case Opcode::kMfp: result(broadcast(registers.p)); break;
    case Opcode::kDiv:
    case Opcode::kSqrt:
    case Opcode::kRsqrt: {
      uint32_t numerator = fs[op.fsf & 3];
      uint32_t denominator = ft[op.ftf & 3];
      FdivResult q = kOp == Opcode::kDiv    ? div(numerator, denominator)
                     : kOp == Opcode::kSqrt ? sqrt(denominator)
                                            : rsqrt(numerator, denominator);
      vu.fdiv_.start(vu.cycle_, info.latency, q.value, static_cast<uint16_t>(q.flags << 4));
      vu.note_event(vu.cycle_ + info.latency);
      break;
    }
    case Opcode::kEsadd: vu.start_efu(info, esadd(fs[0], fs[1], fs[2])); break;
    case Opcode::kErsadd: vu.start_efu(info, ersadd(fs[0], fs[1], fs[2])); break;
    case Opcode::kEleng: vu.start_efu(info, eleng(fs[0], fs[1], fs[2])); break;
    case Opcode::kErleng: vu.start_efu(info, erleng(fs[0], fs[1], fs[2])); break;
    case Opcode::kEatanxy: vu.start_efu(info, eatanxy(fs[0], fs[1])); break;
    case Opcode::kEatanxz: vu.start_efu(info, eatanxz(fs[0], fs[2])); break;
    case Opcode::kEsum: vu.start_efu(info, esum(fs[0], fs[1], fs[2], fs[3])); break;
    case Opcode::kEsqrt: vu.start_efu(info, esqrt(fs[op.fsf & 3])); break;
    case Opcode::kErsqrt: vu.start_efu(info, ersqrt(fs[op.fsf & 3])); break;
    case Opcode::kErcpr: vu.start_efu(info, ercpr(fs[op.fsf & 3])); break;
    case Opcode::kEsin: vu.start_efu(info, esin(fs[op.fsf & 3])); break;
    case Opcode::kEatan: vu.start_efu(info, eatan(fs[op.fsf & 3])); break;
    case Opcode::kEexp: vu.start_efu(info, eexp(fs[op.fsf & 3])); break;
    case Opcode::kRinit: registers.r = rinit(fs[op.fsf & 3]); break;
    case Opcode::kRxor: registers.r = rxor(registers.r, fs[op.fsf & 3]); break;
    case Opcode::kRget: result(broadcast(registers.r)); break;
    case Opcode::kRnext:
      registers.r = rnext(registers.r);
      result(broadcast(registers.r));
      break;
    case Opcode::kXtop: registers.write_vi(op.it, vu.top_); break;
    case Opcode::kXitop: registers.write_vi(op.it, vu.itop_); break;
    case Opcode::kXgkick:
      vu.xgkick_.start(vi(op.is) & kQwordMask, vu.cycle_);
      vu.note_event(vu.xgkick_.next_cycle());
      ++vu.stats_.xgkicks;
      break;
    case Opcode::kFsand: registers.write_vi(op.it, static_cast<uint16_t>(status_of(registers) & imm)); break;
    case Opcode::kFseq: registers.write_vi(op.it, status_of(registers) == imm ? 1 : 0); break;
    case Opcode::kFsor: registers.write_vi(op.it, static_cast<uint16_t>((status_of(registers) | imm) & 0xfff)); break;
    case Opcode::kFsset:  // only the sticky bits are written
      registers.status = static_cast<uint16_t>((registers.status & 0x3f) | (imm & kStatusStickyMask));
      break;
    case Opcode::kFmand: registers.write_vi(op.it, static_cast<uint16_t>(registers.mac & vi(op.is))); break;
    case Opcode::kFmeq: registers.write_vi(op.it, registers.mac == vi(op.is) ? 1 : 0); break;
    case Opcode::kFmor: registers.write_vi(op.it, static_cast<uint16_t>(registers.mac | vi(op.is))); break;
    case Opcode::kFcand: registers.write_vi(1, (registers.clip & imm & kClipBits) != 0 ? 1 : 0); break;
    case Opcode::kFceq: registers.write_vi(1, registers.clip == (imm & kClipBits) ? 1 : 0); break;
    case Opcode::kFcor: registers.write_vi(1, ((registers.clip | imm) & kClipBits) == kClipBits ? 1 : 0); break;
    case Opcode::kFcset: registers.clip = imm & kClipBits; break;
    case Opcode::kFcget: registers.write_vi(op.it, static_cast<uint16_t>(registers.clip & 0xfff)); break;
    case Opcode::kB: branch(true, branch_target); break;
    case Opcode::kBal:
      branch(true, branch_target);
      registers.write_vi(op.it, link);
      break;
    case Opcode::kJr: branch(true, vi(op.is)); break;
    case Opcode::kJalr: {
      uint32_t target = vi(op.is);  // read before the link write: JALR with it = is still jumps to the old value
      registers.write_vi(op.it, link);
      branch(true, target);
      break;
    }
    case Opcode::kIbeq: branch(branch_vi(op.it) == branch_vi(op.is), branch_target); break;
    case Opcode::kIbne: branch(branch_vi(op.it) != branch_vi(op.is), branch_target); break;
    case Opcode::kIbltz: branch(static_cast<int16_t>(branch_vi(op.is)) < 0, branch_target); break;
    case Opcode::kIbgtz: branch(static_cast<int16_t>(branch_vi(op.is)) > 0, branch_target); break;
    case Opcode::kIblez: branch(static_cast<int16_t>(branch_vi(op.is)) <= 0, branch_target); break;
    case Opcode::kIbgez: branch(static_cast<int16_t>(branch_vi(op.is)) >= 0, branch_target); break;
    default: break;  // NOP, WAITQ, WAITP (their effect is the stall)
  }
}

// One instance per opcode, so each lower op is a direct call to a function with its switch folded away.
LowerFn Vu1::lower_function(Opcode op) {
  static constexpr std::array<LowerFn, kOpcodeCount> kTable = []<size_t... kIndex>(std::index_sequence<kIndex...>) {
    return std::array<LowerFn, kOpcodeCount>{&Vu1::lower_op<static_cast<Opcode>(kIndex)>...};
  }
  (std::make_index_sequence<kOpcodeCount>{});
  return kTable[static_cast<size_t>(op)];
}

}  // namespace gcvu::vu
