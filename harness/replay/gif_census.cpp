#include "harness/replay/gif_census.hpp"

#include <fmt/format.h>

#include "emu/gif/gs_registers.hpp"
#include "harness/replay/dump_gif_paths.hpp"

namespace gcvu::harness {
namespace {

namespace reg = gif::gs_reg;

const char* prim_type_name(uint32_t type) {
  static constexpr const char* kNames[8] = {"point",          "line",         "line strip", "triangle",
                                            "triangle strip", "triangle fan", "sprite",     "reserved"};
  return kNames[type & 7];
}

class CensusSink final : public gif::GsSink {
 public:
  CensusSink(GifCensus& census, uint64_t prim) : census_(census), prim_type_(static_cast<uint32_t>(prim & 7)) {}

  void write_register(gif::Path, uint8_t address, uint64_t value, uint64_t) override {
    if (address == reg::kPrim) {
      ++census_.prim_writes;
      prim_type_ = static_cast<uint32_t>(value & 7);
      census_.prim_types_written |= static_cast<uint8_t>(1u << prim_type_);
    } else if (address == reg::kXyz2 || address == reg::kXyzf2) {
      ++census_.vertex_kicks;
      ++census_.vertex_kicks_by_prim[prim_type_];
    }
  }
  void write_image(gif::Path, const Qword&, uint64_t) override { ++census_.image_qwords; }
  void end_packet(gif::Path, uint64_t) override {}

 private:
  GifCensus& census_;
  uint32_t prim_type_;
};

}  // namespace

GifCensus count_gif_data(const formats::GsDump& dump) {
  GifCensus census;
  CensusSink sink(census, dump.state.prim);
  DumpGifPaths paths(dump);
  for (const formats::GsDumpPacket& packet : dump.packets) {
    if (packet.kind == formats::GsDumpPacketKind::kTransfer) paths.feed(packet, sink);
  }
  census.tags = paths.tags();
  census.tags_by_mode = {paths.tags(gif::GifFormat::kPacked), paths.tags(gif::GifFormat::kReglist),
                         paths.tags(gif::GifFormat::kImage) + paths.tags(gif::GifFormat::kDisabled)};
  for (auto path :
       {formats::GsTransferPath::kPath1Old, formats::GsTransferPath::kPath2, formats::GsTransferPath::kPath3}) {
    census.partial_bytes += paths.path(path).partial_bytes();
  }
  return census;
}

std::vector<std::string> gif_census_lines(const GifCensus& census) {
  std::vector<std::string> lines;
  lines.push_back(fmt::format("GIF tags: {} (PACKED {}, REGLIST {}, IMAGE {}), IMAGE data {} qwords", census.tags,
                              census.tags_by_mode[0], census.tags_by_mode[1], census.tags_by_mode[2],
                              census.image_qwords));
  std::string types, kicks;
  for (uint32_t type = 0; type < 8; ++type) {
    if (census.prim_types_written & (1u << type))
      types += fmt::format("{}{}", types.empty() ? "" : ", ", prim_type_name(type));
    if (census.vertex_kicks_by_prim[type] != 0) {
      kicks +=
          fmt::format("{}{} {}", kicks.empty() ? "" : ", ", prim_type_name(type), census.vertex_kicks_by_prim[type]);
    }
  }
  lines.push_back(fmt::format("PRIM writes: {}, types: {}", census.prim_writes, types.empty() ? "none" : types));
  lines.push_back(fmt::format("vertex kicks (XYZ2/XYZF2 writes, not primitives): {}", census.vertex_kicks));
  lines.push_back(fmt::format("vertex kicks by PRIM type: {}", kicks.empty() ? "none" : kicks));
  if (census.partial_bytes != 0) {
    lines.push_back(fmt::format("transfer bytes outside whole qwords: {}", census.partial_bytes));
  }
  return lines;
}

}  // namespace gcvu::harness
