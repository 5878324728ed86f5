#pragma once
// The texels of one draw, decoded to 32-bit colours (palette and TEXA applied) in linear rows the way PCSX2's SW
// texture cache lays them out (GSTextureCacheSW: row pitch 2^max(TW, 3), or 2^max(TW, 5) for indexed formats, the
// same pitch for every mip level). Tiles of 8x8 texels are decoded from local memory the first time a sample
// touches them, so a draw pays only for the texels it reads. A level copied from a resident texture keeps its tiles
// for the next draw that copies the same version of that texture with the same palette (its tiles would be the
// same): the cache holds the levels of the last few textures, since frames alternate between a few.

#include <array>
#include <cstdint>
#include <vector>

#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/pixel/palette_tiles.hpp"
#include "emu/gs/pixel/resident_textures.hpp"
#include "emu/gs/pixel/texel_decode.hpp"
#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs::pixel {

struct TextureLevel {
  uint32_t tbp = 0, tbw = 0, psm = 0;
  int pitch_log2 = 3;  // texels per row, log2
  uint32_t mask = 0;   // texel index mask (capacity - 1)
  uint32_t* texels = nullptr;
  uint8_t* valid = nullptr;  // one byte per 8x8 tile
  uint32_t tiles_left = 0;   // tiles not decoded yet: at 0 every lookup can skip the valid check
  // Where tiles come from: the texture as PCSX2's software renderer holds it decoded between draws, or (null)
  // local memory directly.
  const ResidentTexture* resident = nullptr;
};

class TextureCache {
 public:
  static constexpr int kMaxLevels = 7;

  TextureCache() = default;
  TextureCache(const TextureCache&) = delete;  // levels_ points into slots_
  TextureCache& operator=(const TextureCache&) = delete;

  // Prepares levels 0..top for a draw. `palette` must outlive the draw, and so must `resident` (per level, may be
  // null). The resident textures must all come from one ResidentTextures (their versions tell their texels apart).
  void begin(const LocalMemory& memory, const Tex0& tex0, const Texa& texa, const Miptbp& mip1, const Miptbp& mip2,
             int tw_log2, int th_log2, int top, const std::array<uint32_t, 256>* palette,
             const std::array<const ResidentTexture*, kMaxLevels>* resident = nullptr);

  const TextureLevel& level(int i) const { return levels_[i]; }

  // Decodes the tile holding texel `index` (already masked) if no sample has touched it yet.
  void ensure(int lvl, uint32_t index) {
    TextureLevel& l = levels_[lvl];
    uint32_t row = index >> l.pitch_log2;
    uint32_t col = index & ((1u << l.pitch_log2) - 1);
    uint32_t tile = ((row >> 3) << (l.pitch_log2 - 3)) + (col >> 3);
    if (!l.valid[tile]) decode_tile(l, col & ~7u, row & ~7u, tile);
  }

  // Decodes every tile of level `lvl` no sample has touched. Only for a level copied from a resident texture, whose
  // tiles are the same whenever they are decoded (one decoded from memory is what memory holds at that moment).
  void ensure_all(int lvl);

  uint32_t fetch(int lvl, uint32_t index) {
    TextureLevel& l = levels_[lvl];
    index &= l.mask;
    uint32_t row = index >> l.pitch_log2;
    uint32_t col = index & ((1u << l.pitch_log2) - 1);
    uint32_t tile = ((row >> 3) << (l.pitch_log2 - 3)) + (col >> 3);
    if (!l.valid[tile]) decode_tile(l, col & ~7u, row & ~7u, tile);
    return l.texels[index];
  }

 private:
  void decode_tile(TextureLevel& l, uint32_t x0, uint32_t y0, uint32_t tile);

  // What a level's tiles were copied from, while they can be kept (resident is null otherwise).
  struct CopiedFrom {
    const ResidentTexture* resident = nullptr;
    uint64_t version = 0;
    uint32_t psm = 0, mask = 0;
    int pitch_log2 = 0;
    bool through_palette = false;  // copied through kept_palette_
    bool operator==(const CopiedFrom&) const = default;
  };

  const LocalMemory* memory_ = nullptr;
  Texa texa_;
  const std::array<uint32_t, 256>* palette_ = nullptr;
  // One texture's levels as the last draw that used them left them.
  struct Slot {
    std::array<TextureLevel, kMaxLevels> levels{};
    std::array<std::vector<uint32_t>, kMaxLevels> texel_store;
    std::array<std::vector<uint8_t>, kMaxLevels> valid_store;
    std::array<CopiedFrom, kMaxLevels> copied_from{};
    std::array<uint32_t, 256> palette{};  // what the through_palette levels were copied through
    uint64_t last_draw = 0;
  };
  Slot& slot_for(const ResidentTexture* first, uint32_t psm, int pitch_log2,
                 const std::array<uint32_t, 256>* through_palette);

  static constexpr size_t kSlots = 4;
  std::array<Slot, kSlots> slots_;
  TextureLevel* levels_ = slots_[0].levels.data();  // the current draw's slot
  uint64_t draws_ = 0;
  PaletteTileFn palette_tile_ = palette_tile();  // copies an indexed resident texture's tiles
};

}  // namespace gcvu::gs::pixel
