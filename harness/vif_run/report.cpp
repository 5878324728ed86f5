#include "harness/vif_run/report.hpp"

#include <fmt/format.h>

namespace gcvu::harness {

namespace {

struct GsCounts {
  uint64_t register_writes = 0;
  uint64_t image_qwords = 0;
};

GsCounts count_gs_events(const std::vector<gif::GsEvent>& events) {
  GsCounts counts;
  for (const gif::GsEvent& event : events) {
    if (event.kind == gif::GsEventKind::kRegister) ++counts.register_writes;
    if (event.kind == gif::GsEventKind::kImage) ++counts.image_qwords;
  }
  return counts;
}

}  // namespace

std::string format_vif_run_text(const VifRunResult& result) {
  std::string text;
  text += fmt::format("run: {} at cycle {}\n", system::run_end_name(result.run.end), result.run.cycles);
  if (!result.run.error.empty()) text += fmt::format("error: {}\n", result.run.error);
  text += fmt::format("dma: {} qwords, {} tags; GIF channel {} qwords\n", result.dma_qwords, result.dma_tags,
                      result.gif_dma_qwords);
  text += fmt::format("vif1: {} words, STAT {:#010x}\n", result.vif_words, result.vif_stat);
  text += fmt::format("microprograms: {}\n", result.programs.size());
  if (!result.programs.empty()) {
    text += "  #    pc      start       end         cycles    vu-stalls  vif-waits  kicks  stop\n";
    for (size_t n = 0; n < result.programs.size(); ++n) {
      const system::MicroprogramReport& program = result.programs[n];
      text += fmt::format("  {:<4} {:#06x}  {:<11} {:<11} {:<9} {:<10} {:<10} {:<6} {}\n", n, program.start_pc * 8,
                          program.start_cycle, program.end_cycle, program.end_cycle - program.start_cycle,
                          program.vu_stall_cycles, program.vif_wait_cycles, program.gif_packets,
                          vu::stop_reason_name(program.stop));
    }
  }
  const GsCounts counts = count_gs_events(result.gs_events);
  text += fmt::format("gif: {} packets (PATH1 {}, PATH2 {}, PATH3 {}), {} register writes, {} image qwords\n",
                      result.gif_packets[0] + result.gif_packets[1] + result.gif_packets[2], result.gif_packets[0],
                      result.gif_packets[1], result.gif_packets[2], counts.register_writes, counts.image_qwords);
  return text;
}

nlohmann::json vif_run_json(const VifRunResult& result) {
  nlohmann::json programs = nlohmann::json::array();
  for (const system::MicroprogramReport& program : result.programs) {
    programs.push_back({{"start_pc", program.start_pc * 8},
                        {"start_cycle", program.start_cycle},
                        {"end_cycle", program.end_cycle},
                        {"cycles", program.end_cycle - program.start_cycle},
                        {"vu_stall_cycles", program.vu_stall_cycles},
                        {"vif_wait_cycles", program.vif_wait_cycles},
                        {"gif_packets", program.gif_packets},
                        {"stop", vu::stop_reason_name(program.stop)}});
  }
  const GsCounts counts = count_gs_events(result.gs_events);
  return {{"end", system::run_end_name(result.run.end)},
          {"cycles", result.run.cycles},
          {"error", result.run.error},
          {"dma", {{"qwords", result.dma_qwords}, {"tags", result.dma_tags}, {"gif_qwords", result.gif_dma_qwords}}},
          {"vif", {{"words", result.vif_words}, {"stat", result.vif_stat}}},
          {"microprograms", programs},
          {"gif",
           {{"packets",
             {{"path1", result.gif_packets[0]}, {"path2", result.gif_packets[1]}, {"path3", result.gif_packets[2]}}},
            {"register_writes", counts.register_writes},
            {"image_qwords", counts.image_qwords}}}};
}

}  // namespace gcvu::harness
