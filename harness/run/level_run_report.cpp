#include "harness/run/level_run_report.hpp"

#include <fmt/format.h>

#include "emu/vu/interpreter/vu1_config.hpp"

namespace gcvu::harness {

std::string format_level_run_report(const LevelRunRequest& request, const LevelRunResult& result,
                                    const StripCensus& census) {
  LevelFrameStats total;
  for (const LevelFrameStats& frame : result.frames) {
    for (size_t mode = 0; mode < frame::kLodModeCount; ++mode) total.mode_counts[mode] += frame.mode_counts[mode];
    total.culled += frame.culled;
    total.dma_qwords += frame.dma_qwords;
    total.cycles += frame.cycles;
    total.microprograms += frame.microprograms;
    total.vu_cycles += frame.vu_cycles;
    total.vu_stall_cycles += frame.vu_stall_cycles;
    total.xgkicks += frame.xgkicks;
    total.gs.primitives += frame.gs.primitives;
    total.gs.pixels += frame.gs.pixels;
  }
  const size_t frames = result.frames.size();
  const frame::Camera& camera = request.frame.camera;
  std::string text;
  text += fmt::format("level: {} ({} patches, {} textures)\n", request.source, request.level->patches.size(),
                      request.level->textures.size());
  text += fmt::format("camera: {:g},{:g},{:g} yaw {:g} pitch {:g}", camera.x, camera.y, camera.z, camera.yaw,
                      camera.pitch);
  if (request.frames > 1) text += fmt::format(", moving {:g} units per frame", request.step);
  text += "\n";
  text += fmt::format("frames: {} of {}\n", frames, request.frames);
  text += fmt::format("run: {} at cycle {}\n", system::run_end_name(result.run.end), result.run.cycles);
  if (!result.run.error.empty()) text += fmt::format("error: {}\n", result.run.error);
  size_t drawn = 0;
  std::string modes;
  for (size_t mode = 0; mode < frame::kLodModeCount; ++mode) {
    drawn += total.mode_counts[mode];
    modes += fmt::format("{}{} {}", mode == 0 ? "" : ", ", frame::lod_mode_name(static_cast<frame::LodMode>(mode)),
                         total.mode_counts[mode]);
  }
  const std::array<size_t, 3> per_lod = {
      total.mode_counts[size_t(frame::LodMode::kLod0)] + total.mode_counts[size_t(frame::LodMode::kLod0Morph)] +
          total.mode_counts[size_t(frame::LodMode::kLod0Collapse)],
      total.mode_counts[size_t(frame::LodMode::kLod1Morph)] + total.mode_counts[size_t(frame::LodMode::kLod1Collapse)],
      total.mode_counts[size_t(frame::LodMode::kLod2)]};
  text += fmt::format("patches drawn: {} (LOD 0 {}, LOD 1 {}, LOD 2 {}); culled {}\n", drawn, per_lod[0], per_lod[1],
                      per_lod[2], total.culled);
  text += fmt::format("lod modes: {}\n", modes);
  text += fmt::format("shrubs: {} instances drawn ({} shrub packets sent), {} culled\n", result.last_frame.shrubs_drawn,
                      result.last_frame.shrub_packets, result.last_frame.shrubs_culled);
  text += fmt::format("mobies: {} instances drawn ({} moby packets sent), {} culled\n",
                      result.last_frame.mobies_drawn.size(), result.last_frame.moby_packets,
                      result.last_frame.mobies_culled);
  text += fmt::format("vif1: {} qwords sent by DMA channel 1\n", total.dma_qwords);
  text += fmt::format("vu1: {} microprograms, {} cycles busy, {} stall cycles\n", total.microprograms,
                      total.vu_cycles, total.vu_stall_cycles);
  text += fmt::format("xgkicks: {}; strips {}, triangles {} ({} suppressed by the clip test's ADC bit)\n",
                      total.xgkicks, census.strip_count(), census.triangles(), census.suppressed_triangles());
  text += fmt::format("gs: {} primitives, {} pixels drawn\n", total.gs.primitives, total.gs.pixels);
  const double emulated = static_cast<double>(total.cycles) / vu::kVu1ClockHz;
  const double vu_time = static_cast<double>(total.vu_cycles) / vu::kVu1ClockHz;
  text += fmt::format("emulated: {:.3f} ms of pipeline time ({:.3f} ms of it VU1 busy) at 294.912 MHz",
                      emulated * 1e3, vu_time * 1e3);
  if (frames > 0) text += fmt::format(", {:.1f}% of a 60 Hz frame", 100.0 * emulated * kGameFramesPerSecond / frames);
  text += "\n";
  text += fmt::format("wall time: {:.3f} s", result.wall_seconds);
  if (result.wall_seconds > 0) {
    text += fmt::format(" ({:.4f}x real time; VU1 emulated at {:.1f} M cycles/s; {:.1f} frames/s)",
                        emulated / result.wall_seconds, static_cast<double>(total.vu_cycles) / result.wall_seconds / 1e6,
                        static_cast<double>(frames) / result.wall_seconds);
  }
  text += "\n";
  return text;
}

}  // namespace gcvu::harness
