#pragma once
// Choices where PCSX2's software renderer depends on its build or settings (reference/gs.md §0).

#include <algorithm>
#include <cstdint>
#include <thread>

namespace gcvu::gs {

// The machine's cores, at most 4 (more bands per draw stop paying off for PCSX2-sized draws).
inline int default_raster_threads() { return int(std::clamp(std::thread::hardware_concurrency(), 1u, 4u)); }

// Starting the workers (a thread each, and every later code-page protection change in the process interrupting
// their cores to flush TLBs) costs more than a short run's few split draws gain: a cold demo frame splits one
// 640x448 clear and three small draws, 307 K pixels, and ran faster on one thread. 128 x 64 x 64 pixels = 512 K,
// under two full screens.
inline constexpr uint64_t kSplitAfterMinDraws = 128;

struct GsConfig {
  // Pixels per attribute step in a span: 8 as PCSX2's AVX2 build (the golden corpus's build), 4 as its SSE4
  // build. Gouraud colour, fog and FST/sprite UV stepping round differently between the two.
  int lane_width = 8;
  // PCSX2's Mipmap setting: when false no draw mipmaps.
  bool mipmap = true;
  // Rasterizer threads over interleaved 16-row bands; the output does not depend on it.
  int threads = default_raster_threads();
  // Draws whose bounding box covers fewer pixels stay on one thread (starting threads would cost more); tests set
  // 0 to split every draw. Larger draws stay on it too, and the workers unstarted, until such draws have drawn
  // kSplitAfterMinDraws times this many pixels (RasterWorkers::worth_splitting).
  int parallel_min_pixels = 64 * 64;
  // How a draw split over threads hands out its rows. kFixed: thread t draws the bands b with b % threads == t, for
  // the whole draw. kClaimed: the rows in threads + 1 such sets and the primitives in runs, each thread claiming the
  // next run of a free set as it frees up (gs/raster/band_claims.hpp), so a thread that gets less of a core draws
  // less, and each set sets up only the primitives that reach its rows (gs/raster/primitive_bands.hpp).
  // ClaimedBandsCrossCheck compares the two. The output does not depend on it.
  enum class RowSplit : uint8_t { kFixed, kClaimed };
  RowSplit row_split = RowSplit::kClaimed;
  // kClaimed cuts a draw in runs of at least this many primitives (and only a draw of 4 such runs or more; a smaller
  // one gives each thread's set its primitives whole): tests set 1 to cut small draws too.
  int primitives_per_run = 64;
  // Dither solid sprites too. PCSX2 draws a sprite with no texture, blend, Z or alpha test, DATE or fog (after it
  // drops blends that leave the colour as it is and alpha tests the vertex alpha decides) through its DrawRect fast
  // path, which never dithers (GSRasterizer::DrawSprite, GSScanlineSelector::IsSolidRect). The GS manual applies
  // DTHE to every pixel drawn into a 16-bit frame: true draws such sprites dithered, as the hardware does.
  bool dither_solid_rects = false;
  // Skip work whose outcome is known (PCSX2 does all of it): Z tests reject rows and groups by per-block bounds of
  // the Z buffer, and draws where the last write to a pixel decides it run last to first, writing only what no
  // later primitive covers. The output does not depend on it; false draws everything as PCSX2 does.
  bool skip_hidden_work = true;
  // Whoever feeds this GS (system/gs_feed.hpp: gcvu run, replay, regress) hands it its input through a queue to a
  // GS thread of its own, so the emulation or the dump decoding overlaps the rasterization. The output does not
  // depend on it. Off here, so a library caller (tests, benchmarks) gets the single-threaded path unless it asks;
  // gcvu run and replay turn it on by default (harness/cli/gs_options.hpp, with the measurement).
  bool own_thread = false;
  // The GS may use its AVX2 builds where the CPU has AVX2 (Z lane stepping, bilinear rows, TFX, blend, fog); false
  // keeps the portable builds, so tests can check those on an AVX2 machine. The output does not depend on it.
  bool allow_avx2 = true;
  // The fused group pass (below) may take its build for AVX-512 CPUs (VL, BW, DQ: the same 256-bit arithmetic with
  // twice the registers) where the CPU has it; false keeps the AVX2 build, so tests can compare the two. The
  // output does not depend on it.
  bool allow_avx512 = true;
  // Whole 8-pixel groups of common draws (32-bit frame, no alpha test or DATE, no mipmaps or one level sampled
  // bilinearly per pixel) go through one fused AVX2
  // pass (gs/pixel/fused_groups.hpp) where allow_avx2 lets them; false keeps the pass list, which
  // FusedGroupsCrossCheck compares it with. The output does not depend on it.
  bool fused_groups = true;
  // The lean kernels of that pass (textured on the FST path, and untextured) step colour and u, v themselves from a
  // span's steps (gs/pixel/span.hpp SpanSteps) instead of having the span stepper fill arrays, and solid draws
  // whose rows are paired take a flat span's colour from them; false fills the arrays. FusedStepsCrossCheck and
  // SolidRowPairsCrossCheck compare the two. The output does not depend on it.
  bool fused_steps = true;
  // The fused pass with its own Z test and Z written, after a group whose pixels all fail, finds the next group with
  // one that passes in a short loop that loads only Z (most groups of a deep scene fail); false tests each group in
  // the full loop, which FusedRejectCrossCheck compares it with. The output does not depend on it.
  bool z_reject_loop = true;
  // How that pass finds each group's frame and Z offsets: from arrays written (and their lines asked for) before
  // it, or worked out in it from the span's row of each buffer (both starting on a page), Z's as it tests the group
  // and the frame's only for a group that passes. The rows cost less where most groups fail Z (a deep scene drawn
  // back to front), the arrays where most pass (their early requests for the lines); kByOutcome takes the rows for a
  // span when the draw's previous span wrote few of its pixels. FusedRowsCrossCheck compares each with the arrays.
  // The output does not depend on it.
  enum class GroupOffsets : uint8_t { kArrays, kRows, kByOutcome };
  GroupOffsets group_offsets = GroupOffsets::kByOutcome;
  // A triangle's short rows (at most 32 pixels on average) in an aligned 8-row block reach the stepped kernels of
  // the fused pass (those fused_steps allows, where group_offsets is not kArrays and both buffers start on a page)
  // in one call, with only their pixels and start values: the kernel steps each row's Z, colour, fog and texture
  // coordinates itself (gs/pixel/span_rows.hpp) and finds each row's group offsets as group_offsets says; false
  // hands them over span by span, which RowBatchesCrossCheck compares it with. The output does not depend on it.
  bool row_batches = true;
  // Solid draws (one colour, no texture, test, blend or mask) of one colour and Z per primitive fill an even row
  // and the row below together, whole 64-byte columns where both cover a group of 8 pixels
  // (PixelPipeline::hold_rows_for_pairs); false draws row by row, which SolidRowPairsCrossCheck compares it with.
  // The output does not depend on it.
  bool pair_solid_rows = true;
  // Tests only: a deliberately wrong pair fill that also fills the groups beside the shared ones, so
  // SolidRowPairsCrossCheck can show it would catch pixels one row does not cover.
  bool break_row_pairs = false;
  // Tests only: a deliberately wrong fused pass that leaves the lanes outside a span unmasked when it takes a span
  // with its whole groups (Span::whole_groups), so FusedGroupsCrossCheck can show it would catch such a fault.
  bool break_group_ends = false;
  // Tests only: a deliberately wrong fused pass for mipmapped draws that samples a whole 8-pixel group from the
  // level of its first pixel, so FusedGroupsCrossCheck can show it would catch groups straddling two levels.
  bool break_mip_levels = false;
  // Tests only: a deliberately wrong fused pass for the lean textured draws (channels two to a 32-bit lane) whose
  // blend drops bit 8 of the source alpha, so FusedGroupsCrossCheck can show it covers alphas from 256.
  bool break_packed_alpha = false;
  // Tests only: a deliberately wrong fused pass for the general textured MODULATE and DECAL draws (channels two to a
  // 32-bit lane through the fog) that fogs the alpha half too, so FusedGroupsCrossCheck can show it covers the fog
  // on pairs.
  bool break_pair_fog = false;
  // Tests only: a deliberately wrong stepped kernel whose r or g steps, when negative, take one from b or a each
  // group (the pairs of steps packed as 32-bit sums), so FusedStepsCrossCheck can show it would catch it; and paired
  // solid rows that take a flat span's r and b steps for each other, which SolidRowPairsCrossCheck catches.
  bool break_span_steps = false;
  // Tests only: a deliberately wrong choice of the general repeat kernels (FusedShape::kGeneralRepeat, whose wrap is a
  // mask and an or) for bilinear STQ draws that repeat on one axis only, so FusedStqStepsCrossCheck can show it
  // would catch a clamped axis wrapped as a repeating one.
  bool break_repeat_shape = false;
  // Tests only: a deliberately wrong reject loop (z_reject_loop) that skips a group whose first pixel fails, so
  // FusedRejectCrossCheck can show it would catch a group that only some pixels pass.
  bool break_z_reject = false;
  // Tests only: a deliberately wrong group_offsets kRows build that works out each span's offsets from the row next
  // to it (y xor 1), so FusedRowsCrossCheck can show it would catch offsets from the wrong row.
  bool break_group_rows = false;
  // Tests only: a deliberately wrong row_batches kernel that starts each row of a batch but the first from the Z of
  // the row before (Z stepped one row late), so RowBatchesCrossCheck can show it would catch it.
  bool break_row_batches = false;
  // Tests only: a deliberately wrong kClaimed split that draws each set's runs of primitives last to first, so
  // ClaimedBandsCrossCheck can show it would catch runs out of order.
  bool break_chunk_order = false;
};

}  // namespace gcvu::gs
