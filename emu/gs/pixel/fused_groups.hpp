#pragma once
// The later per-pixel stages of a common class of draws fused into one AVX2 pass over whole 8-pixel groups:
// texture lookup (none, nearest or bilinear without mipmaps, or bilinear in each pixel's nearest mip level), TFX,
// fog, the frame read, blend, the Z write and the masked frame write, each group's values staying in registers
// from the first stage to the stores. The same arithmetic as the span passes of pixel_pipeline.cpp
// (pixel_math.hpp); the pipeline uses it only where the pass list would give the same bytes (32-bit frame and Z
// arrangements, no alpha test, DATE or dither, frame and Z buffers apart when Z is written, every texture tile of
// every level sampled decoded). With its own Z test it takes whole spans, a partial group at either end as a
// one-group span whose other lanes have full masks; after the list's Z test it takes the whole groups of a run and
// the list the rest. Specialised per texture path and TFX (templates); the other choices are per-draw constants
// that select whole-register values, so no pixel branches. AVX2 CPUs with FMA only: the pipeline keeps its pass
// list otherwise (GsConfig::allow_avx2, fused_groups).

#include <cstdint>

#include "emu/gs/pixel/bilinear_rows.hpp"
#include "emu/gs/pixel/pixel_state_key.hpp"
#include "emu/gs/pixel/row_store32.hpp"
#include "emu/gs/pixel/span.hpp"
#include "emu/gs/pixel/span_rows.hpp"

namespace gcvu::gs::pixel {

// kBilinearStqMip: s/q, t/q sampled bilinearly in one mip level per pixel, the level the pixel's LOD rounds to
// (MMIN nearest-level modes, PCSX2's sel.mmin 1), from q or constant.
enum class FusedTexture : uint8_t { kNone, kNearestUv, kBilinearUv, kNearestStq, kBilinearStq, kBilinearStqMip };

// The mip levels of a kBilinearStqMip draw: each level's texels (every tile decoded) and wrap, and the LOD rule
// (lod_rows.hpp's constants; pixel_math.hpp lod_from_q).
struct FusedMip {
  static constexpr int kLevels = 7;
  const uint32_t* texels[kLevels] = {};
  WrapLanes wrap[kLevels];  // the level's limits: the draw's halved per level, its own index mask
  int top = 0;              // the highest level a LOD reaches
  bool lod_constant = false;
  int32_t lod_value = 0;  // 16.16, when constant
  float l_neg = 0, k16 = 0, mxl16 = 0;
  int32_t bias = 0;
  // Tests only (GsConfig::break_mip_levels): every lane takes its group's first lane's level, a wrong pass the
  // cross-check must catch where a group straddles two levels.
  bool one_level_per_group = false;
};

// FusedDraw's per-draw values as the kernels' registers take them, each in eight lanes, built once per draw by
// fused_lanes after FusedDraw's fields are set: a call loads them instead of broadcasting each (the demo's
// mipmapped draws run ~2 groups a call, and their calls spent ~200 host instructions on set-up, callgrind).
struct alignas(32) FusedLanes {
  int32_t tcc[8], fog_r[8], fog_g[8], fog_b[8], fog_rb[8], fog_ga[8], fog_keep[8];
  int32_t a_s[8], a_d[8], b_s[8], b_d[8], d_s[8], d_d[8], c_s[8], c_d[8], c_fix[8], pabe[8];
  int32_t ad_24[8], wrap_mask[8], wrap_mask16[8], vertex_alpha[8], alpha_both[8], fba[8], z_keep[8], z_bits[8];
};

// Per-draw constants. Selections are all ones or zero.
struct FusedDraw {
  uint8_t* vm = nullptr;
  const uint32_t* texels = nullptr;  // level 0, every tile the groups touch decoded
  WrapLanes wrap;
  bool tcc = false;
  bool fog = false;
  int32_t fog_r = 0, fog_g = 0, fog_b = 0;
  bool blend = false;
  // Blend inputs: A = Cs & a_s | Cd & a_d, B likewise, D likewise; C = As & c_s | Ad & c_d | c_fix.
  int32_t a_s = 0, a_d = 0, b_s = 0, b_d = 0, d_s = 0, d_d = 0, c_s = 0, c_d = 0, c_fix = 0, pabe = 0;
  bool frame_24 = false;  // Ad reads as 0x80
  bool merge = false;     // the frame mask keeps some stored bits
  int32_t wrap_mask = 0xff;
  uint32_t fba = 0;
  bool z_write = false;
  bool z_24 = false;  // keep the stored word's top byte
  // The Z test in the pass (depth_test.hpp's rules): a group whose pixels all fail is skipped.
  bool z_test = false;
  bool z_greater = false;     // GREATER, else GEQUAL
  uint32_t z_bits = ~0u;      // the stored Z's width (0xffffff for 24-bit Z)
  // With the Z test and Z written: after a group that fails, skip to the next that passes in a loop that loads only
  // Z (GsConfig::z_reject_loop).
  bool z_reject_loop = false;
  FusedMip mip;               // kBilinearStqMip draws
  FusedLanes lanes;           // fused_lanes(*this), once the other fields are set
  // Tests only (GsConfig::break_packed_alpha): the lean textured kernels' blend takes As's low 8 bits, a wrong
  // pass for alphas from 256 (a vertex alpha from 32768 in 8.7 with TCC clear) the cross-check must catch.
  bool alpha_low_byte = false;
  // Tests only (GsConfig::break_pair_fog): the general kernels' channel pairs fog the alpha half too, a wrong pass
  // the cross-check must catch.
  bool fog_alpha = false;
  // Tests only (GsConfig::break_span_steps): the stepped kernels pack each pair of colour steps as a 32-bit sum, so
  // a negative r or g step takes one from b or a each group, a wrong pass the cross-check must catch.
  bool steps_borrow = false;
  // Tests only (GsConfig::break_z_reject): the reject loop skips a group by its first lane's test alone, a wrong
  // pass the cross-check must catch where a group straddles a Z edge.
  bool z_reject_lane0_only = false;
  // Tests only (GsConfig::break_row_batches): fused_groups_rows' kernels start each row but a batch's first from the
  // row before's Z (Z stepped one row late), a wrong pass the cross-check must catch.
  bool rows_z_one_late = false;
};

// A run of whole groups of one span: pixels [first, first + 8 * groups), first aligned so that span.x + first is a
// multiple of 8 (negative, with head_outside, for a run that starts before the span). Masks per pixel (indexed like the
// span), or null for the draw's constant masks (which the pass's own Z test adds to).
struct FusedRun {
  const Span* span = nullptr;
  int first = 0;
  int groups = 0;
  const uint32_t* fm = nullptr;
  const uint32_t* zm = nullptr;
  uint32_t fm0 = 0, zm0 = 0;
  // Per group: the byte offset of the group's first pixel pair in the frame and the Z buffer (32-bit
  // arrangements: the group's pairs lie 16 bytes apart in one 64-byte column, row_store32.hpp).
  const uint32_t* frame_pair = nullptr;
  const uint32_t* z_pair = nullptr;
  // Or, for fused_groups_stepped's kernels built with `rows`, the span's row of each buffer (both starting on a
  // page): the pass works out a group's offsets itself, Z's as it tests the group and the frame's only for a group
  // that passes (GsConfig::group_offsets).
  const RowColumns32* frame_row = nullptr;
  const RowColumns32* z_row = nullptr;
  // Lanes of the run's first and last group that lie outside the span (bit k: lane k), masked off as a failed
  // pixel is: a span whose arrays hold its whole groups (Span::whole_groups) goes through as one run, first
  // negative, without copying its partial groups apart.
  uint32_t head_outside = 0, tail_outside = 0;
  // For fused_groups_stepped's kernels: the span's steps (Span::steps), first the group of the run's first pixel.
  const SpanSteps* steps = nullptr;
};

// A primitive's rows (span_rows.hpp) for one call of a fused_groups_rows kernel: each row a span with its whole
// groups (Span::whole_groups), the draw's masks and the pass's own Z test, its groups' offsets from the buffers' rows.
struct FusedRows {
  const SpanLanes* lanes = nullptr;
  const SpanRow* rows = nullptr;
  int count = 0;
  uint32_t fm0 = 0, zm0 = 0;
  BufferRows32 frame_rows, z_rows;
  uint32_t row_xor = 0;  // GsConfig::break_group_rows: each row's offsets from row y ^ 1
  // How each row finds its groups' offsets (GsConfig::group_offsets): in the pass as it goes (the rows), or first
  // in arrays, asking for their lines. `rows_now` says which for the first row, and the kernel leaves it as the
  // next row would take it: with rows_below_written_share set, a row takes the rows after a row that wrote fewer
  // than one pixel in that many, the arrays otherwise (kByOutcome); with 0, always the rows.
  bool* rows_now = nullptr;
  uint32_t rows_below_written_share = 0;
};

// `d`'s values in lanes (FusedDraw::lanes); on a CPU that runs the kernels (cpu_runs_fused_kernels) only.
FusedLanes fused_lanes(const FusedDraw& d);

// Returns the pixels left with something to write (as pixels_left counts them).
using FusedGroupsFn = uint64_t (*)(const FusedDraw& draw, const FusedRun& run);

// Which of the per-draw choices a kernel takes as constants. kGeneral reads them all from FusedDraw. The lean
// shapes are for the pass with its own Z test of the commonest draws: Z test on, 32-bit Z written, no fog, no
// merge mask, and no blend (kOpaque) or the usual (Cs - Cd) * As >> 7 + Cd without PABE (kAlpha); with those
// choices fixed the compiler keeps the group's values in registers instead of spilling the selections. The
// repeat shapes are the lean ones of textured draws that repeat on both axes (the wrap is a mask and an or), and
// kGeneralRepeat the general one of such draws, built stepped only (fused_groups_stepped, fused_groups_rows: the
// demo's terrain; fused_groups gives none).
enum class FusedShape : uint8_t { kGeneral, kOpaque, kAlpha, kOpaqueRepeat, kAlphaRepeat, kGeneralRepeat };

// The kernel for a texture path and TFX (Tfx::kNone for untextured draws), or null on a CPU without AVX2 and FMA
// (kBilinearStqMip's LOD takes PCSX2's fused multiply-adds, inlined into every kernel's build). Lean
// shapes are built for untextured draws (not the repeat ones) and for MODULATE and DECAL; null for the others.
// With `allow_avx512` on a CPU with AVX-512 VL, BW and DQ, the same kernel's build for it (more registers, same
// bits; GsConfig::allow_avx512).
FusedGroupsFn fused_groups(FusedTexture texture, Tfx tfx, FusedShape shape = FusedShape::kGeneral,
                           bool allow_avx512 = false);
// Whether fused_groups and fused_groups_stepped give kernels on this CPU (AVX2 and FMA); tests skip on it.
bool cpu_runs_fused_kernels();
// The kernel of a lean shape with MODULATE or DECAL on the u, v path (kNearestUv, kBilinearUv), or untextured
// (kNone, Tfx::kNone, kOpaque or kAlpha), or of the general shape with MODULATE or DECAL, bilinear from s, t, q
// (kBilinearStq, kBilinearStqMip), that steps colour (u, v or s, t, q, and fog) from the run's SpanSteps
// (FusedRun::steps, a run of a span's whole groups from its first) instead of reading the span's arrays; null for
// the others. With
// `rows`, the build that takes each group's offsets from FusedRun::z_row and frame_row instead of the arrays.
// fused_groups_stepped's kernel with `rows` for a primitive's rows in one call: each row's Z, colour, fog (`fog`: the
// draw's FusedDraw::fog) and texture coordinates stepped in the kernel from the row's start values and the
// primitive's lanes (FusedRows); null where fused_groups_stepped gives none.
using FusedRowsFn = uint64_t (*)(const FusedDraw& draw, const FusedRows& rows);
FusedRowsFn fused_groups_rows(FusedTexture texture, Tfx tfx, FusedShape shape, bool fog, bool allow_avx512 = false);
FusedGroupsFn fused_groups_stepped(FusedTexture texture, Tfx tfx, FusedShape shape, bool allow_avx512 = false,
                                   bool rows = false);

}  // namespace gcvu::gs::pixel
