#pragma once
// A GS sink that drops everything: the fuzz targets look for crashes, not for output.

#include "emu/gif/gs_sink.hpp"

namespace gcvu::fuzz {

class DiscardingGsSink final : public gif::GsSink {
 public:
  void write_register(gif::Path, uint8_t, uint64_t, uint64_t) override {}
  void write_image(gif::Path, const Qword&, uint64_t) override {}
  void end_packet(gif::Path, uint64_t) override {}
};

}  // namespace gcvu::fuzz
