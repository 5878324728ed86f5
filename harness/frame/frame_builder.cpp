#include "harness/frame/frame_builder.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "formats/core/format_error.hpp"
#include "harness/frame/ad_gif_rewrite.hpp"
#include "harness/frame/chain_writer.hpp"
#include "harness/frame/data_area.hpp"
#include "harness/frame/gs_setup.hpp"
#include "harness/frame/microcode_upload.hpp"
#include "harness/frame/moby_pass.hpp"
#include "harness/frame/shrub_pass.hpp"
#include "harness/frame/texture_uploads.hpp"
#include "harness/frame/tfrag_pass.hpp"
#include "microcode/moby/moby_abi.hpp"
#include "microcode/shrub/shrub_abi.hpp"
#include "microcode/tfrag/tfrag_abi.hpp"

namespace gcvu::harness::frame {

namespace {

namespace tfrag_abi = microcode::tfrag;

uint64_t align16(uint64_t value) { return (value + 15) / 16 * 16; }

// Tags plus the data they move: what VIF1 is sent.
uint64_t sent_qwords(const std::vector<uint8_t>& chain_bytes) {
  uint64_t qwords = 0;
  for (size_t at = 0; at < chain_bytes.size();) {
    const uint32_t qwc = chain_bytes[at] | (uint32_t{chain_bytes[at + 1]} << 8);
    const uint8_t id = (chain_bytes[at + 3] >> 4) & 7;
    qwords += 1 + qwc;
    at += 16 + (id == 1 ? qwc * 16 : 0);
  }
  return qwords;
}

}  // namespace

namespace {

// The level copy, with the ad-gifs rewritten as the level load does.
std::vector<uint8_t> rewritten_core(const formats::rc2::Level& level, const std::vector<PlacedTexture>& placed,
                                    const std::string& source) {
  std::vector<uint8_t> core = level.core_data;
  for (const formats::rc2::TfragPatch& patch : level.patches) rewrite_ad_gifs(core, patch, placed, source);
  rewrite_shrub_textures(core, level, placed);
  rewrite_moby_textures(core, level, placed, source);
  return core;
}

}  // namespace

FrameBuilder::FrameBuilder(const formats::rc2::Level& level)
    : level_(&level),
      source_(level.name + "/" + formats::rc2::kCoreDataFile),
      placed_(place_textures(level.textures)),
      colours_(level.patches.size()) {
  core_ = std::make_shared<const std::vector<uint8_t>>(rewritten_core(level, placed_, source_));
  gs_ram_ = std::make_shared<const std::vector<uint8_t>>(level.gs_ram);
  check_tfrag_footprints(level, *core_, source_);
}

BuiltFrame FrameBuilder::build(const microcode::Program& program, const FrameOptions& options) {
  const formats::rc2::Level& level = *level_;
  const std::string& source = source_;
  constexpr uint32_t kTfragFirstInstruction = 0;
  const TfragEntries tfrag_entries = {kTfragFirstInstruction + program.entry(tfrag_abi::kInitEntry),
                                      kTfragFirstInstruction + program.entry(tfrag_abi::kPatchEntry)};

  BuiltFrame frame;
  const std::vector<uint8_t>& core = *core_;
  const std::vector<PlacedTexture>& placed = placed_;
  const LevelCopies copies = {&core, kLevelAddress, align16(kLevelAddress + core.size())};
  DataArea data(align16(copies.gs_ram_address + level.gs_ram.size()));

  const std::vector<ImageUpload> uploads = level_texture_uploads(level, placed, copies, data);
  frame.textures_uploaded = level.textures.size();
  TfragPlan tfrags = plan_tfrags(level, options, data, colours_, source);

  // The chain, after the data area: microcode, GS setup and textures, then the terrain.
  frame.chain_address = static_cast<uint32_t>(align16(data.end()));
  ChainWriter chain(frame.chain_address);
  upload_microcode(chain, program, kTfragFirstInstruction);
  frame.programs.push_back({"tfrag", &program, kTfragFirstInstruction});
  // The shrub program after the tfrag one (VU branches are relative, so any place works).
  const uint32_t shrub_first = static_cast<uint32_t>(program.code.size() / 8);
  const bool draws_shrubs = options.shrub_program != nullptr && !level.shrubs.empty();
  if (draws_shrubs) {
    upload_microcode(chain, *options.shrub_program, shrub_first);
    frame.programs.push_back({"shrub", options.shrub_program, shrub_first});
  }
  // The moby program after both (its MSCAL immediates carry its first instruction).
  const uint32_t moby_first =
      shrub_first + (draws_shrubs ? static_cast<uint32_t>(options.shrub_program->code.size() / 8) : 0);
  const bool draws_mobies = options.moby_program != nullptr && !level.moby_classes.empty();
  if (draws_mobies) {
    upload_microcode(chain, *options.moby_program, moby_first);
    frame.programs.push_back({"moby", options.moby_program, moby_first});
  }
  chain.direct(frame_setup_packet(), 0, 0, "frame setup");
  write_uploads(chain, uploads);
  write_tfrag_chain(chain, tfrags, options.camera, copies.core_address, tfrag_entries);
  if (draws_shrubs) {
    const ShrubEntries shrub_entries = {shrub_first + options.shrub_program->entry(microcode::shrub::kInitEntry),
                                        shrub_first + options.shrub_program->entry(microcode::shrub::kPacketEntry)};
    const ShrubPassStats shrubs =
        write_shrub_chain(chain, level, options.instances, options, copies.core_address, shrub_entries, shrubs_);
    frame.shrubs_drawn = shrubs.instances_drawn;
    frame.shrub_classes_drawn = shrubs.drawn_classes;
    frame.shrubs_culled = shrubs.instances_culled;
    frame.shrub_packets = shrubs.packets_sent;
  }
  if (draws_mobies) {
    const MobyEntries moby_entries = {moby_first + options.moby_program->entry(microcode::moby::kInitEntry),
                                      moby_first + options.moby_program->entry(microcode::moby::kPacketEntry)};
    MobyPassStats mobies =
        write_moby_chain(chain, level, options.instances, options, copies.core_address, moby_entries, source);
    frame.mobies_drawn = std::move(mobies.drawn);
    frame.mobies_culled = mobies.instances_culled;
    frame.moby_packets = mobies.packets_sent;
  }
  chain.end();
  frame.chain_qwords = sent_qwords(chain.bytes());
  frame.drawn = std::move(tfrags.drawn);
  frame.mode_counts = tfrags.mode_counts;
  frame.culled = tfrags.culled;

  const uint64_t image_end = frame.chain_address + chain.bytes().size();
  if (image_end > options.ee_ram_bytes) {
    throw formats::FormatError(source, 0,
                               fmt::format("the frame's EE RAM image ends at {}, past the {} bytes of EE RAM "
                                           "(level copy at {}, {} + {} bytes of level data)",
                                           formats::hex_offset(image_end), formats::hex_offset(options.ee_ram_bytes),
                                           formats::hex_offset(kLevelAddress), core.size(), level.gs_ram.size()));
  }
  frame.segments.push_back({static_cast<uint32_t>(copies.core_address), core_});
  frame.segments.push_back({static_cast<uint32_t>(copies.gs_ram_address), gs_ram_});
  const uint64_t data_address = data.address();
  frame.segments.push_back(
      {static_cast<uint32_t>(data_address), std::make_shared<const std::vector<uint8_t>>(data.take())});
  frame.segments.push_back({frame.chain_address, std::make_shared<const std::vector<uint8_t>>(chain.take())});
  return frame;
}

BuiltFrame build_frame(const formats::rc2::Level& level, const microcode::Program& program,
                       const FrameOptions& options) {
  return FrameBuilder(level).build(program, options);
}

void load_frame(const BuiltFrame& frame, dma::EeMemory& memory) {
  for (const EeSegment& segment : frame.segments) {
    if (!memory.load_ram(*segment.bytes, segment.address)) {
      throw std::runtime_error(fmt::format("EE segment at {} ({} bytes) does not fit EE RAM",
                                           formats::hex_offset(segment.address), segment.bytes->size()));
    }
  }
}

}  // namespace gcvu::harness::frame
