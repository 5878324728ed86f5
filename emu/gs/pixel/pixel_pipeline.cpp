// The per-pixel stages of a draw as a short list of span passes chosen once per draw from its state key
// (gs/pixel/pixel_state_key.hpp). Each pass is a template specialised for the key fields it depends on (frame
// format, Z format, filter and coordinate path, TFX) and runs over the whole span, so no loop tests a register.
// A pixel a test rejects keeps running through the arithmetic passes with both write masks full: it writes
// nothing, as PCSX2's vector lanes do. Arithmetic: reference/gs.md §3 and gs/pixel/pixel_math.hpp.

#include "emu/gs/pixel/pixel_pipeline.hpp"

#include <algorithm>
#include <cstring>
#include <memory>

#include <emmintrin.h>
#include <xmmintrin.h>

#include "emu/common/cpu_features.hpp"
#include "emu/gs/memory/pixel_address.hpp"
#include "emu/gs/pixel/bilinear_rows.hpp"
#include "emu/gs/pixel/coverage_mask.hpp"
#include "emu/gs/pixel/depth_test.hpp"
#include "emu/gs/pixel/fused_groups.hpp"
#include "emu/gs/pixel/lod_rows.hpp"
#include "emu/gs/pixel/pixel_math.hpp"
#include "emu/gs/pixel/pixel_state_key.hpp"
#include "emu/gs/pixel/row_pair_fill_avx2.hpp"
#include "emu/gs/pixel/row_store32.hpp"
#include "emu/gs/pixel/texture_cache.hpp"
#include "emu/gs/pixel/texture_coverage.hpp"

namespace gcvu::gs {

using namespace pixel;

namespace {

constexpr int kN = kMaxSpanPixels;

// Per-span working arrays of a workspace (a pipeline uses them only inside draw_span).
struct Scratch {
  alignas(64) int32_t r[kN], g[kN], b[kN], a[kN];  // colour being shaded (texel, then TFX, fog, blend)
  alignas(64) uint32_t fm[kN], zm[kN];             // per-pixel write masks; all ones = no write
  alignas(64) uint32_t faddr[kN], zaddr[kN];       // byte addresses
  alignas(64) uint32_t fd[kN];                     // frame contents
  alignas(64) uint32_t fs[kN];                     // the value to store, masks applied
  alignas(64) int32_t lod[kN];                     // 16.16 LOD (mipmapped draws)
  alignas(64) int32_t lod_frac_ba[kN];             // trilinear fraction for blue and alpha (see stage_lod_const)
  alignas(64) uint32_t tix[4][kN];                 // texel indices of a bilinear quad (or the nearest texel)
  alignas(64) int32_t uf[kN], vf[kN];              // bilinear fractions, 4 bits
  alignas(64) int32_t u[kN], v[kN];                // 16.16 texel coordinates from s/q, t/q
  // Stand in for span arrays the draw does not need, with a group of slack on either side (Span::whole_groups):
  // the span's element 0 is at kSlack.
  static constexpr int kSlack = 8;
  alignas(64) int16_t zero16[kN + 2 * kSlack];
  alignas(64) int32_t zero32[kN + 2 * kSlack];
  alignas(64) float one_f[kN + 2 * kSlack];
  alignas(64) uint32_t zero_u32[kN + 2 * kSlack];
  uint32_t frame_pair[kN / 8 + 1], z_pair[kN / 8 + 1];  // per group of a fused run (fused_groups.hpp)
  // A span's first or last group when the span covers only part of it, as an 8-lane span of its own.
  struct PartialGroup {
    alignas(32) uint32_t z[8], fm[8], zm[8];
    alignas(32) int32_t u[8], v[8];
    alignas(32) float s[8], t[8], q[8];
    alignas(16) int16_t r[8], g[8], b[8], a[8], fog[8];
  } partial{};               // lanes outside a partial group keep earlier values (determinate, and masked out)
  uint8_t live[kN / 8 + 1];  // per 8-pixel group aligned to x: some pixel passed the Z test
  int last_live = -1;        // the last group with live[] set, or -1
  Scratch() {
    std::memset(zero16, 0, sizeof(zero16));
    std::memset(zero32, 0, sizeof(zero32));
    std::memset(zero_u32, 0, sizeof(zero_u32));
    std::fill(std::begin(one_f), std::end(one_f), 1.0f);
  }
};

// The texture cache of a workspace, handed to whichever pipeline last began a draw on it.
struct OwnedCache {
  TextureCache cache;
  const void* owner = nullptr;
};

}  // namespace

// The Z block bounds of a workspace, valid for the draw of the pipeline that last used them.
struct OwnedDepthBounds {
  DepthBounds bounds{cpu_has_avx2()};
  const void* owner = nullptr;
};

struct PixelWorkspace::Parts {
  Scratch scratch;
  OwnedCache texture;
  OwnedDepthBounds depth;
  // The state of the workspace's last pipeline, kept for the next one to build its own in: a draw's pipeline then
  // costs no heap allocation and release of its ~6 KiB (each draw of the demo frame makes one).
  std::unique_ptr<PixelPipeline::Impl> spare_impl;
};

// A pass over pixels [begin, end) of a span (indices into the span and the scratch arrays).
using Stage = void (*)(PixelPipeline::Impl&, const Span&, Scratch&, int begin, int end);

struct PixelPipeline::Impl {
  PixelStateKey key;
  PixelConstants k;
  RasterInputs inputs;
  LocalMemory* memory = nullptr;
  uint8_t* vm = nullptr;
  const Clut* clut = nullptr;
  BufferLayout fb, zb;  // base block and width; the format is the address passes' template argument
  std::array<uint32_t, 256> palette{};
  TextureCache* tex = nullptr;
  int tex_pitch_log2 = 3;
  // Alpha test: pass when lo <= A <= hi, inverted for NOTEQUAL/NEVER; a failing pixel ORs these into its masks.
  int32_t atest_lo = 0, atest_hi = 255;
  uint32_t atest_invert = 0, afail_fm = 0, afail_zm = 0;
  int32_t dither[4][4]{};
  int32_t wrap_mask = 0xff;
  LodConstants lod_constants;
  LodRowFn lod_row = nullptr;
  QuadIndexRowFn quad_index_row = quad_index_row_portable;  // or the AVX2 build (bilinear_rows.hpp)
  BilinearRowFn bilinear_row = bilinear_row_portable;
  uint32_t fba_bit = 0;
  uint32_t early_fm = 0;  // the frame mask before any test (all ones when the frame is not touched)
  std::array<Stage, 16> stages{};
  int stage_count = 0;
  // With a Z test, stages[0] is the fused depth test run on the whole span, and the later passes run only on the
  // groups of pixels it left something to write (PCSX2 tests Z first too).
  bool z_first = false;
  // The draw lets the Z test skip groups by block bounds (gs/pixel/depth_bounds.hpp); null when not.
  DepthBounds* depth_bounds = nullptr;
  // Whether a rectangle's pixels all fail the Z test by the block bounds, for Z tests that can tell (32-bit Z
  // arrangements of 32- or 24-bit Z); null otherwise.
  bool (*depth_region_fails)(Impl&, int left, int top, int right, int bottom, uint32_t z_upper) = nullptr;

  // The workspace's bounds were taken for another draw: start afresh.
  void claim_depth_bounds() {
    if (workspace->depth.owner == self) return;
    depth_bounds->begin();
    workspace->depth.owner = self;
  }
  // The draw runs its primitives last to first and writes only pixels no later one wrote: which those are.
  bool last_to_first = false;
  CoverageMask covered;
  uint64_t pixels = 0;
  bool nothing = false;
  // Untextured, untested, unblended 32-bit draws run as one fused pass instead of the list (see stage_solid).
  Stage solid = nullptr;
  // Such a draw in 32-bit swizzles fills two rows of one colour and Z at once (stage_solid_pair), when the caller
  // lets the pipeline hold an even row until the next span (hold_rows_for_pairs) and vouched that its frame and Z
  // buffers are apart if it writes Z.
  void (*solid_pair)(Impl&, int y, int x0, int n0, int x1, int n1, uint32_t color, uint32_t z,
                     bool break_pair) = nullptr;
  bool hold_rows = false;
  bool break_row_pairs = false;  // GsConfig::break_row_pairs
  // The frame and Z buffer as the AVX2 pair fill takes them (row_pair_fill_avx2.hpp); each pair sets the values.
  std::array<PairBuffer, 2> pair_buffers{};
  // A flat span that brings its steps gives its colour from them, without its arrays (GsConfig::fused_steps);
  // `flat_steps_swapped` (GsConfig::break_span_steps) takes their r and b channels for each other.
  bool flat_from_steps = false;
  bool flat_steps_swapped = false;
  // The even row held for a pair: its pixels and the frame value and Z it stores.
  struct HeldRow {
    bool held = false;
    int y = 0, x = 0, count = 0;
    uint32_t color = 0, z = 0;
  } held;
  const void* self = nullptr;
  PixelWorkspace::Parts* workspace = nullptr;
  // Whole 8-pixel groups go through fused_groups.hpp's pass instead of the list when `fused` is set and, for a draw
  // that writes Z, the caller vouched that its frame writes cannot land in the Z buffer (the fused pass writes a
  // group's Z and frame before the next group's, the list a run's Z before its frame).
  FusedGroupsFn fused = nullptr;
  FusedGroupsFn fused_with_z = nullptr;  // with its own Z test: a lean shape's kernel if the draw has one, or `fused`
  // The lean kernel that steps colour and u, v itself, for spans that bring their steps (Span::steps).
  FusedGroupsFn fused_stepped = nullptr;
  // Its build that works out each group's offsets from the span's rows (GsConfig::group_offsets).
  FusedGroupsFn fused_stepped_rows = nullptr;
  bool apart = false;             // vouched: frame writes cannot land in the Z buffer
  bool break_group_ends = false;  // GsConfig::break_group_ends
  // The fused pass stands in for the fused solid pass only with its own Z test (whole spans in one pass).
  bool fused_only_with_z = false;
  FusedDraw fused_draw;
  uint32_t fused_fm0 = 0, fused_zm0 = 0;
  uint64_t sampled = 0;               // pixels the fused runs sampled while tiles were left
  bool tiles_all_ready = false;       // tiles_ready found every tile in since the texture cache was last begun
  bool fused_texels_pointed = false;  // point_fused_texels pointed the fused pass at them since then
  // Pixels the list's runs sampled per level while tiles were left (copy_level_when_due).
  std::array<uint64_t, TextureCache::kMaxLevels> list_sampled{};
  void (*group_pairs)(const Impl&, const Span&, int first, int groups, uint32_t* frame, uint32_t* z) = nullptr;
  // A span's row of the frame and of the Z buffer for fused_stepped_rows to work out each group's offsets
  // (FusedRun::z_row), where both buffers start on a page and GsConfig::group_offsets allows; group_pairs' arrays
  // otherwise.
  using BufferRows = BufferRows32;
  bool group_rows = false;
  BufferRows frame_rows, z_rows;
  // The kernel that takes a primitive's rows in one call (GsConfig::row_batches), where fused_stepped_rows is set.
  FusedRowsFn fused_rows = nullptr;
  bool rows_z_one_late = false;  // GsConfig::break_row_batches
  // Whether the next span through that pass takes the rows: always (kRows), or (kByOutcome, rows_by_outcome) when
  // the draw's last one wrote fewer than one pixel in kRowsBelowWrittenShare.
  bool rows_now = false;
  bool rows_by_outcome = false;
  bool break_group_rows = false;  // GsConfig::break_group_rows
  // What the texture cache was begun with, to begin it again if another pipeline took it meanwhile.
  DrawState state;
  int tex_top = 0;
  std::array<const ResidentTexture*, TextureCache::kMaxLevels> resident{};

  void begin_texture() {
    OwnedCache& oc = workspace->texture;
    oc.owner = self;
    tiles_all_ready = false;
    fused_texels_pointed = false;
    tex = &oc.cache;
    tex->begin(*memory, state.tex0, state.texa, state.miptbp1, state.miptbp2, k.tw_log2, k.th_log2, tex_top, &palette,
               &resident);
    tex_pitch_log2 = tex->level(0).pitch_log2;
  }
};

PixelWorkspace::PixelWorkspace() : parts_(std::make_unique<Parts>()) {}
PixelWorkspace::~PixelWorkspace() = default;

namespace {

using Impl = PixelPipeline::Impl;

// As tiles_ready does for the fused pass: a level copied from a resident texture (whose tiles do not depend on when
// they are copied) is copied whole once the draw's list runs have sampled as many pixels as it has texels, so later
// runs skip ensure_tiles' per-pixel checks (the demo's small mip levels fill up early).
void copy_level_when_due(Impl& p, TextureCache& tc, int lvl, int pixels) {
  const TextureLevel& level = tc.level(lvl);
  if (level.tiles_left == 0 || !level.resident) return;
  uint64_t& sampled = p.list_sampled[static_cast<size_t>(lvl)];
  sampled += static_cast<uint64_t>(pixels);
  if (sampled > level.mask) tc.ensure_all(lvl);
}

// ---- Masks and addresses ----

// Byte addresses of the span's pixels through gs/memory's addressing; kAddr is the format whose swizzle the
// buffer uses (see buffer_swizzle).
template <Psm kAddr>
inline void span_addresses(const BufferLayout& layout, const Span& s, uint32_t* out, int begin, int end) {
  constexpr uint32_t kBytesLog2 = PsmTraits<kAddr>::kShape.element_bits_log2 - 3;
  const RowAddress<kAddr> row = PixelAddress<kAddr>(layout).row(static_cast<uint32_t>(s.y));
  row.run(static_cast<uint32_t>(s.x + begin), static_cast<uint32_t>(end - begin), out + begin, kBytesLog2);
}

// The frame's mask is set before the Z test (which adds to it); its addresses only after, for the live pixels.
void stage_begin_fm(Impl& p, const Span&, Scratch& w, int begin, int end) {
  std::fill(w.fm + begin, w.fm + end, p.k.fm);
}
template <Psm kAddr>
void stage_fb_addresses(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  span_addresses<kAddr>(p.fb, s, w.faddr, begin, end);
}
void stage_no_fb(Impl& p, const Span&, Scratch& w, int begin, int end) {
  (void)p;
  for (int i = begin; i < end; i++) w.fm[i] = 0xffffffffu;
}
template <Psm kAddr>
void stage_begin_zb(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  span_addresses<kAddr>(p.zb, s, w.zaddr, begin, end);
  std::fill(w.zm + begin, w.zm + end, p.k.zm);
}
void stage_no_zb(Impl& p, const Span&, Scratch& w, int begin, int end) {
  (void)p;
  for (int i = begin; i < end; i++) w.zm[i] = 0xffffffffu;
}

inline uint32_t load32(const uint8_t* vm, uint32_t a) {
  uint32_t v;
  std::memcpy(&v, vm + a, 4);
  return v;
}
inline uint32_t load16(const uint8_t* vm, uint32_t a) {
  uint16_t v;
  std::memcpy(&v, vm + a, 2);
  return v;
}

// A stage whose loops GCC vectorises well only with AVX2's instructions (pmulld for 32-bit multiplies) is written
// once, always inlined, and built twice here; built_for_cpu picks the build once from what the CPU has.
template <Stage kBody>
void built_portable(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  kBody(p, s, w, begin, end);
}
template <Stage kBody>
[[gnu::target("avx2")]] void built_avx2(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  kBody(p, s, w, begin, end);
}
template <Stage kBody>
Stage built_for_cpu(bool allow_avx2) {
  static const bool avx2 = cpu_has_avx2();
  return avx2 && allow_avx2 ? built_avx2<kBody> : built_portable<kBody>;
}

// ---- Z test (gs/pixel/depth_test.hpp) ----

// The first pass of a Z-tested draw: both write masks and the test, and which 8-pixel groups (aligned to x) have
// a pixel left; the later passes run only on those, and take the Z addresses from stage_zb_addresses. Always
// runs on the whole span.
template <Psm kAddr, ZFmt kZ, bool kGreater>
void stage_depth_test(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  const int skip = (s.x + begin) & 7;
  if constexpr (PsmTraits<kAddr>::kSwizzle == Swizzle::k32 && kZ != ZFmt::k16) {
    const RowAddress<kAddr> row = PixelAddress<kAddr>(p.zb).row(static_cast<uint32_t>(s.y));
    const uint32_t x = static_cast<uint32_t>(s.x + begin);
    // A span whose Z covers its whole groups tests its partial groups as whole ones (the demo's spans are short,
    // so most of their groups are partial).
    const PartialGroups partial = !(s.whole_groups && begin == 0) ? PartialGroups::kByPixel
                                  : p.break_group_ends            ? PartialGroups::kWholeBroken
                                                                  : PartialGroups::kWhole;
    w.last_live = depth_test_span_column32<kZ, kGreater>(
        p.vm, s.z + begin, end - begin, skip, p.early_fm, p.k.zm, w.fm + begin, w.zm + begin, w.live,
        [&](int i) { return row.at(x + static_cast<uint32_t>(i)); }, p.depth_bounds, partial);
  } else {
    span_addresses<kAddr>(p.zb, s, w.zaddr, begin, end);
    w.last_live = depth_test_span<kZ, kGreater>(p.vm, s.z + begin, w.zaddr + begin, end - begin, skip, p.early_fm,
                                                p.k.zm, w.fm + begin, w.zm + begin, w.live);
  }
}
// Every pixel of the rectangle with Z at most z_upper fails when each 8x8 block it touches has a lower bound that
// z_upper does not reach (GEQUAL) or exceed (GREATER).
template <Psm kAddr, ZFmt kZ, bool kGreater>
bool depth_region_fails(Impl& p, int left, int top, int right, int bottom, uint32_t z_upper) {
  static_assert(PsmTraits<kAddr>::kSwizzle == Swizzle::k32 && kZ != ZFmt::k16);
  constexpr uint32_t kWidth = kZ == ZFmt::k24 ? 0xffffffu : 0xffffffffu;
  p.claim_depth_bounds();
  const PixelAddress<kAddr> address(p.zb);
  for (int y = top & ~7; y < bottom; y += 8) {
    const RowAddress<kAddr> row = address.row(static_cast<uint32_t>(y));
    for (int x = left & ~7; x < right; x += 8) {
      const uint32_t lowest = p.depth_bounds->lower_bound(p.vm, row.at(static_cast<uint32_t>(x)), kWidth);
      if (kGreater ? z_upper > lowest : z_upper >= lowest) return false;
    }
  }
  return true;
}

template <Psm kAddr>
void stage_zb_addresses(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  span_addresses<kAddr>(p.zb, s, w.zaddr, begin, end);
}

// ---- Texture sampling ----

inline int32_t sat16(int32_t v) { return std::clamp(v, -32768, 32767); }

// One level's lookup: texel coordinates from 16.16 u, v (already shifted for the level), nearest or bilinear.
// Always inlined: as a call (once or twice per pixel) its eleven arguments and four results went through memory.
template <bool kLinear>
[[gnu::always_inline]] inline void sample_level(Impl& p, int lvl, int32_t u, int32_t v, int32_t ulo, int32_t uhi,
                                                int32_t vlo, int32_t vhi, int32_t& r, int32_t& g, int32_t& b,
                                                int32_t& a) {
  TextureCache& tc = *p.tex;
  int pitch = p.tex_pitch_log2;
  int32_t x0 = sat16(u >> 16), y0 = sat16(v >> 16);
  int32_t xw0 = wrap_texel(x0, ulo, uhi, p.k.u_repeat), yw0 = wrap_texel(y0, vlo, vhi, p.k.v_repeat);
  if constexpr (!kLinear) {
    uint32_t c = tc.fetch(lvl, (static_cast<uint32_t>(yw0) << pitch) + static_cast<uint32_t>(xw0));
    r = c & 0xff, g = (c >> 8) & 0xff, b = (c >> 16) & 0xff, a = c >> 24;
  } else {
    int32_t uf = (u & 0xffff) >> 12, vf = (v & 0xffff) >> 12;
    int32_t x1 = static_cast<int16_t>(static_cast<uint16_t>(x0 + 1)),
            y1 = static_cast<int16_t>(static_cast<uint16_t>(y0 + 1));
    int32_t xw1 = wrap_texel(x1, ulo, uhi, p.k.u_repeat), yw1 = wrap_texel(y1, vlo, vhi, p.k.v_repeat);
    uint32_t r0 = static_cast<uint32_t>(yw0) << pitch, r1 = static_cast<uint32_t>(yw1) << pitch;
    uint32_t c00, c01, c10, c11;
    const TextureLevel& level = tc.level(lvl);
    const uint32_t i00 = (r0 + xw0) & level.mask, i11 = (r1 + xw1) & level.mask;
    if (((i00 ^ i11) & ~((7u << pitch) | 7u)) == 0) {
      // The quad lies in one 8x8 tile (its first and last corners do): one check for four texels.
      tc.ensure(lvl, i00);
      c00 = level.texels[i00], c01 = level.texels[(r0 + xw1) & level.mask];
      c10 = level.texels[(r1 + xw0) & level.mask], c11 = level.texels[i11];
    } else {
      c00 = tc.fetch(lvl, r0 + xw0), c01 = tc.fetch(lvl, r0 + xw1);
      c10 = tc.fetch(lvl, r1 + xw0), c11 = tc.fetch(lvl, r1 + xw1);
    }
    auto ch = [&](int shift) {
      int32_t t00 = (c00 >> shift) & 0xff, t01 = (c01 >> shift) & 0xff;
      int32_t t10 = (c10 >> shift) & 0xff, t11 = (c11 >> shift) & 0xff;
      return lerp4(lerp4(t00, t01, uf), lerp4(t10, t11, uf), vf);
    };
    r = ch(0), g = ch(8), b = ch(16), a = ch(24);
  }
}

// Decodes the tiles of level `lvl` that the texel indices in w.tix (four quad corners, or one texel) of pixels
// [begin, end) touch and no sample has touched yet. Two texels share an 8x8 tile when their indices agree outside
// the low three bits of column and row; a bilinear quad lies in one tile when its first and last corners do. Runs
// of pixels in the tile just checked (most of them) skip the check.
template <bool kLinear>
void ensure_tiles(TextureCache& tc, int lvl, int pitch, const Scratch& w, int begin, int end) {
  const uint8_t* valid = tc.level(lvl).valid;
  const int tile_shift = pitch - 3;
  auto tile_of = [&](uint32_t index) {
    return ((index >> pitch) >> 3 << tile_shift) + ((index & ((1u << pitch) - 1)) >> 3);
  };
  const uint32_t tile_bits = ~((7u << pitch) | 7u);
  uint32_t checked = 1;  // no tile's bits: nothing checked yet
  for (int i = begin; i < end && tc.level(lvl).tiles_left != 0; i++) {
    const uint32_t first = w.tix[0][i] & tile_bits, last = w.tix[kLinear ? 3 : 0][i] & tile_bits;
    if (first == checked && last == checked) continue;
    bool all = valid[tile_of(w.tix[0][i])];
    if constexpr (kLinear) {
      all = all & valid[tile_of(w.tix[1][i])] & valid[tile_of(w.tix[2][i])] & valid[tile_of(w.tix[3][i])];
    }
    if (!all) {
      tc.ensure(lvl, w.tix[0][i]);
      if constexpr (kLinear) tc.ensure(lvl, w.tix[1][i]), tc.ensure(lvl, w.tix[2][i]), tc.ensure(lvl, w.tix[3][i]);
    }
    if (first == last) checked = first;
  }
}

// Without mipmapping: u, v from the span (the rasterizer applied the bilinear half-texel shift on the u, v path),
// or s/q, t/q truncated with the shift here. Three passes: texel indices and fractions (branch-free), tile decode
// for tiles not yet seen, then the gather and the 4-bit lerps. Bilinear draws run the first and last pass through
// bilinear_rows.cpp, eight pixels to a register on AVX2 CPUs.
// The first two passes: texel indices and fractions into w.tix, w.uf, w.vf, and the tiles they touch decoded.
template <bool kStq, bool kLinear>
void texture_indices(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  const int pitch = p.tex_pitch_log2;
  const uint32_t mask = p.tex->level(0).mask;
  const int32_t ulo = p.k.u_min, uhi = p.k.u_max, vlo = p.k.v_min, vhi = p.k.v_max;
  const bool urep = p.k.u_repeat, vrep = p.k.v_repeat;
  const int32_t* us = s.u;
  const int32_t* vs = s.v;
  if constexpr (kStq) {
    divide_truncate_row(s.s + begin, s.q + begin, end - begin, w.u + begin);
    divide_truncate_row(s.t + begin, s.q + begin, end - begin, w.v + begin);
    if constexpr (kLinear) {
      for (int i = begin; i < end; i++) w.u[i] = half_texel_back(w.u[i]), w.v[i] = half_texel_back(w.v[i]);
    }
    us = w.u, vs = w.v;
  }
  if constexpr (kLinear) {
    const TexelWrap wrap{ulo, uhi, vlo, vhi, urep, vrep, pitch, mask};
    p.quad_index_row(
        us + begin, vs + begin, end - begin, wrap,
        {{w.tix[0] + begin, w.tix[1] + begin, w.tix[2] + begin, w.tix[3] + begin}, w.uf + begin, w.vf + begin});
  } else {
    for (int i = begin; i < end; i++) {
      const uint32_t xw0 = static_cast<uint32_t>(wrap_texel(us[i] >> 16, ulo, uhi, urep));
      const uint32_t r0 = static_cast<uint32_t>(wrap_texel(vs[i] >> 16, vlo, vhi, vrep)) << pitch;
      w.tix[0][i] = (r0 + xw0) & mask;
    }
  }
  copy_level_when_due(p, *p.tex, 0, end - begin);
  ensure_tiles<kLinear>(*p.tex, 0, pitch, w, begin, end);
}
template <bool kStq, bool kLinear>
void stage_texture(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  texture_indices<kStq, kLinear>(p, s, w, begin, end);
  const uint32_t* tex = p.tex->level(0).texels;
  if constexpr (kLinear) {
    p.bilinear_row(
        tex, {{w.tix[0] + begin, w.tix[1] + begin, w.tix[2] + begin, w.tix[3] + begin}, w.uf + begin, w.vf + begin},
        end - begin, {w.r + begin, w.g + begin, w.b + begin, w.a + begin});
  } else {
    for (int i = begin; i < end; i++) {
      const uint32_t c = tex[w.tix[0][i]];
      w.r[i] = c & 0xff, w.g[i] = (c >> 8) & 0xff, w.b[i] = (c >> 16) & 0xff, w.a[i] = c >> 24;
    }
  }
}

// The LOD of each pixel in 16.16: constant, or from q (PCSX2 SampleTextureLOD), by the build of lod_rows.cpp the CPU
// can run fastest.
void stage_lod(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  p.lod_row(s.q + begin, end - begin, p.lod_constants, w.lod + begin, w.lod_frac_ba + begin);
}
// A constant LOD's trilinear fraction as PCSX2 lays it out for its vectors (GetScanlineGlobalData: the fraction
// broadcast to every 32-bit lane with a zero high half, then shuffled as 16-bit words xxxxl and 32-bit xxzz, and
// repeated in both 128-bit halves): pixels at x & 7 = 0, 1, 4, 5 blend every channel by it, pixels at 2, 3, 6, 7
// blend red and green (the low words) by it but blue and alpha (the high words) by 0, keeping the lower level.
void stage_lod_const(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  const int32_t frac = p.k.lod_const & 0xffff;
  for (int i = begin; i < end; i++) {
    w.lod[i] = p.k.lod_const;
    w.lod_frac_ba[i] = ((s.x + i) & 2) ? 0 : frac;
  }
}

// Bilinear sampling of one mip level per pixel, a run of pixels with the same LOD integer at a time: the
// coordinates shifted to the level and moved half a texel back, then the same row passes as stage_texture
// (bilinear_rows.cpp) on that level's texels. The bits are sample_level's.
void sample_bilinear_mip_runs(Impl& p, const int32_t* us, const int32_t* vs, Scratch& w, int begin, int end) {
  TextureCache& tc = *p.tex;
  const int pitch = p.tex_pitch_log2;
  for (int run = begin; run < end;) {
    const uint32_t lodi = static_cast<uint32_t>(w.lod[run]) >> 16;
    int run_end = run + 1;
    while (run_end < end && static_cast<uint32_t>(w.lod[run_end]) >> 16 == lodi) run_end++;
    const int sh = static_cast<int>(std::min(lodi, 31u));
    const int lvl = static_cast<int>(std::min(lodi, static_cast<uint32_t>(TextureCache::kMaxLevels - 1)));
    for (int i = run; i < run_end; i++) w.u[i] = half_texel_back(us[i] >> sh), w.v[i] = half_texel_back(vs[i] >> sh);
    const TextureLevel& level = tc.level(lvl);
    const TexelWrap wrap{static_cast<uint16_t>(p.k.u_min) >> sh,
                         static_cast<uint16_t>(p.k.u_max) >> sh,
                         static_cast<uint16_t>(p.k.v_min) >> sh,
                         static_cast<uint16_t>(p.k.v_max) >> sh,
                         p.k.u_repeat,
                         p.k.v_repeat,
                         pitch,
                         level.mask};
    const int n = run_end - run;
    p.quad_index_row(w.u + run, w.v + run, n, wrap,
                     {{w.tix[0] + run, w.tix[1] + run, w.tix[2] + run, w.tix[3] + run}, w.uf + run, w.vf + run});
    copy_level_when_due(p, tc, lvl, n);
    ensure_tiles<true>(tc, lvl, pitch, w, run, run_end);
    p.bilinear_row(level.texels,
                   {{w.tix[0] + run, w.tix[1] + run, w.tix[2] + run, w.tix[3] + run}, w.uf + run, w.vf + run}, n,
                   {w.r + run, w.g + run, w.b + run, w.a + run});
    run = run_end;
  }
}

template <bool kStq, bool kLinear, bool kTrilinear>
void stage_texture_mip(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  const int32_t* us = s.u;
  const int32_t* vs = s.v;
  if constexpr (kStq) {
    divide_truncate_row(s.s + begin, s.q + begin, end - begin, w.u + begin);
    divide_truncate_row(s.t + begin, s.q + begin, end - begin, w.v + begin);
    us = w.u, vs = w.v;
  }
  if constexpr (kLinear && !kTrilinear) {
    sample_bilinear_mip_runs(p, us, vs, w, begin, end);
    return;
  }
  for (int i = begin; i < end; i++) {
    int32_t u = us[i], v = vs[i];
    int32_t lod = w.lod[i];
    int lodi = static_cast<int>(static_cast<uint32_t>(lod) >> 16);
    int sh = std::min(lodi, 31);
    u >>= sh;
    v >>= sh;
    int32_t ulo = static_cast<uint16_t>(p.k.u_min) >> sh, uhi = static_cast<uint16_t>(p.k.u_max) >> sh;
    int32_t vlo = static_cast<uint16_t>(p.k.v_min) >> sh, vhi = static_cast<uint16_t>(p.k.v_max) >> sh;
    int32_t r, g, b, a;
    int lvl = std::min(lodi, TextureCache::kMaxLevels - 1);
    sample_level<kLinear>(p, lvl, kLinear ? half_texel_back(u) : u, kLinear ? half_texel_back(v) : v, ulo, uhi, vlo,
                          vhi, r, g, b, a);
    if constexpr (kTrilinear) {
      int32_t r2, g2, b2, a2;
      int32_t u2 = u >> 1, v2 = v >> 1;
      int lvl2 = std::min(lodi + 1, TextureCache::kMaxLevels - 1);
      sample_level<kLinear>(p, lvl2, kLinear ? half_texel_back(u2) : u2, kLinear ? half_texel_back(v2) : v2, ulo >> 1,
                            uhi >> 1, vlo >> 1, vhi >> 1, r2, g2, b2, a2);
      int32_t f = lod & 0xffff, f_ba = w.lod_frac_ba[i];
      r = lerp_lod(r, r2, f), g = lerp_lod(g, g2, f), b = lerp_lod(b, b2, f_ba), a = lerp_lod(a, a2, f_ba);
    }
    w.r[i] = r, w.g[i] = g, w.b[i] = b, w.a[i] = a;
  }
}

// ---- TFX: the texel (in w.r..w.a) with the fragment colour (8.7 in the span) ----

// Built for the CPU (built_for_cpu): the modulate's 32-bit multiplies vectorise to pmulld only where the target
// has it; SSE2 emulates them with shuffles, which made this the second-hottest stage of bilinear fills.
template <Tfx kTfx, bool kTcc>
[[gnu::always_inline]] inline void stage_tfx(Impl&, const Span& s, Scratch& w, int begin, int end) {
  for (int i = begin; i < end; i++) {
    int32_t cr = static_cast<uint16_t>(s.r[i]), cg = static_cast<uint16_t>(s.g[i]);
    int32_t cb = static_cast<uint16_t>(s.b[i]), ca = static_cast<uint16_t>(s.a[i]);
    int32_t af = ca >> 7;
    if constexpr (kTfx == Tfx::kNone) {
      w.r[i] = cr >> 7, w.g[i] = cg >> 7, w.b[i] = cb >> 7, w.a[i] = af;
    } else if constexpr (kTfx == Tfx::kModulate) {
      w.r[i] = clamp8(modulate(w.r[i], cr));
      w.g[i] = clamp8(modulate(w.g[i], cg));
      w.b[i] = clamp8(modulate(w.b[i], cb));
      w.a[i] = kTcc ? clamp8(modulate(w.a[i], ca)) : af;
    } else if constexpr (kTfx == Tfx::kDecal) {
      if constexpr (!kTcc) w.a[i] = af;
    } else {
      int32_t at = w.a[i];
      w.r[i] = clamp8(modulate(w.r[i], cr) + af);
      w.g[i] = clamp8(modulate(w.g[i], cg) + af);
      w.b[i] = clamp8(modulate(w.b[i], cb) + af);
      if constexpr (kTfx == Tfx::kHighlight) {
        w.a[i] = kTcc ? std::min(at + af, 255) : af;
      } else {
        w.a[i] = kTcc ? at : af;
      }
    }
  }
}

// ---- Alpha test ----

void stage_atest(Impl& p, const Span&, Scratch& w, int begin, int end) {
  for (int i = begin; i < end; i++) {
    uint32_t pass = static_cast<uint32_t>(w.a[i] >= p.atest_lo && w.a[i] <= p.atest_hi) ^ p.atest_invert;
    uint32_t fail = pass - 1;  // all ones when failing
    w.fm[i] |= fail & p.afail_fm;
    w.zm[i] |= fail & p.afail_zm;
  }
}

// ---- Fog ----

[[gnu::always_inline]] inline void stage_fog(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  for (int i = begin; i < end; i++) {
    int32_t f = s.fog[i];
    w.r[i] = fog(w.r[i], p.k.fog_r, f);
    w.g[i] = fog(w.g[i], p.k.fog_g, f);
    w.b[i] = fog(w.b[i], p.k.fog_b, f);
  }
}

// ---- Frame read and DATE ----

template <FrameFmt kF>
void stage_read_fb(Impl& p, const Span&, Scratch& w, int begin, int end) {
  for (int i = begin; i < end; i++) {
    w.fd[i] = kF == FrameFmt::k16 ? load16(p.vm, w.faddr[i]) : load32(p.vm, w.faddr[i]);
  }
}

template <FrameFmt kF, bool kDatm>
void stage_date(Impl& p, const Span&, Scratch& w, int begin, int end) {
  (void)p;
  constexpr int kBit = kF == FrameFmt::k16 ? 15 : 31;
  for (int i = begin; i < end; i++) {
    bool fail = ((w.fd[i] >> kBit) & 1) != static_cast<uint32_t>(kDatm);
    uint32_t kill = fail ? 0xffffffffu : 0;
    w.fm[i] |= kill;
    w.zm[i] |= kill;
  }
}

// ---- Z write ----

template <ZFmt kZ>
void stage_zwrite(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  uint8_t* vm = p.vm;
  for (int i = begin; i < end; i++) {
    if (w.zm[i] == 0xffffffffu) continue;
    uint32_t zs = s.z[i];
    uint32_t a = w.zaddr[i];
    if constexpr (kZ == ZFmt::k32) {
      std::memcpy(vm + a, &zs, 4);
    } else if constexpr (kZ == ZFmt::k24) {
      uint32_t v = (zs & 0xffffff) | (load32(vm, a) & 0xff000000u);
      std::memcpy(vm + a, &v, 4);
    } else {
      uint16_t v = static_cast<uint16_t>(zs);
      std::memcpy(vm + a, &v, 2);
    }
  }
}

// ---- Blend: ((A - B) * C >> 7) + D per channel; A/B/D pick Cs, Cd or 0, C picks As, Ad or FIX ----

template <FrameFmt kF>
[[gnu::always_inline]] inline void stage_blend(Impl& p, const Span&, Scratch& w, int begin, int end) {
  // Selections as all-ones/zero masks so the loop has no data-dependent loads or branches.
  auto m = [](bool on) { return on ? -1 : 0; };
  const uint32_t ia = p.key.blend_a(), ib = p.key.blend_b(), ic = p.key.blend_c(), id = p.key.blend_d();
  const int32_t as_ = m(ia == 0), ad_ = m(ia == 1), bs_ = m(ib == 0), bd_ = m(ib == 1), ds_ = m(id == 0),
                dd_ = m(id == 1);
  const int32_t cs_ = m(ic == 0), cd_ = m(ic == 1), cf_ = m(ic == 2) & p.k.afix;
  const int32_t pabe = m(p.key.pabe());
  for (int i = begin; i < end; i++) {
    uint32_t fd = w.fd[i];
    int32_t dr, dg, db, da;
    if constexpr (kF == FrameFmt::k16) {
      dr = static_cast<int32_t>((fd & 0x1f) << 3), dg = static_cast<int32_t>(((fd >> 5) & 0x1f) << 3);
      db = static_cast<int32_t>(((fd >> 10) & 0x1f) << 3);
      da = static_cast<int32_t>((fd >> 8) & 0x80);
    } else {
      dr = static_cast<int32_t>(fd & 0xff), dg = static_cast<int32_t>((fd >> 8) & 0xff);
      db = static_cast<int32_t>((fd >> 16) & 0xff);
      da = kF == FrameFmt::k24 ? 0x80 : static_cast<int32_t>(fd >> 24);  // 24-bit: Ad acts as 1.0
    }
    int32_t as = w.a[i];
    int32_t c = (as & cs_) | (da & cd_) | cf_;
    int32_t rs = w.r[i], gs = w.g[i], bs = w.b[i];
    int32_t r = blend_multiply(((rs & as_) | (dr & ad_)) - ((rs & bs_) | (dr & bd_)), c) + ((rs & ds_) | (dr & dd_));
    int32_t g = blend_multiply(((gs & as_) | (dg & ad_)) - ((gs & bs_) | (dg & bd_)), c) + ((gs & ds_) | (dg & dd_));
    int32_t b = blend_multiply(((bs & as_) | (db & ad_)) - ((bs & bs_) | (db & bd_)), c) + ((bs & ds_) | (db & dd_));
    int32_t keep = pabe & ~(-((as >> 7) & 1));  // PABE and As bit 7 clear: the source stays
    w.r[i] = (rs & keep) | (r & ~keep);
    w.g[i] = (gs & keep) | (g & ~keep);
    w.b[i] = (bs & keep) | (b & ~keep);
  }
}

// ---- Dither, clamp or wrap, pack, masked frame write ----

void stage_dither(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  const int32_t* row = p.dither[s.y & 3];
  for (int i = begin; i < end; i++) {
    int32_t d = row[(s.x + i) & 3];
    w.r[i] += d, w.g[i] += d, w.b[i] += d;
  }
}

// Two passes: the packed, masked values for every pixel (branch-free, so it vectorises), then the scattered stores
// of the pixels something is left to write to. Without kMerge the frame was not read: the mask keeps no bits.
template <FrameFmt kF, bool kMerge>
void stage_write_fb(Impl& p, const Span&, Scratch& w, int begin, int end) {
  uint8_t* vm = p.vm;
  const int32_t wm = p.wrap_mask;
  const uint32_t fba = p.fba_bit;
  for (int i = begin; i < end; i++) {
    uint32_t r = static_cast<uint32_t>(clamp8(w.r[i] & wm)), g = static_cast<uint32_t>(clamp8(w.g[i] & wm));
    uint32_t b = static_cast<uint32_t>(clamp8(w.b[i] & wm)), a = static_cast<uint32_t>(clamp8(w.a[i] & wm));
    uint32_t fs = r | (g << 8) | (b << 16) | (a << 24) | fba;
    if constexpr (kF == FrameFmt::k16) {
      uint32_t rb = fs & 0x00f800f8u, ga = fs & 0x8000f800u;
      fs = (ga >> 16) | (rb >> 9) | (ga >> 6) | (rb >> 3);
    }
    if constexpr (kMerge) fs = (fs & ~w.fm[i]) | (w.fd[i] & w.fm[i]);  // 24-bit frames: fm holds the top byte
    w.fs[i] = fs;
  }
  for (int i = begin; i < end; i++) {
    if (w.fm[i] == 0xffffffffu) continue;
    if constexpr (kF == FrameFmt::k16) {
      uint16_t v = static_cast<uint16_t>(w.fs[i]);
      std::memcpy(vm + w.faddr[i], &v, 2);
    } else {
      std::memcpy(vm + w.faddr[i], &w.fs[i], 4);
    }
  }
}
template <FrameFmt kF>
Stage pick_write_fb(bool merge) {
  return merge ? stage_write_fb<kF, true> : stage_write_fb<kF, false>;
}

// ---- The fused pass of solid draws ----

// The frame value of a solid draw's colour r, g, b, a (8.7): the integer parts, wrapped or clamped, and FBA.
inline uint32_t solid_color(const Impl& p, int16_t r, int16_t g, int16_t b, int16_t a) {
  const int32_t wm = p.wrap_mask;
  auto channel = [&](int16_t c) { return static_cast<uint32_t>(clamp8((static_cast<uint16_t>(c) >> 7) & wm)); };
  return channel(r) | (channel(g) << 8) | (channel(b) << 16) | (channel(a) << 24) | p.fba_bit;
}
// The same for pixel i of a span.
inline uint32_t solid_color(const Impl& p, const Span& s, int i) {
  return solid_color(p, s.r[i], s.g[i], s.b[i], s.a[i]);
}

// A 32-bit frame with nothing masked, no texture, alpha test, fog, blend or dither, and Z written or not: the
// colour's integer part (as the TFX pass takes it), wrapped or clamped, stored at every pixel, and Z stored beside
// it. The same arithmetic as the pass list without its intermediate arrays. Untested (kTested false) it is the
// whole pipeline; after the Z test it runs on the live groups, storing whole runs the test passed entirely and
// pixel by pixel otherwise.
template <Psm kFAddr, ZFmt kZ, Psm kZAddr, bool kTested>
void stage_solid(Impl& p, const Span& s, Scratch& w, int begin, int end) {
  uint8_t* vm = p.vm;
  const int n = end - begin;
  const uint32_t x = static_cast<uint32_t>(s.x + begin), y = static_cast<uint32_t>(s.y);
  auto color = [&](int i) { return solid_color(p, s, i); };
  // A flat colour (or Z) is stored from one value in a register instead of an array.
  uint32_t* fs = w.fs + begin;
  const uint32_t flat = color(begin);
  if (!s.flat_color) {
    for (int i = 0; i < n; i++) fs[i] = color(begin + i);
  }
  auto frame_value = [&](int i) { return s.flat_color ? flat : fs[i]; };
  // With nothing masked a pixel's frame mask is 0 when it passed and all ones when it failed.
  bool all_passed = true;
  if constexpr (kTested) {
    uint32_t any_failed = 0;
    for (int i = begin; i < end; i++) any_failed |= w.fm[i];
    all_passed = any_failed == 0;
  }
  const RowAddress<kFAddr> frame_row = PixelAddress<kFAddr>(p.fb).row(y);
  // Z before the frame, as the pass list (and PCSX2 per pixel) writes them, for buffers that overlap.
  if constexpr (kZ != ZFmt::kNone) {
    bool stored = false;
    if constexpr (PsmTraits<kZAddr>::kSwizzle == Swizzle::k32 && kZ != ZFmt::k16) {
      if (all_passed) {
        if (s.flat_z) {
          fill_row32<kZAddr, kZ == ZFmt::k24>(vm, p.zb, y, x, n, s.z[begin]);
        } else {
          store_row32<kZAddr, kZ == ZFmt::k24>(vm, p.zb, y, x, n, s.z + begin);
        }
        stored = true;
      }
    }
    if (!stored) {
      span_addresses<kZAddr>(p.zb, s, w.zaddr, begin, end);
      for (int i = begin; i < end; i++) {
        if (kTested && w.zm[i] == 0xffffffffu) continue;
        const uint32_t zs = s.z[i], a = w.zaddr[i];
        if constexpr (kZ == ZFmt::k32) {
          std::memcpy(vm + a, &zs, 4);
        } else if constexpr (kZ == ZFmt::k24) {
          const uint32_t v = (zs & 0xffffff) | (load32(vm, a) & 0xff000000u);
          std::memcpy(vm + a, &v, 4);
        } else {
          const uint16_t v = static_cast<uint16_t>(zs);
          std::memcpy(vm + a, &v, 2);
        }
      }
    }
  }
  if (all_passed && s.flat_color) {
    fill_row32<kFAddr, false>(vm, p.fb, y, x, n, flat);
  } else if (all_passed) {
    store_row32<kFAddr, false>(vm, p.fb, y, x, n, fs);
  } else {
    for (int i = 0; i < n; i++) {
      if (w.fm[begin + i] != 0) continue;
      const uint32_t v = frame_value(i);
      std::memcpy(vm + (frame_row.at(x + static_cast<uint32_t>(i)) << 2), &v, 4);
    }
  }
}

// Pixels [x0, x0 + n0) of an untested solid draw's even row y and [x1, x1 + n1) of row y + 1 (a count of 0: that
// row has none), all of one colour and one Z (or no Z write): row_store32.hpp fill_row_pair32 fills the groups both
// rows cover as whole 64-byte columns, four 16-byte stores for 16 pixels against eight 8-byte ones row by row, and
// merges partly covered columns with memory. Z and frame are written in another order than row by row, which leaves the
// same bytes because the rows' pixels are distinct and the frame and Z buffers apart (the caller checks).
// `break_pair` (GsConfig::break_row_pairs, tests only) fills both rows over both rows' pixels.
template <Psm kFAddr, ZFmt kZ, Psm kZAddr>
void stage_solid_pair(Impl& p, int y, int x0, int n0, int x1, int n1, uint32_t color, uint32_t z, bool break_pair) {
  const uint32_t row = static_cast<uint32_t>(y);
  if constexpr (kZ != ZFmt::kNone) {
    static_assert(kZ == ZFmt::k32 && PsmTraits<kZAddr>::kSwizzle == Swizzle::k32);
    // Frame and Z in one walk where their groups lie alike (the usual page-aligned buffers of one width).
    std::array<AlsoFill, 1> z_too;
    z_too[0].value = z;
    if (same_shape32<kFAddr, kZAddr>(p.fb, p.zb, z_too[0].shape)) {
      fill_row_pair32<kFAddr, 1>(p.vm, p.fb, row, x0, n0, x1, n1, color, break_pair, z_too);
      return;
    }
    fill_row_pair32<kZAddr>(p.vm, p.zb, row, x0, n0, x1, n1, z, break_pair);
  }
  fill_row_pair32<kFAddr>(p.vm, p.fb, row, x0, n0, x1, n1, color, break_pair);
}
using SolidPair = void (*)(Impl&, int y, int x0, int n0, int x1, int n1, uint32_t color, uint32_t z, bool break_pair);

// The frame and Z buffer of a pair stage as the AVX2 fill takes them (row_pair_fill_avx2.hpp), values left to
// each pair; false when either does not start on a page (FRAME and ZBUF buffers always do).
template <Psm kFAddr, Psm kZAddr>
bool pair_buffers(const BufferLayout& fb, const BufferLayout& zb, std::array<PairBuffer, 2>& out) {
  auto one = [](const BufferLayout& layout, const std::array<uint16_t, 8>* columns, PairBuffer& buffer) {
    constexpr uint32_t kPageBlocks =
        1u << (PsmTraits<Psm::kCt32>::kPageElementsLog2 - PsmTraits<Psm::kCt32>::kBlockElementsLog2);
    buffer.base_elements = (layout.base_block % kBlockCount) << PsmTraits<Psm::kCt32>::kBlockElementsLog2;
    buffer.columns = columns;
    return layout.base_block % kPageBlocks == 0;
  };
  return (fb.width_64 & 63) == (zb.width_64 & 63) && one(fb, kGroupColumnBytes<kFAddr>.data(), out[0]) &&
         one(zb, kGroupColumnBytes<kZAddr>.data(), out[1]);
}

// stage_solid_pair through the AVX2 fill, frame and Z (if written) in one walk.
template <Psm kFAddr, ZFmt kZ, Psm kZAddr>
void stage_solid_pair_avx2(Impl& p, int y, int x0, int n0, int x1, int n1, uint32_t color, uint32_t z,
                           bool break_pair) {
  p.pair_buffers[0].value = color, p.pair_buffers[1].value = z;
  fill_row_pair32_avx2(p.vm, p.fb.width_64 & 63, static_cast<uint32_t>(y), x0, n0, x1, n1, p.pair_buffers.data(),
                       kZ == ZFmt::kNone ? 1 : 2, break_pair);
}

// The AVX2 build of the pair stage for kFAddr, kZ, kZAddr where allowed and present, or the portable one.
// The AVX2 one needs the pipeline's frame and Z buffer on pages (Impl::pair_buffers).
template <Psm kFAddr, ZFmt kZ, Psm kZAddr>
SolidPair solid_pair_for_cpu(Impl& p, bool allow_avx2) {
  static const bool avx2 = cpu_has_avx2();
  const bool fits = pair_buffers<kFAddr, kZAddr>(p.fb, p.zb, p.pair_buffers);
  return avx2 && allow_avx2 && fits ? stage_solid_pair_avx2<kFAddr, kZ, kZAddr> : stage_solid_pair<kFAddr, kZ, kZAddr>;
}

// The pair stage for an untested solid draw with a 32-bit frame swizzle and Z unwritten or 32-bit in a 32-bit
// swizzle (its AVX2 build where allowed and present); null for the others (they draw row by row).
SolidPair pick_solid_pair(Impl& p, Psm frame_addr, bool tested, bool zwrite, ZFmt z, Psm z_addr, bool allow_avx2) {
  if (tested || (frame_addr != Psm::kCt32 && frame_addr != Psm::kZ32)) return nullptr;
  const bool frame_ct = frame_addr == Psm::kCt32;
  if (!zwrite) {
    return frame_ct ? solid_pair_for_cpu<Psm::kCt32, ZFmt::kNone, Psm::kZ32>(p, allow_avx2)
                    : solid_pair_for_cpu<Psm::kZ32, ZFmt::kNone, Psm::kZ32>(p, allow_avx2);
  }
  if (z != ZFmt::k32 || (z_addr != Psm::kZ32 && z_addr != Psm::kCt32)) return nullptr;
  if (z_addr == Psm::kZ32)
    return frame_ct ? solid_pair_for_cpu<Psm::kCt32, ZFmt::k32, Psm::kZ32>(p, allow_avx2)
                    : solid_pair_for_cpu<Psm::kZ32, ZFmt::k32, Psm::kZ32>(p, allow_avx2);
  return frame_ct ? solid_pair_for_cpu<Psm::kCt32, ZFmt::k32, Psm::kCt32>(p, allow_avx2)
                  : solid_pair_for_cpu<Psm::kZ32, ZFmt::k32, Psm::kCt32>(p, allow_avx2);
}

template <Psm kFAddr, ZFmt kZ, bool kTested>
Stage pick_solid_z_swizzle(Psm z_addr) {
  switch (z_addr) {
    case Psm::kCt16: return stage_solid<kFAddr, kZ, Psm::kCt16, kTested>;
    case Psm::kCt16s: return stage_solid<kFAddr, kZ, Psm::kCt16s, kTested>;
    case Psm::kZ32: return stage_solid<kFAddr, kZ, Psm::kZ32, kTested>;
    case Psm::kZ16: return stage_solid<kFAddr, kZ, Psm::kZ16, kTested>;
    case Psm::kZ16s: return stage_solid<kFAddr, kZ, Psm::kZ16s, kTested>;
    default: return stage_solid<kFAddr, kZ, Psm::kCt32, kTested>;
  }
}
template <Psm kFAddr, bool kTested>
Stage pick_solid_z(bool zwrite, ZFmt z, Psm z_addr) {
  if (!zwrite) return stage_solid<kFAddr, ZFmt::kNone, Psm::kZ32, kTested>;
  switch (z) {
    case ZFmt::k32: return pick_solid_z_swizzle<kFAddr, ZFmt::k32, kTested>(z_addr);
    case ZFmt::k24: return pick_solid_z_swizzle<kFAddr, ZFmt::k24, kTested>(z_addr);
    case ZFmt::k16: return pick_solid_z_swizzle<kFAddr, ZFmt::k16, kTested>(z_addr);
    default: return nullptr;
  }
}
// The frame in a 32-bit swizzle (kCt32, or kZ32 for a frame in a Z format); null otherwise.
Stage pick_solid(Psm frame_addr, bool tested, bool zwrite, ZFmt z, Psm z_addr) {
  if (frame_addr == Psm::kCt32)
    return tested ? pick_solid_z<Psm::kCt32, true>(zwrite, z, z_addr)
                  : pick_solid_z<Psm::kCt32, false>(zwrite, z, z_addr);
  if (frame_addr == Psm::kZ32)
    return tested ? pick_solid_z<Psm::kZ32, true>(zwrite, z, z_addr)
                  : pick_solid_z<Psm::kZ32, false>(zwrite, z, z_addr);
  return nullptr;
}

// ---- Fused groups ----

// The byte offset of each group's first pixel pair in the frame and Z buffer (32-bit arrangements).
template <Psm kFAddr, Psm kZAddr>
void group_pairs(const Impl& p, const Span& s, int first, int groups, uint32_t* frame, uint32_t* z) {
  static_assert(PsmTraits<kFAddr>::kSwizzle == Swizzle::k32 && PsmTraits<kZAddr>::kSwizzle == Swizzle::k32);
  const uint32_t y = static_cast<uint32_t>(s.y);
  const uint32_t x = static_cast<uint32_t>(s.x + first);
  // The pass reads both at once (their lines are rarely in the L2 cache: a 640x448 frame and Z take 2.2 MB).
  const uint8_t* vm = p.vm;
  // One walk for both where their groups lie alike (the usual page-aligned buffers of one width).
  SameShape z_shape;
  if (same_shape32<kFAddr, kZAddr>(p.fb, p.zb, z_shape)) {
    for_each_group32<kFAddr>(p.fb, y, x, groups, [&](int i, uint32_t bytes) {
      const uint32_t z_bytes = z_shape.at(bytes);
      frame[i / 8] = bytes, z[i / 8] = z_bytes;
      _mm_prefetch(reinterpret_cast<const char*>(vm + bytes), _MM_HINT_T0);
      _mm_prefetch(reinterpret_cast<const char*>(vm + z_bytes), _MM_HINT_T0);
    });
    return;
  }
  for_each_group32<kFAddr>(p.fb, y, x, groups, [&](int i, uint32_t bytes) {
    frame[i / 8] = bytes;
    _mm_prefetch(reinterpret_cast<const char*>(vm + bytes), _MM_HINT_T0);
  });
  for_each_group32<kZAddr>(p.zb, y, x, groups, [&](int i, uint32_t bytes) {
    z[i / 8] = bytes;
    _mm_prefetch(reinterpret_cast<const char*>(vm + bytes), _MM_HINT_T0);
  });
}
template <Psm kFAddr>
auto pick_group_pairs_z(Psm z_addr) {
  return z_addr == Psm::kCt32 ? group_pairs<kFAddr, Psm::kCt32> : group_pairs<kFAddr, Psm::kZ32>;
}

// A buffer's rows (Impl::BufferRows) from its row 0 and the first row of its second page row, worked out once per
// draw: row_columns32 for each span, called through a pointer, cost ~45 host instructions a span (callgrind,
// bench_fill_tex --draw-all). False for a buffer that does not start on a page.
template <Psm kAddr>
bool buffer_rows(const BufferLayout& layout, Impl::BufferRows& out) {
  RowColumns32 first, below;
  if (!row_columns32<kAddr>(layout, 0, first) || !row_columns32<kAddr>(layout, Impl::BufferRows::kPageHeight, below))
    return false;
  out.row_base = first.row_base;
  out.page_row_step = below.row_base - first.row_base;
  out.columns = kGroupColumnBytes<kAddr>.data();
  return true;
}
bool buffer_rows(Psm addr, const BufferLayout& layout, Impl::BufferRows& out) {
  return addr == Psm::kCt32 ? buffer_rows<Psm::kCt32>(layout, out) : buffer_rows<Psm::kZ32>(layout, out);
}

// A Z-writing draw takes the fused pass only once its caller vouched frame and Z apart.
bool waits_for_apart(const Impl& p) { return p.fused_draw.z_write && !p.apart; }

// The fused pass where a draw can take it (fused_groups.hpp: 32-bit frame and Z arrangements, no alpha test,
// DATE or mipmaps) and the CPU has AVX2; the list's passes otherwise.
void choose_fused(Impl& p, const GsConfig& config, Psm frame_addr, Psm z_addr, bool merge) {
  const PixelStateKey& key = p.key;
  const FrameFmt f = key.fpsm();
  const ZFmt z = key.zpsm();
  const bool textured = key.tfx() != Tfx::kNone;
  auto is32 = [](Psm a) { return a == Psm::kCt32 || a == Psm::kZ32; };
  // Of the mipmapped draws, those sampling one level bilinearly from s/q, t/q (the demo's terrain).
  const bool mip = textured && key.mmin() != MipMode::kNone;
  const bool fused_mip = mip && key.mmin() == MipMode::kRound && key.ltf() && !key.uv_path();
  if (!config.allow_avx2 || !config.fused_groups || !key.fwrite() || (f != FrameFmt::k32 && f != FrameFmt::k24) ||
      !is32(frame_addr) || key.atst() != 1 || key.date() || (mip && !fused_mip))
    return;
  if (z != ZFmt::kNone && (z == ZFmt::k16 || !is32(z_addr))) return;
  FusedTexture texture = FusedTexture::kNone;
  if (fused_mip) {
    texture = FusedTexture::kBilinearStqMip;
  } else if (textured) {
    const bool stq = !key.uv_path();
    texture = key.ltf() ? (stq ? FusedTexture::kBilinearStq : FusedTexture::kBilinearUv)
                        : (stq ? FusedTexture::kNearestStq : FusedTexture::kNearestUv);
  }
  p.fused = fused_groups(texture, key.tfx(), FusedShape::kGeneral, config.allow_avx512);
  if (!p.fused) return;
  p.group_pairs =
      frame_addr == Psm::kCt32 ? pick_group_pairs_z<Psm::kCt32>(z_addr) : pick_group_pairs_z<Psm::kZ32>(z_addr);
  if (config.group_offsets != GsConfig::GroupOffsets::kArrays) {
    p.group_rows = buffer_rows(frame_addr, p.fb, p.frame_rows) && buffer_rows(z_addr, p.zb, p.z_rows);
    p.rows_by_outcome = config.group_offsets == GsConfig::GroupOffsets::kByOutcome;
    p.break_group_rows = config.break_group_rows;
    p.rows_now = !p.rows_by_outcome;
  }
  FusedDraw& d = p.fused_draw;
  d.vm = p.vm;
  if (textured) {
    d.wrap = wrap_lanes({p.k.u_min, p.k.u_max, p.k.v_min, p.k.v_max, p.k.u_repeat, p.k.v_repeat, p.tex_pitch_log2,
                         p.tex->level(0).mask});
  }
  if (fused_mip) {
    FusedMip& m = d.mip;
    m.top = p.tex_top;
    m.lod_constant = key.lcm();
    m.lod_value = p.k.lod_const;
    m.l_neg = p.lod_constants.l_neg, m.k16 = p.lod_constants.k16, m.mxl16 = p.lod_constants.mxl16;
    m.bias = p.lod_constants.bias;
    m.one_level_per_group = config.break_mip_levels;
    // Each level's limits as sample_bilinear_mip_runs takes them: the draw's halved once per level.
    auto halved = [](int32_t limit, int lvl) { return static_cast<int32_t>(static_cast<uint16_t>(limit)) >> lvl; };
    for (int lvl = 0; lvl <= m.top; lvl++) {
      m.wrap[lvl] =
          wrap_lanes({halved(p.k.u_min, lvl), halved(p.k.u_max, lvl), halved(p.k.v_min, lvl), halved(p.k.v_max, lvl),
                      p.k.u_repeat, p.k.v_repeat, p.tex_pitch_log2, p.tex->level(lvl).mask});
    }
  }
  d.tcc = key.tcc();
  d.fog = key.fge();
  d.fog_r = p.k.fog_r, d.fog_g = p.k.fog_g, d.fog_b = p.k.fog_b;
  d.blend = key.abe();
  auto m = [](bool on) { return on ? -1 : 0; };
  const uint32_t ia = key.blend_a(), ib = key.blend_b(), ic = key.blend_c(), id = key.blend_d();
  d.a_s = m(ia == 0), d.a_d = m(ia == 1), d.b_s = m(ib == 0), d.b_d = m(ib == 1), d.d_s = m(id == 0);
  d.d_d = m(id == 1), d.c_s = m(ic == 0), d.c_d = m(ic == 1), d.c_fix = m(ic == 2) & p.k.afix;
  d.pabe = m(key.pabe());
  d.frame_24 = f == FrameFmt::k24;
  d.merge = merge;
  d.wrap_mask = p.wrap_mask;
  d.fba = p.fba_bit;
  d.z_write = key.zwrite() && z != ZFmt::kNone;
  d.z_24 = z == ZFmt::k24;
  d.z_test = false;  // set per span (draw_fused_with_z)
  d.z_greater = key.ztst() == 3;
  d.z_bits = z == ZFmt::k24 ? 0xffffffu : 0xffffffffu;
  d.alpha_low_byte = config.break_packed_alpha;
  d.fog_alpha = config.break_pair_fog;
  d.steps_borrow = config.break_span_steps;
  d.z_reject_loop = config.z_reject_loop;
  d.z_reject_lane0_only = config.break_z_reject;
  d.rows_z_one_late = config.break_row_batches;
  d.lanes = fused_lanes(d);
  p.fused_fm0 = p.k.fm;
  p.fused_zm0 = z != ZFmt::kNone ? p.k.zm : 0xffffffffu;
  // The lean shapes (fused_groups.hpp) for the pass with its own Z test.
  const bool usual_alpha = ia == 0 && ib == 1 && ic == 0 && id == 1 && !key.pabe();
  p.fused_with_z = p.fused;
  // The repeat shapes take the limits to be at most 0x7fff (avx2_texel_math.hpp wrap8), as a repeat axis's are (and
  // so are each mip level's, the draw's halved).
  auto small = [](int32_t limit) { return limit >= 0 && limit <= 0x7fff; };
  const bool repeat = textured && p.k.u_repeat && p.k.v_repeat && small(p.k.u_min) && small(p.k.u_max) &&
                      small(p.k.v_min) && small(p.k.v_max);
  // Bilinear STQ draws (the demo's terrain: fog, 24-bit Z, repeating) step s, t, q, colour and fog in the general
  // kernel, its repeat build where the texture repeats (the wrap a mask and an or: fewer instructions a texel quad);
  // a lean shape below, which has no stepped STQ kernel, takes them back.
  if (config.fused_steps && (texture == FusedTexture::kBilinearStqMip || texture == FusedTexture::kBilinearStq)) {
    const bool one_axis_repeats = textured && (p.k.u_repeat || p.k.v_repeat);  // GsConfig::break_repeat_shape
    const bool repeat_build = repeat || (config.break_repeat_shape && one_axis_repeats);
    const FusedShape general = repeat_build ? FusedShape::kGeneralRepeat : FusedShape::kGeneral;
    p.fused_stepped = fused_groups_stepped(texture, key.tfx(), general, config.allow_avx512);
    if (p.group_rows) {
      p.fused_stepped_rows = fused_groups_stepped(texture, key.tfx(), general, config.allow_avx512, true);
      if (config.row_batches) p.fused_rows = fused_groups_rows(texture, key.tfx(), general, d.fog, config.allow_avx512);
    }
  }
  if (!d.fog && !merge && d.z_write && z == ZFmt::k32 && (!d.blend || usual_alpha)) {
    const FusedShape shape = repeat ? (d.blend ? FusedShape::kAlphaRepeat : FusedShape::kOpaqueRepeat)
                                    : (d.blend ? FusedShape::kAlpha : FusedShape::kOpaque);
    const FusedGroupsFn lean = fused_groups(texture, key.tfx(), shape, config.allow_avx512);
    if (lean) p.fused_with_z = lean;
    if (lean && config.fused_steps) {
      p.fused_stepped = fused_groups_stepped(texture, key.tfx(), shape, config.allow_avx512);
      if (p.group_rows)
        p.fused_stepped_rows = fused_groups_stepped(texture, key.tfx(), shape, config.allow_avx512, true);
      p.fused_rows = p.group_rows && config.row_batches
                         ? fused_groups_rows(texture, key.tfx(), shape, false, config.allow_avx512)
                         : nullptr;
    }
  }
}

// ---- Choosing the passes ----

using DepthRegionTest = bool (*)(Impl&, int, int, int, int, uint32_t);
template <Psm kAddr>
DepthRegionTest pick_depth_region_test(ZFmt z, bool greater) {
  if constexpr (PsmTraits<kAddr>::kSwizzle == Swizzle::k32) {
    if (z == ZFmt::k32)
      return greater ? depth_region_fails<kAddr, ZFmt::k32, true> : depth_region_fails<kAddr, ZFmt::k32, false>;
    if (z == ZFmt::k24)
      return greater ? depth_region_fails<kAddr, ZFmt::k24, true> : depth_region_fails<kAddr, ZFmt::k24, false>;
  }
  return nullptr;
}
DepthRegionTest pick_depth_region_test(Psm addr, ZFmt z, bool greater) {
  switch (addr) {
    case Psm::kZ32: return pick_depth_region_test<Psm::kZ32>(z, greater);
    case Psm::kCt32: return pick_depth_region_test<Psm::kCt32>(z, greater);
    default: return nullptr;
  }
}

template <Psm kAddr, ZFmt kZ>
Stage pick_depth_test_greater(bool greater) {
  return greater ? stage_depth_test<kAddr, kZ, true> : stage_depth_test<kAddr, kZ, false>;
}
template <Psm kAddr>
Stage pick_depth_test_format(ZFmt z, bool greater) {
  switch (z) {
    case ZFmt::k32: return pick_depth_test_greater<kAddr, ZFmt::k32>(greater);
    case ZFmt::k24: return pick_depth_test_greater<kAddr, ZFmt::k24>(greater);
    default: return pick_depth_test_greater<kAddr, ZFmt::k16>(greater);
  }
}
Stage pick_depth_test(Psm addr, ZFmt z, bool greater) {
  switch (addr) {
    case Psm::kCt16: return pick_depth_test_format<Psm::kCt16>(z, greater);
    case Psm::kCt16s: return pick_depth_test_format<Psm::kCt16s>(z, greater);
    case Psm::kZ32: return pick_depth_test_format<Psm::kZ32>(z, greater);
    case Psm::kZ16: return pick_depth_test_format<Psm::kZ16>(z, greater);
    case Psm::kZ16s: return pick_depth_test_format<Psm::kZ16s>(z, greater);
    default: return pick_depth_test_format<Psm::kCt32>(z, greater);
  }
}
Stage pick_zwrite(ZFmt z) {
  switch (z) {
    case ZFmt::k32: return stage_zwrite<ZFmt::k32>;
    case ZFmt::k24: return stage_zwrite<ZFmt::k24>;
    default: return stage_zwrite<ZFmt::k16>;
  }
}
template <Tfx kT>
Stage pick_tfx_tcc(bool tcc, bool avx2) {
  return tcc ? built_for_cpu<stage_tfx<kT, true>>(avx2) : built_for_cpu<stage_tfx<kT, false>>(avx2);
}
Stage pick_tfx(Tfx t, bool tcc, bool avx2) {
  switch (t) {
    case Tfx::kModulate: return pick_tfx_tcc<Tfx::kModulate>(tcc, avx2);
    case Tfx::kDecal: return pick_tfx_tcc<Tfx::kDecal>(tcc, avx2);
    case Tfx::kHighlight: return pick_tfx_tcc<Tfx::kHighlight>(tcc, avx2);
    case Tfx::kHighlight2: return pick_tfx_tcc<Tfx::kHighlight2>(tcc, avx2);
    default: return pick_tfx_tcc<Tfx::kNone>(false, avx2);
  }
}
template <FrameFmt kF>
Stage pick_date(bool datm) {
  return datm ? stage_date<kF, true> : stage_date<kF, false>;
}
template <bool kStq, bool kLinear>
Stage pick_mip(bool trilinear) {
  return trilinear ? stage_texture_mip<kStq, kLinear, true> : stage_texture_mip<kStq, kLinear, false>;
}
Stage pick_texture(bool stq, bool linear, MipMode mip) {
  if (mip == MipMode::kNone) {
    if (stq) return linear ? stage_texture<true, true> : stage_texture<true, false>;
    return linear ? stage_texture<false, true> : stage_texture<false, false>;
  }
  bool tri = mip == MipMode::kTrilinear;
  if (stq) return linear ? pick_mip<true, true>(tri) : pick_mip<true, false>(tri);
  return linear ? pick_mip<false, true>(tri) : pick_mip<false, false>(tri);
}

// The format whose swizzle a frame or Z buffer with PSM field `psm` is stored in: PCSX2 picks the 32, 16 or 16S
// arrangement from the low nibble (every other code addresses as 32-bit) and `z` adds the Z block XOR.
Psm buffer_swizzle(uint32_t psm, bool z) {
  switch (psm & 0xf) {
    case 0x02: return z ? Psm::kZ16 : Psm::kCt16;
    case 0x0a: return z ? Psm::kZ16s : Psm::kCt16s;
    default: return z ? Psm::kZ32 : Psm::kCt32;
  }
}
template <template <Psm> typename kStage>
Stage pick_by_swizzle(Psm addr) {
  switch (addr) {
    case Psm::kCt16: return kStage<Psm::kCt16>::run;
    case Psm::kCt16s: return kStage<Psm::kCt16s>::run;
    case Psm::kZ32: return kStage<Psm::kZ32>::run;
    case Psm::kZ16: return kStage<Psm::kZ16>::run;
    case Psm::kZ16s: return kStage<Psm::kZ16s>::run;
    default: return kStage<Psm::kCt32>::run;
  }
}
template <Psm kAddr>
struct FbAddresses {
  static constexpr Stage run = stage_fb_addresses<kAddr>;
};
template <Psm kAddr>
struct ZbAddresses {
  static constexpr Stage run = stage_zb_addresses<kAddr>;
};
template <Psm kAddr>
struct BeginZb {
  static constexpr Stage run = stage_begin_zb<kAddr>;
};

// The draw's texture levels as PCSX2's software renderer looks them up and decodes them (GSRendererSW
// GetScanlineGlobalData): level 0 as the draw sized it over its coverage; mipmap level i from MIPTBP with TW/TH
// less i, the REGION window and the vertex texel range halved i times, at level 0's pitch.
void prepare_resident_levels(Impl& p, const DrawState& state, ResidentTextures& resident) {
  const bool mip = p.key.mmin() != MipMode::kNone;
  for (int i = 0; i <= p.tex_top; i++) {
    const int tw = std::max(p.k.tw_log2 - i, 0), th = std::max(p.k.th_log2 - i, 0);
    Tex0 level = state.tex0;
    if (i >= 1 && i <= 3) {
      level.raw =
          (level.raw & ~uint64_t{0xfffff}) | state.miptbp1.tbp(i - 1) | (uint64_t{state.miptbp1.tbw(i - 1)} << 14);
    } else if (i >= 4) {
      level.raw =
          (level.raw & ~uint64_t{0xfffff}) | state.miptbp2.tbp(i - 4) | (uint64_t{state.miptbp2.tbw(i - 4)} << 14);
    }
    level.raw = (level.raw & ~(uint64_t{0xff} << 26)) | (uint64_t(tw) << 26) | (uint64_t(th) << 30);
    DrawState scaled = state;
    const float scale = 1.0f / float(1 << i);
    DrawSummary& t = scaled.summary;
    t.u_min *= scale, t.u_max *= scale, t.v_min *= scale, t.v_max *= scale;
    const Clamp& c = state.clamp;
    scaled.clamp.raw = (c.raw & 0xf) | (uint64_t{c.minu() >> i} << 4) | (uint64_t{c.maxu() >> i} << 14) |
                       (uint64_t{c.minv() >> i} << 24) | (uint64_t{c.maxv() >> i} << 34);
    const bool linear = i == 0 || !mip ? p.k.trace_linear : p.key.ltf();
    const TexelRect coverage = texture_coverage(scaled, tw, th, linear);
    const int pitch = i == 0 ? 0 : p.resident[0]->pitch_log2;
    p.resident[i] = &resident.prepare(*p.memory, level, state.texa, coverage, pitch);
  }
}

}  // namespace

PixelPipeline::PixelPipeline(const DrawState& state, LocalMemory& memory, const Clut& clut, const GsConfig& config,
                             ResidentTextures* resident)
    : own_workspace_(std::make_unique<PixelWorkspace>()) {
  init(state, memory, clut, config, resident, *own_workspace_);
}

PixelPipeline::PixelPipeline(const DrawState& state, LocalMemory& memory, const Clut& clut, const GsConfig& config,
                             ResidentTextures* resident, PixelWorkspace& workspace) {
  init(state, memory, clut, config, resident, workspace);
}

void PixelPipeline::init(const DrawState& state, LocalMemory& memory, const Clut& clut, const GsConfig& config,
                         ResidentTextures* resident, PixelWorkspace& workspace) {
  std::unique_ptr<Impl>& spare = workspace.parts().spare_impl;
  if (spare) {
    // A fresh state, as make_unique would give, in the last pipeline's memory.
    impl_ = std::move(spare);
    std::destroy_at(impl_.get());
    std::construct_at(impl_.get());
  } else {
    impl_ = std::make_unique<Impl>();
  }
  Impl& p = *impl_;
  p.self = impl_.get();
  p.break_group_ends = config.break_group_ends;
  if (config.allow_avx2) p.quad_index_row = pixel::quad_index_row(), p.bilinear_row = pixel::bilinear_row();
  p.workspace = &workspace.parts();
  p.memory = &memory;
  p.vm = memory.bytes().data();
  p.clut = &clut;
  const uint32_t tex_psm = state.tex0.psm();
  const bool indexed_texture = state.prim.tme() && is_indexed_psm(tex_psm);
  if (indexed_texture) clut.read_palette(state.tex0, state.texa, p.palette);
  build_pixel_state(state, config, p.key, p.k, indexed_texture ? &p.palette : nullptr);
  p.nothing = p.k.draws_nothing;
  if (p.nothing) return;
  const PixelStateKey& key = p.key;
  FrameFmt f = key.fpsm();
  ZFmt z = key.zpsm();
  bool fb = f != FrameFmt::kNone;
  bool textured = fb && key.tfx() != Tfx::kNone;

  // Buffers. A frame in a Z format uses the Z swizzle, and then the Z buffer uses the colour swizzle.
  uint32_t frame_psm = state.frame.psm();
  bool frame_is_z = (frame_psm & 0x30) == 0x30;
  uint32_t fbw = std::min(state.frame.fbw(), 32u);
  const Psm frame_addr = buffer_swizzle(frame_psm, frame_is_z);
  // ZBUF bits 28-29 say which swizzle the Z buffer is addressed with (the rasterizer tracks it as PCSX2 does:
  // 3 Z swizzle, 0 colour swizzle).
  const bool z_swizzle = ((state.zbuf.raw >> 28) & 3) == 3;
  const Psm z_addr = buffer_swizzle(state.zbuf.psm(), z_swizzle);
  p.fb = BufferLayout{state.frame.fbp() << 5, fbw, frame_addr};
  p.zb = BufferLayout{state.zbuf.zbp() << 5, fbw, z_addr};

  // What the rasterizer provides.
  RasterInputs& in = p.inputs;
  in.z = z != ZFmt::kNone;
  in.color = fb && !(key.tfx() == Tfx::kDecal && key.tcc());
  in.fog = key.fwrite() && key.fge();
  in.texture = textured;
  in.perspective = textured && !key.uv_path();
  in.half_texel_offset = textured && key.ltf() && key.uv_path() && key.mmin() == MipMode::kNone;
  in.mip_levels = (textured && key.mmin() != MipMode::kNone) ? p.k.mip_top + 1 : 0;

  // Alpha test constants (LESS and GREATER already folded into LEQUAL/GEQUAL with AREF -1/+1).
  switch (key.atst()) {
    case 0: p.atest_lo = 0, p.atest_hi = 255, p.atest_invert = 1; break;    // NEVER
    case 3: p.atest_lo = INT32_MIN, p.atest_hi = p.k.aref; break;           // LEQUAL
    case 4: p.atest_lo = p.atest_hi = p.k.aref; break;                      // EQUAL
    case 5: p.atest_lo = p.k.aref, p.atest_hi = INT32_MAX; break;           // GEQUAL
    case 7: p.atest_lo = p.atest_hi = p.k.aref, p.atest_invert = 1; break;  // NOTEQUAL
    default: break;                                                         // ALWAYS
  }
  switch (key.afail()) {
    case 0: p.afail_fm = p.afail_zm = 0xffffffffu; break;  // KEEP
    case 1: p.afail_zm = 0xffffffffu; break;               // FB_ONLY
    case 2: p.afail_fm = 0xffffffffu; break;               // ZB_ONLY
    default:                                               // RGB_ONLY (32-bit frames only)
      p.afail_zm = 0xffffffffu;
      p.afail_fm = 0xff000000u;
      break;
  }
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 4; x++) p.dither[y][x] = state.dimx.entry(y, x);
  p.wrap_mask = key.colclamp() ? -1 : 0xff;
  p.fba_bit = (key.fba() && f != FrameFmt::k24) ? 0x80000000u : 0;

  // Texture source.
  if (textured) {
    p.state = state;
    p.tex_top = key.mmin() != MipMode::kNone ? p.k.mip_top : 0;
    if (resident) prepare_resident_levels(p, state, *resident);
    p.begin_texture();
  }

  // The frame is read for blending, DATE, or a write that keeps some bits (FBMSK, the 24-bit alpha byte, RGB_ONLY).
  const uint32_t store_mask = f == FrameFmt::k16 ? 0xffffu : 0xffffffffu;
  const bool merge = (p.k.fm & store_mask) != 0 || (key.atst() != 1 && key.afail() == 3);
  const bool reads_frame = key.date() || (key.fwrite() && (key.abe() || merge));

  // The passes, in PCSX2's order.
  auto add = [&](Stage s) { p.stages[p.stage_count++] = s; };
  p.early_fm = fb ? p.k.fm : 0xffffffffu;
  if (z != ZFmt::kNone && key.ztst() >= 2) {
    add(pick_depth_test(z_addr, z, key.ztst() == 3));
    p.depth_region_fails = pick_depth_region_test(z_addr, z, key.ztst() == 3);
    if (key.zwrite()) add(pick_by_swizzle<ZbAddresses>(z_addr));
    p.z_first = true;
  } else {
    add(fb ? stage_begin_fm : stage_no_fb);
    add(z != ZFmt::kNone ? pick_by_swizzle<BeginZb>(z_addr) : stage_no_zb);
  }
  if (fb) {
    add(pick_by_swizzle<FbAddresses>(frame_addr));
    if (textured) {
      if (key.mmin() != MipMode::kNone) {
        if (key.lcm()) {
          add(stage_lod_const);
        } else {
          p.lod_constants = {p.k.lod_l, p.k.lod_k, p.k.lod_mxl, key.mmin() == MipMode::kRound ? 0x8000 : 0};
          p.lod_row = lod_row();
          add(stage_lod);
        }
      }
      add(pick_texture(!key.uv_path(), key.ltf(), key.mmin()));
    }
    add(pick_tfx(key.tfx(), key.tcc(), config.allow_avx2));
    if (key.atst() != 1) add(stage_atest);
    if (key.fwrite() && key.fge()) add(built_for_cpu<stage_fog>(config.allow_avx2));
    if (reads_frame) add(f == FrameFmt::k16 ? stage_read_fb<FrameFmt::k16> : stage_read_fb<FrameFmt::k32>);
    if (key.date())
      add(f == FrameFmt::k16 ? pick_date<FrameFmt::k16>(key.datm()) : pick_date<FrameFmt::k32>(key.datm()));
  }
  if (key.zwrite() && z != ZFmt::kNone) add(pick_zwrite(z));
  if (fb && key.fwrite()) {
    if (key.abe()) {
      add(f == FrameFmt::k16   ? built_for_cpu<stage_blend<FrameFmt::k16>>(config.allow_avx2)
          : f == FrameFmt::k24 ? built_for_cpu<stage_blend<FrameFmt::k24>>(config.allow_avx2)
                               : built_for_cpu<stage_blend<FrameFmt::k32>>(config.allow_avx2));
    }
    if (f == FrameFmt::k16 && key.dthe()) add(stage_dither);
    add(f == FrameFmt::k16   ? pick_write_fb<FrameFmt::k16>(merge)
        : f == FrameFmt::k24 ? pick_write_fb<FrameFmt::k24>(merge)
                             : pick_write_fb<FrameFmt::k32>(merge));
  }
  const bool solid = f == FrameFmt::k32 && key.fwrite() && !textured && !merge && key.atst() == 1 && !key.fge() &&
                     !key.date() && !key.abe() && !(key.zwrite() && z == ZFmt::kNone);
  const Stage solid_stage = solid ? pick_solid(frame_addr, p.z_first, key.zwrite(), z, z_addr) : nullptr;
  if (solid_stage && p.z_first) {
    // The Z test, then the fused writes.
    p.stage_count = 1;
    add(solid_stage);
    choose_fused(p, config, frame_addr, z_addr, merge);
    p.fused_only_with_z = true;
  } else if (solid_stage) {
    p.solid = solid_stage;
    if (config.pair_solid_rows)
      p.solid_pair = pick_solid_pair(p, frame_addr, p.z_first, key.zwrite(), z, z_addr, config.allow_avx2);
    p.break_row_pairs = config.break_row_pairs;
    p.flat_from_steps = config.fused_steps;
    p.flat_steps_swapped = config.break_span_steps;
  } else {
    choose_fused(p, config, frame_addr, z_addr, merge);
  }
}

PixelPipeline::~PixelPipeline() {
  OwnedCache& oc = impl_->workspace->texture;
  if (oc.owner == impl_.get()) oc.owner = nullptr;
  OwnedDepthBounds& od = impl_->workspace->depth;
  if (od.owner == impl_.get()) od.owner = nullptr;
  // Owning nothing of the workspace now, the state's memory is the next pipeline's to take.
  std::unique_ptr<Impl>& spare = impl_->workspace->spare_impl;
  if (!spare) spare = std::move(impl_);
}

bool PixelPipeline::skips_regions() const {
  const Impl& p = *impl_;
  return p.last_to_first || (p.depth_bounds != nullptr && p.depth_region_fails != nullptr);
}

bool PixelPipeline::region_changes_nothing(int left, int top, int right, int bottom, uint32_t z_upper) {
  Impl& p = *impl_;
  if (p.last_to_first) return p.covered.all_covered(left, top, right, bottom);
  return p.depth_bounds && p.depth_region_fails && p.depth_region_fails(p, left, top, right, bottom, z_upper);
}

bool PixelPipeline::last_write_wins() const { return !impl_->nothing && impl_->solid != nullptr; }

void PixelPipeline::draw_last_to_first(int left, int top, int right, int bottom) {
  Impl& p = *impl_;
  if (!last_write_wins()) return;
  p.last_to_first = true;
  p.covered.reset(left, top, right, bottom);
}

void PixelPipeline::vouch_frame_and_z_apart() { impl_->apart = true; }
bool PixelPipeline::takes_fused_groups() const {
  const Impl& p = *impl_;
  return !p.nothing && p.fused != nullptr && (p.fused_only_with_z ? p.apart : !waits_for_apart(p));
}

void PixelPipeline::allow_depth_bounds() {
  Impl& p = *impl_;
  if (p.nothing || !p.z_first) return;
  p.depth_bounds = &p.workspace->depth.bounds;
  p.workspace->depth.owner = nullptr;  // begun afresh at this draw's first span
}

bool PixelPipeline::draws_nothing() const { return impl_->nothing; }
bool PixelPipeline::writes_frame() const { return !impl_->nothing && impl_->key.fwrite(); }
bool PixelPipeline::writes_z() const { return !impl_->nothing && impl_->key.zwrite(); }

void PixelPipeline::share_resident_texture(const PixelPipeline& primary) {
  Impl& p = *impl_;
  p.resident = primary.impl_->resident;
  if (p.tex) p.begin_texture();
}
const RasterInputs& PixelPipeline::inputs() const { return impl_->inputs; }
uint64_t PixelPipeline::pixels_drawn() const { return impl_->pixels; }

namespace {

// Points the span's arrays the draw does not use at zeros (or ones for s, t, q) so the passes stay branch-free,
// after asking a deferred span for its attributes of pixels [0, count).
void complete_span(Span& s, Scratch& w, int count) {
  if (s.deferred) s.deferred->fill_attributes(s, count);
  constexpr int kAt = Scratch::kSlack;
  if (!s.r) s.r = w.zero16 + kAt;
  if (!s.g) s.g = w.zero16 + kAt;
  if (!s.b) s.b = w.zero16 + kAt;
  if (!s.a) s.a = w.zero16 + kAt;
  if (!s.fog) s.fog = w.zero16 + kAt;
  if (!s.u) s.u = w.zero32 + kAt;
  if (!s.v) s.v = w.zero32 + kAt;
  if (!s.s) s.s = w.one_f + kAt;
  if (!s.t) s.t = w.one_f + kAt;
  if (!s.q) s.q = w.one_f + kAt;
}

uint64_t pixels_left(const Scratch& w, int begin, int end) {
  uint64_t n = 0;
  for (int i = begin; i < end; i++) n += (w.fm[i] & w.zm[i]) != 0xffffffffu;
  return n;
}

// Pixels [begin, end) of the span from pass `from` of the list on: the whole groups through the fused pass, the
// pixels before and after them through the list. Returns the pixels left with something to write.
// Whether the fused pass may sample a run of `pixels`: it does not check tiles, so every tile of every level it
// samples (up to the top one of a mipmapped draw) must be decoded. Tiles copied from a resident texture do not
// depend on when they are copied: once the draw has sampled a 32nd as many pixels as those levels have texels, the
// rest are copied at once (callgrind on the demo frame: a texel copied costs ~3 host instructions, a pixel through
// the list instead of the fused pass ~150 more; the demo's draws of ~650 pixels over 32 x 32 textures with three
// more levels copy after their first ~64). Until then (and for tiles decoded from memory, which the list decodes as
// its runs reach them) runs take the list. Levels of at most kCopyAtOnceTexels are copied at the draw's first run:
// the list's short spans cost far more than 150 a pixel (the demo's first ~64 pixels of each draw took ~4 M host
// instructions of the frame's ~94 M in the GS, callgrind; a draw copies such levels in ~7 k).
constexpr uint64_t kSampledPixelsPerTexelCopied = 32;
constexpr uint64_t kCopyAtOnceTexels = 4096;
[[gnu::noinline]] bool tiles_ready_walk(Impl& p, int pixels) {
  bool left = false, resident = true;
  uint64_t texels = 0;
  for (int lvl = 0; lvl <= p.tex_top; lvl++) {
    const TextureLevel& level = p.tex->level(lvl);
    left = left || level.tiles_left != 0;
    resident = resident && level.resident;
    texels += uint64_t{level.mask} + 1;
  }
  if (left) {
    p.sampled += static_cast<uint64_t>(pixels);
    if (!resident || (texels > kCopyAtOnceTexels && p.sampled * kSampledPixelsPerTexelCopied <= texels)) return false;
    for (int lvl = 0; lvl <= p.tex_top; lvl++) p.tex->ensure_all(lvl);
  }
  p.tiles_all_ready = true;
  return true;
}
// Once every tile is in, only a new begin of the cache (begin_texture) takes any out: skip the walk over levels.
// Inlined, the walk apart: as a call each span paid ~15 host instructions for the check (callgrind, bench_fill_tex
// --draw-all).
inline bool tiles_ready(Impl& p, int pixels) { return !p.tex || p.tiles_all_ready || tiles_ready_walk(p, pixels); }

// The fused pass's texel pointers, once after each begin of the texture cache (which may move them; nothing else
// does): each span pointing them again cost ~15 host instructions (callgrind, bench_fill_tex --draw-all).
void point_fused_texels(Impl& p) {
  if (!p.tex || p.fused_texels_pointed) return;
  p.fused_texels_pointed = true;
  p.fused_draw.texels = p.tex->level(0).texels;
  for (int lvl = 0; lvl <= p.tex_top && p.key.mmin() != MipMode::kNone; lvl++) {
    p.fused_draw.mip.texels[lvl] = p.tex->level(lvl).texels;
  }
}

// Runs with fewer whole groups take the list: the fused pass's per-run set-up (offsets, constants in registers,
// and while tiles are left the index pass) costs more than it saves there (the demo's short spans).
constexpr int kMinFusedGroups = 3;
// Spans of a Z-tested draw take the fused pass with its own Z test from this many pixels on: it has no index pass or
// list set-up to pay for, and the list's per-pixel passes cost several times the fused pass's per pixel. Spans
// with their whole groups (Span::whole_groups) take it at any length: they cost it no copies.
constexpr int kMinFusedWithZ = 8;

uint64_t draw_fused(Impl& p, const Span& s, Scratch& w, int from, int begin, int end) {
  uint64_t n = 0;
  auto list = [&](int b, int e) {
    if (b >= e) return;
    for (int i = from; i < p.stage_count; i++) p.stages[i](p, s, w, b, e);
    n += pixels_left(w, b, e);
  };
  const int first = std::min(end, begin + ((8 - ((s.x + begin) & 7)) & 7));
  const int groups = (end - first) / 8;
  const int last = first + 8 * groups;
  if (groups < kMinFusedGroups || !tiles_ready(p, end - begin)) {
    list(begin, end);
    return n;
  }
  list(begin, first);
  {
    p.group_pairs(p, s, first, groups, w.frame_pair, w.z_pair);
    point_fused_texels(p);
    FusedRun run;
    run.span = &s, run.first = first, run.groups = groups;
    if (p.z_first) run.fm = w.fm, run.zm = w.zm;
    run.fm0 = p.fused_fm0, run.zm0 = p.fused_zm0;
    run.frame_pair = w.frame_pair, run.z_pair = w.z_pair;
    n += p.fused(p.fused_draw, run);
  }
  list(last, end);
  return n;
}

// The whole span of a Z-tested draw in one fused pass with its own Z test, the pixels before and after its whole
// groups through the list (Z test first). Only where reading each group's Z after the earlier groups' writes
// reads what the list's whole-span Z test would: frame and Z apart (and, as for every fused run, tiles_ready).
// Block bounds the list's spans take stay lower bounds through the pass's writes (it writes Z only where the
// GEQUAL/GREATER test passed, so stored values only rise, depth_bounds.hpp); the pass itself does not consult them.
bool fused_with_z_applies(const Impl& p) { return p.fused && p.apart && p.z_first; }
// Pixels [begin, end) of one aligned group copied into the lanes they take in an 8-lane span of their own (only
// the attributes the draw reads); the other lanes keep earlier values and get full masks, so the pass stores back
// what it read there. (A loop over the eight lanes with a condition: GCC turned a loop over the few copied
// elements into a memmove call, and a per-function optimize attribute to stop it is GCC-only.)
Span partial_group(const Span& s, Scratch& w, const RasterInputs& in, uint32_t fm0, uint32_t zm0, int begin, int end) {
  Scratch::PartialGroup& g = w.partial;
  const int lane = (s.x + begin) & 7, n = end - begin;
  auto copy = [&](auto* to, const auto* from) {
    for (int k = 0; k < 8; k++) {
      if (k >= lane && k < lane + n) to[k] = from[begin + k - lane];
    }
  };
  copy(g.z, s.z);
  copy(g.r, s.r), copy(g.g, s.g), copy(g.b, s.b), copy(g.a, s.a);
  if (in.fog) copy(g.fog, s.fog);
  if (in.texture && !in.perspective) copy(g.u, s.u), copy(g.v, s.v);
  if (in.perspective) copy(g.s, s.s), copy(g.t, s.t), copy(g.q, s.q);
  for (int k = 0; k < 8; k++) {
    const bool inside = k >= lane && k < lane + n;
    g.fm[k] = inside ? fm0 : 0xffffffffu, g.zm[k] = inside ? zm0 : 0xffffffffu;
  }
  Span group = s;
  group.x = s.x + begin - lane, group.count = 8;
  group.flat_z = false;  // the other lanes keep earlier values
  group.z = g.z, group.r = g.r, group.g = g.g, group.b = g.b, group.a = g.a, group.fog = g.fog;
  group.u = g.u, group.v = g.v, group.s = g.s, group.t = g.t, group.q = g.q;
  return group;
}

// GroupOffsets::kByOutcome: the next span takes the rows when this run wrote fewer than one pixel in
// kRowsBelowWrittenShare (spans of one primitive mostly fare alike).
constexpr uint64_t kRowsBelowWrittenShare = 8;
void note_outcome(Impl& p, uint64_t written, int pixels) {
  if (p.rows_by_outcome) p.rows_now = written * kRowsBelowWrittenShare < static_cast<uint64_t>(pixels);
}

// A span whose arrays hold its whole groups (Span::whole_groups) in one run from the group of its first pixel to
// the group of its last, the lanes outside the span masked off in the pass. `break_ends` leaves them unmasked
// (GsConfig::break_group_ends: a wrong variant for the cross-check to catch).
uint64_t draw_whole_groups_with_z(Impl& p, const Span& s, Scratch& w, bool break_ends, bool stepped) {
  const int lane = s.x & 7;
  const int groups = (lane + s.count + 7) / 8;
  const int tail_lanes = lane + s.count - 8 * (groups - 1);  // lanes of the last group inside the span, 1-8
  RowColumns32 frame_row, z_row;
  const bool by_rows = stepped && p.rows_now && p.fused_stepped_rows;
  if (by_rows) {
    const uint32_t y = static_cast<uint32_t>(s.y ^ int{p.break_group_rows});
    frame_row = p.frame_rows.row(y), z_row = p.z_rows.row(y);
  }
  if (!by_rows) p.group_pairs(p, s, -lane, groups, w.frame_pair, w.z_pair);
  // Every field named: a FusedRun value-initialised first was cleared with rep stosd, ~2 % of a textured replay
  // (perf, bench_fill_tex --draw-all).
  const FusedRun run{.span = &s,
                     .first = -lane,
                     .groups = groups,
                     .fm = nullptr,
                     .zm = nullptr,
                     .fm0 = p.early_fm,
                     .zm0 = p.k.zm,
                     .frame_pair = w.frame_pair,
                     .z_pair = w.z_pair,
                     .frame_row = by_rows ? &frame_row : nullptr,
                     .z_row = by_rows ? &z_row : nullptr,
                     .head_outside = break_ends ? 0u : (1u << lane) - 1,
                     .tail_outside = break_ends ? 0u : 0xffu & ~((1u << tail_lanes) - 1),
                     .steps = stepped ? s.steps : nullptr};
  const FusedGroupsFn kernel = by_rows ? p.fused_stepped_rows : stepped ? p.fused_stepped : p.fused_with_z;
  const uint64_t written = kernel(p.fused_draw, run);
  note_outcome(p, written, s.count);
  return written;
}

uint64_t draw_fused_with_z(Impl& p, Span& s, Scratch& w) {
  // A span that brings its steps leaves its other arrays unfilled for the stepped kernel.
  const bool stepped = s.whole_groups && s.steps && p.fused_stepped;
  if (!stepped) complete_span(s, w, s.count);
  point_fused_texels(p);
  if (s.whole_groups) {
    p.fused_draw.z_test = true;
    const uint64_t n = draw_whole_groups_with_z(p, s, w, p.break_group_ends, stepped);
    p.fused_draw.z_test = false;
    return n;
  }
  const int first = std::min(s.count, (8 - (s.x & 7)) & 7);
  const int groups = (s.count - first) / 8;
  const int last = first + 8 * groups;
  p.fused_draw.z_test = true;
  uint64_t n = 0;
  FusedRun run;
  run.fm0 = p.early_fm, run.zm0 = p.k.zm;
  run.frame_pair = w.frame_pair, run.z_pair = w.z_pair;
  // The partial groups at either end, each as a span of one group with per-lane masks.
  auto partial = [&](int begin, int end) {
    if (begin >= end) return;
    const Span group = partial_group(s, w, p.inputs, p.early_fm, p.k.zm, begin, end);
    p.group_pairs(p, group, 0, 1, w.frame_pair, w.z_pair);
    FusedRun one = run;
    one.span = &group, one.first = 0, one.groups = 1;
    one.fm = w.partial.fm, one.zm = w.partial.zm;
    n += p.fused_with_z(p.fused_draw, one);
  };
  partial(0, first);
  if (groups > 0) {
    p.group_pairs(p, s, first, groups, w.frame_pair, w.z_pair);
    run.span = &s, run.first = first, run.groups = groups;
    n += p.fused_with_z(p.fused_draw, run);
  }
  partial(last, s.count);
  p.fused_draw.z_test = false;
  return n;
}

// Draws the held row alone.
void draw_held_row(Impl& p) {
  Impl::HeldRow& h = p.held;
  if (!h.held) return;
  h.held = false;
  p.solid_pair(p, h.y, h.x, h.count, 0, 0, h.color, h.z, false);
}

// A span of one colour and Z of a draw that holds rows (hold_rows_for_pairs): paired with the held even row above it
// when both store the same colour and Z, or held if it is on an even row, or else drawn alone.
void pair_or_hold(Impl& p, int y, int x, int count, uint32_t color, uint32_t z) {
  Impl::HeldRow& h = p.held;
  if (h.held && h.y + 1 == y && h.color == color && h.z == z) {
    h.held = false;
    p.solid_pair(p, h.y, h.x, h.count, x, count, color, z, p.break_row_pairs);
    return;
  }
  draw_held_row(p);
  if ((y & 1) != 0) {
    p.solid_pair(p, y - 1, 0, 0, x, count, color, z, false);
    return;
  }
  h.held = true;
  h.y = y, h.x = x, h.count = count, h.color = color, h.z = z;
}

// The colour of a flat span whose steps give it (Span::steps), r and b taken for each other when
// `flat_steps_swapped` (GsConfig::break_span_steps).
// solid_color's channels side by side: each (c >> 7) & wrap_mask is at most 511, so the 16-bit minimum with 255 and
// the pack give clamp8's bytes.
uint32_t flat_color_from_steps(const Impl& p, const SpanSteps& steps) {
  const int r = p.flat_steps_swapped ? 2 : 0;
  const __m128i c =
      _mm_setr_epi16(steps.color[r][0], steps.color[1][0], steps.color[2 - r][0], steps.color[3][0], 0, 0, 0, 0);
  const __m128i wrapped = _mm_and_si128(_mm_srli_epi16(c, 7), _mm_set1_epi16(static_cast<int16_t>(p.wrap_mask)));
  const __m128i bytes = _mm_packus_epi16(_mm_min_epi16(wrapped, _mm_set1_epi16(255)), wrapped);
  return static_cast<uint32_t>(_mm_cvtsi128_si32(bytes)) | p.fba_bit;
}

// For a draw that holds rows, a flat span whose steps give its colour, of one Z or none written (the flat GsFill's
// every span): paired or held straight from the span the stepper handed over, without copying it or filling its
// arrays; true then. Any other span returns false and takes draw_span's way.
bool pair_from_steps(Impl& p, const Span& s) {
  const SpanSteps* steps = s.steps;
  if (!p.flat_from_steps || !s.deferred || !steps || !steps->flat_color) return false;
  if (!s.flat_z && p.key.zwrite()) return false;
  const int count = std::min(s.count, kMaxSpanPixels);
  p.pixels += static_cast<uint64_t>(count);
  pair_or_hold(p, s.y, s.x, count, flat_color_from_steps(p, *steps), s.z ? s.z[0] : 0u);
  return true;
}

// For a draw that holds rows (hold_rows_for_pairs), a span of one colour and Z: paired or held (pair_or_hold); true
// then. A span of several colours or Z returns false (after the held row is drawn, so spans reach memory in the
// order they came) and goes through the draw's stage.
bool draw_solid_pair(Impl& p, Span& s, Scratch& w) {
  // A flat span's steps hold its colour in every lane: the span stepper need not fill its colour rows (~1.4 host
  // instructions a pixel of the flat GsFill, callgrind). Otherwise the arrays, which set flat_color for a span
  // whose colour was deferred.
  const SpanSteps* steps = s.steps;
  const bool from_steps = p.flat_from_steps && s.deferred && steps && steps->flat_color;
  if (!from_steps) complete_span(s, w, s.count);
  if (!(from_steps || s.flat_color) || !(s.flat_z || !p.key.zwrite())) {
    draw_held_row(p);
    return false;
  }
  const uint32_t color = from_steps ? flat_color_from_steps(p, *steps) : solid_color(p, s, 0);
  pair_or_hold(p, s.y, s.x, s.count, color, s.z[0]);
  return true;
}

// Every span pair_from_steps does not take. Not inlined into draw_span, whose flat spans would otherwise pay this
// function's register saves and stack frame (~15 host instructions a span).
[[gnu::noinline]] void draw_span_stages(Impl& p, Span& s) {
  Scratch& w = p.workspace->scratch;
  s.count = std::min(s.count, kMaxSpanPixels);
  if (!s.z) s.z = w.zero_u32 + Scratch::kSlack;
  // Another pipeline sharing the workspace may have used the texture cache since this draw began (rare).
  if (p.tex && p.workspace->texture.owner != p.self) p.begin_texture();
  // Bounds another draw took say nothing of this one's memory.
  if (p.depth_bounds) p.claim_depth_bounds();
  if (p.solid) {
    // Every pixel counts as drawn, also those a later primitive (drawn earlier here) covers.
    p.pixels += static_cast<uint64_t>(s.count);
    if (p.hold_rows && !p.last_to_first && draw_solid_pair(p, s, w)) return;
    if (p.last_to_first) {
      bool completed = false;
      p.covered.take_uncovered(s.y, s.x, s.count, [&](int begin, int end) {
        if (!completed) complete_span(s, w, s.count);
        completed = true;
        p.solid(p, s, w, begin, end);
      });
      return;
    }
    complete_span(s, w, s.count);
    p.solid(p, s, w, 0, s.count);
    return;
  }
  if ((s.count >= kMinFusedWithZ || s.whole_groups) && fused_with_z_applies(p) && tiles_ready(p, s.count)) {
    p.pixels += draw_fused_with_z(p, s, w);
    return;
  }
  const bool fused = p.fused && !waits_for_apart(p) && !p.fused_only_with_z;
  if (!p.z_first) {
    complete_span(s, w, s.count);
    if (fused) {
      p.pixels += draw_fused(p, s, w, 0, 0, s.count);
      return;
    }
    for (int i = 0; i < p.stage_count; i++) p.stages[i](p, s, w, 0, s.count);
    p.pixels += pixels_left(w, 0, s.count);
    return;
  }
  // Runs of 8-pixel groups with a pixel the Z test passed; a pixel it failed has both masks full and nothing
  // after the test changes that, so skipping whole dead groups leaves memory as the full passes would.
  p.stages[0](p, s, w, 0, s.count);
  constexpr int kGroup = 8;
  const int skip = s.x & (kGroup - 1);
  const int last = w.last_live;
  if (last < 0) return;
  auto group_start = [&](int group) { return std::clamp(group * kGroup - skip, 0, s.count); };
  complete_span(s, w, group_start(last + 1));
  uint64_t n = 0;
  int g = 0;
  while (g <= last) {
    while (!w.live[g]) g++;
    int run_end = g + 1;
    while (run_end <= last && w.live[run_end]) run_end++;
    const int begin = group_start(g), end = group_start(run_end);
    if (fused) {
      n += draw_fused(p, s, w, 1, begin, end);
    } else {
      for (int i = 1; i < p.stage_count; i++) p.stages[i](p, s, w, begin, end);
      n += pixels_left(w, begin, end);
    }
    g = run_end;
  }
  p.pixels += n;
}

}  // namespace

void PixelPipeline::hold_rows_for_pairs() {
  Impl& p = *impl_;
  p.hold_rows = !p.nothing && p.solid_pair != nullptr && (p.apart || !p.key.zwrite());
}

void PixelPipeline::finish() { draw_held_row(*impl_); }

void PixelPipeline::draw_span(const Span& span_in) {
  Impl& p = *impl_;
  if (p.nothing || span_in.count <= 0) return;
  if (p.hold_rows && !p.last_to_first && pair_from_steps(p, span_in)) return;
  Span s = span_in;
  draw_span_stages(p, s);
}

bool PixelPipeline::takes_rows() const {
  const Impl& p = *impl_;
  // GsConfig::break_group_ends is the span path's alone (its cross-check runs the spans).
  return p.fused_rows && !p.nothing && !p.solid && !p.hold_rows && !p.last_to_first && !p.break_group_ends &&
         fused_with_z_applies(p);
}

// What draw_span_stages and draw_whole_groups_with_z do for each of the rows as a span with its whole groups and
// steps through the stepped kernel with rows, the per-span choices made once.
bool PixelPipeline::draw_rows(const SpanLanes& lanes, const SpanRow* rows, int count) {
  Impl& p = *impl_;
  if (p.tex && p.workspace->texture.owner != p.self) p.begin_texture();
  // While tiles are left, the spans' own runs decide when to decode them (tiles_ready).
  if (p.tex && !p.tiles_all_ready) return false;
  if (p.depth_bounds) p.claim_depth_bounds();
  point_fused_texels(p);
  const FusedRows batch{.lanes = &lanes,
                        .rows = rows,
                        .count = count,
                        .fm0 = p.early_fm,
                        .zm0 = p.k.zm,
                        .frame_rows = p.frame_rows,
                        .z_rows = p.z_rows,
                        .row_xor = p.break_group_rows ? 1u : 0u,
                        .rows_now = &p.rows_now,
                        .rows_below_written_share = p.rows_by_outcome ? uint32_t{kRowsBelowWrittenShare} : 0u};
  p.fused_draw.z_test = true;
  p.pixels += p.fused_rows(p.fused_draw, batch);
  p.fused_draw.z_test = false;
  return true;
}

void PixelPipeline::draw_span_in_place(Span& span) {
  Impl& p = *impl_;
  if (p.nothing || span.count <= 0) return;
  if (p.hold_rows && !p.last_to_first && pair_from_steps(p, span)) return;
  draw_span_stages(p, span);
}

}  // namespace gcvu::gs
