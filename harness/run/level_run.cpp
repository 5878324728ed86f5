#include "harness/run/level_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <numbers>

#include "emu/gs/display/pcrtc.hpp"
#include "emu/system/gs_feed.hpp"
#include "harness/run/frame_display.hpp"
#include "harness/run/gif_observer_fan_out.hpp"
#include "harness/run/gif_packet_recorder.hpp"
#include "harness/run/gs_state_snapshot.hpp"
#include "harness/run/recorded_gs_dump.hpp"

namespace gcvu::harness {

frame::Camera advance_camera(const frame::Camera& camera, double step, uint32_t frames) {
  const frame::ViewBasis basis = frame::view_basis(camera);
  frame::Camera moved = camera;
  moved.x += basis.forward[0] * step * frames;
  moved.y += basis.forward[1] * step * frames;
  moved.z += basis.forward[2] * step * frames;
  return moved;
}

LevelRunResult run_level(const LevelRunRequest& request) {
  // On the heap: the result keeps it for its final memory (final_gs_memory.hpp).
  auto owned_gs = std::make_unique<gs::Gs>(request.gs);
  gs::Gs& gs = *owned_gs;
  // Each frame ends on the GS (on its thread, in order): its statistics so far, then the display shows what context
  // 1 drew. (Declared before the feed, which may run it until it goes.)
  std::vector<gs::GsStats> gs_at_frame_end(request.frames);
  auto end_frame = [&gs_at_frame_end](gs::Gs& state, uint64_t index) {
    gs_at_frame_end[index] = state.stats();
    show_frame(display_for_context1(state.registers()), state);
  };

  system::GsFeed feed(gs);  // with GsConfig::own_thread, the GS works a frame or so behind the emulation
  system::ClockedSystem machine(feed, request.config);

  GifObserverFanOut observers;
  GifPacketRecorder recorder;
  std::optional<GsStateSnapshot> start;
  if (request.record_gs_dump) {
    start = snapshot_gs_state(gs);
    observers.add(&recorder);
  }
  observers.add(request.observer);
  machine.gif().set_observer(observers.target());

  LevelRunResult result;
  const auto started = std::chrono::steady_clock::now();
  frame::FrameBuilder builder(*request.level);
  for (uint32_t index = 0; index < request.frames; ++index) {
    frame::FrameOptions options = request.frame;
    options.camera = advance_camera(request.frame.camera, request.step, index);
    options.frame_index = request.frame.frame_index + index;
    frame::BuiltFrame built = builder.build(*request.program, options);
    frame::load_frame(built, machine.ee());

    const size_t programs_before = machine.microprograms().size();
    const uint64_t kicks_before = machine.vu().stats().xgkicks;
    const uint64_t cycle_before = machine.cycle();
    machine.dma().start_chain(built.chain_address, {});
    result.run = machine.run();

    LevelFrameStats stats;
    stats.mode_counts = built.mode_counts;
    stats.culled = built.culled;
    stats.dma_qwords = machine.dma().qwords_transferred() + machine.dma().tags_read();
    stats.cycles = machine.cycle() - cycle_before;
    const auto& programs = machine.microprograms();
    for (size_t p = programs_before; p < programs.size(); ++p) {
      stats.vu_cycles += programs[p].end_cycle - programs[p].start_cycle;
      stats.vu_stall_cycles += programs[p].vu_stall_cycles;
    }
    stats.microprograms = programs.size() - programs_before;
    stats.xgkicks = machine.vu().stats().xgkicks - kicks_before;
    // The frame ends: the display shows what context 1 drew, and a VSync flushes the GS.
    feed.post(end_frame, index);
    if (request.record_gs_dump) recorder.vsync(feed.settled().privileged_block());
    feed.vsync();
    result.frames.push_back(stats);
    result.last_frame = std::move(built);
    if (request.progress) request.progress(index + 1, request.frames);
    if (result.run.end != system::RunEnd::kFinished) break;
  }
  feed.settled();
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  machine.gif().set_observer(nullptr);
  for (size_t index = 0; index < result.frames.size(); ++index) {
    const gs::GsStats before = index == 0 ? gs::GsStats{} : gs_at_frame_end[index - 1];
    const gs::GsStats& after = gs_at_frame_end[index];
    result.frames[index].gs = {after.draws - before.draws, after.primitives - before.primitives,
                               after.pixels - before.pixels, after.transfers - before.transfers};
  }

  result.picture = gs::render_display(gs.memory(), gs.privileged_block());
  if (start) result.gs_dump = assemble_gs_dump(*start, recorder.packets(), "", request.source);
  result.gs_memory = FinalGsMemory(std::move(owned_gs));
  return result;
}

}  // namespace gcvu::harness
