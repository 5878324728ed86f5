#include "harness/vif_run/runner.hpp"

#include <stdexcept>

namespace gcvu::harness {

void prepare_vif_machine(const VifRunRequest& request, system::ClockedSystem& machine) {
  if (!request.micro.empty()) machine.vu().load_micro(request.micro);
  if (!request.data.empty()) machine.vu().data().load(request.data);
  machine.vif().registers().err.me1 = request.mask_undefined;
}

void load_vif_ee(const VifRunRequest& request, system::ClockedSystem& machine) {
  if (request.chain_address.has_value()) {
    if (!machine.ee().load_ram(request.ee_image, 0)) throw std::invalid_argument("EE image larger than EE RAM");
  } else if (request.stream.size() % 16 != 0 || !machine.ee().load_ram(request.stream, 0)) {
    throw std::invalid_argument("raw stream not a whole number of qwords, or larger than EE RAM");
  }
}

void start_vif_transfer(const VifRunRequest& request, system::ClockedSystem& machine) {
  if (request.chain_address.has_value()) {
    machine.dma().start_chain(*request.chain_address, request.config.chain);
    if (request.gif_chain_address) {
      dma::ChainOptions options;
      options.tag_budget = request.config.chain.tag_budget;
      machine.gif_dma().start_chain(*request.gif_chain_address, options);
    }
  } else {
    machine.dma().start_normal(0, static_cast<uint32_t>(request.stream.size() / 16));
  }
}

VifRunResult run_vif_stream(const VifRunRequest& request) {
  gif::GsWriteRecorder recorder;
  system::ClockedSystem machine(recorder, request.config);
  prepare_vif_machine(request, machine);
  load_vif_ee(request, machine);
  start_vif_transfer(request, machine);

  VifRunResult result;
  result.run = machine.run();
  result.programs = machine.microprograms();
  machine.vu().data().store(result.data);
  result.gs_events = recorder.events();
  result.gs_listing = recorder.listing();
  result.vif_stat = machine.vif().registers().stat.word();
  result.dma_qwords = machine.dma().qwords_transferred();
  result.dma_tags = machine.dma().tags_read();
  result.gif_dma_qwords = machine.gif_dma().qwords_transferred();
  result.vif_words = machine.vif().words_consumed();
  result.gif_packets = {machine.gif().packets(gif::Path::kPath1), machine.gif().packets(gif::Path::kPath2),
                        machine.gif().packets(gif::Path::kPath3)};
  return result;
}

}  // namespace gcvu::harness
