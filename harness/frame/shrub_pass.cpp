#include "harness/frame/instance_placement.hpp"
#include "harness/frame/shrub_pass.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "emu/vu/float/float_unit.hpp"
#include "formats/core/little_endian.hpp"
#include "formats/rc2/vif_code.hpp"
#include "harness/frame/float_word.hpp"
#include "harness/frame/gs_setup.hpp"
#include "microcode/shrub/shrub_abi.hpp"

namespace gcvu::harness::frame {

namespace {

namespace shrub_abi = microcode::shrub;
using formats::rc2::kUnpackV4_32;
using formats::rc2::kVifNopWord;
using formats::rc2::vif_word;

// A visible instance: which one, and its sphere (the class's, moved and scaled by the instance).
struct Placement {
  const Instance* instance = nullptr;
  size_t slot = 0;                 // its place in FrameOptions::instances
  std::array<double, 4> sphere{};  // world centre and radius
};

// The instance's matrix columns: class fixed point (world = value * class scale / 1024, then carried by the
// instance's axes and moved) to the screen, in double, rounded to float once.
std::array<std::array<uint32_t, 4>, 4> instance_columns(const formats::rc2::ShrubClass& shrub,
                                                        const Instance& instance, const Rows4& screen) {
  const double unit = shrub.scale / 1024.0;
  std::array<std::array<double, 3>, 3> model{};
  for (size_t k = 0; k < 3; ++k) {
    for (size_t a = 0; a < 3; ++a) model[k][a] = instance.axes[k][a] * unit;
  }
  std::array<std::array<uint32_t, 4>, 4> columns{};
  for (size_t row = 0; row < 4; ++row) {
    for (size_t column = 0; column < 3; ++column) {
      const auto& m = model[column];
      columns[column][row] = float_word(screen[row][0] * m[0] + screen[row][1] * m[1] + screen[row][2] * m[2]);
    }
    const auto& pos = instance.position;
    columns[3][row] =
        float_word(screen[row][0] * pos[0] + screen[row][1] * pos[1] + screen[row][2] * pos[2] + screen[row][3]);
  }
  return columns;
}

uint32_t fog_at(double depth) {
  const double fog = 255.0 * (1.0 / depth - 1.0 / kFogFar) / (1.0 / kFogNear - 1.0 / kFogFar);
  return float_word(std::clamp(fog, 0.0, 255.0));
}

}  // namespace

void rewrite_shrub_textures(std::vector<uint8_t>& core, const formats::rc2::Level& level,
                            const std::vector<PlacedTexture>& placed) {
  for (const formats::rc2::ShrubClass& shrub : level.shrubs) {
    const formats::rc2::ClassEntry& entry = level.index.shrubs[shrub.index];
    for (const formats::rc2::ShrubPacket& packet : shrub.packets) {
      for (size_t k = 0; k < packet.textures.size(); ++k) {
        const formats::rc2::ShrubTextureRecord& record = packet.textures[k];
        const PlacedTexture& texture = placed.at(entry.texture_slots.at(record.texture_slot()));
        // The packet: 4 VIF code words, the header qword, the gif tags, then 4 qwords per texture record
        // (TEX1_1, CLAMP_1, MIPTBP1_1, TEX0_1).
        const size_t at = shrub.span_offset + packet.offset + 16 + 16 * (1 + packet.gif_tag_count + 4 * k);
        formats::store_le_u64(core, at + 0 * 16, tex1_value(0, 1));
        formats::store_le_u64(core, at + 2 * 16, miptbp1_value(texture));
        formats::store_le_u64(core, at + 3 * 16, tex0_value(texture));
      }
    }
  }
}

ShrubPassStats write_shrub_chain(ChainWriter& chain, const formats::rc2::Level& level,
                                 const std::vector<Instance>& instances, const FrameOptions& options,
                                 uint64_t core_address, const ShrubEntries& entries, ShrubColours& colours) {
  ShrubPassStats stats;
  std::map<size_t, const formats::rc2::ShrubClass*> classes;  // by core-index table entry
  for (const formats::rc2::ShrubClass& shrub : level.shrubs) classes[shrub.index] = &shrub;
  // Visible instances per class, in class order.
  std::map<size_t, std::vector<Placement>> visible;
  for (size_t slot = 0; slot < instances.size(); ++slot) {
    const Instance& instance = instances[slot];
    if (instance.kind != InstanceKind::kShrub) continue;
    const auto found = classes.find(instance.class_index);
    if (found == classes.end()) continue;
    const Placement placement = {&instance, slot, instance_sphere(instance, found->second->sphere)};
    if (!instance_visible(options.camera, placement.sphere)) {
      ++stats.instances_culled;
      continue;
    }
    visible[instance.class_index].push_back(placement);
  }
  if (visible.empty()) return stats;

  const std::vector<uint32_t> flush = {vif_word(formats::rc2::kVifFlush, 0, 0)};
  chain.cnt(flush);
  chain.direct(pass_test_packet(true), 0, 0, "foliage GS state");
  const std::vector<uint32_t> setup = {
      vif_word(formats::rc2::kVifStcycl, 0, 0x0404), vif_word(formats::rc2::kVifStmod, 0, 0),
      vif_word(formats::rc2::kVifBase, 0, shrub_abi::kInputBase),
      vif_word(formats::rc2::kVifOffset, 0, shrub_abi::kInputOffset), kVifNopWord, kVifNopWord, kVifNopWord,
      vif_word(kUnpackV4_32, 1, shrub_abi::kAdTagAddr),
      // The A+D tag: NLOOP 4, NREG 1 (bits 60-63), REGS A+D (0xe).
      4, 0x10000000u, 0xe, 0, vif_word(formats::rc2::kVifMscal, 0, static_cast<uint16_t>(entries.init))};
  chain.cnt(setup);

  const Rows4 screen = world_to_screen_rows(options.camera);
  const ViewBasis basis = view_basis(options.camera);
  for (const auto& [class_index, members] : visible) {
    const formats::rc2::ShrubClass& shrub = *classes.at(class_index);
    for (size_t first = 0; first < members.size(); first += shrub_abi::kMaxInstances) {
      const size_t count = std::min<size_t>(shrub_abi::kMaxInstances, members.size() - first);
      double nearest = kFarPlane;
      for (size_t i = first; i < first + count; ++i) {
        const auto& s = members[i].sphere;
        const double depth = (s[0] - options.camera.x) * basis.forward[0] +
                             (s[1] - options.camera.y) * basis.forward[1] + (s[2] - options.camera.z) * basis.forward[2];
        nearest = std::min(nearest, depth);
      }
      // FLUSHE first: the previous call's last program still reads the instance area this call overwrites.
      std::vector<uint32_t> words = {vif_word(formats::rc2::kVifFlushe, 0, 0),
                                     kVifNopWord,
                                     kVifNopWord,
                                     vif_word(kUnpackV4_32, 1, shrub_abi::kCallParamsAddr),
                                     static_cast<uint32_t>(count),
                                     fog_at(nearest),
                                     0,
                                     0};
      for (size_t i = first; i < first + count; ++i) {
        const Placement& placement = members[i];
        const Instance* instance = placement.instance;
        // One UNPACK per instance: ten instances of 28 qwords would pass an UNPACK's 256.
        const auto slot = static_cast<uint16_t>(shrub_abi::kInstanceBase + shrub_abi::kInstanceQwords * (i - first));
        words.insert(words.end(),
                     {kVifNopWord, kVifNopWord, kVifNopWord, vif_word(kUnpackV4_32, shrub_abi::kInstanceQwords, slot)});
        for (const auto& column : instance_columns(shrub, *instance, screen)) {
          words.insert(words.end(), column.begin(), column.end());
        }
        for (uint32_t colour : colours.of(placement.slot, shrub, *instance, options.lights)) {
          for (int lane = 0; lane < 4; ++lane) words.push_back((colour >> (8 * lane)) & 0xff);
        }
      }
      chain.cnt(words);
      for (const formats::rc2::ShrubPacket& packet : shrub.packets) {
        chain.ref(static_cast<uint32_t>(core_address + shrub.span_offset + packet.offset), packet.size);
        const std::vector<uint32_t> mscal = {vif_word(formats::rc2::kVifMscal, 0, static_cast<uint16_t>(entries.packet))};
        chain.cnt(mscal);
        ++stats.packets_sent;
      }
      stats.instances_drawn += count;
      stats.drawn_classes.insert(stats.drawn_classes.end(), count, class_index);
    }
  }
  return stats;
}

}  // namespace gcvu::harness::frame
