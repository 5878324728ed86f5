#include "emu/gs/pixel/texture_cache.hpp"

#include <algorithm>
#include <cstring>

#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs::pixel {

// The slot that holds this texture's level 0 copied through this palette, or else the least recently used one.
TextureCache::Slot& TextureCache::slot_for(const ResidentTexture* first, uint32_t psm, int pitch_log2,
                                           const std::array<uint32_t, 256>* through_palette) {
  Slot* lru = &slots_[0];
  for (Slot& slot : slots_) {
    const CopiedFrom& c = slot.copied_from[0];
    if (first && c.resident == first && c.version == first->version && c.psm == psm && c.pitch_log2 == pitch_log2 &&
        c.through_palette == (through_palette != nullptr) && (!through_palette || *through_palette == slot.palette)) {
      return slot;
    }
    if (slot.last_draw < lru->last_draw) lru = &slot;
  }
  return *lru;
}

void TextureCache::begin(const LocalMemory& memory, const Tex0& tex0, const Texa& texa, const Miptbp& mip1,
                         const Miptbp& mip2, int tw_log2, int th_log2, int top,
                         const std::array<uint32_t, 256>* palette,
                         const std::array<const ResidentTexture*, kMaxLevels>* resident) {
  memory_ = &memory;
  texa_ = texa;
  palette_ = palette;
  uint32_t psm = tex0.psm();
  int pitch_log2 = std::max(tw_log2, is_indexed_psm(psm) ? 5 : 3);
  const bool through_palette = is_indexed_psm(psm) && palette;
  Slot& slot = slot_for(resident ? (*resident)[0] : nullptr, psm, pitch_log2, through_palette ? palette : nullptr);
  slot.last_draw = ++draws_;
  levels_ = slot.levels.data();
  if (through_palette && *palette != slot.palette) {
    for (CopiedFrom& c : slot.copied_from) {
      if (c.through_palette) c = CopiedFrom{};
    }
    slot.palette = *palette;
  }
  for (int i = 0; i <= top && i < kMaxLevels; i++) {
    TextureLevel& l = levels_[i];
    l.psm = psm;
    if (i == 0) {
      l.tbp = tex0.tbp0();
      l.tbw = tex0.tbw();
    } else if (i <= 3) {
      l.tbp = mip1.tbp(i - 1);
      l.tbw = mip1.tbw(i - 1);
    } else {
      l.tbp = mip2.tbp(i - 4);
      l.tbw = mip2.tbw(i - 4);
    }
    l.pitch_log2 = pitch_log2;
    int rows_log2 = std::max(std::max(th_log2 - i, 0), 3);
    size_t count = size_t{1} << (pitch_log2 + rows_log2);
    l.mask = static_cast<uint32_t>(count - 1);
    if (slot.texel_store[i].size() < count) slot.texel_store[i].resize(count);
    size_t tiles = count >> 6;
    if (slot.valid_store[i].size() < tiles) slot.valid_store[i].resize(tiles);
    l.texels = slot.texel_store[i].data();
    l.valid = slot.valid_store[i].data();
    l.resident = resident ? (*resident)[i] : nullptr;
    CopiedFrom from{};
    if (l.resident) from = CopiedFrom{l.resident, l.resident->version, psm, l.mask, pitch_log2, through_palette};
    if (!from.resident || from != slot.copied_from[i]) {
      std::memset(l.valid, 0, tiles);
      l.tiles_left = static_cast<uint32_t>(tiles);
    }
    slot.copied_from[i] = from;
  }
}

namespace {

// One 8x8 tile of a level in format kPsm: raw elements through gs/memory's addressing, then TEXA or the palette.
template <Psm kPsm>
void decode_tile_as(const uint8_t* vm, const TextureLevel& l, uint32_t x0, uint32_t y0, const Texa& texa,
                    const uint32_t* palette) {
  const PixelAddress<kPsm> buffer(l.tbp, l.tbw);
  for (uint32_t y = y0; y < y0 + 8; y++) {
    const RowAddress<kPsm> row = buffer.row(y);
    uint32_t* out = l.texels + (y << l.pitch_log2);
    for (uint32_t x = x0; x < x0 + 8; x++) {
      const uint32_t texel = expand_texel<kPsm>(read_element<kPsm>(vm, row.at(x)), texa);
      if constexpr (is_indexed_psm(static_cast<uint32_t>(kPsm))) {
        out[x] = palette[texel];
      } else {
        out[x] = texel;
      }
    }
  }
}

// One 8x8 tile copied from the resident texture (indices through the palette). Rows wholly inside the resident
// texture go through `through_palette` (or are copied as they are); texels outside it read 0.
void copy_resident_tile(const TextureLevel& l, uint32_t x0, uint32_t y0, const uint32_t* palette,
                        PaletteTileFn through_palette) {
  const ResidentTexture& r = *l.resident;
  const bool indexed = is_indexed_psm(l.psm) && palette;
  const uint32_t resident_width = 1u << r.pitch_log2;
  const uint32_t resident_rows = static_cast<uint32_t>(r.texels.size() >> r.pitch_log2);
  const uint32_t inside = x0 + 8 <= resident_width && y0 < resident_rows ? std::min(8u, resident_rows - y0) : 0;
  if (inside != 0) {
    const uint32_t* from = r.texels.data() + (size_t{y0} << r.pitch_log2) + x0;
    uint32_t* out = l.texels + (size_t{y0} << l.pitch_log2) + x0;
    if (indexed) {
      through_palette(from, resident_width, out, size_t{1} << l.pitch_log2, static_cast<int>(inside), palette);
    } else {
      for (uint32_t y = 0; y < inside; y++) {
        std::memcpy(out + (size_t{y} << l.pitch_log2), from + (size_t{y} << r.pitch_log2), 8 * sizeof(uint32_t));
      }
    }
  }
  for (uint32_t y = y0 + inside; y < y0 + 8; y++) {
    uint32_t* row = l.texels + (y << l.pitch_log2);
    const size_t row_at = size_t{y} << r.pitch_log2;
    for (uint32_t x = x0; x < x0 + 8; x++) {
      const size_t at = row_at + x;
      const uint32_t raw = x < resident_width && at < r.texels.size() ? r.texels[at] : 0;
      row[x] = indexed ? palette[raw & 0xff] : raw;
    }
  }
}

}  // namespace

void TextureCache::decode_tile(TextureLevel& l, uint32_t x0, uint32_t y0, uint32_t tile) {
  const uint8_t* vm = memory_->bytes().data();
  const uint32_t* palette = palette_ ? palette_->data() : nullptr;
  if (l.resident) {
    copy_resident_tile(l, x0, y0, palette, palette_tile_);
  } else {
    visit_psm(psm_or_ct32(l.psm),
              [&](auto psm) { decode_tile_as<decltype(psm)::value>(vm, l, x0, y0, texa_, palette); });
  }
  l.valid[tile] = 1;
  l.tiles_left--;
}

void TextureCache::ensure_all(int lvl) {
  TextureLevel& l = levels_[lvl];
  const uint32_t columns_log2 = static_cast<uint32_t>(l.pitch_log2 - 3);
  const uint32_t tiles = (l.mask + 1) >> 6;
  for (uint32_t tile = 0; tile < tiles && l.tiles_left != 0; tile++) {
    if (l.valid[tile]) continue;
    const uint32_t col = tile & ((1u << columns_log2) - 1), row = tile >> columns_log2;
    decode_tile(l, col << 3, row << 3, tile);
  }
}

}  // namespace gcvu::gs::pixel
