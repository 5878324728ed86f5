#include "harness/frame/tfrag_pass.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "formats/core/format_error.hpp"
#include "formats/rc2/vif_code.hpp"
#include "harness/frame/gs_setup.hpp"
#include "harness/frame/patch_footprints.hpp"
#include "microcode/tfrag/tfrag_abi.hpp"

namespace gcvu::harness::frame {

namespace {

namespace tfrag_abi = microcode::tfrag;
using formats::rc2::kUnpackV4_32;
using formats::rc2::kVifNopWord;
using formats::rc2::vif_word;
constexpr uint16_t kUnpackFlg = 0x8000, kUnpackUsn = 0x4000;
constexpr uint8_t kUnpackV4_8 = formats::rc2::unpack_command(3, 2);

std::vector<uint32_t> constant_words(const Camera& camera) {
  const FrameConstants constants = frame_constants(camera);
  std::vector<uint32_t> words = {kVifNopWord, kVifNopWord, kVifNopWord,
                                 vif_word(kUnpackV4_32, tfrag_abi::kFrameConstantCount, tfrag_abi::kMatrixAddr)};
  const auto add = [&](const std::array<uint32_t, 4>& q) { words.insert(words.end(), q.begin(), q.end()); };
  for (const auto& column : constants.matrix) add(column);
  add(constants.screen_scale);
  add(constants.screen_offset);
  add(constants.fog_clamp);
  add(strip_tag_template());
  add(ad_gif_tag_template());
  return words;
}

}  // namespace

void check_tfrag_footprints(const formats::rc2::Level& level, std::span<const uint8_t> core,
                            const std::string& source) {
  for (const formats::rc2::TfragPatch& patch : level.patches) {
    PatchFootprints footprints(patch, core, source);
    for (int lod = 0; lod < 3; ++lod) {
      const std::vector<ByteRange> ranges = lists_for_lod(patch, lod, source);
      const size_t positions = positions_for_lod(patch, lod);
      const uint32_t colour_end =
          positions == 0 ? 0 : patch.vu_header.positions_colours_addr() + 2 * static_cast<uint32_t>(positions);
      const uint32_t footprint = std::max(footprints.of(ranges), colour_end);
      if (footprint > tfrag_abi::kPatchParamsRel) {
        throw formats::FormatError(
            source, patch.data_offset,
            fmt::format("patch {}: at LOD {} its lists and colours write the input buffer up to qword {}, "
                        "reaching the patch parameters at {} (tfrag_abi.hpp kPatchParamsRel)",
                        patch.index, lod, formats::hex_offset(footprint - 1),
                        formats::hex_offset(tfrag_abi::kPatchParamsRel)));
      }
    }
  }
}

TfragPlan plan_tfrags(const formats::rc2::Level& level, const FrameOptions& options, DataArea& data,
                      PatchColours& colours, const std::string& source) {
  TfragPlan plan;
  const std::array<float, 3> eye = {static_cast<float>(options.camera.x), static_cast<float>(options.camera.y),
                                    static_cast<float>(options.camera.z)};
  // The input buffer each patch lands in: OFFSET resets DBF, so TOPS = BASE; every MSCAL swaps it.
  uint16_t tops = tfrag_abi::kInputBase;
  bool double_buffer_flag = false;
  const auto mscal_swaps_buffers = [&] {
    tops = double_buffer_flag ? tfrag_abi::kInputBase
                              : static_cast<uint16_t>(tfrag_abi::kInputBase + tfrag_abi::kInputOffset);
    double_buffer_flag = !double_buffer_flag;
  };
  mscal_swaps_buffers();  // tfrag_init's MSCAL
  std::vector<PatchColours::Request> requests;  // one for each drawn patch
  for (size_t slot = 0; slot < level.patches.size(); ++slot) {
    const formats::rc2::TfragPatch& patch = level.patches[slot];
    if (sphere_outside_frustum(options.camera, patch.header.bounding_sphere)) {
      ++plan.culled;
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
    requests.push_back({slot, &patch, positions});
    plan.ranges.push_back(lists_for_lod(patch, lod, source));
    ++plan.mode_counts[static_cast<size_t>(choice.mode)];
    plan.drawn.push_back(std::move(drawn));
    mscal_swaps_buffers();
  }
  // The colours once every drawn patch is known, so the lighting's batches span patches.
  colours.prepare(requests, options.lights);
  for (size_t i = 0; i < plan.drawn.size(); ++i) {
    DrawnPatch& drawn = plan.drawn[i];
    const PatchColours::Request& request = requests[i];
    const std::span<const uint32_t> lit = colours.first(request.slot, *request.patch, request.count, options.lights);
    drawn.colours.assign(lit.begin(), lit.end());
    std::vector<uint8_t> colour_bytes;
    colour_bytes.reserve(4 * lit.size());
    for (const uint32_t colour : lit) {
      for (int b = 0; b < 4; ++b) colour_bytes.push_back(static_cast<uint8_t>(colour >> (8 * b)));
    }
    drawn.colours_address = static_cast<uint32_t>(data.append(colour_bytes));
  }
  return plan;
}

void write_tfrag_chain(ChainWriter& chain, const TfragPlan& plan, const Camera& camera, uint64_t core_address,
                       const TfragEntries& entries) {
  const std::vector<uint32_t> state = {vif_word(formats::rc2::kVifStcycl, 0, 0x0404),
                                       vif_word(formats::rc2::kVifStmod, 0, 0),
                                       vif_word(formats::rc2::kVifBase, 0, tfrag_abi::kInputBase),
                                       vif_word(formats::rc2::kVifOffset, 0, tfrag_abi::kInputOffset)};
  chain.cnt(state);
  chain.cnt(constant_words(camera));
  const std::vector<uint32_t> init = {vif_word(formats::rc2::kVifMscal, 0, static_cast<uint16_t>(entries.init))};
  chain.cnt(init);
  for (size_t i = 0; i < plan.drawn.size(); ++i) {
    const DrawnPatch& drawn = plan.drawn[i];
    for (const ByteRange& range : plan.ranges[i]) {
      chain.ref(static_cast<uint32_t>(core_address + range.begin), range.end - range.begin);
    }
    const uint8_t count = static_cast<uint8_t>(drawn.colours.size());  // vert_count is a u8: 1..255
    const std::vector<uint32_t> colour_codes = {
        vif_word(formats::rc2::kVifStmod, 0, 0), vif_word(formats::rc2::kVifStcycl, 0, 0x0102), kVifNopWord,
        vif_word(kUnpackV4_8, count, static_cast<uint16_t>(kUnpackFlg | kUnpackUsn | (drawn.positions_addr + 1)))};
    chain.cnt(colour_codes);
    chain.ref(drawn.colours_address, drawn.colours.size() * 4);
    const std::vector<uint32_t> params = {vif_word(formats::rc2::kVifStcycl, 0, 0x0404),
                                          kVifNopWord,
                                          kVifNopWord,
                                          vif_word(kUnpackV4_32, 1, kUnpackFlg | tfrag_abi::kPatchParamsRel),
                                          drawn.w01,
                                          drawn.w0,
                                          0,
                                          0,
                                          vif_word(formats::rc2::kVifMscal, 0, static_cast<uint16_t>(entries.patch))};
    chain.cnt(params);
  }
}

}  // namespace gcvu::harness::frame
