#include "harness/vu_run/runner.hpp"

#include <memory>

#include <fmt/format.h>

#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::harness {

VuRunResult run_vu_program(const VuRunRequest& request) {
  KickRecorder path1(request.keep_kicks);
  auto vu = std::make_unique<vu::Vu1>(request.config);  // large (decoded micro memory): not on the stack
  vu->set_path1(&path1);
  vu->set_observer(request.observer);
  vu->load_micro(request.code);
  vu->data().load(request.data);
  vu->start(request.start_pc);
  vu->run();
  // A transfer may run on after the program ends, but not past the budget the program has.
  bool kicks_ended = vu->stop_reason() != vu::StopReason::kEnded || vu->finish_xgkick();

  VuRunResult result;
  result.reason = vu->stop_reason();
  result.ended = result.reason == vu::StopReason::kEnded && kicks_ended;
  result.stop = vu::stop_reason_name(result.reason);
  result.message = vu->stop_message();
  if (!kicks_ended) {
    result.stop = "XGKICK transfer unended";
    result.message = fmt::format(
        "an XGKICK transfer had not reached the end of a GIF packet with EOP within the cycle budget ({}); it was "
        "stopped before the qword due at cycle {}",
        request.config.max_cycles, vu->xgkick().next_cycle() - vu->start_cycle());
  }
  result.cycles = vu->cycle() - vu->start_cycle();
  result.stats = vu->stats();
  result.registers = vu->registers();
  vu->data().store(result.data);
  result.kick_qwords = path1.qword_count();
  result.last_kick_cycle = path1.last_cycle() - vu->start_cycle();
  result.kicks = path1.qwords();
  for (KickedQword& qword : result.kicks) qword.cycle -= vu->start_cycle();
  return result;
}

}  // namespace gcvu::harness
