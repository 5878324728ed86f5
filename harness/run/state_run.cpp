#include "harness/run/state_run.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "emu/gs/display/pcrtc.hpp"
#include "emu/system/gs_feed.hpp"
#include "emu/vu/state/memory.hpp"
#include "harness/replay/gs_replay.hpp"
#include "harness/run/frame_display.hpp"
#include "harness/run/gif_packet_recorder.hpp"
#include "harness/run/gs_state_snapshot.hpp"
#include "harness/run/recorded_gs_dump.hpp"
#include "harness/run/state_resume.hpp"

namespace gcvu::harness {

namespace {

using vu::kMicroInstructionMask;
using vu::kPairBytes;
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

std::string load_machine_from_state(const formats::SaveState& state, const Vif1StartRegisters& vif,
                                   system::ClockedSystem& machine) {
  const size_t ram = std::min<size_t>(state.ee_memory.size(), dma::kRamBytes);
  machine.ee().load_ram(std::span(state.ee_memory).first(ram), 0);
  machine.ee().load_scratchpad(state.scratchpad, 0);
  machine.vu().data().load(state.vu1_memory);
  machine.vu().load_micro(state.vu1_micro_memory);
  apply_vif1_start(vif, machine.vif().registers());
  if (!state.internal) return {};
  const formats::SavedVuRegisters& saved = state.internal->vu1;
  load_vu1_registers(saved, machine.vu().registers());
  // VIF1's command in progress first: an MPG must not find a program running, and the program then starts on the
  // cycle VIF1 has reached.
  std::string failure = feed_vif1(vif1_resume(state).words, machine);
  const Vu1InFlight in_flight = vu1_in_flight(saved, state.internal->vu1_running());
  if (state.internal->vu1_running()) {
    // TPC is an instruction index between runs (formats/pcsx2/internal_structures.hpp).
    machine.start_microprogram(saved.tpc() & kMicroInstructionMask, static_cast<uint16_t>(vif.top),
                               static_cast<uint16_t>(vif.itop));
    seed_vu1_branch(in_flight, machine.vu());
  }
  seed_vu1_results(saved, in_flight, machine.vu());
  return failure;
}

std::vector<std::string> state_start_notes(const formats::SaveState& state) {
  std::vector<std::string> notes;
  if (!state.internal) {
    notes.push_back("the state has no Internal Structures entry: VU1's registers, ROW/COL and the GS privileged "
                    "registers start at zero");
    return notes;
  }
  const formats::InternalStructures& in = *state.internal;
  if (in.vu1_running()) {
    notes.push_back(fmt::format("VU1 resumes the saved program at TPC {:#05x} (byte {:#06x})",
                                in.vu1.tpc() & kMicroInstructionMask,
                                (in.vu1.tpc() & kMicroInstructionMask) * kPairBytes));
  }
  for (std::string& note : vu1_in_flight(in.vu1, in.vu1_running()).notes) notes.push_back(std::move(note));
  if (std::string note = vif1_resume(state).note; !note.empty()) notes.push_back(std::move(note));
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
  system::GsFeed feed(gs);  // with GsConfig::own_thread, the GS draws on its own thread while the system runs
  system::ClockedSystem machine(feed, request.config);
  const std::string resume_failure = load_machine_from_state(state, request.vif, machine);
  load_gs_from_state(state, feed.settled());

  std::optional<GsStateSnapshot> start;
  GifPacketRecorder recorder;
  if (request.record_gs_dump) {
    start = snapshot_gs_state(gs);
    machine.gif().set_observer(&recorder);
  }

  StateRunResult result;
  result.notes = state_start_notes(state);
  if (!resume_failure.empty()) result.notes.push_back("resuming VIF1's command failed: " + resume_failure);
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
  feed.settled();
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
