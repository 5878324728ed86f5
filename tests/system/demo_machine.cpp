#include "tests/system/demo_machine.hpp"

#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "microcode/tfrag/tfrag_program.hpp"

namespace gcvu::test {

namespace {

// Swallows everything: the second half of the tee when nobody else listens.
class NoSink final : public gif::GsSink {
 public:
  void write_register(gif::Path, uint8_t, uint64_t, uint64_t) override {}
  void write_image(gif::Path, const Qword&, uint64_t) override {}
  void end_packet(gif::Path, uint64_t) override {}
};

gif::GsSink& no_sink() {
  static NoSink sink;
  return sink;
}

}  // namespace

const harness::frame::BuiltFrame& demo_frame() {
  static const harness::frame::BuiltFrame frame = [] {
    auto files = harness::write_demo_level({1, 400});
    const formats::rc2::Level level =
        formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
    const harness::frame::FrameOptions options = harness::scene_frame_options(level, harness::overview_camera(level));
    return harness::frame::build_frame(level, microcode::tfrag::tfrag_program(), options);
  }();
  return frame;
}

DemoMachine::DemoMachine(system::SystemConfig config, gif::GsSink* also)
    : to_gs(gs), tee(to_gs, also != nullptr ? *also : no_sink()), system(tee, config) {
  harness::frame::load_frame(demo_frame(), system.ee());
  system.dma().start_chain(demo_frame().chain_address, {});
}

std::vector<uint8_t> gs_memory(gs::Gs& gs) {
  gs.flush();
  return {gs.memory().bytes().begin(), gs.memory().bytes().end()};
}

}  // namespace gcvu::test
