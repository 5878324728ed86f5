#include "harness/frame/ad_gif_rewrite.hpp"

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"
#include "formats/core/little_endian.hpp"
#include "formats/rc2/vif_list.hpp"

namespace gcvu::harness::frame {

size_t rewrite_ad_gifs(std::span<uint8_t> core_data, const formats::rc2::TfragPatch& patch,
                       const std::vector<PlacedTexture>& textures, const std::string& source) {
  const auto& common = patch.lists[static_cast<size_t>(formats::rc2::PatchList::kCommon)];
  const uint64_t begin = patch.data_offset + common.begin;
  formats::ByteReader reader(std::span<const uint8_t>(core_data).subspan(begin, common.end - common.begin), source,
                             begin);
  size_t rewritten = 0;
  // Up to the first V4-32 unpack only: the level's reader walked the whole list when it loaded the patch.
  while (!reader.at_end()) {
    const formats::rc2::VifCommand command = formats::rc2::next_vif_command(reader);
    if (!command.code.is_unpack() || command.code.vn() != 3 || command.code.vl() != 0) continue;
    const uint64_t payload = static_cast<uint64_t>(command.payload.data() - core_data.data());
    for (const formats::rc2::TfragAdGif& gif : patch.ad_gifs) {
      const uint64_t at = payload + rewritten * 5 * 16;
      if (gif.texture_index() >= textures.size()) {
        throw formats::FormatError(source, at,
                                   fmt::format("patch {}: ad-gif names texture {} of {}", patch.index,
                                               gif.texture_index(), textures.size()));
      }
      const PlacedTexture& texture = textures[gif.texture_index()];
      formats::store_le_u64(core_data, at + 0 * 16, tex0_value(texture));
      formats::store_le_u64(core_data, at + 1 * 16, tex1_value(gif.lod_bias_k(), gif.min_filter()));
      formats::store_le_u64(core_data, at + 3 * 16, miptbp1_value(texture));
      formats::store_le_u64(core_data, at + 4 * 16, 0);
      ++rewritten;
    }
    break;
  }
  return rewritten;
}

}  // namespace gcvu::harness::frame
