#include "formats/rc2/texture.hpp"

#include <fmt/format.h>

#include "formats/core/format_error.hpp"

namespace gcvu::formats::rc2 {

namespace {

std::vector<uint8_t> slice(std::span<const uint8_t> buffer, uint64_t offset, uint64_t size, const std::string& source,
                           const std::string& what) {
  if (offset + size > buffer.size()) {
    throw FormatError(
        source, offset,
        fmt::format("{} ({} bytes) runs past the end of the buffer ({})", what, size, hex_offset(buffer.size())));
  }
  return {buffer.begin() + static_cast<ptrdiff_t>(offset), buffer.begin() + static_cast<ptrdiff_t>(offset + size)};
}

}  // namespace

TfragTexture read_tfrag_texture(const TextureEntry& entry, size_t index, std::span<const uint8_t> core_data,
                                uint32_t textures_base, std::span<const uint8_t> gs_ram, const std::string& source) {
  const std::string core_source = fmt::format("{}/core_data.bin texture {}", source, index);
  const std::string gs_source = fmt::format("{}/gs_ram.bin texture {}", source, index);
  if (entry.width != entry.height || entry.width < 8 || entry.width % 8 != 0) {
    throw FormatError(core_source, textures_base + uint64_t{entry.data_offset},
                      fmt::format("a tfrag texture is square and halves evenly to mip level 3; this one is {}x{}",
                                  entry.width, entry.height));
  }
  TfragTexture texture;
  texture.width = entry.width;
  texture.height = entry.height;
  const uint64_t level_0 = uint64_t{textures_base} + entry.data_offset;
  const uint64_t w = entry.width;
  texture.levels[0] = slice(core_data, level_0, w * w, core_source, "mip level 0");
  texture.levels[1] = slice(core_data, level_0 + w * w, (w / 2) * (w / 2), core_source, "mip level 1");
  texture.levels[2] = slice(gs_ram, uint64_t{entry.mipmap} * kGsRamUnit, (w / 4) * (w / 4), gs_source, "mip level 2");
  texture.levels[3] = slice(gs_ram, uint64_t{entry.pad} * kGsRamUnit, (w / 8) * (w / 8), gs_source, "mip level 3");
  const std::vector<uint8_t> clut =
      slice(gs_ram, uint64_t{entry.palette} * kGsRamUnit, kClutBytes, gs_source, "CSM1 CLUT");
  for (size_t i = 0; i < texture.palette.size(); ++i) {
    const size_t at = size_t{csm1_clut_position(static_cast<uint8_t>(i))} * 4;
    texture.palette[i] = clut[at] | (clut[at + 1] << 8) | (clut[at + 2] << 16) | (uint32_t{clut[at + 3]} << 24);
  }
  return texture;
}

}  // namespace gcvu::formats::rc2
