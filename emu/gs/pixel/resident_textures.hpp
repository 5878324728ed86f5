#pragma once
// The decoded textures PCSX2's software renderer keeps between draws (GSTextureCacheSW): one per texture as a draw
// fixes it (TBP0, TBW, PSM, TW, TH) and, for 16- and 24-bit formats sampled with TCC, per TEXA. Each draw decodes
// the blocks of its texture coverage (gs/pixel/texture_coverage.hpp) that are not decoded yet, before it draws;
// a block no draw has decoded holds texel 0 (index 0 for indexed formats), and a block decoded before a write
// changed its memory keeps the old texels until a draw's coverage needs it again. Draws and transfers invalidate
// the pages they write (GSRendererSW::Queue, InvalidateVideoMem).

#include <cstdint>
#include <list>
#include <vector>

#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/pixel/page_set.hpp"
#include "emu/gs/pixel/texel_rect.hpp"
#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs::pixel {

struct ResidentTexture {
  // Identity (PCSX2 GSTextureCacheSW::Lookup).
  uint32_t tbp = 0, tbw = 0, psm = 0, tw = 0, th = 0;
  uint64_t texa = 0;  // the TEXA it was decoded with (part of the identity for 16/24-bit formats sampled with TCC)
  // Texels in rows of 2^pitch_log2 (PCSX2's m_tw), as 32-bit colours with TEXA applied, or palette indices.
  int pitch_log2 = 3;
  std::vector<uint32_t> texels;
  // Blocks of the format (8x8 for 32-bit, 16x8 for 16-bit, 16x16 for T8, 32x16 for T4) laid over the texture.
  uint32_t block_w_log2 = 3, block_h_log2 = 3, blocks_x = 1, blocks_y = 1;
  std::vector<uint8_t> valid;        // per block, row-major
  std::vector<uint16_t> block_page;  // the memory page each block reads
  PageSet pages;                     // every page some block reads
  uint32_t age = 0;                  // VSyncs since a draw last used it
  // Changes whenever its texels do (a block decoded, the texture made afresh), never back to an earlier value in
  // its ResidentTextures (copies renumber): TextureCache keeps what it expanded from the texture while it holds.
  uint64_t version = 0;
};

class ResidentTextures {
 public:
  ResidentTextures() = default;
  ResidentTextures(const ResidentTextures& other) = default;
  // The other's textures under versions new to this object (a texture cache that saw this object's textures must
  // not take a copied one for them).
  ResidentTextures& operator=(const ResidentTextures& other);
  // The texture `tex0` (TW/TH as the draw sized it) with the blocks of `coverage` decoded. `pitch_log2` 0 takes
  // any texture of that identity (and makes one with PCSX2's default pitch); a mipmap level asks for level 0's.
  const ResidentTexture& prepare(const LocalMemory& memory, const Tex0& tex0, const Texa& texa, TexelRect coverage,
                                 int pitch_log2 = 0);

  // A write of format `psm` to `rect` of the buffer at `base_block` with width `width_64`: blocks in the pages
  // it touches must be decoded again, in every texture whose format shares bits with `psm`.
  void invalidate(uint32_t base_block, uint32_t width_64, uint32_t psm, TexelRect rect);

  // A VSync: textures no draw used for more than 10 VSyncs are dropped (PCSX2 GSTextureCacheSW::IncAge), so a
  // later draw starts from a zero-filled texture again.
  void age();

 private:
  std::list<ResidentTexture> textures_;  // most recently used first
  uint64_t next_version_ = 1;
};

}  // namespace gcvu::gs::pixel
