#include "harness/debug/debug_targets.hpp"

#include <memory>

#include <fmt/format.h>

#include "formats/rc2/level.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/frame_display.hpp"
#include "harness/run/level_run.hpp"
#include "microcode/tfrag/tfrag_program.hpp"

namespace gcvu::harness::debug {

std::map<std::string, uint32_t> placed_labels(const std::vector<frame::PlacedProgram>& programs) {
  std::map<std::string, uint32_t> labels;
  std::map<std::string, int> owners;
  for (const frame::PlacedProgram& placed : programs) {
    for (const auto& [label, address] : placed.program->labels) {
      const uint32_t at = placed.first_instruction * 8 + address;
      labels[placed.name + "." + label] = at;
      if (++owners[label] == 1) labels[label] = at;
    }
  }
  for (const auto& [label, count] : owners) {
    if (count > 1) labels.erase(label);
  }
  return labels;
}

DebugTarget demo_target(const DemoTargetRequest& request) {
  HeightFieldParameters parameters;
  parameters.seed = request.seed;
  parameters.patches = request.patches;
  formats::rc2::LevelFiles files = write_demo_level(parameters);
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
  const frame::Camera camera = request.camera.value_or(overview_camera(level));
  const frame::FrameOptions first = scene_frame_options(level, camera);
  auto frames = std::make_shared<std::vector<frame::BuiltFrame>>();
  frame::FrameBuilder builder(level);
  for (uint32_t index = 0; index < request.frames; ++index) {
    frame::FrameOptions options = first;
    options.camera = advance_camera(camera, request.step, index);
    options.frame_index = index;
    frames->push_back(builder.build(microcode::tfrag::tfrag_program(), options));
  }

  DebugTarget target;
  target.name = fmt::format("the demo (height field, seed {}, {} patches), {} frame{}", request.seed,
                            request.patches, request.frames, request.frames == 1 ? "" : "s");
  target.config = request.config;
  target.transfers = request.frames;
  target.labels = placed_labels(frames->front().programs);
  target.load_ee = [frames](size_t n, system::ClockedSystem& system) { frame::load_frame((*frames)[n], system.ee()); };
  target.start = [frames](size_t n, system::ClockedSystem& system) {
    system.dma().start_chain((*frames)[n].chain_address, {});
  };
  target.between = [](size_t, system::ClockedSystem&, gs::Gs& gs) {
    show_frame(display_for_context1(gs.registers()), gs);
    gs.vsync();
  };
  return target;
}

DebugTarget vif_stream_target(const VifRunRequest& request, std::string name,
                              const std::map<std::string, uint32_t>& labels) {
  DebugTarget target;
  target.name = std::move(name);
  target.config = request.config;
  target.labels = labels;
  target.prepare = [request](system::ClockedSystem& system, gs::Gs&) { prepare_vif_machine(request, system); };
  target.load_ee = [request](size_t, system::ClockedSystem& system) { load_vif_ee(request, system); };
  target.start = [request](size_t, system::ClockedSystem& system) { start_vif_transfer(request, system); };
  return target;
}

DebugTarget vutrace_target(const formats::VutraceTrace& trace, size_t start, const TraceDiffOptions& options,
                           std::string name) {
  DebugTarget target;
  target.name = std::move(name);
  target.config.vu = vu_config_for(trace, options);
  const formats::VutraceSnapshot* snapshot = &trace.snapshots.at(start);
  target.prepare = [snapshot](system::ClockedSystem& system, gs::Gs&) { load_snapshot_state(system.vu(), *snapshot); };
  target.load_ee = [](size_t, system::ClockedSystem&) {};
  target.start = [&trace, start, snapshot, options](size_t, system::ClockedSystem& system) {
    system.start_microprogram(snapshot->registers.tpc() / 8, options.top, options.itop);
    seed_snapshot_work(system.vu(), trace, start);
  };
  return target;
}

DebugTarget state_target(const StateRunRequest& request) {
  DebugTarget target;
  target.name = request.source;
  target.config = request.config;
  target.gs = request.gs;
  target.transfers = std::max<size_t>(request.plan.transfers.size(), 1);
  target.prepare = [request](system::ClockedSystem& system, gs::Gs& gs) {
    load_machine_from_state(*request.state, request.vif, system);
    load_gs_from_state(*request.state, gs);
  };
  // EE memory comes from the state once and no transfer changes it.
  target.load_ee = [](size_t, system::ClockedSystem&) {};
  target.start = [request](size_t n, system::ClockedSystem& system) {
    if (n < request.plan.transfers.size()) start_transfer(request.plan.transfers[n], request.plan.options, system);
  };
  return target;
}

}  // namespace gcvu::harness::debug
