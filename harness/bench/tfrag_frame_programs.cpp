#include "harness/bench/tfrag_frame_programs.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <fmt/format.h>

#include "emu/system/clocked_system.hpp"

namespace gcvu::harness {

namespace {

// A GS that is not there: the capture needs the stream to flow, not pixels.
class DiscardingGs final : public gif::GsSink {
 public:
  void write_register(gif::Path, uint8_t, uint64_t, uint64_t) override {}
  void write_image(gif::Path, const Qword&, uint64_t) override {}
  void end_packet(gif::Path, uint64_t) override {}
};

}  // namespace

CapturedFrame capture_frame_programs(const formats::rc2::Level& level, const microcode::Program& program,
                                     const frame::FrameOptions& options) {
  DiscardingGs gs;
  system::ClockedSystem machine(gs);
  CapturedFrame captured;
  machine.set_program_start_hook([&captured](const vu::Vu1& vu) {
    CapturedProgram& p = captured.programs.emplace_back();
    vu.data().store(p.data);
    p.registers = vu.registers();
    p.top = vu.top();
    p.itop = vu.itop();
  });
  const frame::BuiltFrame built = frame::build_frame(level, program, options);
  frame::load_frame(built, machine.ee());
  machine.dma().start_chain(built.chain_address, {});
  const system::RunResult run = machine.run();
  if (run.end != system::RunEnd::kFinished) {
    throw std::runtime_error(fmt::format("the frame did not finish: {} {}", system::run_end_name(run.end), run.error));
  }
  for (uint32_t pc = 0; pc < vu::kMicroInstructions; ++pc) {
    const uint64_t bundle = machine.vu().micro().instruction(pc);
    for (int b = 0; b < 8; ++b) captured.micro.push_back(static_cast<uint8_t>(bundle >> (8 * b)));
  }
  for (const system::MicroprogramReport& report : machine.microprograms()) {
    captured.clocked_vu_cycles += report.end_cycle - report.start_cycle;
  }
  return captured;
}

CapturedFrame programs_starting_in(const CapturedFrame& frame, uint32_t first_instruction, uint32_t end_instruction) {
  CapturedFrame out;
  out.micro = frame.micro;
  for (const CapturedProgram& program : frame.programs) {
    if (program.registers.tpc >= first_instruction && program.registers.tpc < end_instruction) {
      out.programs.push_back(program);
    }
  }
  return out;
}

void start_captured_program(vu::Vu1& vu, const CapturedProgram& program) {
  vu.data().load(program.data);
  vu.registers() = program.registers;
  vu.set_top(program.top, program.itop);
  vu.start(program.registers.tpc);
}

CapturedFrameRunner::CapturedFrameRunner(const CapturedFrame& frame, vu::Vu1Config config)
    : frame_(frame), vu_(std::make_unique<vu::Vu1>(config)) {
  vu_->load_micro(frame.micro);
  vu_->set_path1(&path1_);
}

uint64_t CapturedFrameRunner::run_all() { return run_once().vu_cycles; }

WorkloadRun CapturedFrameRunner::run_once(double* seconds) {
  WorkloadRun run;
  path1_ = CountingPath1{};
  double timed = 0;
  for (const CapturedProgram& program : frame_.programs) {
    const vu::Vu1Stats before = vu_->stats();
    start_captured_program(*vu_, program);
    const auto begin = std::chrono::steady_clock::now();
    const vu::StopReason reason = vu_->run();
    vu_->finish_xgkick();
    timed += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    if (reason != vu::StopReason::kEnded) {
      throw std::runtime_error(fmt::format("a captured program stopped ({}): {}", vu::stop_reason_name(reason),
                                           vu_->stop_message()));
    }
    run.vu_cycles += std::max(vu_->cycle(), vu_->xgkick().free_cycle()) - vu_->start_cycle();
    const vu::Vu1Stats& after = vu_->stats();
    run.stats.pairs += after.pairs - before.pairs;
    run.stats.stall_cycles += after.stall_cycles - before.stall_cycles;
    run.stats.xgkicks += after.xgkicks - before.xgkicks;
    for (size_t c = 0; c < after.stall_cycles_by_cause.size(); ++c) {
      run.stats.stall_cycles_by_cause[c] += after.stall_cycles_by_cause[c] - before.stall_cycles_by_cause[c];
    }
  }
  run.path1_qwords = path1_.qwords;
  run.path1_checksum = path1_.checksum;
  if (seconds != nullptr) *seconds = timed;
  return run;
}

}  // namespace gcvu::harness
