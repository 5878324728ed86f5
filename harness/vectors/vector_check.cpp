#include "harness/vectors/vector_check.hpp"

#include <fmt/format.h>

#include "emu/vu/alu/integer_ops.hpp"
#include "emu/vu/alu/random.hpp"
#include "emu/vu/float/float_unit.hpp"

namespace gcvu::harness {

namespace {

using formats::VectorOp;
using formats::VectorRow;

VectorOutcome fmac(const vu::FmacResult& lane) {
  return VectorOutcome{lane.value, vu::tsv_mac_digit(lane.mac), vu::fmac_status_bits({&lane, 1})};
}

VectorOutcome fdiv(const vu::FdivResult& result) {
  return VectorOutcome{result.value, std::nullopt, vu::fdiv_status_bits(result)};
}

VectorOutcome plain(uint32_t value) { return VectorOutcome{value, std::nullopt, 0}; }

uint16_t u16(uint32_t value) { return static_cast<uint16_t>(value); }

}  // namespace

VectorOutcome evaluate_vector(const VectorRow& row) {
  const uint32_t a = row.operands[0].value_or(0);
  const uint32_t b = row.operands[1].value_or(0);
  const uint32_t c = row.operands[2].value_or(0);
  const uint32_t d = row.operands[3].value_or(0);
  switch (row.op) {
    case VectorOp::kAdd: return fmac(vu::add(a, b));
    case VectorOp::kSub: return fmac(vu::sub(a, b));
    case VectorOp::kMul: return fmac(vu::mul(a, b));
    case VectorOp::kMadd: return fmac(vu::madd(a, false, b, c));
    case VectorOp::kMsub: return fmac(vu::msub(a, false, b, c));
    case VectorOp::kDiv: return fdiv(vu::div(a, b));
    case VectorOp::kSqrt: return fdiv(vu::sqrt(b));
    case VectorOp::kRsqrt: return fdiv(vu::rsqrt(a, b));
    case VectorOp::kClip: return plain(vu::clip_judgement(a, b));
    case VectorOp::kFtoi0: return plain(vu::ftoi(a, vu::FixedPoint::k0));
    case VectorOp::kFtoi4: return plain(vu::ftoi(a, vu::FixedPoint::k4));
    case VectorOp::kFtoi12: return plain(vu::ftoi(a, vu::FixedPoint::k12));
    case VectorOp::kFtoi15: return plain(vu::ftoi(a, vu::FixedPoint::k15));
    case VectorOp::kItof0: return plain(vu::itof(a, vu::FixedPoint::k0));
    case VectorOp::kItof4: return plain(vu::itof(a, vu::FixedPoint::k4));
    case VectorOp::kItof12: return plain(vu::itof(a, vu::FixedPoint::k12));
    case VectorOp::kItof15: return plain(vu::itof(a, vu::FixedPoint::k15));
    case VectorOp::kIadd: return plain(vu::iadd(u16(a), u16(b)));
    case VectorOp::kIaddi: return plain(vu::iaddi(u16(a), static_cast<int32_t>(b)));
    case VectorOp::kIaddiu: return plain(vu::iaddiu(u16(a), b));
    case VectorOp::kIand: return plain(vu::iand(u16(a), u16(b)));
    case VectorOp::kIor: return plain(vu::ior(u16(a), u16(b)));
    case VectorOp::kIsub: return plain(vu::isub(u16(a), u16(b)));
    case VectorOp::kIsubiu: return plain(vu::isubiu(u16(a), b));
    case VectorOp::kRinit: return plain(vu::rinit(a));
    case VectorOp::kRxor: return plain(vu::rxor(a, b));
    case VectorOp::kRnext: return plain(vu::rnext(a));
    case VectorOp::kEatan: return plain(vu::eatan(a));
    case VectorOp::kEatanxy: return plain(vu::eatanxy(a, b));
    case VectorOp::kEatanxz: return plain(vu::eatanxz(a, b));
    case VectorOp::kEexp: return plain(vu::eexp(a));
    case VectorOp::kEleng: return plain(vu::eleng(a, b, c));
    case VectorOp::kErcpr: return plain(vu::ercpr(a));
    case VectorOp::kErleng: return plain(vu::erleng(a, b, c));
    case VectorOp::kErsadd: return plain(vu::ersadd(a, b, c));
    case VectorOp::kErsqrt: return plain(vu::ersqrt(a));
    case VectorOp::kEsadd: return plain(vu::esadd(a, b, c));
    case VectorOp::kEsin: return plain(vu::esin(a));
    case VectorOp::kEsqrt: return plain(vu::esqrt(a));
    case VectorOp::kEsum: return plain(vu::esum(a, b, c, d));
  }
  return plain(0);  // unreachable: the switch covers every VectorOp (-Wswitch is an error)
}

bool vector_matches(const VectorRow& row, const VectorOutcome& actual) {
  if (row.result != actual.result) return false;
  if (row.mac && actual.mac != row.mac) return false;
  if (row.status && *row.status != actual.status) return false;
  return true;
}

std::string describe_vector_inputs(const VectorRow& row) {
  static constexpr std::array<char, 4> kNames = {'a', 'b', 'c', 'd'};
  std::string text(formats::vector_op_info(row.op).name);
  for (size_t i = 0; i < row.operands.size(); ++i) {
    if (row.operands[i]) text += fmt::format(" {}={:08X}", kNames[i], *row.operands[i]);
  }
  return text;
}

std::string describe_expected(const VectorRow& row) {
  return fmt::format("result {:08X} mac {} status {}", row.result, row.mac ? fmt::format("{:X}", *row.mac) : "-",
                     row.status ? fmt::format("{:03X}", *row.status) : "-");
}

std::string describe_actual(const VectorOutcome& actual) {
  return fmt::format("result {:08X} mac {} status {:03X}", actual.result,
                     actual.mac ? fmt::format("{:X}", *actual.mac) : "-", actual.status);
}

}  // namespace gcvu::harness
