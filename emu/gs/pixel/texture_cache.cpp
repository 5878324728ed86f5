#include "emu/gs/pixel/texture_cache.hpp"

#include <algorithm>
#include <cstring>

#include "emu/gs/pixel/pixel_addressing.hpp"

namespace gcvu::gs::pixel {
namespace {

bool indexed(uint32_t psm) { return psm == 0x13 || psm == 0x14 || psm == 0x1b || psm == 0x24 || psm == 0x2c; }

}  // namespace

void TextureCache::begin(const LocalMemory& memory, const Tex0& tex0, const Texa& texa, const Miptbp& mip1,
                         const Miptbp& mip2, int tw_log2, int th_log2, int top,
                         const std::array<uint32_t, 256>* palette) {
  memory_ = &memory;
  texa_ = texa;
  palette_ = palette;
  uint32_t psm = tex0.psm();
  int pitch_log2 = std::max(tw_log2, indexed(psm) ? 5 : 3);
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
    if (texel_store_[i].size() < count) texel_store_[i].resize(count);
    size_t tiles = count >> 6;
    if (valid_store_[i].size() < tiles) valid_store_[i].resize(tiles);
    std::memset(valid_store_[i].data(), 0, tiles);
    l.texels = texel_store_[i].data();
    l.valid = valid_store_[i].data();
  }
}

void TextureCache::decode_tile(TextureLevel& l, uint32_t x0, uint32_t y0, uint32_t tile) {
  const uint8_t* vm = memory_->bytes().data();
  constexpr uint32_t kWrap = 4u * 1024 * 1024 - 1;
  uint32_t ta0 = texa_.ta0(), ta1 = texa_.ta1();
  bool aem = texa_.aem();
  const uint32_t* pal = palette_ ? palette_->data() : nullptr;
  auto rd32 = [&](uint32_t e) {
    uint32_t v;
    std::memcpy(&v, vm + ((e * 4) & kWrap), 4);
    return v;
  };
  auto rd16 = [&](uint32_t e) {
    uint16_t v;
    std::memcpy(&v, vm + ((e * 2) & kWrap), 2);
    return static_cast<uint32_t>(v);
  };
  for (uint32_t y = y0; y < y0 + 8; y++) {
    uint32_t* out = l.texels + (y << l.pitch_log2);
    for (uint32_t x = x0; x < x0 + 8; x++) {
      uint32_t c = 0;
      switch (l.psm) {
        case 0x00: c = rd32(element_index(AddrFamily::k32, false, l.tbp, l.tbw, x, y)); break;
        case 0x30: c = rd32(element_index(AddrFamily::k32, true, l.tbp, l.tbw, x, y)); break;
        case 0x01: c = texa_expand24(rd32(element_index(AddrFamily::k32, false, l.tbp, l.tbw, x, y)), ta0, aem); break;
        case 0x31: c = texa_expand24(rd32(element_index(AddrFamily::k32, true, l.tbp, l.tbw, x, y)), ta0, aem); break;
        case 0x02:
          c = texa_expand16(rd16(element_index(AddrFamily::k16, false, l.tbp, l.tbw, x, y)), ta0, ta1, aem);
          break;
        case 0x32:
          c = texa_expand16(rd16(element_index(AddrFamily::k16, true, l.tbp, l.tbw, x, y)), ta0, ta1, aem);
          break;
        case 0x0a:
          c = texa_expand16(rd16(element_index(AddrFamily::k16s, false, l.tbp, l.tbw, x, y)), ta0, ta1, aem);
          break;
        case 0x3a:
          c = texa_expand16(rd16(element_index(AddrFamily::k16s, true, l.tbp, l.tbw, x, y)), ta0, ta1, aem);
          break;
        case 0x13: c = pal[vm[element_index(AddrFamily::k8, false, l.tbp, l.tbw, x, y) & kWrap]]; break;
        case 0x14: {
          uint32_t e = element_index(AddrFamily::k4, false, l.tbp, l.tbw, x, y);
          c = pal[(vm[(e >> 1) & kWrap] >> ((e & 1) * 4)) & 15];
          break;
        }
        case 0x1b: c = pal[rd32(element_index(AddrFamily::k32, false, l.tbp, l.tbw, x, y)) >> 24]; break;
        case 0x24: c = pal[(rd32(element_index(AddrFamily::k32, false, l.tbp, l.tbw, x, y)) >> 24) & 15]; break;
        case 0x2c: c = pal[rd32(element_index(AddrFamily::k32, false, l.tbp, l.tbw, x, y)) >> 28]; break;
        default: c = rd32(element_index(AddrFamily::k32, false, l.tbp, l.tbw, x, y)); break;
      }
      out[x] = c;
    }
  }
  l.valid[tile] = 1;
}

}  // namespace gcvu::gs::pixel
