#pragma once
// The packed state key of a draw: every per-draw choice that changes what the per-pixel stages do, decided once
// from the registers and the draw summary the way PCSX2's GSRendererSW::GetScanlineGlobalData decides its
// selector (reference/gs.md §3). The pipeline picks its span stages from these fields; nothing per pixel looks at
// a register again.

#include <array>
#include <cstdint>

#include "emu/gs/gs_config.hpp"
#include "emu/gs/pixel/draw_state.hpp"

namespace gcvu::gs {

// Field values.
enum class FrameFmt : uint8_t { k32 = 0, k24 = 1, k16 = 2, kNone = 3 };  // kNone: the frame is not touched
enum class ZFmt : uint8_t { k32 = 0, k24 = 1, k16 = 2, kNone = 3 };      // kNone: Z neither tested nor written
enum class Tfx : uint8_t { kModulate = 0, kDecal = 1, kHighlight = 2, kHighlight2 = 3, kNone = 4 };
enum class MipMode : uint8_t { kNone = 0, kRound = 1, kTrilinear = 2 };  // PCSX2's sel.mmin

struct PixelStateKey {
  uint64_t bits = 0;

  // Layout: [lo, width) of each field.
  // 0-1 fpsm, 2-3 zpsm, 4-5 ztst (1 ALWAYS, 2 GEQUAL, 3 GREATER), 6 zwrite, 7 fwrite,
  // 8-10 tfx, 11 tcc, 12 ltf (bilinear), 13 tlu (palette), 14 uv path (FST or S/Q divided per vertex),
  // 15-16 mmin, 17 lcm (constant LOD), 18-19 wms, 20-21 wmt, 22-24 atst (after LESS/GREATER folding),
  // 25-26 afail, 27 fge, 28 date, 29 datm, 30 abe, 31-32 A, 33-34 B, 35-36 C, 37-38 D (3 folded to 2),
  // 39 pabe, 40 colclamp, 41 fba, 42 dthe.
  template <unsigned kLo, unsigned kWidth>
  uint32_t get() const {
    return static_cast<uint32_t>((bits >> kLo) & ((uint64_t{1} << kWidth) - 1));
  }
  template <unsigned kLo, unsigned kWidth>
  void set(uint32_t v) {
    uint64_t mask = ((uint64_t{1} << kWidth) - 1) << kLo;
    bits = (bits & ~mask) | ((uint64_t{v} << kLo) & mask);
  }

  FrameFmt fpsm() const { return static_cast<FrameFmt>(get<0, 2>()); }
  ZFmt zpsm() const { return static_cast<ZFmt>(get<2, 2>()); }
  uint32_t ztst() const { return get<4, 2>(); }
  bool zwrite() const { return get<6, 1>(); }
  bool fwrite() const { return get<7, 1>(); }
  Tfx tfx() const { return static_cast<Tfx>(get<8, 3>()); }
  bool tcc() const { return get<11, 1>(); }
  bool ltf() const { return get<12, 1>(); }
  bool tlu() const { return get<13, 1>(); }
  bool uv_path() const { return get<14, 1>(); }
  MipMode mmin() const { return static_cast<MipMode>(get<15, 2>()); }
  bool lcm() const { return get<17, 1>(); }
  uint32_t wms() const { return get<18, 2>(); }
  uint32_t wmt() const { return get<20, 2>(); }
  uint32_t atst() const { return get<22, 3>(); }
  uint32_t afail() const { return get<25, 2>(); }
  bool fge() const { return get<27, 1>(); }
  bool date() const { return get<28, 1>(); }
  bool datm() const { return get<29, 1>(); }
  bool abe() const { return get<30, 1>(); }
  uint32_t blend_a() const { return get<31, 2>(); }
  uint32_t blend_b() const { return get<33, 2>(); }
  uint32_t blend_c() const { return get<35, 2>(); }
  uint32_t blend_d() const { return get<37, 2>(); }
  bool pabe() const { return get<39, 1>(); }
  bool colclamp() const { return get<40, 1>(); }
  bool fba() const { return get<41, 1>(); }
  bool dthe() const { return get<42, 1>(); }
};

// The per-draw constants that go with the key.
struct PixelConstants {
  uint32_t fm = 0;  // frame write mask in the frame's storage format (16-bit frames: RGB5A1 bits, top half set)
  uint32_t zm = 0;  // Z write mask (Z24: top byte set, Z16: top half set)
  int32_t aref = 0;
  int32_t afix = 0;
  int32_t fog_r = 0, fog_g = 0, fog_b = 0;
  // Texture: wrap limits per axis (PCSX2's t.min/t.max/t.mask), level 0.
  int32_t u_min = 0, u_max = 0, v_min = 0, v_max = 0;
  bool u_repeat = false, v_repeat = false;
  int tw_log2 = 0, th_log2 = 0;  // the size-fixed TEX0 TW/TH
  bool trace_linear = false;     // the vertex trace's filter, before mipmapping picks the minification one
  // LOD.
  int mip_top = 0;  // min(MXL, 6)
  float lod_l = 0, lod_k = 0, lod_mxl = 0;
  int32_t lod_const = 0;  // 16.16, when the key's lcm is set
  bool draws_nothing = false;
};

// Builds the key and constants for a draw (PCSX2 GetScanlineGlobalData, TryAlphaTest, IsOpaque, GSVertexTrace's
// filter and LOD range, GetSizeFixedTEX0).
// `palette` is the draw's palette for indexed textures (its alpha range matters), or null.
void build_pixel_state(const DrawState& state, const GsConfig& config, PixelStateKey& key, PixelConstants& k,
                       const std::array<uint32_t, 256>* palette = nullptr);

// The alpha range of the draw's output (PCSX2 GSState::CalcAlphaMinMax with the texture's alpha unknown): the
// vertex range, combined with what the texture format and TEXA (or the palette) allow when TCC is set.
void output_alpha_range(const DrawState& state, const std::array<uint32_t, 256>* palette, int& amin, int& amax);

// The vertex-trace LOD range [x, y] of a draw from its Q range (log2 approximation, K, L).
void draw_lod_range(const DrawState& state, float& lod_min, float& lod_max);

}  // namespace gcvu::gs
