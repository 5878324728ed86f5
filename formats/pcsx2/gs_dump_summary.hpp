#pragma once
// What `gcvu info` reports about a GS dump: header facts, packet counts, bytes per path, and a census of the
// packets (the GIF data inside them is counted by the harness, through gcvu's own GIF decoders).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/pcsx2/gs_dump.hpp"

namespace gcvu::formats {

struct GsDumpSummary {
  bool new_header = false;
  std::string serial;
  uint32_t crc = 0;
  uint32_t state_version = 0;
  uint32_t screenshot_width = 0;
  uint32_t screenshot_height = 0;
  uint32_t screenshot_size = 0;
  uint64_t decompressed_size = 0;
  uint64_t packets = 0;
  std::array<uint64_t, 4> transfers_by_path{};  // indexed by GsTransferPath
  std::array<uint64_t, 4> bytes_by_path{};
  uint64_t vsyncs = 0;
  std::string vsync_fields;  // the field byte of each vsync, in order ("0,1,0"), shortened past 16
  uint64_t read_fifo2 = 0;
  uint64_t read_fifo2_qwords = 0;
  uint64_t register_packets = 0;
};

GsDumpSummary summarize_gs_dump(const GsDump& dump);
// "key: value" lines for `gcvu info`.
std::vector<std::string> gs_dump_summary_lines(const GsDumpSummary& summary);

}  // namespace gcvu::formats
