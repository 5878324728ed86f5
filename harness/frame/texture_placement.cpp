#include "harness/frame/texture_placement.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include <fmt/format.h>

namespace gcvu::harness::frame {

namespace {

// A power-of-two block count covering `bytes`, at least one block (256 bytes).
uint32_t blocks_for(uint64_t bytes) { return std::bit_ceil(static_cast<uint32_t>(std::max<uint64_t>(1, (bytes + 255) / 256))); }

uint64_t log2_size(uint32_t size) { return std::bit_width(std::bit_ceil(std::max(size, 1u))) - 1; }

}  // namespace

std::vector<PlacedTexture> place_textures(const std::vector<formats::rc2::TfragTexture>& textures) {
  std::vector<PlacedTexture> out;
  uint32_t cursor = kFirstTextureBlock;
  const auto allocate = [&](uint32_t blocks, size_t texture) {
    cursor = (cursor + blocks - 1) / blocks * blocks;
    const uint32_t at = cursor;
    cursor += blocks;
    if (cursor > kGsBlocks) {
      throw std::runtime_error(fmt::format("texture {}: the level's textures do not fit GS memory (block {} of {})",
                                           texture, cursor, kGsBlocks));
    }
    return at;
  };
  for (size_t t = 0; t < textures.size(); ++t) {
    PlacedTexture placed;
    placed.clut_block = allocate(4, t);
    for (size_t level = 0; level < formats::rc2::kMipLevels; ++level) {
      PlacedLevel& l = placed.levels[level];
      l.width = std::max(1u, textures[t].width >> level);
      l.height = std::max(1u, textures[t].height >> level);
      l.width_units = std::max(2u, (l.width + 63) / 64 + ((l.width + 63) / 64) % 2);
      l.block = allocate(blocks_for(uint64_t{l.width} * l.height), t);
    }
    out.push_back(placed);
  }
  return out;
}

uint64_t tex0_value(const PlacedTexture& texture) {
  const PlacedLevel& base = texture.levels[0];
  return uint64_t{base.block} | uint64_t{base.width_units} << 14 | uint64_t{kPsmT8} << 20 |
         log2_size(base.width) << 26 | log2_size(base.height) << 30 | uint64_t{1} << 34 /* TCC */ |
         uint64_t{0} << 35 /* MODULATE */ | uint64_t{texture.clut_block} << 37 | uint64_t{kPsmCt32} << 51 |
         uint64_t{0} << 55 /* CSM1 */ | uint64_t{1} << 61 /* CLD 1 */;
}

uint64_t tex1_value(int32_t lod_bias_k, uint32_t min_filter) {
  constexpr uint64_t kMaxLevel = formats::rc2::kMipLevels - 1;
  return kMaxLevel << 2 | uint64_t{1} << 5 /* MMAG linear */ | uint64_t{min_filter & 7} << 6 |
         (static_cast<uint64_t>(lod_bias_k) & 0xfff) << 32;
}

uint64_t miptbp1_value(const PlacedTexture& texture) {
  uint64_t value = 0;
  for (size_t level = 1; level < 4; ++level) {
    const PlacedLevel& l = texture.levels[level];
    value |= (uint64_t{l.block} | uint64_t{l.width_units} << 14) << (20 * (level - 1));
  }
  return value;
}

}  // namespace gcvu::harness::frame
