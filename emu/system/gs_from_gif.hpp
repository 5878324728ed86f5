#pragma once
// Connects the GIF's output to the GS: register writes (with their PACKED/A+D origin) and IMAGE data.

#include "emu/gif/gs_sink.hpp"
#include "emu/gs/gs.hpp"

namespace gcvu::system {

class GsFromGif final : public gif::GsSink {
 public:
  explicit GsFromGif(gs::Gs& gs) : gs_(gs) {}

  void write_register(gif::Path, uint8_t address, uint64_t value, uint64_t) override {
    gs_.write_register(address, value, gs::WriteOrigin::kAddressData);
  }
  void write_packed_register(gif::Path, uint8_t address, uint64_t value, uint64_t) override {
    gs_.write_register(address, value, gs::WriteOrigin::kPacked);
  }
  void write_image(gif::Path, const Qword& data, uint64_t) override { gs_.write_image(data); }
  void write_image_run(gif::Path, std::span<const uint8_t> data, std::span<const uint8_t> following,
                       uint64_t) override {
    gs_.write_image(data, following);
  }
  void end_packet(gif::Path, uint64_t) override {}

 private:
  gs::Gs& gs_;
};

}  // namespace gcvu::system
