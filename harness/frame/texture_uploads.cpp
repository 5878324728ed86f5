#include "harness/frame/texture_uploads.hpp"

#include <fmt/format.h>

#include "harness/frame/gs_setup.hpp"

namespace gcvu::harness::frame {

std::vector<ImageUpload> level_texture_uploads(const formats::rc2::Level& level,
                                               const std::vector<PlacedTexture>& placed, const LevelCopies& copies,
                                               DataArea& data) {
  std::vector<ImageUpload> uploads;
  const auto texel_source = [&](uint64_t address, uint64_t bytes, std::span<const uint8_t> from) {
    if (address % 16 == 0 && bytes % 16 == 0) return address;
    return data.append(from.first(bytes));  // REF moves whole aligned quadwords: pad a copy
  };
  const std::vector<uint8_t>& core = *copies.core;
  for (size_t t = 0; t < level.textures.size(); ++t) {
    const formats::rc2::TextureEntry& entry = level.index.textures[t];
    const PlacedTexture& texture = placed[t];
    const uint64_t clut_offset = uint64_t{entry.palette} * formats::rc2::kGsRamUnit;
    uploads.push_back({image_upload_header(texture.clut_block, 1, kPsmCt32, 16, 16, formats::rc2::kClutBytes / 16),
                       texel_source(copies.gs_ram_address + clut_offset, formats::rc2::kClutBytes,
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
      const uint64_t address = (in_core ? copies.core_address : copies.gs_ram_address) + offsets[l];
      const std::span<const uint8_t> from =
          std::span<const uint8_t>(in_core ? core : level.gs_ram).subspan(offsets[l]);
      uploads.push_back({image_upload_header(placed_level.block, placed_level.width_units, kPsmT8,
                                             placed_level.width, placed_level.height,
                                             static_cast<uint32_t>((bytes + 15) / 16)),
                         texel_source(address, bytes, from), bytes, fmt::format("texture {} level {}", t, l)});
    }
  }
  return uploads;
}

void write_uploads(ChainWriter& chain, const std::vector<ImageUpload>& uploads) {
  for (const ImageUpload& upload : uploads) chain.direct(upload.header, upload.address, upload.bytes, upload.what);
}

}  // namespace gcvu::harness::frame
