#include "harness/bench/fmac_lane_census.hpp"

#include <bit>
#include <stdexcept>

#include <fmt/format.h>

#include "emu/vu/float/vector_ops_avx2.hpp"
#include "emu/vu/interpreter/upper_plan.hpp"
#include "harness/bench/vu_bench.hpp"

namespace gcvu::harness {

namespace {

vu::FmacKernelOp kernel_op(vu::Arith arith) {
  switch (arith) {
    case vu::Arith::kAdd: return vu::FmacKernelOp::kAdd;
    case vu::Arith::kSub: return vu::FmacKernelOp::kSub;
    case vu::Arith::kMul: return vu::FmacKernelOp::kMul;
    case vu::Arith::kMadd: return vu::FmacKernelOp::kMadd;
    default: return vu::FmacKernelOp::kMsub;
  }
}

// The dest mask (x = 8) as kernel lanes (x = bit 0).
uint32_t dest_lanes(uint8_t dest) {
  uint32_t lanes = 0;
  for (uint32_t lane = 0; lane < 4; ++lane) lanes |= ((dest >> (3 - lane)) & 1u) << lane;
  return lanes;
}

// The op of the pair about to issue, with the state it reads; `q` is Q as its pair saw it (a DIV result landing
// while the pair waited is in it, which the state before the step does not show yet).
void count_pair(const vu::DecodedOp& op, const vu::Registers& before, vu::FieldMask acc_overflow, uint32_t q,
                LaneCensus& census) {
  vu::FmacForm form{};
  if (!vu::fmac_form(op.op, form) || form.arith == vu::Arith::kMax || form.arith == vu::Arith::kMini) return;
  const vu::FmacKernelOp kind = kernel_op(form.arith);
  LaneShare& share = census.by_op[static_cast<size_t>(kind)];
  const uint32_t lanes = dest_lanes(op.dest);
  ++share.ops;
  share.lanes += static_cast<uint64_t>(std::popcount(lanes));
  if (!census.classifies(kind)) return;
  const vu::Vec4& fs = before.vf(op.fs);
  vu::Vec4 ft = before.vf(op.ft);
  if (form.second == vu::Second::kBroadcast) ft = vu::broadcast(ft[op.bc & 3]);
  if (form.second == vu::Second::kQ) ft = vu::broadcast(q);
  if (form.second == vu::Second::kI) ft = vu::broadcast(before.i);
  const uint32_t fast =
      vu::avx2::double_fmac_fast_lanes(kind, fs.data(), ft.data(), before.acc().data(), acc_overflow) & lanes;
  share.fast_lanes += static_cast<uint64_t>(std::popcount(fast));
}

}  // namespace

void LaneCensus::add(const LaneCensus& other) {
  for (size_t k = 0; k < by_op.size(); ++k) {
    by_op[k].ops += other.by_op[k].ops;
    by_op[k].lanes += other.by_op[k].lanes;
    by_op[k].fast_lanes += other.by_op[k].fast_lanes;
  }
  double_kernels = double_kernels || other.double_kernels;
}

bool LaneCensus::classifies(vu::FmacKernelOp op) const {
  return double_kernels &&
         (op == vu::FmacKernelOp::kMul || op == vu::FmacKernelOp::kMadd || op == vu::FmacKernelOp::kMsub);
}

LaneCensus census_until_end(vu::Vu1& vu) {
  LaneCensus census;
  census.double_kernels = vu::avx2::kUseAvx2;
  vu::StopReason reason = vu::StopReason::kRunning;
  while (reason == vu::StopReason::kRunning) {
    const vu::Registers before = vu.registers();
    const vu::FieldMask acc_overflow = vu.acc_overflow();
    const uint64_t pairs = vu.stats().pairs;
    reason = vu.step();
    if (vu.stats().pairs != pairs) {
      count_pair(vu.decoded(before.tpc).upper, before, acc_overflow, vu.registers().q, census);
    }
  }
  vu.finish_xgkick();
  if (reason != vu::StopReason::kEnded) {
    throw std::runtime_error(
        fmt::format("a program stopped ({}): {}", vu::stop_reason_name(reason), vu.stop_message()));
  }
  return census;
}

LaneCensus census_workload(const Workload& workload, const vu::Vu1Config& config) {
  vu::Vu1 vu(config);
  CountingPath1 path1;
  vu.load_micro(workload.code);
  vu.data().load(workload.data);
  vu.set_path1(&path1);
  vu.start(0);
  return census_until_end(vu);
}

LaneCensus census_frame(const CapturedFrame& frame, const vu::Vu1Config& config) {
  vu::Vu1 vu(config);
  CountingPath1 path1;
  vu.load_micro(frame.micro);
  vu.set_path1(&path1);
  LaneCensus census;
  census.double_kernels = vu::avx2::kUseAvx2;
  for (const CapturedProgram& program : frame.programs) {
    start_captured_program(vu, program);
    census.add(census_until_end(vu));
  }
  return census;
}

}  // namespace gcvu::harness
