#include "tests/harness/instance_strip_walk.hpp"

#include <stdexcept>

#include <gtest/gtest.h>

#include "harness/frame/lod_choice.hpp"
#include "microcode/shrub/shrub_abi.hpp"

namespace gcvu::harness {

size_t terrain_strips(const formats::rc2::Level& level, const frame::BuiltFrame& built) {
  size_t count = 0;
  for (const frame::DrawnPatch& drawn : built.drawn) {
    for (const auto& record : level.patches[drawn.patch].strips[frame::lod_of(drawn.mode)]) {
      count += record.count != 0 ? 1 : 0;
    }
  }
  return count;
}

uint64_t expect_shrub_strips(const formats::rc2::Level& level, const frame::BuiltFrame& built,
                             const std::vector<KickedStrip>& strips, size_t& next) {
  const auto class_of = [&](size_t entry) -> const formats::rc2::ShrubClass& {
    for (const auto& shrub : level.shrubs) {
      if (shrub.index == entry) return shrub;
    }
    throw std::runtime_error("no such shrub class");
  };
  uint64_t shrub_triangles = 0;
  size_t instance = 0;
  while (instance < built.shrub_classes_drawn.size()) {
    const size_t entry = built.shrub_classes_drawn[instance];
    size_t count = 0;
    while (instance + count < built.shrub_classes_drawn.size() && count < microcode::shrub::kMaxInstances &&
           built.shrub_classes_drawn[instance + count] == entry) {
      ++count;
    }
    const formats::rc2::ShrubClass& shrub = class_of(entry);
    for (const formats::rc2::ShrubPacket& packet : shrub.packets) {
      for (size_t i = 0; i < count; ++i) {
        uint32_t triangles = 0;
        for (const formats::rc2::ShrubPrimitive& primitive : packet.primitives) {
          if (next >= strips.size()) {
            ADD_FAILURE() << "fewer strips than the drawn shrub packets hold";
            return shrub_triangles;
          }
          EXPECT_EQ(strips[next].vertices.size(), primitive.vertex_count) << "class " << entry;
          triangles += strips[next].triangles();
          ++next;
        }
        EXPECT_EQ(triangles, packet.triangles) << "class " << entry;
        shrub_triangles += triangles;
      }
    }
    instance += count;
  }
  return shrub_triangles;
}

uint64_t expect_moby_strips(const formats::rc2::Level& level, const frame::BuiltFrame& built,
                            const std::vector<KickedStrip>& strips, size_t& next) {
  uint64_t moby_triangles = 0;
  size_t packets = 0;
  for (const frame::DrawnMoby& moby : built.mobies_drawn) {
    const formats::rc2::MobyClass& cls = level.moby_classes[moby.moby_class];
    EXPECT_EQ(moby.packets.size(), cls.header.high_lod_count);
    for (size_t p : moby.packets) {
      if (next >= strips.size()) {
        ADD_FAILURE() << "fewer strips than the drawn moby packets hold";
        return moby_triangles;
      }
      const KickedStrip& strip = strips[next++];
      const formats::rc2::MobyPacket& packet = cls.packets[p];
      EXPECT_EQ(strip.vertices.size(), packet.strip.size()) << "class " << cls.table_index << " packet " << p;
      EXPECT_EQ(strip.triangles() - strip.suppressed(), packet.kicked_triangles())
          << "class " << cls.table_index << " packet " << p;
      moby_triangles += packet.kicked_triangles();
      ++packets;
    }
  }
  EXPECT_EQ(packets, built.moby_packets);
  return moby_triangles;
}

}  // namespace gcvu::harness
