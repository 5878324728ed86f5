#include "harness/run/state_run.hpp"

#include <algorithm>
#include <chrono>

#include "emu/dma/ee_memory.hpp"
#include "emu/gs/display/pcrtc.hpp"
#include "emu/system/gs_from_gif.hpp"
#include "harness/replay/gs_replay.hpp"
#include "harness/run/frame_display.hpp"
#include "harness/run/gif_packet_recorder.hpp"
#include "harness/run/gs_state_snapshot.hpp"
#include "harness/run/recorded_gs_dump.hpp"

namespace gcvu::harness {

void load_machine_from_state(const formats::SaveState& state, const Vif1StartRegisters& vif, system::ClockedSystem& machine) {
  const size_t ram = std::min<size_t>(state.ee_memory.size(), dma::kRamBytes);
  machine.ee().load_ram(std::span(state.ee_memory).first(ram), 0);
  machine.ee().load_scratchpad(state.scratchpad, 0);
  machine.vu().data().load(state.vu1_memory);
  machine.vu().load_micro(state.vu1_micro_memory);
  apply_vif1_start(vif, machine.vif().registers());
}

void start_transfer(const Vif1Transfer& transfer, const dma::ChainOptions& options, system::ClockedSystem& machine) {
  if (transfer.kind == Vif1Transfer::Kind::kNormal) {
    machine.dma().start_normal(transfer.address, transfer.qwc);
  } else {
    machine.dma().start_chain(transfer.address, options);
  }
}

void load_gs_from_state(const formats::SaveState& state, gs::Gs& gs) {
  const auto local_memory = std::span(state.gs_blob).subspan(state.gs.local_memory_offset, formats::kGsLocalMemorySize);
  load_gs_state(state.gs, local_memory, {}, gs);
  show_frame(display_for_context1(gs.registers()), gs);
}

StateRunResult run_from_state(const StateRunRequest& request) {
  const formats::SaveState& state = *request.state;
  gs::Gs gs(request.gs);
  system::GsFromGif sink(gs);
  system::ClockedSystem machine(sink, request.config);
  load_machine_from_state(state, request.vif, machine);
  load_gs_from_state(state, gs);

  std::optional<GsStateSnapshot> start;
  GifPacketRecorder recorder;
  if (request.record_gs_dump) {
    start = snapshot_gs_state(gs);
    machine.gif().set_observer(&recorder);
  }

  StateRunResult result;
  const auto started = std::chrono::steady_clock::now();
  for (const Vif1Transfer& transfer : request.plan.transfers) {
    start_transfer(transfer, request.plan.options, machine);
    result.run = machine.run();
    result.dma_qwords += machine.dma().qwords_transferred();  // the channel's counters restart with each transfer
    result.dma_tags += machine.dma().tags_read();
    // A transfer may end inside a VIF command whose data the next one brings; anything else ends the run.
    if (result.run.end == system::RunEnd::kError || result.run.end == system::RunEnd::kVifStalled) break;
  }
  // The frame ends: the display shows what context 1 drew into by now, as PCSX2 writes the privileged registers
  // into a dump just before each VSync.
  show_frame(display_for_context1(gs.registers()), gs);
  gs.vsync();
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  machine.gif().set_observer(nullptr);

  result.programs = machine.microprograms();
  result.xgkicks = machine.vu().stats().xgkicks;
  result.vif_words = machine.vif().words_consumed();
  result.gif_packets = {machine.gif().packets(gif::Path::kPath1), machine.gif().packets(gif::Path::kPath2),
                        machine.gif().packets(gif::Path::kPath3)};
  result.gs_stats = gs.stats();
  result.frame = gs::render_display(gs.memory(), gs.privileged_block());
  const auto memory = gs.memory().bytes();
  result.gs_memory.assign(memory.begin(), memory.end());
  if (start) {
    recorder.vsync(gs.privileged_block());
    result.gs_dump = assemble_gs_dump(*start, recorder.packets(), "", request.source);
  }
  return result;
}

}  // namespace gcvu::harness
