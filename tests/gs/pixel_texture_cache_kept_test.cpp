// Cross-check (two of gcvu's own paths): a TextureCache used for draw after draw, which keeps a level copied from a
// resident texture while that texture's version and the palette hold, gives the same texels as a cache begun afresh
// for each draw. Random draws over six textures (T8, T4, CT32; mip levels; overlapping memory) with memory writes
// and their invalidations, palette changes, textures aged out and the residency replaced by a copy between them.
// A second test shows what the check would see of a cache that missed a change: a resident texture's texels
// changed without a new version come back stale.

#include "emu/gs/pixel/texture_cache.hpp"

#include <array>
#include <memory>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "emu/gs/pixel/resident_textures.hpp"

namespace gcvu::gs::pixel {
namespace {

struct TextureChoice {
  uint32_t tbp, psm, tw_log2, th_log2;
};

Tex0 tex0_of(uint32_t tbp, uint32_t psm, uint32_t tw_log2, uint32_t th_log2) {
  return Tex0{uint64_t{tbp} | uint64_t{1} << 14 | uint64_t{psm} << 20 | uint64_t{tw_log2} << 26 |
              uint64_t{th_log2} << 30};
}

// Where mip level `i` (1..3) of a texture at `tbp` lies: 0x10 blocks further each level (overlaps are allowed).
uint32_t level_tbp(uint32_t tbp, int i) { return tbp + 0x10 * static_cast<uint32_t>(i); }

TEST(TextureCacheKeptTilesCrossCheck, KeptLevelsGiveTheTexelsOfLevelsCopiedAfresh) {
  std::mt19937 random(821);
  LocalMemory memory;
  auto fill = [&](size_t from, size_t count) {
    for (size_t i = from; i < from + count; i++) memory.bytes()[i] = static_cast<uint8_t>(random());
  };
  constexpr size_t kPageBytes = 8192, kPages = 12;  // the textures lie in the first pages
  fill(0, kPageBytes * kPages);
  ResidentTextures resident;
  auto kept = std::make_unique<TextureCache>();
  const std::array<TextureChoice, 6> textures = {{{0x000, 0x13, 5, 5},
                                                  {0x040, 0x13, 5, 4},
                                                  {0x080, 0x14, 5, 5},
                                                  {0x0c0, 0x00, 4, 4},
                                                  {0x100, 0x13, 3, 3},
                                                  {0x140, 0x14, 6, 5}}};
  std::array<std::array<uint32_t, 256>, 3> palettes{};
  for (auto& palette : palettes) {
    for (uint32_t& entry : palette) entry = static_cast<uint32_t>(random());
  }
  const Texa texa{};
  int compared = 0, kept_levels = 0;
  for (int draw = 0; draw < 2000; draw++) {
    switch (random() % 24) {
      case 0: {  // a page rewritten, and the residency told (as a transfer or a draw would)
        const uint32_t page = static_cast<uint32_t>(random() % kPages);
        fill(page * kPageBytes, kPageBytes);
        resident.invalidate(page * 32, 1, 0x00, TexelRect{0, 0, 64, 32});
        break;
      }
      case 1: palettes[random() % 3][random() % 256] = static_cast<uint32_t>(random()); break;
      case 2:
        for (int vsync = 0; vsync < 11; vsync++) resident.age();
        break;
      case 3: {  // a snapshot's residency copied in (its textures' versions must be new to the cache)
        ResidentTextures other;
        other.prepare(memory, tex0_of(0x000, 0x13, 5, 5), texa, TexelRect{0, 0, 32, 32});
        resident = other;
        break;
      }
      default: break;
    }
    const TextureChoice& t = textures[random() % textures.size()];
    const int top = t.tw_log2 >= 4 && t.th_log2 >= 4 ? static_cast<int>(random() % 3) : 0;
    const Tex0 tex0 = tex0_of(t.tbp, t.psm, t.tw_log2, t.th_log2);
    Miptbp mip1{};
    for (int i = 1; i <= 3; i++) {
      mip1.raw |= (uint64_t{level_tbp(t.tbp, i)} | uint64_t{1} << 14) << (20 * (i - 1));
    }
    std::array<const ResidentTexture*, TextureCache::kMaxLevels> levels{};
    for (int i = 0; i <= top; i++) {
      const uint32_t tw = t.tw_log2 - static_cast<uint32_t>(i), th = t.th_log2 - static_cast<uint32_t>(i);
      const int32_t w = 1 << tw, h = 1 << th;
      const int32_t left = static_cast<int32_t>(random() % static_cast<uint32_t>(w));
      const int32_t top_row = static_cast<int32_t>(random() % static_cast<uint32_t>(h));
      const TexelRect coverage{left, top_row, left + 1 + static_cast<int32_t>(random() % static_cast<uint32_t>(w)),
                               top_row + 1 + static_cast<int32_t>(random() % static_cast<uint32_t>(h))};
      const Tex0 level = tex0_of(i == 0 ? t.tbp : level_tbp(t.tbp, i), t.psm, tw, th);
      levels[static_cast<size_t>(i)] =
          &resident.prepare(memory, level, texa, coverage, i == 0 ? 0 : levels[0]->pitch_log2);
    }
    const bool indexed = t.psm != 0x00;
    const std::array<uint32_t, 256>* palette = indexed ? &palettes[random() % 3] : nullptr;
    kept->begin(memory, tex0, texa, Miptbp{mip1}, Miptbp{}, static_cast<int>(t.tw_log2), static_cast<int>(t.th_log2),
                top, palette, &levels);
    auto fresh = std::make_unique<TextureCache>();
    fresh->begin(memory, tex0, texa, Miptbp{mip1}, Miptbp{}, static_cast<int>(t.tw_log2), static_cast<int>(t.th_log2),
                 top, palette, &levels);
    for (int lvl = 0; lvl <= top; lvl++) {
      const TextureLevel& level = kept->level(lvl);
      kept_levels += level.tiles_left < (level.mask + 1) >> 6;
      if (random() % 8 == 0) kept->ensure_all(lvl);
      // Some texels only, so later draws find levels partly copied.
      for (int sample = 0; sample < 48; sample++) {
        const uint32_t index = static_cast<uint32_t>(random()) & level.mask;
        ASSERT_EQ(kept->fetch(lvl, index), fresh->fetch(lvl, index))
            << "draw " << draw << " level " << lvl << " texel " << index;
        compared++;
      }
    }
  }
  EXPECT_GT(compared, 100000);
  EXPECT_GT(kept_levels, 400);  // the kept tiles were used, not only made afresh
}

// A resident T8 texture the test fills itself: 32 x 32 indices at pitch 32.
ResidentTexture small_indexed_texture() {
  ResidentTexture t;
  t.psm = 0x13, t.tw = 5, t.th = 5, t.pitch_log2 = 5;
  t.texels.assign(32 * 32, 3);
  t.version = 1;
  return t;
}

TEST(TextureCacheKeptTilesCrossCheck, TexelsChangedWithoutANewVersionComeBackStale) {
  LocalMemory memory;
  ResidentTexture texture = small_indexed_texture();
  const std::array<const ResidentTexture*, TextureCache::kMaxLevels> levels{&texture};
  std::array<uint32_t, 256> palette{};
  for (uint32_t i = 0; i < 256; i++) palette[i] = 0x1000u + i;
  const Tex0 tex0 = tex0_of(0, 0x13, 5, 5);
  TextureCache kept;
  auto begin = [&](TextureCache& cache) {
    cache.begin(memory, tex0, Texa{}, Miptbp{}, Miptbp{}, 5, 5, 0, &palette, &levels);
  };
  begin(kept);
  EXPECT_EQ(kept.fetch(0, 0), 0x1003u);
  // The broken variant: the texels change, the version does not. The cache keeps its copy, which the
  // cross-check above would see against a fresh cache.
  texture.texels[0] = 9;
  begin(kept);
  EXPECT_EQ(kept.fetch(0, 0), 0x1003u);
  TextureCache fresh;
  begin(fresh);
  EXPECT_EQ(fresh.fetch(0, 0), 0x1009u);
  // With a new version, or a new palette, the copy is made again.
  texture.version = 2;
  begin(kept);
  EXPECT_EQ(kept.fetch(0, 0), 0x1009u);
  palette[9] = 0x77;
  begin(kept);
  EXPECT_EQ(kept.fetch(0, 0), 0x77u);
}

TEST(TextureCacheKeptTilesCrossCheck, AResidencyCopiedInIsNotTakenForTheTexturesItReplaced) {
  // The same texture (CT32 8 x 8 at block 0) in two residencies, over different memory: each is its residency's
  // first texture. Copied over the first, the second's texture lands in the first's list node; its new version
  // keeps the cache from taking it for the one it copied before.
  LocalMemory first_memory, second_memory;
  first_memory.bytes()[0] = 0x11;
  second_memory.bytes()[0] = 0x22;
  const Tex0 tex0 = tex0_of(0, 0x00, 3, 3);
  const TexelRect all{0, 0, 8, 8};
  ResidentTextures residency, snapshot;
  std::array<const ResidentTexture*, TextureCache::kMaxLevels> levels{
      &residency.prepare(first_memory, tex0, Texa{}, all)};
  TextureCache kept;
  kept.begin(first_memory, tex0, Texa{}, Miptbp{}, Miptbp{}, 3, 3, 0, nullptr, &levels);
  EXPECT_EQ(kept.fetch(0, 0) & 0xff, 0x11u);
  snapshot.prepare(second_memory, tex0, Texa{}, all);
  residency = snapshot;
  levels[0] = &residency.prepare(second_memory, tex0, Texa{}, all);
  kept.begin(second_memory, tex0, Texa{}, Miptbp{}, Miptbp{}, 3, 3, 0, nullptr, &levels);
  EXPECT_EQ(kept.fetch(0, 0) & 0xff, 0x22u);
}

}  // namespace
}  // namespace gcvu::gs::pixel
