#pragma once
// The demo frame (`gcvu run` with no level: the generated height field, its shrubs and mobies, seed 1, 400 patches,
// seen from the overview camera) loaded into a clocked system with a GS, for the system tests that run it.

#include <cstdint>
#include <vector>

#include "emu/gif/gs_sink.hpp"
#include "emu/gs/gs.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/gs_from_gif.hpp"
#include "harness/frame/frame_builder.hpp"

namespace gcvu::test {

// Built once per test binary.
const harness::frame::BuiltFrame& demo_frame();

// A GS sink that hands every write to two sinks (a recorder beside the GS, say).
class TeeSink final : public gif::GsSink {
 public:
  TeeSink(gif::GsSink& first, gif::GsSink& second) : first_(first), second_(second) {}
  void write_register(gif::Path path, uint8_t address, uint64_t value, uint64_t cycle) override {
    first_.write_register(path, address, value, cycle);
    second_.write_register(path, address, value, cycle);
  }
  void write_packed_register(gif::Path path, uint8_t address, uint64_t value, uint64_t cycle) override {
    first_.write_packed_register(path, address, value, cycle);
    second_.write_packed_register(path, address, value, cycle);
  }
  void write_image(gif::Path path, const Qword& data, uint64_t cycle) override {
    first_.write_image(path, data, cycle);
    second_.write_image(path, data, cycle);
  }
  void write_image_run(gif::Path path, std::span<const uint8_t> data, std::span<const uint8_t> following,
                       uint64_t cycle) override {
    first_.write_image_run(path, data, following, cycle);
    second_.write_image_run(path, data, following, cycle);
  }
  void end_packet(gif::Path path, uint64_t cycle) override {
    first_.end_packet(path, cycle);
    second_.end_packet(path, cycle);
  }

 private:
  gif::GsSink& first_;
  gif::GsSink& second_;
};

// The demo frame's DMA chain started on a fresh system (and GS) with `config`.
struct DemoMachine {
  explicit DemoMachine(system::SystemConfig config = {}, gif::GsSink* also = nullptr);
  gs::Gs gs;
  system::GsFromGif to_gs;
  TeeSink tee;
  system::ClockedSystem system;
};

// The GS memory after the GS has drawn everything it was sent.
std::vector<uint8_t> gs_memory(gs::Gs& gs);

}  // namespace gcvu::test
