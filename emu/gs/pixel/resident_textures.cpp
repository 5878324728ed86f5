#include "emu/gs/pixel/resident_textures.hpp"

#include <algorithm>

#include "emu/gs/memory/pixel_access.hpp"
#include "emu/gs/pixel/texel_decode.hpp"
#include "emu/gs/pixel/texture_cache.hpp"
#include "emu/gs/pixel/written_pages.hpp"

namespace gcvu::gs::pixel {
namespace {

// PCSX2 keeps at most what its aging allows; this bound only keeps memory finite on long dumps.
constexpr size_t kMaxTextures = 1024;

// 16- and 24-bit textures are decoded through TEXA, so a texture sampled with TCC is told apart by it.
bool texa_decoded(uint32_t psm) {
  switch (psm) {
    case 0x01:
    case 0x02:
    case 0x0a:
    case 0x31:
    case 0x32:
    case 0x3a: return true;
    default: return false;
  }
}

// Formats whose pixels use disjoint bits of a word (PCSX2 GSUtil SharedBitsField): a write in one leaves the
// other's texels alone.
bool shares_bits(uint32_t written, uint32_t texture) {
  auto is24 = [](uint32_t p) { return p == 0x01 || p == 0x31; };
  auto high = [](uint32_t p) { return p == 0x1b || p == 0x24 || p == 0x2c; };
  if ((is24(written) && high(texture)) || (high(written) && is24(texture))) return false;
  if ((written == 0x24 && texture == 0x2c) || (written == 0x2c && texture == 0x24)) return false;
  return true;
}

template <Psm kPsm>
uint32_t page_of(const PixelAddress<kPsm>& buffer, uint32_t x, uint32_t y) {
  return (buffer(x, y) >> PsmTraits<kPsm>::kPageElementsLog2) & 511;
}

// Decodes block (bx, by), writing its rows at the texture's pitch as PCSX2's block readers do (a block wider than
// the pitch runs on into the next rows).
template <Psm kPsm>
void decode_block(const uint8_t* vm, ResidentTexture& t, const Texa& texa, uint32_t bx, uint32_t by) {
  const PixelAddress<kPsm> buffer(t.tbp, t.tbw);
  const uint32_t bw = 1u << t.block_w_log2, bh = 1u << t.block_h_log2;
  const uint32_t x0 = bx << t.block_w_log2, y0 = by << t.block_h_log2;
  const size_t size = t.texels.size();
  for (uint32_t y = 0; y < bh; y++) {
    const RowAddress<kPsm> row = buffer.row(y0 + y);
    const size_t base = (size_t{y0 + y} << t.pitch_log2) + x0;
    for (uint32_t x = 0; x < bw; x++) {
      if (base + x >= size) return;
      t.texels[base + x] = expand_texel<kPsm>(read_element<kPsm>(vm, row.at(x0 + x)), texa);
    }
  }
}

void create(ResidentTexture& t, const Tex0& tex0, const Texa& texa, int pitch_log2) {
  t.tbp = tex0.tbp0();
  t.tbw = tex0.tbw();
  t.psm = tex0.psm();
  t.tw = tex0.tw();
  t.th = tex0.th();
  t.texa = texa.raw;
  t.pitch_log2 = pitch_log2 != 0 ? pitch_log2 : std::max<int>(int(t.tw), is_indexed_psm(t.psm) ? 5 : 3);
  visit_psm(psm_or_ct32(t.psm), [&](auto p) {
    constexpr Psm kPsm = decltype(p)::value;
    using Traits = PsmTraits<kPsm>;
    t.block_w_log2 = Traits::kShape.block_width_log2;
    t.block_h_log2 = Traits::kShape.block_height_log2;
    const uint32_t width = std::max(1u << std::min(t.tw, 15u), 1u << t.block_w_log2);
    const uint32_t height = std::max(1u << std::min(t.th, 15u), 1u << t.block_h_log2);
    t.blocks_x = width >> t.block_w_log2;
    t.blocks_y = height >> t.block_h_log2;
    t.texels.assign(size_t{height} << t.pitch_log2, 0);
    t.valid.assign(size_t{t.blocks_x} * t.blocks_y, 0);
    t.block_page.resize(t.valid.size());
    const PixelAddress<kPsm> buffer(t.tbp, t.tbw);
    for (uint32_t by = 0; by < t.blocks_y; by++) {
      for (uint32_t bx = 0; bx < t.blocks_x; bx++) {
        const uint32_t page = page_of(buffer, bx << t.block_w_log2, by << t.block_h_log2);
        t.block_page[by * t.blocks_x + bx] = uint16_t(page);
        t.pages.add(page);
      }
    }
  });
}

}  // namespace

const ResidentTexture& ResidentTextures::prepare(const LocalMemory& memory, const Tex0& tex0, const Texa& texa,
                                                 TexelRect coverage, int pitch_log2) {
  auto found = std::find_if(textures_.begin(), textures_.end(), [&](const ResidentTexture& t) {
    return t.tbp == tex0.tbp0() && t.tbw == tex0.tbw() && t.psm == tex0.psm() && t.tw == tex0.tw() &&
           t.th == tex0.th() && !(texa_decoded(t.psm) && tex0.tcc() && t.texa != texa.raw) &&
           (pitch_log2 == 0 || t.pitch_log2 == pitch_log2);
  });
  if (found == textures_.end()) {
    textures_.emplace_front();
    create(textures_.front(), tex0, texa, pitch_log2);
    textures_.front().version = next_version_++;
    if (textures_.size() > kMaxTextures) textures_.pop_back();
  } else if (found != textures_.begin()) {
    textures_.splice(textures_.begin(), textures_, found);
  }
  ResidentTexture& t = textures_.front();
  t.age = 0;
  // The coverage widened to whole blocks (PCSX2 ralign<Align_Outside>).
  const int32_t bw = 1 << t.block_w_log2, bh = 1 << t.block_h_log2;
  const uint32_t bx0 = uint32_t(std::max(coverage.left, 0) >> t.block_w_log2);
  const uint32_t by0 = uint32_t(std::max(coverage.top, 0) >> t.block_h_log2);
  const uint32_t bx1 = std::min(uint32_t((std::max(coverage.right, 0) + bw - 1) >> t.block_w_log2), t.blocks_x);
  const uint32_t by1 = std::min(uint32_t((std::max(coverage.bottom, 0) + bh - 1) >> t.block_h_log2), t.blocks_y);
  const uint8_t* vm = memory.bytes().data();
  bool decoded = false;
  visit_psm(psm_or_ct32(t.psm), [&](auto p) {
    for (uint32_t by = by0; by < by1; by++) {
      for (uint32_t bx = bx0; bx < bx1; bx++) {
        uint8_t& valid = t.valid[by * t.blocks_x + bx];
        if (valid) continue;
        valid = 1;
        decoded = true;
        decode_block<decltype(p)::value>(vm, t, texa, bx, by);
      }
    }
  });
  if (decoded) t.version = next_version_++;
  return t;
}

ResidentTextures& ResidentTextures::operator=(const ResidentTextures& other) {
  if (this == &other) return *this;
  textures_ = other.textures_;
  next_version_ = std::max(next_version_, other.next_version_);
  for (ResidentTexture& t : textures_) t.version = next_version_++;
  return *this;
}

void ResidentTextures::invalidate(uint32_t base_block, uint32_t width_64, uint32_t psm, TexelRect rect) {
  if (textures_.empty() || rect.right <= rect.left || rect.bottom <= rect.top) return;
  const PageSet written = written_pages(base_block, width_64, psm, rect);
  for (ResidentTexture& t : textures_) {
    if (!shares_bits(psm, t.psm) || !t.pages.overlaps(written)) continue;
    for (size_t i = 0; i < t.valid.size(); i++) {
      if (written.contains(t.block_page[i])) t.valid[i] = 0;
    }
  }
}

void ResidentTextures::age() {
  constexpr uint32_t kMaxAge = 10;
  textures_.remove_if([](ResidentTexture& t) { return ++t.age > kMaxAge; });
}

}  // namespace gcvu::gs::pixel
