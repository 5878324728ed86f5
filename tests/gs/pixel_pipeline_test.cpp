// The pixel pipeline's stages on hand-built spans, each expected value worked out here from the formula
// reference/gs.md §3 gives (or by hand in the comment).

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "emu/gs/pixel/pixel_math.hpp"
#include "tests/gs/pixel_test_support.hpp"

namespace gcvu::test::pixel {
namespace {

constexpr uint32_t kTbp = 0x100;  // texture base block

uint32_t rgba(uint32_t r, uint32_t g, uint32_t b, uint32_t a) { return r | (g << 8) | (b << 16) | (a << 24); }

// A textured draw (nearest, FST) of an 8x8 CT32 texture at kTbp.
DrawState textured_state(uint32_t tfx, bool tcc, uint32_t psm = 0x00, uint32_t tw = 3, uint32_t th = 3) {
  DrawState st = basic_state();
  st.prim.raw = prim_bits(true, false, false, true);
  st.tex0.raw = tex0_bits(kTbp, 1, psm, tw, th, tcc, tfx);
  st.clamp.raw = clamp_bits(1, 1, 0, 0, 0, 0);
  return st;
}

int32_t texel_center(int t) { return (t << 16) + 0x8000; }

// ---- Addressing ----

TEST(PixelAddressing, BlockTablesMatchTheGsManual) {
  const PixelAddress<Psm::kCt32> ct32(0, 1);
  const PixelAddress<Psm::kCt16s> ct16s(0, 1);
  const uint32_t row32[8] = {0, 1, 4, 5, 16, 17, 20, 21};
  for (uint32_t bx = 0; bx < 8; bx++) EXPECT_EQ(ct32(bx * 8, 0) >> 6, row32[bx]);
  const uint32_t row16s[4] = {0, 2, 16, 18};
  for (uint32_t bx = 0; bx < 4; bx++) EXPECT_EQ(ct16s(bx * 16, 0) >> 7, row16s[bx]);
  const uint32_t col16s[8] = {0, 1, 8, 9, 4, 5, 12, 13};  // blockTable16S column 0, rows 0..7
  for (uint32_t by = 0; by < 8; by++) EXPECT_EQ(ct16s(0, by * 8) >> 7, col16s[by]);
  EXPECT_EQ(PixelAddress<Psm::kZ32>(0, 1)(0, 0) >> 6, 0x18u);  // Z swizzle
  // The second page of a 2-page-wide buffer starts 32 blocks on.
  EXPECT_EQ(PixelAddress<Psm::kCt32>(0, 2)(64, 0), 32u * 64);
  EXPECT_EQ(PixelAddress<Psm::kCt32>(0, 2)(0, 32), 64u * 64);
}

// ---- Arithmetic helpers ----

// Cross-check: the SSE2 row of s/q (divps, cvttps2dq) against truncate_to_int of the scalar quotient, on quotients
// that truncate both ways, reach INT32_MIN (NaN, infinities, out of range, x/0) and runs with every tail length.
TEST(PixelMath, DivideTruncateRowMatchesTheScalarQuotient) {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> num = {1.5f,  -1.5f, 7.0f, 3e9f,   -3e9f, 2147483520.0f, -2147483648.0f, nan, inf,
                                  -inf,  0.0f,  -0.0f, 1.0f, 1e-40f, 255.99f, -0.5f, 12345.678f, 5.0f, 1.0f};
  const std::vector<float> den = {1.0f, 1.0f,  2.0f, 1.0f, 1.0f, 1.0f,  1.0f, 1.0f, 1.0f,
                                  1.0f, 0.0f,  1.0f, 0.0f, 1e-30f, 1.0f, 0.25f, 0.001f, -0.0f, nan};
  for (int start = 0; start < 4; start++) {
    const int count = static_cast<int>(num.size()) - start;
    std::vector<int32_t> out(count);
    gs::pixel::divide_truncate_row(num.data() + start, den.data() + start, count, out.data());
    for (int i = 0; i < count; i++) {
      EXPECT_EQ(out[i], gs::pixel::truncate_to_int(num[start + i] / den[start + i])) << num[start + i] << " / " << den[start + i];
    }
  }
  // Worked by hand: 7 / 2 = 3.5 truncates to 3, -1.5 to -1, 3e9 is past INT32_MAX, 1 / 0 is infinite.
  std::vector<int32_t> out(4);
  gs::pixel::divide_truncate_row(num.data() + 1, den.data() + 1, 4, out.data());
  EXPECT_EQ(out[0], -1);
  EXPECT_EQ(out[1], 3);
  EXPECT_EQ(out[2], INT32_MIN);
  EXPECT_EQ(out[3], INT32_MIN);
}

TEST(PixelMath, Log2ApproximationValues) {
  auto formula = [](double m, int e) { return (m - 1) * ((0.2044460 * m - 1.0491306) * m + 2.2833028) + e; };
  EXPECT_EQ(gs::pixel::lod_log2(1.0f), 0.0f);
  EXPECT_EQ(gs::pixel::lod_log2(2.0f), 1.0f);
  EXPECT_EQ(gs::pixel::lod_log2(0.5f), -1.0f);
  EXPECT_NEAR(gs::pixel::lod_log2(1.5f), formula(1.5, 0), 1e-6);
  EXPECT_NEAR(gs::pixel::lod_log2(12.0f), formula(1.5, 3), 1e-6);
  EXPECT_NEAR(gs::pixel::lod_log2(0.3f), formula(1.2, -2), 1e-6);
  // LOD = -log2(q) * 2^L + K, 16.16, clamped to [0, MXL] and rounded.
  EXPECT_EQ(gs::pixel::lod_from_q(0.25f, -65536.0f, 0.0f, 6 * 65536.0f), 2 * 65536);
  EXPECT_EQ(gs::pixel::lod_from_q(0.25f, -131072.0f, 4096.0f, 6 * 65536.0f), 4 * 65536 + 4096);  // L=1, K=1/16
  EXPECT_EQ(gs::pixel::lod_from_q(4.0f, -65536.0f, 0.0f, 6 * 65536.0f), 0);                      // clamped at 0
  EXPECT_EQ(gs::pixel::lod_from_q(1.0f / 256, -65536.0f, 0.0f, 3 * 65536.0f), 3 * 65536);        // at MXL
}

// ---- TFX ----

TEST(PixelTfx, ModulateDecalHighlightHighlight2) {
  const int ct[4] = {0x80, 0x40, 0xff, 0x60};
  const int cf[4] = {0x40, 0xff, 0x80, 0x90};
  auto mod = [](int t, int f) { return std::min(255, (t * f) >> 7); };
  for (uint32_t tfx = 0; tfx < 4; tfx++) {
    for (bool tcc : {false, true}) {
      LocalMemory mem;
      Clut clut;
      write32(mem, kTbp, 1, 2, 1, rgba(ct[0], ct[1], ct[2], ct[3]));
      DrawState st = textured_state(tfx, tcc);
      SpanData sd(1);
      sd.color(0, cf[0], cf[1], cf[2], cf[3]);
      sd.u[0] = texel_center(2), sd.v[0] = texel_center(1);
      run(st, mem, clut, sd);
      int want[4];
      const int af = cf[3];
      for (int c = 0; c < 3; c++) {
        if (tfx == 0) want[c] = mod(ct[c], cf[c]);
        if (tfx == 1) want[c] = ct[c];
        if (tfx >= 2) want[c] = std::min(255, mod(ct[c], cf[c]) + af);
      }
      if (!tcc)
        want[3] = af;
      else if (tfx == 0)
        want[3] = mod(ct[3], cf[3]);
      else if (tfx == 2)
        want[3] = std::min(255, ct[3] + af);
      else
        want[3] = ct[3];
      EXPECT_EQ(read32(mem, 0, 1, 0, 0), rgba(want[0], want[1], want[2], want[3])) << "tfx " << tfx << " tcc " << tcc;
    }
  }
}

TEST(PixelTfx, NoTextureTakesTheColourIntegerPart) {
  LocalMemory mem;
  Clut clut;
  DrawState st = basic_state();
  SpanData sd(1);
  sd.r[0] = (0x12 << 7) | 0x7f, sd.g[0] = 0x34 << 7, sd.b[0] = (0x56 << 7) | 1, sd.a[0] = 0x78 << 7;
  run(st, mem, clut, sd);
  EXPECT_EQ(read32(mem, 0, 1, 0, 0), rgba(0x12, 0x34, 0x56, 0x78));
}

// ---- Fog ----

TEST(PixelFog, BlendsTowardsFogColour) {
  const int fog_rgb[3] = {40, 250, 0};
  const int c[3] = {200, 10, 255};
  for (int f87 : {0, 0x80 << 7, (0x33 << 7) | 0x25, 0xff << 7}) {
    LocalMemory mem;
    Clut clut;
    DrawState st = basic_state();
    st.prim.raw = prim_bits(false, true, false, false);
    st.fogcol.raw = static_cast<uint64_t>(fog_rgb[0] | (fog_rgb[1] << 8) | (fog_rgb[2] << 16));
    SpanData sd(1);
    sd.color(0, c[0], c[1], c[2], 0x33);
    sd.fog[0] = static_cast<int16_t>(f87);
    run(st, mem, clut, sd);
    int want[3];
    for (int i = 0; i < 3; i++)  // FOG + floor((C - FOG) * F / 256), F with 7 fractional bits
      want[i] = fog_rgb[i] + static_cast<int>(std::floor((c[i] - fog_rgb[i]) * (f87 / 128.0) / 256.0));
    EXPECT_EQ(read32(mem, 0, 1, 0, 0), rgba(want[0], want[1], want[2], 0x33)) << f87;
  }
}

// ---- 16-bit frames: conversion, dither, FBMSK ----

TEST(PixelFrame16, ConversionTruncates) {
  LocalMemory mem;
  Clut clut;
  DrawState st = basic_state();
  st.frame.raw = frame_bits(0, 1, 0x02);
  SpanData sd(2);
  sd.color(0, 0xff, 0x07, 0x80, 0x7f);
  sd.color(1, 0x08, 0xf7, 0x0f, 0x80);
  run(st, mem, clut, sd);
  EXPECT_EQ(read16(mem, 0, 1, 0, 0), 31u | (0u << 5) | (16u << 10));
  EXPECT_EQ(read16(mem, 0, 1, 1, 0), 1u | (30u << 5) | (1u << 10) | 0x8000u);
}

TEST(PixelFrame16, DitherAddsDimxBeforeClampOrWrap) {
  const int dm[4] = {-4, -1, 0, 3};  // row 1 of DIMX
  uint64_t dimx = 0;
  for (int c = 0; c < 4; c++) dimx |= static_cast<uint64_t>(dm[c] & 7) << (16 * 1 + 4 * c);
  for (int colclamp = 0; colclamp < 2; colclamp++) {
    LocalMemory mem;
    Clut clut;
    DrawState st = basic_state();
    st.frame.raw = frame_bits(0, 1, 0x02);
    st.dthe.raw = 1;
    st.dimx.raw = dimx;
    st.colclamp.raw = static_cast<uint64_t>(colclamp);
    SpanData sd(4, 8, 5);  // y & 3 = 1, x & 3 = 0..3
    for (int i = 0; i < 4; i++) sd.color(i, 2, 0x80, 0xfe, 0);
    run(st, mem, clut, sd);
    for (int i = 0; i < 4; i++) {
      auto ch = [&](int v) {
        v += dm[i];
        v = colclamp ? std::clamp(v, 0, 255) : (v & 0xff);
        return static_cast<uint32_t>(v >> 3);
      };
      EXPECT_EQ(read16(mem, 0, 1, 8 + i, 5), ch(2) | (ch(0x80) << 5) | (ch(0xfe) << 10)) << i << " " << colclamp;
    }
  }
}

// PCSX2 draws a sprite whose selector is a solid rectangle (GSScanlineSelector::IsSolidRect, GSRasterizer::DrawSprite)
// with GSDrawScanline::DrawRect, which never dithers (reference/gs.md §2 "Fast path"). The selector is decided after
// GSState::IsOpaque drops a blend that leaves the source colour as it is and TryAlphaTest folds an alpha test decided
// by the vertex alpha range, so such sprites are solid rectangles too; a triangle with the same state is dithered.
TEST(PixelFrame16, SolidRectSpriteIsNotDitheredAfterOpaqueBlendAndFoldedAlphaTest) {
  auto frame_word = [](const DrawState& st, bool dither_solid_rects = false) {
    LocalMemory mem;
    Clut clut;
    SpanData sd(1);
    sd.color(0, 0x07, 0, 0, 0x80);
    GsConfig config;
    config.dither_solid_rects = dither_solid_rects;
    run(st, mem, clut, sd, config);
    return read16(mem, 0, 1, 0, 0) & 0x7fff;  // RGB (alpha 0x80 sets bit 15)
  };
  DrawState st = basic_state();
  st.frame.raw = frame_bits(0, 1, 0x02);
  st.dthe.raw = 1;
  st.dimx.raw = 3;  // DIMX[0][0] = 3: 7 + 3 = 10 -> 1 in 5 bits when dithered, 7 -> 0 when not
  st.summary.alpha_min = st.summary.alpha_max = 0x80;
  const uint64_t sprite = prim_bits(false, false, false, false, 6);
  const uint64_t blended_sprite = prim_bits(false, false, true, false, 6);
  const uint64_t blended_triangle = prim_bits(false, false, true, false, 3);

  st.prim.raw = sprite;
  EXPECT_EQ(frame_word(st), 0u) << "plain solid sprite";
  EXPECT_EQ(frame_word(st, true), 1u) << "GsConfig::dither_solid_rects: dithered as the GS manual's DTHE says";
  st.prim.raw = blended_sprite;
  st.alpha.raw = 0;  // A = B = Cs: (Cs - Cs) * As + Cs, IsOpaque
  EXPECT_EQ(frame_word(st), 0u) << "ABE with an opaque blend";
  st.alpha.raw = 0x44;  // (Cs - Cd) * As + Cd with As = 0x80 from every vertex: IsOpaque through the alpha range
  EXPECT_EQ(frame_word(st), 0u) << "ABE, C = As, vertex alpha all 0x80";
  st.alpha.raw = 0;
  st.prim.raw = blended_triangle;
  EXPECT_EQ(frame_word(st), 1u) << "the same state on a triangle dithers";

  st.prim.raw = sprite;
  st.test.raw = 1 | (6u << 1) | (0x10u << 4);  // ATE, GREATER than 0x10: every vertex alpha passes, folded away
  EXPECT_EQ(frame_word(st), 0u) << "folded alpha test";
  st.test.raw = 0;
  st.alpha.raw = 0x48;  // (Cs - Cd) * Ad + Cd: not opaque, a real blend
  st.prim.raw = blended_sprite;
  EXPECT_EQ(frame_word(st), 1u) << "a real blend is no solid rectangle and dithers";
}

TEST(PixelFrame16, FbmskMapsToRgb5a1) {
  LocalMemory mem;
  Clut clut;
  write16(mem, 0, 1, 0, 0, 0x7fff);
  DrawState st = basic_state();
  st.frame.raw = frame_bits(0, 1, 0x02, 0x00f800f8);  // keep R and B
  SpanData sd(1);
  sd.color(0, 0, 0, 0, 0);
  run(st, mem, clut, sd);
  EXPECT_EQ(read16(mem, 0, 1, 0, 0), 0x7c1fu);
}

TEST(PixelFrame, FbmskKeepsMaskedBitsCt32AndT8hFrameQuirk) {
  {
    LocalMemory mem;
    Clut clut;
    write32(mem, 0, 1, 0, 0, 0xaabbccddu);
    DrawState st = basic_state();
    st.frame.raw = frame_bits(0, 1, 0x00, 0x0000ff0f);
    SpanData sd(1);
    sd.color(0, 0x12, 0x34, 0x56, 0x78);
    run(st, mem, clut, sd);
    EXPECT_EQ(read32(mem, 0, 1, 0, 0), 0x7856cc1du);
  }
  {
    // A T8H frame draws as CT32 with FBMSK 0x00FFFFFF (the FBMSK register is replaced).
    LocalMemory mem;
    Clut clut;
    write32(mem, 0, 1, 0, 0, 0xaabbccddu);
    DrawState st = basic_state();
    st.frame.raw = frame_bits(0, 1, 0x1b, 0);
    SpanData sd(1);
    sd.color(0, 0x12, 0x34, 0x56, 0x78);
    run(st, mem, clut, sd);
    EXPECT_EQ(read32(mem, 0, 1, 0, 0), 0x78bbccddu);
  }
}

// ---- Alpha test ----

TEST(PixelAlphaTest, ModesAgainstAref) {
  const int alphas[3] = {0x3f, 0x40, 0x41};
  auto passes = [](uint32_t atst, int a) {
    switch (atst) {
      case 0: return false;
      case 1: return true;
      case 2: return a < 0x40;
      case 3: return a <= 0x40;
      case 4: return a == 0x40;
      case 5: return a >= 0x40;
      case 6: return a > 0x40;
      default: return a != 0x40;
    }
  };
  for (uint32_t atst = 0; atst < 8; atst++) {
    LocalMemory mem;
    Clut clut;
    DrawState st = basic_state();
    st.test.raw = test_bits(true, atst, 0x40, 0, false, false, false, 0);
    st.summary.alpha_min = 0x3f, st.summary.alpha_max = 0x41;
    SpanData sd(3);
    for (int i = 0; i < 3; i++) sd.color(i, 1, 2, 3, alphas[i]);
    run(st, mem, clut, sd);
    for (int i = 0; i < 3; i++) {
      uint32_t want = passes(atst, alphas[i]) ? rgba(1, 2, 3, static_cast<uint32_t>(alphas[i])) : 0;
      EXPECT_EQ(read32(mem, 0, 1, i, 0), want) << "atst " << atst << " a " << alphas[i];
    }
  }
}

TEST(PixelAlphaTest, AfailModes) {
  // ATST NEVER with each AFAIL, Z32 ALWAYS writing; the frame holds 0x11223344.
  for (uint32_t afail = 0; afail < 4; afail++) {
    for (uint32_t psm : {0x00u, 0x02u}) {
      LocalMemory mem;
      Clut clut;
      DrawState st = basic_state();
      st.frame.raw = frame_bits(0, 1, psm);
      st.zbuf.raw = zbuf_bits(64, 0x00);
      st.test.raw = test_bits(true, 2, 0x10, afail, false, false, true, 1);  // LESS 0x10, alpha 0x20 fails
      st.summary.alpha_min = 0x00, st.summary.alpha_max = 0x20;              // not decided from the range
      if (psm == 0)
        write32(mem, 0, 1, 0, 0, 0x11223344u);
      else
        write16(mem, 0, 1, 0, 0, 0x1234u);
      SpanData sd(2);
      sd.color(0, 0x80, 0x90, 0xa0, 0x20);
      sd.color(1, 0x80, 0x90, 0xa0, 0x20);
      sd.z[0] = sd.z[1] = 0x777;
      run(st, mem, clut, sd);
      uint32_t eff = (afail == 3 && psm != 0) ? 1 : afail;  // RGB_ONLY on a 16-bit frame acts as FB_ONLY
      bool fb = eff == 1 || eff == 3, zb = eff == 2;
      uint32_t z = read32(mem, 64 << 5, 1, 0, 0, true);
      EXPECT_EQ(z, zb ? 0x777u : 0u) << afail << " psm " << psm;
      if (psm == 0) {
        uint32_t want = eff == 1 ? rgba(0x80, 0x90, 0xa0, 0x20) : eff == 3 ? 0x11a09080u : 0x11223344u;
        EXPECT_EQ(read32(mem, 0, 1, 0, 0), want) << afail;
      } else {
        uint32_t want = fb ? (0x80u >> 3) | ((0x90u >> 3) << 5) | ((0xa0u >> 3) << 10) : 0x1234u;
        EXPECT_EQ(read16(mem, 0, 1, 0, 0), want) << afail;
      }
    }
  }
}

// ---- Depth ----

TEST(PixelDepth, TestAndWritePerFormat) {
  struct Case {
    uint32_t zpsm, ztst;
    uint32_t stored;
    uint32_t zs[3];
    bool pass[3];
    uint32_t after[3];
  };
  const Case cases[] = {
      {0x0, 2, 1000, {999, 1000, 1001}, {false, true, true}, {1000, 1000, 1001}},   // Z32 GEQUAL
      {0x0, 3, 1000, {999, 1000, 1001}, {false, false, true}, {1000, 1000, 1001}},  // Z32 GREATER
      {0x0,
       2,
       0x80000000u,
       {0x7fffffffu, 0x80000000u, 0xffffffffu},
       {false, true, true},  // unsigned compare
       {0x80000000u, 0x80000000u, 0xffffffffu}},
      {0x1, 2, 0xab0003e8u, {999, 1000, 1001}, {false, true, true}, {0xab0003e8u, 0xab0003e8u, 0xab0003e9u}},  // Z24
      {0x1, 1, 0xab0003e8u, {5, 6, 7}, {true, true, true}, {0xab000005u, 0xab000006u, 0xab000007u}},           // ALWAYS
  };
  for (const Case& c : cases) {
    LocalMemory mem;
    Clut clut;
    DrawState st = basic_state();
    st.zbuf.raw = zbuf_bits(64, c.zpsm);
    st.test.raw = test_bits(false, 0, 0, 0, false, false, true, c.ztst);
    for (int i = 0; i < 3; i++) write32(mem, 64 << 5, 1, i, 0, c.stored, true);
    SpanData sd(3);
    for (int i = 0; i < 3; i++) sd.color(i, 9, 9, 9, 9), sd.z[i] = c.zs[i];
    run(st, mem, clut, sd);
    for (int i = 0; i < 3; i++) {
      EXPECT_EQ(read32(mem, 64 << 5, 1, i, 0, true), c.after[i]) << c.zpsm << " " << c.ztst << " " << i;
      EXPECT_EQ(read32(mem, 0, 1, i, 0), c.pass[i] ? rgba(9, 9, 9, 9) : 0u) << i;
    }
  }
}

// Groups of 8 pixels the Z test rejects entirely skip the later passes; the pixels around them must come out as if
// every pass had run (textured, blended, so every pass is present).
TEST(PixelDepth, GroupsFailingZLeaveTheirNeighboursIntact) {
  LocalMemory mem;
  Clut clut;
  DrawState st = basic_state();
  st.prim.raw = prim_bits(true, false, true, true);
  st.tex0.raw = tex0_bits(kTbp, 1, 0x00, 3, 3, true, 1);  // 8x8 CT32, DECAL
  st.alpha.raw = alpha_bits(0, 1, 0, 1, 0);               // (Cs - Cd) * As + Cd
  st.zbuf.raw = zbuf_bits(64, 0x0);
  st.test.raw = test_bits(false, 0, 0, 0, false, false, true, 2);  // GEQUAL
  for (uint32_t x = 0; x < 8; x++) write32(mem, kTbp, 1, x, 0, 0x80000000u | (x * 16));
  constexpr int kCount = 40;
  SpanData sd(kCount);
  for (int i = 0; i < kCount; i++) {
    write32(mem, 64 << 5, 1, i, 0, 100, true);
    sd.z[i] = (i >= 8 && i < 24) || i == 33 ? 99 : 100;  // two dead groups, one lone failing pixel
    sd.u[i] = texel_center(i & 7), sd.v[i] = texel_center(0);
  }
  PixelPipeline p(st, mem, clut);
  p.draw_span(sd.span());
  for (int i = 0; i < kCount; i++) {
    bool pass = sd.z[i] == 100;
    // As = 0x80: the blend gives Cs exactly.
    EXPECT_EQ(read32(mem, 0, 1, i, 0), pass ? 0x80000000u | ((i & 7) * 16) : 0u) << i;
  }
  EXPECT_EQ(p.pixels_drawn(), uint64_t{kCount - 17});
}

// Solid draws (no texture, test, blend or mask) take one fused pass; the same draw made to go through the pass list
// (a GEQUAL test every pixel passes) must leave the same memory, for each Z format and with wrapped colours.
TEST(PixelDepth, FusedSolidPassMatchesThePassList) {
  for (uint32_t zpsm : {0x0u, 0x1u, 0x2u, 0xau}) {
    for (bool colclamp : {false, true}) {
      LocalMemory fused, listed;
      Clut clut;
      DrawState st = basic_state();
      st.zbuf.raw = zbuf_bits(64, zpsm);
      st.colclamp.raw = colclamp;
      st.fba.raw = 1;
      SpanData sd(150, 40, 3);
      for (int i = 0; i < 150; i++) {
        sd.r[i] = static_cast<int16_t>(i * 300 - 9000), sd.g[i] = static_cast<int16_t>(i * 97);
        sd.b[i] = static_cast<int16_t>(32767 - i * 200), sd.a[i] = static_cast<int16_t>(i << 7);
        sd.z[i] = 0x12345678u + static_cast<uint32_t>(i);
      }
      st.test.raw = test_bits(false, 0, 0, 0, false, false, true, 1);  // ALWAYS: fused
      run(st, fused, clut, sd);
      st.test.raw = test_bits(false, 0, 0, 0, false, false, true, 2);  // GEQUAL over Z 0: the pass list
      run(st, listed, clut, sd);
      EXPECT_TRUE(std::equal(fused.bytes().begin(), fused.bytes().end(), listed.bytes().begin()))
          << zpsm << " " << colclamp;
      EXPECT_NE(read32(fused, 0, 1, 50, 3), 0u);
    }
  }
}

TEST(PixelDepth, Z16WritesLowHalfAndMasks) {
  LocalMemory mem;
  Clut clut;
  DrawState st = basic_state();
  st.zbuf.raw = zbuf_bits(64, 0x2);
  st.test.raw = test_bits(false, 0, 0, 0, false, false, true, 2);
  write16(mem, 64 << 5, 1, 0, 0, 0x1000, true);
  write16(mem, 64 << 5, 1, 1, 0, 0x1000, true);
  SpanData sd(2);
  sd.z[0] = 0x0fff, sd.z[1] = 0x1234;
  run(st, mem, clut, sd);
  EXPECT_EQ(read16(mem, 64 << 5, 1, 0, 0, true), 0x1000u);
  EXPECT_EQ(read16(mem, 64 << 5, 1, 1, 0, true), 0x1234u);
  // ZMSK: tested, not written. ZTE=0: neither. ZTST NEVER: nothing at all.
  for (int mode = 0; mode < 3; mode++) {
    LocalMemory m2;
    DrawState s2 = basic_state();
    s2.zbuf.raw = zbuf_bits(64, 0x0, mode == 0);
    s2.test.raw = test_bits(false, 0, 0, 0, false, false, mode != 1, mode == 2 ? 0 : 1);
    SpanData d2(1);
    d2.color(0, 1, 1, 1, 1);
    d2.z[0] = 55;
    PixelPipeline p(s2, m2, clut);
    EXPECT_EQ(p.draws_nothing(), mode == 2);
    p.draw_span(d2.span());
    EXPECT_EQ(read32(m2, 64 << 5, 1, 0, 0, true), 0u) << mode;
    EXPECT_EQ(read32(m2, 0, 1, 0, 0), mode == 2 ? 0u : rgba(1, 1, 1, 1)) << mode;
  }
}

// ---- DATE ----

TEST(PixelDate, DestinationAlphaBit) {
  for (bool datm : {false, true}) {
    LocalMemory mem;
    Clut clut;
    write32(mem, 0, 1, 0, 0, 0x00000000u);
    write32(mem, 0, 1, 1, 0, 0x80000000u);
    write16(mem, 32 << 5, 1, 0, 0, 0x0000u);
    write16(mem, 32 << 5, 1, 1, 0, 0x8000u);
    DrawState st = basic_state();
    st.test.raw = test_bits(false, 0, 0, 0, true, datm, false, 0);
    SpanData sd(2);
    sd.color(0, 5, 5, 5, 5), sd.color(1, 5, 5, 5, 5);
    run(st, mem, clut, sd);
    EXPECT_EQ(read32(mem, 0, 1, 0, 0), datm ? 0u : rgba(5, 5, 5, 5));
    EXPECT_EQ(read32(mem, 0, 1, 1, 0), datm ? rgba(5, 5, 5, 5) : 0x80000000u);
    st.frame.raw = frame_bits(32, 1, 0x02);
    run(st, mem, clut, sd);
    EXPECT_EQ(read16(mem, 32 << 5, 1, 0, 0), datm ? 0u : 0u);  // colour 5 >> 3 = 0 either way: check bit 15 below
    EXPECT_EQ(read16(mem, 32 << 5, 1, 1, 0), datm ? 0u : 0x8000u);
  }
  LocalMemory mem;
  Clut clut;
  DrawState st = basic_state();
  st.frame.raw = frame_bits(0, 1, 0x01);
  st.test.raw = test_bits(false, 0, 0, 0, true, false, false, 0);
  PixelPipeline p(st, mem, clut);
  EXPECT_TRUE(p.draws_nothing());  // DATE on a 24-bit frame draws nothing
}

// ---- Texture wrap and filtering ----

TEST(PixelTexture, WrapModes) {
  struct Case {
    uint32_t wms, minu, maxu;
    int u;
    uint32_t texel;
  };
  const Case cases[] = {
      {0, 0, 0, 10, 2},
      {0, 0, 0, -3, 5},
      {1, 0, 0, -3, 0},
      {1, 0, 0, 10, 7},
      {2, 2, 5, 0, 2},
      {2, 2, 5, 7, 5},
      {3, 3, 4, 6, 6},
      {3, 3, 4, 9, 5},
      {3, 3, 4, 2, 6},
      // REGION_CLAMP with MINU > MAXU: max(u, MINU) then min(.., MAXU), as PCSX2's sat_i16, is MAXU for any u.
      {2, 5, 2, 0, 2},
      {2, 5, 2, 3, 2},
      {2, 5, 2, 7, 2},
  };
  for (const Case& c : cases) {
    LocalMemory mem;
    Clut clut;
    for (uint32_t x = 0; x < 8; x++) write32(mem, kTbp, 1, x, 0, rgba(x, 0, 0, 0x80));
    DrawState st = textured_state(1, true);
    st.clamp.raw = clamp_bits(c.wms, 1, c.minu, c.maxu, 0, 0);
    SpanData sd(1);
    sd.u[0] = texel_center(c.u), sd.v[0] = texel_center(0);
    run(st, mem, clut, sd);
    EXPECT_EQ(read32(mem, 0, 1, 0, 0), rgba(c.texel, 0, 0, 0x80)) << c.wms << " u " << c.u;
  }
}

TEST(PixelTexture, BilinearFourBitLerp) {
  LocalMemory mem;
  Clut clut;
  write32(mem, kTbp, 1, 0, 0, rgba(0, 200, 0, 0x80));
  write32(mem, kTbp, 1, 1, 0, rgba(160, 3, 0, 0x80));
  write32(mem, kTbp, 1, 0, 1, rgba(32, 200, 0, 0x80));
  write32(mem, kTbp, 1, 1, 1, rgba(255, 3, 0, 0x80));
  DrawState st = textured_state(1, true);
  st.tex1.raw = tex1_bits(false, 0, true, 0, 0, 0);  // MMAG linear, MXL 0
  SpanData sd(1);
  // The rasterizer has applied the half-texel shift: u fraction 0x4000 (4/16), v fraction 0x8000 (8/16).
  sd.u[0] = 0x4000, sd.v[0] = 0x8000;
  PixelPipeline p(st, mem, clut);
  EXPECT_TRUE(p.inputs().half_texel_offset);
  p.draw_span(sd.span());
  // R: top 0 + (160*4 >> 4) = 40; bottom 32 + (223*4 >> 4) = 87; 40 + (47*8 >> 4) = 63.
  // G: top 200 + (-197*4 >> 4) = 200 - 50 = 150 (floor); bottom the same; 150.
  EXPECT_EQ(read32(mem, 0, 1, 0, 0), rgba(63, 150, 0, 0x80));
}

TEST(PixelTexture, PerspectiveDividesSByQ) {
  LocalMemory mem;
  Clut clut;
  for (uint32_t x = 0; x < 8; x++) write32(mem, kTbp, 1, x, 3, rgba(x, 3, 0, 0x80));
  DrawState st = textured_state(1, true);
  st.prim.raw = prim_bits(true, false, false, false);  // STQ
  st.summary.q_min = 0.5f, st.summary.q_max = 1.0f;
  SpanData sd(1);
  sd.q[0] = 0.5f;
  sd.s[0] = 5.25f * 65536 * 0.5f;
  sd.t[0] = 3.5f * 65536 * 0.5f;
  PixelPipeline p(st, mem, clut);
  EXPECT_TRUE(p.inputs().perspective);
  p.draw_span(sd.span());
  EXPECT_EQ(read32(mem, 0, 1, 0, 0), rgba(5, 3, 0, 0x80));

  DrawState flat_q = st;
  flat_q.summary.q_min = flat_q.summary.q_max = 0.5f;  // constant Q: divided per vertex, u/v path
  PixelPipeline p2(flat_q, mem, clut);
  EXPECT_FALSE(p2.inputs().perspective);
}

TEST(PixelTexture, MipLevelFromConstantLodRounds) {
  // Level 0 (8x8) red at kTbp, level 1 (4x4) green at MIPTBP1.TBP1; MMIN=2 (nearest level, nearest texel), LCM=1.
  for (int k : {4, 8, 16}) {
    LocalMemory mem;
    Clut clut;
    for (uint32_t y = 0; y < 8; y++)
      for (uint32_t x = 0; x < 8; x++) write32(mem, kTbp, 1, x, y, 0xff0000ffu);
    for (uint32_t y = 0; y < 4; y++)
      for (uint32_t x = 0; x < 4; x++) write32(mem, 0x140, 1, x, y, 0xff00ff00u);
    DrawState st = textured_state(1, true);
    st.prim.raw = prim_bits(true, false, false, false);
    st.tex1.raw = tex1_bits(true, 1, false, 2, 0, k);
    st.miptbp1.raw = 0x140 | (uint64_t{1} << 14);
    SpanData sd(1);
    sd.s[0] = 2.5f * 65536, sd.q[0] = 1.0f;
    sd.t[0] = 1.5f * 65536;
    PixelPipeline p(st, mem, clut);
    EXPECT_EQ(p.inputs().mip_levels, 2);
    p.draw_span(sd.span());
    // K/16 = 0.25 rounds to level 0; 0.5 and 1.0 round to level 1.
    EXPECT_EQ(read32(mem, 0, 1, 0, 0), k == 4 ? 0xff0000ffu : 0xff00ff00u) << k;
  }
}

TEST(PixelTexture, ConstantLodTrilinearFractionPerLane) {
  // LCM=1, K = 24/16 = 1.5, MMIN=3 (nearest texel, linear between levels 1 and 2): fraction 0x8000. PCSX2's constant
  // fraction vector is (f, f) in the 32-bit lanes of pixels x & 7 = 0, 1, 4, 5 and (f, 0) in those of 2, 3, 6, 7,
  // and the lanes' high words carry blue and alpha: those pixels blend red and green by f but keep level 1's blue
  // and alpha. Level 1 = (0, 0, 0, 0x20), level 2 = (200, 100, 60, 0x60): with f = 0x8000, (b - a) * 2 * 0x4000 >> 16
  // is half the difference.
  LocalMemory mem;
  Clut clut;
  for (uint32_t y = 0; y < 4; y++)
    for (uint32_t x = 0; x < 4; x++) write32(mem, 0x140, 1, x, y, rgba(0, 0, 0, 0x20));
  for (uint32_t y = 0; y < 2; y++)
    for (uint32_t x = 0; x < 2; x++) write32(mem, 0x180, 1, x, y, rgba(200, 100, 60, 0x60));
  DrawState st = textured_state(1, true);
  st.prim.raw = prim_bits(true, false, false, false);
  st.tex1.raw = tex1_bits(true, 2, false, 3, 0, 24);
  st.miptbp1.raw = 0x140 | (uint64_t{1} << 14) | (uint64_t{0x180} << 20) | (uint64_t{1} << 34);
  SpanData sd(16);
  for (int i = 0; i < 16; i++) sd.s[i] = 0.5f * 65536, sd.t[i] = 0.5f * 65536, sd.q[i] = 1.0f;
  run(st, mem, clut, sd);
  for (uint32_t x = 0; x < 16; x++) {
    const bool low_words_only = (x & 2) != 0;
    EXPECT_EQ(read32(mem, 0, 1, x, 0), low_words_only ? rgba(100, 50, 0, 0x20) : rgba(100, 50, 30, 0x40)) << x;
  }
}

TEST(PixelTexture, TrilinearBetweenLevelsFromPerPixelQ) {
  // MMIN=3 (nearest texel, linear between levels), MXL=2, L=0, K=0, LOD from q per pixel.
  // q = 0.75: -log2(q) = 1 - log2(1.5) ~ 0.41519 -> LOD fraction ~27211/65536 between level 0 and level 1.
  LocalMemory mem;
  Clut clut;
  for (uint32_t y = 0; y < 8; y++)
    for (uint32_t x = 0; x < 8; x++) write32(mem, kTbp, 1, x, y, rgba(0, 100, 0, 0x80));
  for (uint32_t y = 0; y < 4; y++)
    for (uint32_t x = 0; x < 4; x++) write32(mem, 0x140, 1, x, y, rgba(200, 0, 0, 0x80));
  DrawState st = textured_state(1, true);
  st.prim.raw = prim_bits(true, false, false, false);
  st.tex1.raw = tex1_bits(false, 2, false, 3, 0, 0);
  st.miptbp1.raw = 0x140 | (uint64_t{1} << 14) | (uint64_t{0x180} << 20) | (uint64_t{1} << 34);
  st.summary.q_min = st.summary.q_max = 0.75f;
  SpanData sd(1);
  sd.q[0] = 0.75f;
  sd.s[0] = 2.5f * 65536 * 0.75f, sd.t[0] = 1.5f * 65536 * 0.75f;
  PixelPipeline p(st, mem, clut);
  EXPECT_TRUE(p.inputs().perspective);
  EXPECT_EQ(p.inputs().mip_levels, 3);
  p.draw_span(sd.span());
  double lod = -(0.5 * ((0.2044460 * 1.5 - 1.0491306) * 1.5 + 2.2833028) - 1);
  int frac = static_cast<int>(std::lround(lod * 65536));
  int r = 0 + static_cast<int>(std::floor(200.0 * 2 * (frac >> 1) / 65536));
  int g = 100 + static_cast<int>(std::floor(-100.0 * 2 * (frac >> 1) / 65536));
  EXPECT_EQ(read32(mem, 0, 1, 0, 0), rgba(static_cast<uint32_t>(r), static_cast<uint32_t>(g), 0, 0x80));
}

// ---- Texture formats ----

TEST(PixelTextureFormat, Ct24AndCt16ThroughTexa) {
  LocalMemory mem;
  Clut clut;
  write32(mem, kTbp, 1, 0, 0, 0x55123456u);
  write32(mem, kTbp, 1, 1, 0, 0x55000000u);
  DrawState st = textured_state(1, true, 0x01);
  st.texa.raw = 0x20 | (uint64_t{1} << 15) | (uint64_t{0x99} << 32);  // TA0 0x20, AEM, TA1 0x99
  SpanData sd(2);
  sd.u[0] = texel_center(0), sd.u[1] = texel_center(1);
  sd.v[0] = sd.v[1] = texel_center(0);
  run(st, mem, clut, sd);
  EXPECT_EQ(read32(mem, 0, 1, 0, 0), 0x20123456u);
  EXPECT_EQ(read32(mem, 0, 1, 1, 0), 0x00000000u);  // AEM: black is transparent

  LocalMemory m16;
  for (uint32_t psm : {0x02u, 0x0au}) {
    Psm fam = psm == 0x02 ? Psm::kCt16 : Psm::kCt16s;
    write16(m16, kTbp, 1, 0, 0, 0x8000 | 0x1f, false, fam);
    write16(m16, kTbp, 1, 1, 0, 0x0000, false, fam);
    write16(m16, kTbp, 1, 2, 0, (3 << 5) | (1 << 10), false, fam);
    DrawState s16 = textured_state(1, true, psm);
    s16.texa = st.texa;
    SpanData d16(3);
    for (int i = 0; i < 3; i++) d16.u[i] = texel_center(i), d16.v[i] = texel_center(0);
    run(s16, m16, clut, d16);
    EXPECT_EQ(read32(m16, 0, 1, 0, 0), 0x990000f8u) << psm;
    EXPECT_EQ(read32(m16, 0, 1, 1, 0), 0x00000000u) << psm;
    EXPECT_EQ(read32(m16, 0, 1, 2, 0), 0x20081800u) << psm;
  }
}

TEST(PixelTextureFormat, IndexedFormatsThroughThePalette) {
  Clut clut;
  auto set_entry = [&](uint32_t i, uint32_t c) {  // CT32 CLUT: low half at [i], high half at [i + 256]
    clut.entries()[i] = static_cast<uint16_t>(c);
    clut.entries()[i + 256] = static_cast<uint16_t>(c >> 16);
  };
  for (uint32_t i = 0; i < 256; i++) set_entry(i, 0x80000000u | (i << 8) | (255 - i));
  struct Case {
    uint32_t psm, csa;
  };
  for (Case c : {Case{0x13, 0}, Case{0x14, 1}, Case{0x1b, 0}, Case{0x24, 2}, Case{0x2c, 3}}) {
    LocalMemory mem;
    const uint32_t index = c.psm == 0x13 || c.psm == 0x1b ? 0xa7 : 0x9;
    // Texel (3, 2).
    switch (c.psm) {
      case 0x13: mem.write_pixel(BufferLayout{kTbp, 2, Psm::kT8}, 3, 2, index); break;
      case 0x14: mem.write_pixel(BufferLayout{kTbp, 2, Psm::kT4}, 3, 2, index); break;
      case 0x1b: write32(mem, kTbp, 2, 3, 2, 0x00abcdefu | (index << 24)); break;
      case 0x24: write32(mem, kTbp, 2, 3, 2, 0xa0abcdefu | (index << 24)); break;
      case 0x2c: write32(mem, kTbp, 2, 3, 2, 0x05abcdefu | (index << 28)); break;
    }
    DrawState st = textured_state(1, true, c.psm);
    st.tex0.raw = tex0_bits(kTbp, 2, c.psm, 3, 3, true, 1, 0, 0, c.csa);
    SpanData sd(1);
    sd.u[0] = texel_center(3), sd.v[0] = texel_center(2);
    run(st, mem, clut, sd);
    uint32_t entry = (c.psm == 0x13 || c.psm == 0x1b) ? index : ((c.csa & 15) << 4) + index;
    EXPECT_EQ(read32(mem, 0, 1, 0, 0), 0x80000000u | (entry << 8) | (255 - entry)) << c.psm;
  }
}

// ---- What the rasterizer must provide ----

TEST(PixelInputs, PerDrawDecisions) {
  LocalMemory mem;
  Clut clut;
  {
    DrawState st = basic_state();
    PixelPipeline p(st, mem, clut);
    EXPECT_TRUE(p.inputs().color);
    EXPECT_FALSE(p.inputs().z);
    EXPECT_FALSE(p.inputs().texture);
  }
  {
    DrawState st = textured_state(1, true);  // DECAL with TCC: no vertex colour needed
    st.test.raw = test_bits(false, 0, 0, 0, false, false, true, 2);
    st.prim.raw = prim_bits(true, true, false, true, 6);
    PixelPipeline p(st, mem, clut);
    EXPECT_FALSE(p.inputs().color);
    EXPECT_TRUE(p.inputs().z);
    EXPECT_TRUE(p.inputs().fog);
    EXPECT_TRUE(p.inputs().texture);
    EXPECT_FALSE(p.inputs().perspective);
    EXPECT_FALSE(p.inputs().half_texel_offset);  // nearest
    EXPECT_EQ(p.inputs().mip_levels, 0);
  }
  {
    DrawState st = textured_state(0, true);  // sprite, STQ, bilinear: divided per vertex, shifted on the vertices
    st.prim.raw = prim_bits(true, false, false, false, 6);
    st.tex1.raw = tex1_bits(false, 0, true, 0, 0, 0);
    st.summary.q_min = 0.5f, st.summary.q_max = 2.0f;
    PixelPipeline p(st, mem, clut);
    EXPECT_FALSE(p.inputs().perspective);
    EXPECT_TRUE(p.inputs().half_texel_offset);
  }
}

}  // namespace
}  // namespace gcvu::test::pixel
