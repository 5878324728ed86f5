#include "harness/frame/instance_placement.hpp"
#include "harness/frame/moby_pass.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"
#include "formats/core/little_endian.hpp"
#include "formats/rc2/vif_code.hpp"
#include "formats/rc2/vif_list.hpp"
#include "harness/frame/gs_setup.hpp"
#include "harness/frame/moby_pose.hpp"
#include "microcode/moby/moby_abi.hpp"

namespace gcvu::harness::frame {

namespace {

namespace moby_abi = microcode::moby;
using formats::rc2::kUnpackV4_32;
using formats::rc2::kVifNopWord;
using formats::rc2::vif_word;
constexpr uint8_t kUnpackV4_16 = formats::rc2::unpack_command(3, 1);
constexpr uint8_t kTex0 = 0x06, kClamp = 0x08, kTex1 = 0x14, kMiptbp1 = 0x34;

// Absolute VU1 addresses of what the frame builder uploads per packet (the buffer-relative ABI names + BASE).
constexpr uint16_t kVertexAddr = moby_abi::kInputBase + moby_abi::kVertexRel;
constexpr uint16_t kPaletteAddr = moby_abi::kInputBase + moby_abi::kPaletteRel;
constexpr uint16_t kCopyAddr = moby_abi::kInputBase + moby_abi::kCopyRel;
constexpr uint16_t kParamsAddr = moby_abi::kInputBase + moby_abi::kPacketParamsRel;
constexpr uint16_t kEntryQwords = 2;  // a transferred or cached vertex: XYZF2 qword, then q

std::array<uint32_t, 4> gif_tag_words(uint32_t nloop, bool pre, uint64_t prim, uint32_t nreg, uint64_t regs) {
  const uint64_t low = nloop | (uint64_t{pre} << 46) | (prim << 47) | (uint64_t{nreg} << 60);
  return {static_cast<uint32_t>(low), static_cast<uint32_t>(low >> 32), static_cast<uint32_t>(regs),
          static_cast<uint32_t>(regs >> 32)};
}

// Opens an UNPACK so its data starts on a quadword boundary of the CNT (NOPs before the code, as the other passes).
void open_unpack(std::vector<uint32_t>& words, uint8_t command, uint32_t qwords, uint16_t address) {
  while (words.size() % 4 != 3) words.push_back(kVifNopWord);
  words.push_back(vif_word(command, static_cast<uint8_t>(qwords), address));
}

void add_qword(std::vector<uint32_t>& words, const std::array<uint32_t, 4>& q) { words.insert(words.end(), q.begin(), q.end()); }

std::string packet_context(const formats::rc2::MobyClass& moby, size_t packet) {
  return fmt::format("moby class {} (o_class {}), packet {}", moby.table_index, moby.class_number, packet);
}

// The ABI's fixed limits for one packet.
void check_packet_limits(const formats::rc2::MobyClass& moby, size_t index, const std::string& source) {
  const formats::rc2::MobyPacket& packet = moby.packets[index];
  const auto fail = [&](const std::string& rule) {
    throw formats::FormatError(source, packet.entry_offset,
                               fmt::format("{}: the moby program cannot draw it: {}", packet_context(moby, index), rule));
  };
  const formats::rc2::MobyVertexTable& table = packet.vertex_table;
  if (table.vertices.size() > moby_abi::kMaxInFileVertices) {
    fail(fmt::format("{} in-file vertices, the input buffer holds {}", table.vertices.size(),
                     moby_abi::kMaxInFileVertices));
  }
  if (packet.st_address != moby_abi::kStRel || packet.index_address != moby_abi::kIndexRel) {
    fail(fmt::format("its STs unpack to {} and its index buffer to {}, the program reads them at {} and {}",
                     formats::hex_offset(packet.st_address), formats::hex_offset(packet.index_address),
                     formats::hex_offset(moby_abi::kStRel), formats::hex_offset(moby_abi::kIndexRel)));
  }
  const size_t index_qwords = (4 + packet.index_bytes.size() + 3) / 4;
  const size_t end = moby_abi::kIndexRel + index_qwords + 4 * packet.ad_gifs.size();
  if (end > moby_abi::kInputQwords) {
    fail(fmt::format("its index buffer and A+D blocks end at buffer qword {}, past the input buffer's {}",
                     formats::hex_offset(end), formats::hex_offset(moby_abi::kInputQwords)));
  }
}

}  // namespace

void rewrite_moby_textures(std::vector<uint8_t>& core, const formats::rc2::Level& level,
                           const std::vector<PlacedTexture>& placed, const std::string& source) {
  for (const formats::rc2::MobyClass& moby : level.moby_classes) {
    for (size_t p = 0; p < moby.packets.size(); ++p) {
      const formats::rc2::MobyPacket& packet = moby.packets[p];
      if (packet.ad_gifs.empty()) continue;
      const uint64_t begin = packet.vif_list_offset;
      const formats::ByteReader reader(
          std::span<const uint8_t>(core).subspan(begin, size_t{packet.entry.vif_list_size} * 16), source, begin);
      for (const formats::rc2::VifCommand& command : formats::rc2::walk_vif_list(reader)) {
        if (!command.code.is_unpack() || command.code.vn() != 3 || command.code.vl() != 0) continue;
        const uint64_t payload = static_cast<uint64_t>(command.payload.data() - core.data());
        for (size_t k = 0; k < packet.ad_gifs.size(); ++k) {
          const formats::rc2::MobyAdGifBlock& block = packet.ad_gifs[k];
          const PlacedTexture* texture = nullptr;
          for (size_t q = 0; q < 4; ++q) {
            if ((block.address[q] & 0xff) != kTex0) continue;
            const uint64_t named = block.data[q] & 0xffffffffu;
            if (named >= placed.size()) {
              throw formats::FormatError(source, payload + 64 * k + 16 * q,
                                         fmt::format("{}: A+D block {} names texture {} of {}",
                                                     packet_context(moby, p), k, named, placed.size()));
            }
            texture = &placed[named];
          }
          if (texture == nullptr) continue;  // no TEX0_1: the block is sent as stored
          for (size_t q = 0; q < 4; ++q) {
            const uint64_t at = payload + 64 * k + 16 * q;
            switch (block.address[q] & 0xff) {
              case kTex0: formats::store_le_u64(core, at, tex0_value(*texture)); break;
              case kTex1: formats::store_le_u64(core, at, tex1_value(0, 1)); break;
              case kMiptbp1: formats::store_le_u64(core, at, miptbp1_value(*texture)); break;
              case kClamp: break;
              default: break;
            }
          }
        }
        break;
      }
    }
  }
}

MobyPassStats write_moby_chain(ChainWriter& chain, const formats::rc2::Level& level,
                               const std::vector<Instance>& instances, const FrameOptions& options,
                               uint64_t core_address, const MobyEntries& entries, const std::string& source) {
  MobyPassStats stats;
  std::vector<std::pair<const Instance*, size_t>> drawn;  // instance, index into level.moby_classes
  for (const Instance& instance : instances) {
    if (instance.kind != InstanceKind::kMoby) continue;
    for (size_t c = 0; c < level.moby_classes.size(); ++c) {
      if (level.moby_classes[c].table_index != instance.class_index) continue;
      if (instance_visible(options.camera, instance_sphere(instance, level.moby_classes[c].header.bounding_sphere))) {
        drawn.push_back({&instance, c});
      } else {
        ++stats.instances_culled;
      }
    }
  }
  if (drawn.empty()) return stats;

  const std::vector<uint32_t> flush = {vif_word(formats::rc2::kVifFlush, 0, 0)};
  chain.cnt(flush);
  chain.direct(pass_test_packet(false), 0, 0, "actor GS state");
  const FrameConstants constants = frame_constants(options.camera);
  std::vector<uint32_t> setup = {vif_word(formats::rc2::kVifStcycl, 0, 0x0404), vif_word(formats::rc2::kVifStmod, 0, 0),
                                 vif_word(formats::rc2::kVifBase, 0, moby_abi::kInputBase),
                                 vif_word(formats::rc2::kVifOffset, 0, 0)};
  open_unpack(setup, kUnpackV4_32, 7, moby_abi::kScreenScaleAddr);
  add_qword(setup, constants.screen_scale);
  add_qword(setup, constants.screen_offset);
  add_qword(setup, constants.fog_clamp);
  add_qword(setup, gif_tag_words(0, true, moby_abi::kStripPrim, 3, moby_abi::kStripRegs));
  add_qword(setup, gif_tag_words(0, false, moby_abi::kStripPrim, 3, moby_abi::kStripRegs));
  add_qword(setup, gif_tag_words(4, false, 0, 1, 0xe));
  add_qword(setup, {0x80, 0x80, 0x80, 0x80});
  setup.push_back(vif_word(formats::rc2::kVifMscal, 0, static_cast<uint16_t>(entries.init)));
  chain.cnt(setup);

  for (const auto& [instance, class_position] : drawn) {
    const formats::rc2::MobyClass& moby = level.moby_classes[class_position];
    const size_t packets = std::min<size_t>(moby.header.high_lod_count, moby.packets.size());
    // Which cache IDs a later packet of this instance reads: only those are stored.
    std::vector<std::set<unsigned>> read_after(packets + 1);
    for (size_t p = packets; p-- > 0;) {
      read_after[p] = read_after[p + 1];
      for (uint16_t id : moby.packets[p].vertex_table.duplicates) read_after[p].insert(id);
    }
    const std::vector<MobyMatrix> joints = moby_joint_matrices(
        moby, *instance, options.camera, moby_animation_time(*instance, options.frame_index));
    MobyVu0 vu0(joints);
    std::set<unsigned> stored;
    DrawnMoby record;
    record.moby_class = class_position;
    for (size_t p = 0; p < packets; ++p) {
      const formats::rc2::MobyPacket& packet = moby.packets[p];
      const formats::rc2::MobyVertexTable& table = packet.vertex_table;
      const std::string context = packet_context(moby, p);
      check_packet_limits(moby, p, source);
      const MobyPacketPose pose = vu0.pose_packet(table, source, context);
      const auto fail = [&](const std::string& rule) {
        throw formats::FormatError(source, packet.entry_offset,
                                   fmt::format("{}: the moby program cannot draw it: {}", context, rule));
      };

      // The copy list: duplicates out of the cache, then the cache stores a later packet reads.
      const size_t n = table.vertices.size();
      std::vector<std::array<uint32_t, 4>> copies;
      for (size_t j = 0; j < table.duplicates.size(); ++j) {
        const unsigned id = table.duplicates[j];
        if (id >= moby_abi::kCacheEntries) {
          fail(fmt::format("duplicate {} reads cache entry {}, the program's cache has {}", j, id,
                           moby_abi::kCacheEntries));
        }
        if (stored.count(id) == 0) {
          fail(fmt::format("duplicate {} reads cache entry {}, which no earlier packet of the instance stored", j, id));
        }
        copies.push_back({static_cast<uint32_t>(moby_abi::kCacheAddr + kEntryQwords * id),
                          static_cast<uint32_t>(moby_abi::kTransferredAddr + kEntryQwords * (n + j)), 0, 0});
      }
      const size_t duplicate_copies = copies.size();
      for (size_t i = 0; i < n; ++i) {
        const unsigned id = table.vertex_ids.at(i);
        if (read_after[p + 1].count(id) == 0) continue;
        if (id >= moby_abi::kCacheEntries) {
          fail(fmt::format("in-file vertex {} goes to cache entry {}, the program's cache has {}", i, id,
                           moby_abi::kCacheEntries));
        }
        copies.push_back({static_cast<uint32_t>(moby_abi::kTransferredAddr + kEntryQwords * i),
                          static_cast<uint32_t>(moby_abi::kCacheAddr + kEntryQwords * id), 0, 0});
        stored.insert(id);
      }
      if (copies.size() > moby_abi::kMaxCopies) {
        fail(fmt::format("{} copies (duplicates and cache stores), the copy list holds {}", copies.size(),
                         moby_abi::kMaxCopies));
      }

      // FLUSHE first: the previous packet's program still reads the single input buffer.
      std::vector<uint32_t> words = {vif_word(formats::rc2::kVifFlushe, 0, 0)};
      if (p == 0) {
        open_unpack(words, kUnpackV4_32, 1, moby_abi::kColourAddr);
        add_qword(words, {instance->colour & 0xff, (instance->colour >> 8) & 0xff, (instance->colour >> 16) & 0xff,
                          (instance->colour >> 24) & 0xff});
      }
      if (n > 0) {
        open_unpack(words, kUnpackV4_32, static_cast<uint32_t>(4 * pose.matrices.size()), kPaletteAddr);
        for (const MobyMatrix& m : pose.matrices) {
          for (const auto& column : m) add_qword(words, column);
        }
        open_unpack(words, kUnpackV4_16, static_cast<uint32_t>(n), kVertexAddr);
        for (size_t i = 0; i < n; ++i) {
          const auto& position = table.vertices[i].position;
          const auto matrix = static_cast<uint16_t>(kPaletteAddr + 4 * pose.vertex_matrix[i]);
          words.push_back(static_cast<uint16_t>(position[0]) | uint32_t{static_cast<uint16_t>(position[1])} << 16);
          words.push_back(static_cast<uint16_t>(position[2]) | uint32_t{matrix} << 16);
        }
      }
      if (!copies.empty()) {
        open_unpack(words, kUnpackV4_32, static_cast<uint32_t>(copies.size()), kCopyAddr);
        for (const auto& copy : copies) add_qword(words, copy);
      }
      open_unpack(words, kUnpackV4_32, 1, kParamsAddr);
      add_qword(words, {static_cast<uint32_t>(n), static_cast<uint32_t>(duplicate_copies),
                        static_cast<uint32_t>(copies.size() - duplicate_copies), 0});
      chain.cnt(words);
      chain.ref(static_cast<uint32_t>(core_address + packet.vif_list_offset), uint64_t{packet.entry.vif_list_size} * 16);
      const std::vector<uint32_t> mscal = {vif_word(formats::rc2::kVifMscal, 0, static_cast<uint16_t>(entries.packet))};
      chain.cnt(mscal);
      record.packets.push_back(p);
      ++stats.packets_sent;
    }
    stats.drawn.push_back(std::move(record));
  }
  return stats;
}

}  // namespace gcvu::harness::frame
