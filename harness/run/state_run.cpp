#include "harness/run/state_run.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "emu/gs/display/pcrtc.hpp"
#include "emu/system/gs_from_gif.hpp"
#include "harness/replay/gs_replay.hpp"
#include "harness/run/frame_display.hpp"
#include "harness/run/gif_packet_recorder.hpp"
#include "harness/run/gs_state_snapshot.hpp"
#include "harness/run/recorded_gs_dump.hpp"

namespace gcvu::harness {

namespace {

constexpr uint32_t kMicroMemoryMask = 0x3fff;
constexpr uint32_t kPairBytes = 8;
constexpr uint64_t kPmodeCircuits = 0x3;  // PMODE EN1 | EN2

void load_vu1_registers(const formats::SavedVuRegisters& saved, vu::Registers& regs) {
  namespace slot = formats::saved_vi;
  for (int n = 1; n < 32; ++n) regs.write_vf(n, vu::kFieldsXyzw, saved.vf[n]);
  for (int n = 1; n < 16; ++n) regs.write_vi(n, static_cast<uint16_t>(saved.vi[n]));
  regs.write_acc(vu::kFieldsXyzw, saved.acc);
  regs.q = saved.vi[slot::kQ];
  regs.p = saved.vi[slot::kP];
  regs.i = saved.vi[slot::kI];
  regs.r = saved.vi[slot::kR];
  regs.status = static_cast<uint16_t>(saved.vi[slot::kStatus]);
  regs.mac = static_cast<uint16_t>(saved.vi[slot::kMac]);
  regs.clip = saved.vi[slot::kClip];
}

bool saved_display_shows_something(const formats::SaveState& state) {
  return state.internal && (state.internal->gs_privileged_u64(0x00) & kPmodeCircuits) != 0;
}

}  // namespace

void load_machine_from_state(const formats::SaveState& state, const Vif1StartRegisters& vif, system::ClockedSystem& machine) {
  const size_t ram = std::min<size_t>(state.ee_memory.size(), dma::kRamBytes);
  machine.ee().load_ram(std::span(state.ee_memory).first(ram), 0);
  machine.ee().load_scratchpad(state.scratchpad, 0);
  machine.vu().data().load(state.vu1_memory);
  machine.vu().load_micro(state.vu1_micro_memory);
  apply_vif1_start(vif, machine.vif().registers());
  if (!state.internal) return;
  load_vu1_registers(state.internal->vu1, machine.vu().registers());
  // A program PCSX2 was running goes on from the saved TPC (a byte address; PCSX2 masks it to micro memory).
  if (state.internal->vu1_running()) {
    const uint32_t pc = (state.internal->vu1.tpc() & kMicroMemoryMask) / kPairBytes;
    machine.start_microprogram(pc, static_cast<uint16_t>(vif.top), static_cast<uint16_t>(vif.itop));
  }
}

std::vector<std::string> state_start_notes(const formats::SaveState& state) {
  std::vector<std::string> notes;
  if (!state.internal) {
    notes.push_back("the state has no Internal Structures entry: VU1's registers, ROW/COL and the GS privileged "
                    "registers start at zero");
    return notes;
  }
  const formats::InternalStructures& in = *state.internal;
  if (in.vu1_running()) notes.push_back(fmt::format("VU1 resumes the saved program at TPC {:#06x}", in.vu1.tpc()));
  if (in.vu1.fdiv.enabled || in.vu1.efu.enabled) {
    notes.push_back("a DIV/EFU result in flight when the state was saved is not resumed: Q/P hold the last "
                    "committed values");
  }
  if (in.vif1.cmd != 0) {
    notes.push_back(fmt::format("VIF1 was inside VIFcode cmd {:#04x} ({} words to come); gcvu starts at a VIFcode "
                                "boundary, so the command's rest is not resumed",
                                in.vif1.cmd, in.vif1.tag_size));
  }
  if (in.mtvu_was_on()) {
    notes.push_back("MTVU was on: the VU thread's own copies of VU1 and VIF1 registers are not in the state");
  }
  notes.push_back(saved_display_shows_something(state)
                      ? "display: the saved PMODE/DISPFB/DISPLAY"
                      : "display: the saved PMODE shows no circuit, so FRAME_1 over SCISSOR_1 is shown");
  return notes;
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
  if (saved_display_shows_something(state)) {
    load_gs_state(state.gs, local_memory, state.internal->gs_privileged, gs);
  } else {
    load_gs_state(state.gs, local_memory, {}, gs);
    show_frame(display_for_context1(gs.registers()), gs);
  }
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
  result.notes = state_start_notes(state);
  const auto started = std::chrono::steady_clock::now();
  for (const Vif1Transfer& transfer : request.plan.transfers) {
    start_transfer(transfer, request.plan.options, machine);
    result.run = machine.run();
    result.dma_qwords += machine.dma().qwords_transferred();  // the channel's counters restart with each transfer
    result.dma_tags += machine.dma().tags_read();
    // A transfer may end inside a VIF command whose data the next one brings; anything else ends the run.
    if (result.run.end == system::RunEnd::kError || result.run.end == system::RunEnd::kVifStalled) break;
  }
  // The frame ends: without saved display registers the display shows what context 1 drew into by now, as PCSX2
  // writes the privileged registers into a dump just before each VSync.
  if (!saved_display_shows_something(state)) show_frame(display_for_context1(gs.registers()), gs);
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
