#include "harness/run/state_run_report.hpp"

#include <fmt/format.h>

#include "emu/vu/interpreter/vu1_config.hpp"

namespace gcvu::harness {

std::string format_state_run_report(const StateRunRequest& request, const StateRunResult& result) {
  std::string text;
  text += fmt::format("state: {}\n", request.source);
  text += fmt::format("sent: {}\n", request.plan.description);
  text += fmt::format("VIF1 start: {}\n", describe_vif1_start(request.vif));
  for (const std::string& note : result.notes) text += fmt::format("start: {}\n", note);
  text += fmt::format("run: {} at cycle {}\n", system::run_end_name(result.run.end), result.run.cycles);
  if (!result.run.error.empty()) text += fmt::format("error: {}\n", result.run.error);
  text += fmt::format("cycles: {}\n", result.run.cycles);
  text +=
      fmt::format("dma: {} qwords, {} tags; vif1: {} words\n", result.dma_qwords, result.dma_tags, result.vif_words);
  uint64_t vu_cycles = 0;
  uint64_t stalls = 0;
  for (const system::MicroprogramReport& program : result.programs) {
    vu_cycles += program.end_cycle - program.start_cycle;
    stalls += program.vu_stall_cycles;
  }
  text +=
      fmt::format("microprograms: {} ({} VU1 cycles, {} stall cycles)\n", result.programs.size(), vu_cycles, stalls);
  text += fmt::format("xgkicks: {}\n", result.xgkicks);
  text += fmt::format("gif: {} packets (PATH1 {}, PATH2 {}, PATH3 {})\n",
                      result.gif_packets[0] + result.gif_packets[1] + result.gif_packets[2], result.gif_packets[0],
                      result.gif_packets[1], result.gif_packets[2]);
  text += fmt::format("gs: {} draws, {} primitives, {} pixels drawn\n", result.gs_stats.draws,
                      result.gs_stats.primitives, result.gs_stats.pixels);
  text += fmt::format("frame: {}x{}\n", result.frame.width, result.frame.height);
  const double emulated = static_cast<double>(result.run.cycles) / vu::kVu1ClockHz;
  text += fmt::format("wall time: {:.3f} ms for {:.3f} ms of emulated time at 294.912 MHz", result.wall_seconds * 1e3,
                      emulated * 1e3);
  if (result.wall_seconds > 0) text += fmt::format(" ({:.3f}x real time)", emulated / result.wall_seconds);
  text += "\n";
  return text;
}

}  // namespace gcvu::harness
