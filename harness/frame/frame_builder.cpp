#include "harness/frame/frame_builder.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "formats/core/format_error.hpp"
#include "harness/frame/ad_gif_rewrite.hpp"
#include "harness/frame/chain_writer.hpp"
#include "harness/frame/gs_setup.hpp"
#include "harness/frame/patch_lists.hpp"
#include "harness/frame/texture_placement.hpp"
#include "microcode/tfrag/tfrag_abi.hpp"

namespace gcvu::harness::frame {

namespace {

namespace abi = microcode::tfrag;

// VIF1 command words (reference/vif-gif-formats.md §1).
constexpr uint32_t vif(uint8_t command, uint8_t num, uint16_t immediate) {
  return (uint32_t{command} << 24) | (uint32_t{num} << 16) | immediate;
}
constexpr uint8_t kNop = 0x00, kStcycl = 0x01, kOffset = 0x02, kBase = 0x03, kStmod = 0x05, kMscal = 0x14,
                  kMpg = 0x4a, kDirect = 0x50, kUnpackV4_32 = 0x6c, kUnpackV4_8 = 0x6e;
constexpr uint16_t kUnpackFlg = 0x8000, kUnpackUsn = 0x4000;
constexpr uint32_t kMaxInstructionsPerMpg = 256;
constexpr uint32_t kMicroBytes = 16 * 1024;

uint64_t align16(uint64_t value) { return (value + 15) / 16 * 16; }

// Builder-owned bytes placed after the level copies: lit colours and padded texel copies.
class DataArea {
 public:
  explicit DataArea(uint64_t address) : address_(address) {}
  uint64_t append(std::span<const uint8_t> bytes) {
    const uint64_t at = address_ + bytes_.size();
    bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
    bytes_.resize(align16(bytes_.size()), 0);
    return at;
  }
  uint64_t end() const { return address_ + bytes_.size(); }
  uint64_t address() const { return address_; }
  std::vector<uint8_t> take() { return std::move(bytes_); }

 private:
  uint64_t address_;
  std::vector<uint8_t> bytes_;
};

void upload_program(ChainWriter& chain, const microcode::Program& program) {
  if (program.code.size() > kMicroBytes || program.code.size() % 8 != 0) {
    throw std::invalid_argument(fmt::format("microcode of {} bytes does not fit VU1 micro memory", program.code.size()));
  }
  const uint32_t instructions = static_cast<uint32_t>(program.code.size() / 8);
  for (uint32_t first = 0; first < instructions; first += kMaxInstructionsPerMpg) {
    const uint32_t count = std::min(kMaxInstructionsPerMpg, instructions - first);
    // MPG at the last word of a quadword: its instructions start 64-bit (and 128-bit) aligned.
    std::vector<uint32_t> words = {vif(kNop, 0, 0), vif(kNop, 0, 0), vif(kNop, 0, 0),
                                   vif(kMpg, static_cast<uint8_t>(count & 0xff), static_cast<uint16_t>(first))};
    for (uint32_t byte = first * 8; byte < (first + count) * 8; byte += 4) {
      words.push_back(uint32_t{program.code[byte]} | uint32_t{program.code[byte + 1]} << 8 |
                      uint32_t{program.code[byte + 2]} << 16 | uint32_t{program.code[byte + 3]} << 24);
    }
    chain.cnt(words);
  }
}

std::vector<uint32_t> constant_words(const Camera& camera) {
  const FrameConstants constants = frame_constants(camera);
  std::vector<uint32_t> words = {vif(kNop, 0, 0), vif(kNop, 0, 0), vif(kNop, 0, 0),
                                 vif(kUnpackV4_32, abi::kFrameConstantCount, abi::kMatrixAddr)};
  const auto add = [&](const std::array<uint32_t, 4>& q) { words.insert(words.end(), q.begin(), q.end()); };
  for (const auto& column : constants.matrix) add(column);
  add(constants.screen_scale);
  add(constants.screen_offset);
  add(constants.fog_clamp);
  add(strip_tag_template());
  add(ad_gif_tag_template());
  return words;
}

// A DIRECT whose GIF packet is `header` here plus `data_bytes` moved by a REF from `data_address`.
void direct_with_data(ChainWriter& chain, const std::vector<uint32_t>& header, uint64_t data_address,
                      uint64_t data_bytes, const std::string& what) {
  const uint64_t qwords = header.size() / 4 + (data_bytes + 15) / 16;
  if (qwords > 0xffff) throw std::invalid_argument(fmt::format("{}: {} quadwords exceed one DIRECT", what, qwords));
  std::vector<uint32_t> words = {vif(kNop, 0, 0), vif(kNop, 0, 0), vif(kNop, 0, 0),
                                 vif(kDirect, 0, static_cast<uint16_t>(qwords))};
  words.insert(words.end(), header.begin(), header.end());
  chain.cnt(words);
  if (data_bytes > 0) chain.ref(static_cast<uint32_t>(data_address), data_bytes);
}

}  // namespace

BuiltFrame build_frame(const formats::rc2::Level& level, const microcode::Program& program,
                       const FrameOptions& options) {
  const std::string source = level.name + "/" + formats::rc2::kCoreDataFile;
  const uint32_t init_entry = program.entry(abi::kInitEntry);
  const uint32_t patch_entry = program.entry(abi::kPatchEntry);

  BuiltFrame frame;
  // The level copies.
  std::vector<uint8_t> core = level.core_data;
  const std::vector<PlacedTexture> placed = place_textures(level.textures);
  for (const formats::rc2::TfragPatch& patch : level.patches) rewrite_ad_gifs(core, patch, placed, source);
  const uint64_t core_address = kLevelAddress;
  const uint64_t gs_ram_address = align16(core_address + core.size());
  DataArea data(align16(gs_ram_address + level.gs_ram.size()));

  // Every patch's footprint, at each LOD, before anything is drawn (camera-independent).
  for (const formats::rc2::TfragPatch& patch : level.patches) {
    for (int lod = 0; lod < 3; ++lod) {
      const std::vector<ByteRange> ranges = lists_for_lod(patch, lod, source);
      const size_t positions = positions_for_lod(patch, lod);
      const uint32_t colour_end =
          positions == 0 ? 0 : patch.vu_header.positions_colours_addr() + 2 * static_cast<uint32_t>(positions);
      const uint32_t footprint = std::max(vu_footprint(core, ranges, source), colour_end);
      if (footprint > abi::kPatchParamsRel) {
        throw formats::FormatError(
            source, patch.data_offset,
            fmt::format("patch {}: at LOD {} its lists and colours write the input buffer up to qword {}, "
                        "reaching the patch parameters at {} (tfrag_abi.hpp kPatchParamsRel)",
                        patch.index, lod, formats::hex_offset(footprint - 1),
                        formats::hex_offset(abi::kPatchParamsRel)));
      }
    }
  }

  // The chain's fixed head: microcode, VIF state, constants, GS setup, textures, init.
  struct Pending {
    std::vector<uint32_t> header;
    uint64_t address = 0;
    uint64_t bytes = 0;
    std::string what;
  };
  std::vector<Pending> uploads;
  const auto texel_source = [&](uint64_t address, uint64_t bytes, std::span<const uint8_t> from) {
    if (address % 16 == 0 && bytes % 16 == 0) return address;
    return data.append(from.first(bytes));  // REF moves whole aligned quadwords: pad a copy
  };
  for (size_t t = 0; t < level.textures.size(); ++t) {
    const formats::rc2::TextureEntry& entry = level.index.textures[t];
    const PlacedTexture& texture = placed[t];
    const uint64_t clut_offset = uint64_t{entry.palette} * formats::rc2::kGsRamUnit;
    uploads.push_back({image_upload_header(texture.clut_block, 1, kPsmCt32, 16, 16, formats::rc2::kClutBytes / 16),
                       texel_source(gs_ram_address + clut_offset, formats::rc2::kClutBytes,
                                    std::span(level.gs_ram).subspan(clut_offset)),
                       formats::rc2::kClutBytes, fmt::format("texture {} CLUT", t)});
    const uint64_t level0 = uint64_t{level.index.textures_base} + entry.data_offset;
    const std::array<uint64_t, 4> offsets = {level0,
                                             level0 + uint64_t{texture.levels[0].width} * texture.levels[0].height,
                                             uint64_t{entry.mipmap} * formats::rc2::kGsRamUnit,
                                             uint64_t{entry.pad} * formats::rc2::kGsRamUnit};
    for (size_t l = 0; l < formats::rc2::kMipLevels; ++l) {
      const PlacedLevel& placed_level = texture.levels[l];
      const uint64_t bytes = uint64_t{placed_level.width} * placed_level.height;
      const bool in_core = l < 2;
      const uint64_t address = (in_core ? core_address : gs_ram_address) + offsets[l];
      const std::span<const uint8_t> from =
          std::span<const uint8_t>(in_core ? core : level.gs_ram).subspan(offsets[l]);
      uploads.push_back({image_upload_header(placed_level.block, placed_level.width_units, kPsmT8,
                                             placed_level.width, placed_level.height,
                                             static_cast<uint32_t>((bytes + 15) / 16)),
                         texel_source(address, bytes, from), bytes, fmt::format("texture {} level {}", t, l)});
    }
  }
  frame.textures_uploaded = level.textures.size();

  // Per patch: LOD, colours (into the data area), and what the chain will send.
  struct PatchSend {
    std::vector<ByteRange> ranges;
    size_t positions = 0;
  };
  std::vector<PatchSend> sends;
  const std::array<float, 3> eye = {static_cast<float>(options.camera.x), static_cast<float>(options.camera.y),
                                    static_cast<float>(options.camera.z)};
  uint16_t tops = abi::kInputBase;
  bool double_buffer_flag = false;
  const auto mscal_swaps_buffers = [&] {
    tops = double_buffer_flag ? abi::kInputBase : static_cast<uint16_t>(abi::kInputBase + abi::kInputOffset);
    double_buffer_flag = !double_buffer_flag;
  };
  mscal_swaps_buffers();  // tfrag_init's MSCAL
  for (const formats::rc2::TfragPatch& patch : level.patches) {
    if (sphere_outside_frustum(options.camera, patch.header.bounding_sphere)) {
      ++frame.culled;
      continue;
    }
    const LodChoice choice = choose_lod(eye, patch.header.bounding_sphere, level.block.lod_distance);
    const int lod = lod_of(choice.mode);
    DrawnPatch drawn;
    drawn.patch = patch.index;
    drawn.mode = choice.mode;
    drawn.w01 = choice.w01;
    drawn.w0 = choice.w0;
    drawn.buffer = tops;
    drawn.positions_addr = patch.vu_header.positions_colours_addr();
    const size_t positions = positions_for_lod(patch, lod);
    if (patch.lights.size() < positions) {
      throw formats::FormatError(source, patch.data_offset,
                                 fmt::format("patch {}: {} light records for {} positions", patch.index,
                                             patch.lights.size(), positions));
    }
    std::vector<uint8_t> colour_bytes;
    for (size_t k = 0; k < positions; ++k) {
      const uint32_t colour = light_vertex(patch.lights[k], options.lights);
      drawn.colours.push_back(colour);
      for (int b = 0; b < 4; ++b) colour_bytes.push_back(static_cast<uint8_t>(colour >> (8 * b)));
    }
    drawn.colours_address = static_cast<uint32_t>(data.append(colour_bytes));
    sends.push_back({lists_for_lod(patch, lod, source), positions});
    ++frame.mode_counts[static_cast<size_t>(choice.mode)];
    frame.drawn.push_back(std::move(drawn));
    mscal_swaps_buffers();
  }

  // The chain, after the data area.
  frame.chain_address = static_cast<uint32_t>(align16(data.end()));
  ChainWriter chain(frame.chain_address);
  upload_program(chain, program);
  const std::vector<uint32_t> state = {vif(kStcycl, 0, 0x0404), vif(kStmod, 0, 0), vif(kBase, 0, abi::kInputBase),
                                       vif(kOffset, 0, abi::kInputOffset)};
  chain.cnt(state);
  chain.cnt(constant_words(options.camera));
  direct_with_data(chain, frame_setup_packet(), 0, 0, "frame setup");
  for (const Pending& upload : uploads) direct_with_data(chain, upload.header, upload.address, upload.bytes, upload.what);
  const std::vector<uint32_t> init = {vif(kMscal, 0, static_cast<uint16_t>(init_entry))};
  chain.cnt(init);
  for (size_t i = 0; i < frame.drawn.size(); ++i) {
    const DrawnPatch& drawn = frame.drawn[i];
    for (const ByteRange& range : sends[i].ranges) {
      chain.ref(static_cast<uint32_t>(core_address + range.begin), range.end - range.begin);
    }
    const uint8_t count = static_cast<uint8_t>(sends[i].positions);  // vert_count is a u8: 1..255
    const std::vector<uint32_t> colour_codes = {
        vif(kStmod, 0, 0), vif(kStcycl, 0, 0x0102), vif(kNop, 0, 0),
        vif(kUnpackV4_8, count, static_cast<uint16_t>(kUnpackFlg | kUnpackUsn | (drawn.positions_addr + 1)))};
    chain.cnt(colour_codes);
    chain.ref(drawn.colours_address, drawn.colours.size() * 4);
    const std::vector<uint32_t> params = {vif(kStcycl, 0, 0x0404),
                                          vif(kNop, 0, 0),
                                          vif(kNop, 0, 0),
                                          vif(kUnpackV4_32, 1, kUnpackFlg | abi::kPatchParamsRel),
                                          drawn.w01,
                                          drawn.w0,
                                          0,
                                          0,
                                          vif(kMscal, 0, static_cast<uint16_t>(patch_entry))};
    chain.cnt(params);
  }
  chain.end();

  // Count what VIF1 is sent: every tag and the data it moves.
  const std::vector<uint8_t>& chain_bytes = chain.bytes();
  for (size_t at = 0; at < chain_bytes.size();) {
    const uint32_t qwc = chain_bytes[at] | (uint32_t{chain_bytes[at + 1]} << 8);
    const uint8_t id = (chain_bytes[at + 3] >> 4) & 7;
    frame.chain_qwords += 1 + qwc;
    at += 16 + (id == 1 ? qwc * 16 : 0);
  }

  const uint64_t image_end = frame.chain_address + chain_bytes.size();
  if (image_end > options.ee_ram_bytes) {
    throw formats::FormatError(source, 0,
                               fmt::format("the frame's EE RAM image ends at {}, past the {} bytes of EE RAM "
                                           "(level copy at {}, {} + {} bytes of level data)",
                                           formats::hex_offset(image_end), formats::hex_offset(options.ee_ram_bytes),
                                           formats::hex_offset(kLevelAddress), core.size(), level.gs_ram.size()));
  }
  frame.segments.push_back({static_cast<uint32_t>(core_address), std::move(core)});
  frame.segments.push_back({static_cast<uint32_t>(gs_ram_address), level.gs_ram});
  const uint64_t data_address = data.address();
  frame.segments.push_back({static_cast<uint32_t>(data_address), data.take()});
  frame.segments.push_back({frame.chain_address, chain_bytes});
  return frame;
}

void load_frame(const BuiltFrame& frame, dma::EeMemory& memory) {
  for (const EeSegment& segment : frame.segments) {
    if (!memory.load_ram(segment.bytes, segment.address)) {
      throw std::runtime_error(fmt::format("EE segment at {} ({} bytes) does not fit EE RAM",
                                           formats::hex_offset(segment.address), segment.bytes.size()));
    }
  }
}

}  // namespace gcvu::harness::frame
