// FusedGroupsCrossCheck: a cross-check of two of our own paths, not a truth test. The fused AVX2 pass
// (gs/pixel/fused_groups.hpp) and the pass list it stands in for must leave the same bytes in local memory and
// count the same pixels, over randomised draw states (frame and Z formats, masks, Z tests, textures with every
// TFX, filter, coordinate path and wrap mode, fog, every blend selection, PABE, COLCLAMP, FBA) and spans (every
// alignment and length, random attributes and memory), and mipmapped draws. States outside the fused class (alpha
// test, DATE, 16-bit formats, mipmaps other than bilinear in the nearest level) are drawn too: both configurations
// must then take the list. The golden corpora check both
// against PCSX2.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <iterator>
#include <limits>
#include <cstring>
#include <random>
#include <string>

#include "emu/gs/pixel/bilinear_rows.hpp"
#include "emu/gs/pixel/fused_groups.hpp"
#include "emu/gs/pixel/resident_textures.hpp"
#include "tests/gs/pixel_test_support.hpp"

namespace gcvu::test::pixel {
namespace {

constexpr uint32_t kTextureBlock = 300 * 32;  // page 300, apart from the frame (page 0) and Z (page 100)

struct RandomDraw {
  DrawState state;
  bool vouch_apart = true;
};

RandomDraw random_draw(std::mt19937& rng) {
  auto pick = [&](uint32_t n) { return static_cast<uint32_t>(rng() % n); };
  auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
  RandomDraw d;
  DrawState& st = d.state;
  st = basic_state();
  const bool tme = chance(75), fge = chance(30), abe = chance(60), fst = chance(60);
  st.prim.raw = prim_bits(tme, fge, abe, fst);
  const uint32_t frame_psms[] = {0x00, 0x00, 0x00, 0x01, 0x31, 0x02};  // CT32 mostly, CT24, Z24 as frame, CT16
  const uint32_t fbmsk = chance(20) ? static_cast<uint32_t>(rng()) : 0;
  st.frame.raw = frame_bits(0, 4, frame_psms[pick(6)], fbmsk);
  const uint32_t z_psms[] = {0x00, 0x01, 0x02};
  st.zbuf.raw = zbuf_bits(100, z_psms[pick(3)], chance(25));
  const bool zte = chance(85);
  const uint32_t ztst = 1 + pick(3);  // ALWAYS, GEQUAL, GREATER
  const bool ate = chance(10), date = chance(10);
  st.test.raw = test_bits(ate, pick(8), pick(256), pick(4), date, chance(50), zte, ztst);
  st.alpha.raw = alpha_bits(pick(3), pick(3), pick(3), pick(3), pick(256));
  st.pabe.raw = chance(20);
  st.colclamp.raw = chance(70);
  st.fba.raw = chance(20);
  st.fogcol.raw = rng() & 0xffffff;
  // Mostly small textures: the fused pass samples only once every tile is decoded, which for a resident texture
  // is after the draw has sampled a level's worth of pixels.
  const uint32_t tw = 3 + pick(chance(80) ? 3 : 6), th = 3 + pick(chance(80) ? 3 : 6);
  st.tex0.raw = tex0_bits(kTextureBlock, 4, 0x00, tw, th, chance(50), pick(4));
  st.tex1.raw = tex1_bits(chance(50), chance(10) ? 1 : 0, chance(50), chance(50) ? 1 : 0, 0, 0);
  st.clamp.raw = clamp_bits(pick(4), pick(4), pick(64), pick(64), pick(64), pick(64));
  st.summary.q_min = fst ? 1.0f : 0.5f, st.summary.q_max = 1.0f;  // STQ draws stay perspective
  st.summary.alpha_min = 0, st.summary.alpha_max = 255;
  // Now and then let the frame share the Z buffer's pages: without the caller's word both configurations must
  // keep the list for a draw that writes Z.
  if (chance(10)) {
    st.zbuf.raw = (st.zbuf.raw & ~uint64_t{0x1ff}) | 0;
    d.vouch_apart = false;
  }
  return d;
}

// Some pixels take the Z the buffer holds (32-bit arrangement), so GEQUAL and GREATER differ.
void random_span(std::mt19937& rng, const LocalMemory& memory, SpanData& sd) {
  const int count = static_cast<int>(sd.z.size());
  auto int16 = [&](int lo, int hi) { return static_cast<int16_t>(lo + static_cast<int>(rng() % (hi - lo + 1))); };
  const bool wide_coordinates = rng() % 4 == 0;
  for (int i = 0; i < count; i++) {
    sd.z[i] = rng() % 3 == 0 ? 0xffffffffu - (rng() & 0xffff) : static_cast<uint32_t>(rng());
    if (rng() % 4 == 0) {
      const uint32_t stored = read32(memory, 100 * 32, 4, static_cast<uint32_t>(sd.x + i), static_cast<uint32_t>(sd.y), true);
      sd.z[i] = rng() % 2 ? stored : stored & 0xffffffu;
    }
    sd.r[i] = int16(0, 32767), sd.g[i] = int16(0, 32767), sd.b[i] = int16(0, 32767), sd.a[i] = int16(0, 32767);
    sd.fog[i] = int16(-32768, 32767);
    const int range = wide_coordinates ? 1 << 30 : 1 << 24;
    sd.u[i] = static_cast<int32_t>(rng() % range) - range / 4;
    sd.v[i] = static_cast<int32_t>(rng() % range) - range / 4;
    sd.q[i] = 0.25f + static_cast<float>(rng() % 1000) / 1000.0f;
    sd.s[i] = static_cast<float>(sd.u[i]) * sd.q[i];
    sd.t[i] = static_cast<float>(sd.v[i]) * sd.q[i];
  }
}

// A draw of the lean shapes' class (fused_groups.hpp FusedShape): Z test GEQUAL or GREATER, 32-bit Z written, no
// fog, no frame mask, a 32-bit frame, and no blend or the usual (Cs - Cd) * As >> 7 + Cd without PABE. Its other
// fields stay random; untextured, MODULATE and DECAL draws take a lean kernel (a repeat one where both axes
// repeat), HIGHLIGHT ones the general one.
RandomDraw random_lean_draw(std::mt19937& rng) {
  auto pick = [&](uint32_t n) { return static_cast<uint32_t>(rng() % n); };
  RandomDraw d = random_draw(rng);
  DrawState& st = d.state;
  const bool tme = pick(4) != 0, abe = pick(2) != 0, fst = pick(2) != 0;
  st.prim.raw = prim_bits(tme, false, abe, fst);
  st.frame.raw = frame_bits(0, 4, 0x00, 0);
  st.zbuf.raw = zbuf_bits(100, 0x00, false);
  st.test.raw = test_bits(false, 1, 0, 0, false, false, true, 2 + pick(2));  // alpha test ALWAYS
  st.alpha.raw = alpha_bits(0, 1, 0, 1, pick(256));
  st.pabe.raw = 0;
  // Half the draws repeat on both axes (REPEAT or REGION_REPEAT), which the repeat shapes take.
  if (pick(2)) st.clamp.raw = clamp_bits(3 * pick(2), 3 * pick(2), pick(64), pick(64), pick(64), pick(64));
  st.summary.q_min = fst ? 1.0f : 0.5f;
  d.vouch_apart = true;
  return d;
}

// A mipmapped draw: STQ, MXL 1-3 with its levels apart in memory, L and K random, MMAG linear and MMIN 4 (bilinear
// in the nearest level: the fused pass's kBilinearStqMip) or now and then 2 (nearest texel once the LOD range is
// above 0: the list), the LOD from q or constant (LCM). The spans' random q put neighbouring pixels in different
// levels, so most groups straddle two or more.
RandomDraw random_mip_draw(std::mt19937& rng) {
  auto pick = [&](uint32_t n) { return static_cast<uint32_t>(rng() % n); };
  auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
  RandomDraw d = random_draw(rng);
  DrawState& st = d.state;
  st.prim.raw = prim_bits(true, chance(30), chance(60), false);
  const uint32_t tw = 3 + pick(3), th = 3 + pick(3);
  st.tex0.raw = tex0_bits(kTextureBlock, 4, 0x00, tw, th, chance(50), pick(4));
  st.tex1.raw = tex1_bits(chance(15), 1 + pick(3), true, chance(85) ? 4 : 2, pick(2), static_cast<int32_t>(pick(48)) - 8);
  const uint64_t level_block = kTextureBlock + 64;  // two pages apart, TBW 4
  st.miptbp1.raw = level_block | (uint64_t{4} << 14) | ((level_block + 64) << 20) | (uint64_t{4} << 34) |
                   ((level_block + 128) << 40) | (uint64_t{4} << 54);
  st.summary.q_min = 0.25f, st.summary.q_max = 1.25f;
  return d;
}

// A span's arrays as the span stepper hands them out (Span::whole_groups): a group of slack on either side holding
// values that mean nothing (random here), which the fused pass may load into lanes it masks off.
struct WholeGroupSpan {
  static constexpr int kSlack = 8;
  SpanData data;  // the span's pixels and the slack: element kSlack is pixel 0
  int count;
  WholeGroupSpan(std::mt19937& rng, const LocalMemory& memory, int count_in, int x, int y)
      : data(count_in + 2 * kSlack, x - kSlack, y), count(count_in) {
    random_span(rng, memory, data);
  }
  Span span() const {
    Span sp = data.span();
    sp.x += kSlack, sp.count = count;
    sp.z += kSlack, sp.r += kSlack, sp.g += kSlack, sp.b += kSlack, sp.a += kSlack, sp.fog += kSlack;
    sp.u += kSlack, sp.v += kSlack, sp.s += kSlack, sp.t += kSlack, sp.q += kSlack;
    sp.whole_groups = true;
    return sp;
  }
};

struct CrossCheck {
  int fused_rounds = 0;      // draws that took the fused pass
  int differing_rounds = 0;  // draws whose bytes or pixel counts differ
  std::string first_difference;
};

// The fused draws left the bytes the pass list did, and at least `min_fused_rounds` draws took the fused pass (so
// the comparison covered it).
::testing::AssertionResult same_bytes(const CrossCheck& check, int min_fused_rounds) {
  if (check.differing_rounds != 0) {
    return ::testing::AssertionFailure() << check.differing_rounds
                                         << " draws differ; first: " << check.first_difference;
  }
  if (check.fused_rounds < min_fused_rounds) {
    return ::testing::AssertionFailure() << "only " << check.fused_rounds
                                         << " draws took the fused pass, expected at least " << min_fused_rounds;
  }
  return ::testing::AssertionSuccess();
}

GsConfig list_only() {
  GsConfig config;
  config.fused_groups = false;
  return config;
}

// Draws `rounds` random states through the fused pass and the pass list and compares memory and pixel counts.
// `whole_groups` hands the fused side's spans over as the span stepper does (Span::whole_groups), and the list
// side's too with `list_whole_groups`; `fused_config` is the fused side's configuration.
using SpanFill = void (*)(std::mt19937&, const LocalMemory&, SpanData&);
CrossCheck cross_check(std::mt19937& rng, RandomDraw (*draw)(std::mt19937&), int rounds, bool whole_groups = false,
                       GsConfig fused_config = {}, bool list_whole_groups = false, SpanFill fill = random_span) {
  LocalMemory start;
  for (size_t i = 0; i < start.bytes().size(); i += 4) {
    const uint32_t v = static_cast<uint32_t>(rng());
    std::memcpy(start.bytes().data() + i, &v, 4);
  }
  Clut clut;
  const GsConfig list_config = list_only();
  CrossCheck result;
  // Both memories are made once and reset by assignment each round (into the pages they have): a fresh 4 MiB copy
  // per side and round was most of this test's time under the sanitizers (page faults, the allocator).
  LocalMemory fused, listed;
  for (int round = 0; round < rounds; round++) {
    const RandomDraw d = draw(rng);
    fused = start, listed = start;
    // Half the draws sample through resident textures, as the GS's draws do (the fused pass then also runs its
    // own Z test on textured draws).
    gs::pixel::ResidentTextures fused_resident, list_resident;
    const bool resident = round % 2 == 0;
    PixelPipeline fused_pipeline(d.state, fused, clut, fused_config, resident ? &fused_resident : nullptr);
    PixelPipeline list_pipeline(d.state, listed, clut, list_config, resident ? &list_resident : nullptr);
    if (d.vouch_apart) fused_pipeline.vouch_frame_and_z_apart(), list_pipeline.vouch_frame_and_z_apart();
    EXPECT_FALSE(list_pipeline.takes_fused_groups());
    result.fused_rounds += fused_pipeline.takes_fused_groups();
    for (int span = 0; span < 16; span++) {
      const int count = 1 + static_cast<int>(rng() % (span < 6 ? 40 : 200));
      // Whole-group spans keep their slack inside the 256-pixel-wide buffers.
      const int margin = whole_groups ? WholeGroupSpan::kSlack : 0;
      const int x = margin + static_cast<int>(rng() % (256 - 2 * margin - static_cast<uint32_t>(count) + 1));
      const int y = static_cast<int>(rng() % 64);
      if (whole_groups) {
        const WholeGroupSpan sd(rng, start, count, x, y);
        Span list_span = sd.span();
        list_span.whole_groups = list_whole_groups;
        fused_pipeline.draw_span(sd.span());
        list_pipeline.draw_span(list_span);
      } else {
        SpanData sd(count, x, y);
        fill(rng, start, sd);
        fused_pipeline.draw_span(sd.span());
        list_pipeline.draw_span(sd.span());
      }
    }
    const bool bytes_match = std::memcmp(fused.bytes().data(), listed.bytes().data(), fused.bytes().size()) == 0;
    const bool same_pixels = fused_pipeline.pixels_drawn() == list_pipeline.pixels_drawn();
    if (!bytes_match || !same_pixels) {
      const auto mismatch = std::mismatch(fused.bytes().begin(), fused.bytes().end(), listed.bytes().begin());
      if (result.differing_rounds++ == 0) {
        result.first_difference = "round " + std::to_string(round) + ": pixels " +
                                  std::to_string(fused_pipeline.pixels_drawn()) + " vs " +
                                  std::to_string(list_pipeline.pixels_drawn()) + ", first differing byte at " +
                                  std::to_string(mismatch.first - fused.bytes().begin()) + ", frame psm " +
                                  std::to_string(d.state.frame.psm()) + " zbuf psm " +
                                  std::to_string(d.state.zbuf.psm()) + " prim " + std::to_string(d.state.prim.raw);
      }
    }
  }
  return result;
}

TEST(FusedGroupsCrossCheck, FusedPassAndPassListLeaveTheSameBytes) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261205);
  const CrossCheck check = cross_check(rng, random_draw, 120);
  EXPECT_EQ(check.differing_rounds, 0) << check.first_difference;
  EXPECT_GE(check.fused_rounds, 30);  // the random states reach the fused pass often enough
}

TEST(FusedGroupsCrossCheck, LeanShapesAndPassListLeaveTheSameBytes) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261206);
  const CrossCheck check = cross_check(rng, random_lean_draw, 80);
  EXPECT_TRUE(same_bytes(check, 60));
}

// Mipmapped draws sampling one level bilinearly per pixel (FusedTexture::kBilinearStqMip): the LOD from q with
// FMA in the pass, each group's lanes sampled from their own levels.
TEST(FusedGroupsCrossCheck, MipmappedDrawsAndPassListLeaveTheSameBytes) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the mip pass needs AVX2 and FMA";
  std::mt19937 rng(20261209);
  const CrossCheck check = cross_check(rng, random_mip_draw, 120);
  EXPECT_TRUE(same_bytes(check, 40));
  const CrossCheck whole = cross_check(rng, random_mip_draw, 120, true);
  EXPECT_TRUE(same_bytes(whole, 40));
}

// random_span with q (and so the LOD and s/q, t/q) taken now and then from the float edges: zeros of both signs,
// subnormals, negatives, infinities, NaNs, the extremes of the range and random bit patterns.
void wild_q_span(std::mt19937& rng, const LocalMemory& memory, SpanData& sd) {
  random_span(rng, memory, sd);
  const float edges[] = {0.0f, -0.0f, 1e-45f, 1e-39f, -0.5f, -3.0f, 1e-30f, 1e30f, 3.4e38f, 1.0f, 0.5f, 2.0f,
                         std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                         std::numeric_limits<float>::quiet_NaN()};
  for (size_t i = 0; i < sd.q.size(); i++) {
    const uint32_t roll = rng() % 4;
    if (roll == 0) sd.q[i] = edges[rng() % std::size(edges)];
    if (roll == 1) sd.q[i] = std::bit_cast<float>(static_cast<uint32_t>(rng()));
  }
}

// The pass's own LOD (lod8, with FMA) against lod_rows.cpp's on those edges.
TEST(FusedGroupsCrossCheck, MipmappedDrawsWithEdgeQAndPassListLeaveTheSameBytes) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the mip pass needs AVX2 and FMA";
  std::mt19937 rng(20261210);
  const CrossCheck check = cross_check(rng, random_mip_draw, 120, false, {}, false, wild_q_span);
  EXPECT_TRUE(same_bytes(check, 40));
}

// And that check can fail: a pass that samples each group from its first lane's level (GsConfig::break_mip_levels).
TEST(FusedGroupsCrossCheck, MipmappedCheckCatchesOneLevelPerGroup) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the mip pass needs AVX2 and FMA";
  std::mt19937 rng(20261209);
  GsConfig broken;
  broken.break_mip_levels = true;
  const CrossCheck check = cross_check(rng, random_mip_draw, 120, false, broken);
  // Draws with a constant LOD, or whose LOD clamps to one level, stay right.
  EXPECT_GE(check.differing_rounds, 10) << "of " << check.fused_rounds << " fused draws";
}

// random_span with colours of any 16 bits (as the fused pass reads them, unsigned): the lean textured kernels keep
// channels two to a 32-bit lane, and their products must fit there for every colour, also an 8.7 alpha from 32768
// (an As of 256-511 with TCC clear).
void full_range_color_span(std::mt19937& rng, const LocalMemory& memory, SpanData& sd) {
  random_span(rng, memory, sd);
  for (size_t i = 0; i < sd.r.size(); i++) {
    sd.r[i] = static_cast<int16_t>(rng()), sd.g[i] = static_cast<int16_t>(rng());
    sd.b[i] = static_cast<int16_t>(rng()), sd.a[i] = static_cast<int16_t>(rng());
  }
}

TEST(FusedGroupsCrossCheck, LeanShapesWithFullRangeColoursAndPassListLeaveTheSameBytes) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261211);
  const CrossCheck check = cross_check(rng, random_lean_draw, 80, false, {}, false, full_range_color_span);
  EXPECT_TRUE(same_bytes(check, 60));
}

// And that check can fail: a packed blend that drops bit 8 of As (GsConfig::break_packed_alpha).
TEST(FusedGroupsCrossCheck, FullRangeColourCheckCatchesAnEightBitAlpha) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261211);
  GsConfig broken;
  broken.break_packed_alpha = true;
  const CrossCheck check = cross_check(rng, random_lean_draw, 80, false, broken, false, full_range_color_span);
  // Only textured, blended draws with TCC clear take As from the vertex alpha.
  EXPECT_GE(check.differing_rounds, 5) << "of " << check.fused_rounds << " fused draws";
}

// random_draw textured and fogged, MODULATE or DECAL: the general kernels that keep channel pairs through the fog.
RandomDraw random_fogged_pairs_draw(std::mt19937& rng) {
  RandomDraw d = random_draw(rng);
  d.state.prim.raw |= 0x30;                          // TME, FGE
  d.state.tex0.raw &= ~(uint64_t{1} << 36);          // TFX 0 or 1
  return d;
}

TEST(FusedGroupsCrossCheck, FoggedPairsAndPassListLeaveTheSameBytes) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261213);
  const CrossCheck check = cross_check(rng, random_fogged_pairs_draw, 120);
  EXPECT_TRUE(same_bytes(check, 30));
}

// And that check can fail: pairs that fog the alpha half too (GsConfig::break_pair_fog).
TEST(FusedGroupsCrossCheck, FoggedPairsCheckCatchesFogOnTheAlpha) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261213);
  GsConfig broken;
  broken.break_pair_fog = true;
  const CrossCheck check = cross_check(rng, random_fogged_pairs_draw, 120, false, broken);
  // Only draws that keep the alpha they compute (no FBA, no frame mask on it, a frame that stores it) show it.
  EXPECT_GE(check.differing_rounds, 5) << "of " << check.fused_rounds << " fused draws";
}

// The pass's AVX2 build on a CPU that would take its AVX-512 one (GsConfig::allow_avx512): the same bytes as the
// list too (on an AVX2-only CPU this repeats the checks above).
TEST(FusedGroupsCrossCheck, Avx2BuildAndPassListLeaveTheSameBytes) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261212);
  GsConfig avx2;
  avx2.allow_avx512 = false;
  const CrossCheck general = cross_check(rng, random_draw, 120, true, avx2);
  EXPECT_TRUE(same_bytes(general, 30));
  const CrossCheck lean = cross_check(rng, random_lean_draw, 80, false, avx2, false, full_range_color_span);
  EXPECT_TRUE(same_bytes(lean, 60));
  const CrossCheck mip = cross_check(rng, random_mip_draw, 120, true, avx2);
  EXPECT_TRUE(same_bytes(mip, 40));
}

// Spans as the span stepper hands them out (Span::whole_groups): the pass with its own Z test takes each span as
// one run from its first pixel's group to its last's, the lanes outside the span masked off.
TEST(FusedGroupsCrossCheck, WholeGroupSpansAndPassListLeaveTheSameBytes) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261207);
  const CrossCheck lean = cross_check(rng, random_lean_draw, 80, true);
  EXPECT_TRUE(same_bytes(lean, 60));
  const CrossCheck general = cross_check(rng, random_draw, 120, true);
  EXPECT_TRUE(same_bytes(general, 30));
}

// The pass list's Z test takes a whole-group span's partial groups as whole ones (depth_test.hpp PartialGroups):
// the same bytes as pixel by pixel.
TEST(FusedGroupsCrossCheck, WholeGroupDepthTestAndPixelByPixelLeaveTheSameBytes) {
  std::mt19937 rng(20261208);
  const CrossCheck check = cross_check(rng, random_draw, 120, true, list_only());
  EXPECT_EQ(check.differing_rounds, 0) << check.first_difference;
  const CrossCheck lean = cross_check(rng, random_lean_draw, 40, true, list_only());
  EXPECT_EQ(lean.differing_rounds, 0) << lean.first_difference;
}

// And that check can fail: a Z test that takes the span's pixels from the wrong lanes of its first group.
TEST(FusedGroupsCrossCheck, WholeGroupDepthTestCheckCatchesWrongLanes) {
  std::mt19937 rng(20261208);
  GsConfig broken = list_only();
  broken.break_group_ends = true;
  const CrossCheck check = cross_check(rng, random_lean_draw, 40, true, broken);
  EXPECT_GE(check.differing_rounds, 20);
}

// The check above can fail: a fused pass that leaves the lanes outside a span unmasked (GsConfig::break_group_ends)
// writes the slack's meaningless values around the spans, and the comparison must see it.
TEST(FusedGroupsCrossCheck, WholeGroupSpansCheckCatchesUnmaskedEnds) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(20261207);
  GsConfig broken;
  broken.break_group_ends = true;
  const CrossCheck check = cross_check(rng, random_lean_draw, 80, true, broken);
  EXPECT_GE(check.differing_rounds, 40) << "of " << check.fused_rounds << " fused draws";
}

}  // namespace
}  // namespace gcvu::test::pixel
