// Alpha blending against the GS formula worked out in each test (reference/gs.md §3 "Blend"):
// Cv = floor((A - B) * C / 128) + D, A/B/D in {Cs, Cd, 0}, C in {As, Ad, FIX}, a field value of 3 acting as 2;
// COLCLAMP=1 saturates to 0..255, COLCLAMP=0 keeps the low 8 bits; the written alpha is As.

#include <cmath>

#include <gtest/gtest.h>

#include "tests/gs/pixel_test_support.hpp"

namespace gcvu::test::pixel {
namespace {

int floor_div128(int v) { return static_cast<int>(std::floor(v / 128.0)); }

struct Rgb {
  int r, g, b;
};

int pick(uint32_t sel, int cs, int cd) { return sel == 0 ? cs : sel == 1 ? cd : 0; }

int expected_channel(uint32_t a, uint32_t b, uint32_t c, uint32_t d, int cs, int cd, int as, int ad, int fix,
                     bool colclamp) {
  a = a == 3 ? 2 : a, b = b == 3 ? 2 : b, c = c == 3 ? 2 : c, d = d == 3 ? 2 : d;
  int cv = c == 0 ? as : c == 1 ? ad : fix;
  int v = floor_div128((pick(a, cs, cd) - pick(b, cs, cd)) * cv) + pick(d, cs, cd);
  return colclamp ? std::clamp(v, 0, 255) : (v & 0xff);
}

DrawState blend_state(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t fix, uint32_t psm, int as) {
  DrawState st = basic_state();
  st.prim.raw = prim_bits(false, false, true, false);
  st.frame.raw = frame_bits(0, 1, psm);
  st.alpha.raw = alpha_bits(a, b, c, d, fix);
  st.summary.alpha_min = st.summary.alpha_max = static_cast<uint32_t>(as);
  return st;
}

TEST(PixelBlend, AllAbcdCombinationsCt32BothColclamps) {
  const Rgb cs{200, 40, 0}, cd{10, 250, 128};
  const int as = 0x60, ad = 0xc0, fix = 0x90;
  for (int colclamp = 0; colclamp < 2; colclamp++) {
    for (uint32_t a = 0; a < 4; a++)
      for (uint32_t b = 0; b < 4; b++)
        for (uint32_t c = 0; c < 4; c++)
          for (uint32_t d = 0; d < 4; d++) {
            LocalMemory mem;
            Clut clut;
            uint32_t dst = static_cast<uint32_t>(cd.r | (cd.g << 8) | (cd.b << 16) | (ad << 24));
            write32(mem, 0, 1, 3, 2, dst);
            DrawState st = blend_state(a, b, c, d, static_cast<uint32_t>(fix), 0x00, as);
            st.colclamp.raw = static_cast<uint64_t>(colclamp);
            SpanData sd(1, 3, 2);
            sd.color(0, cs.r, cs.g, cs.b, as);
            run(st, mem, clut, sd);
            uint32_t got = read32(mem, 0, 1, 3, 2);
            int er = expected_channel(a, b, c, d, cs.r, cd.r, as, ad, fix, colclamp);
            int eg = expected_channel(a, b, c, d, cs.g, cd.g, as, ad, fix, colclamp);
            int eb = expected_channel(a, b, c, d, cs.b, cd.b, as, ad, fix, colclamp);
            uint32_t want = static_cast<uint32_t>(er | (eg << 8) | (eb << 16) | (as << 24));
            ASSERT_EQ(got, want) << "A" << a << " B" << b << " C" << c << " D" << d << " colclamp " << colclamp;
          }
  }
}

TEST(PixelBlend, FloorShiftOnNegativeProducts) {
  // (0 - 0xFF) * 0x40 / 128 = -127.5 -> -128, + Cd 200 = 72 (ps2autotests' blend.expected convention).
  LocalMemory mem;
  Clut clut;
  write32(mem, 0, 1, 0, 0, 200 | (200u << 8) | (200u << 16));
  DrawState st = blend_state(2, 0, 2, 1, 0x40, 0x00, 0x80);
  SpanData sd(1);
  sd.color(0, 0xff, 0xff, 0xff, 0x80);
  run(st, mem, clut, sd);
  EXPECT_EQ(read32(mem, 0, 1, 0, 0) & 0xffffff, 72u | (72u << 8) | (72u << 16));
}

TEST(PixelBlend, Ct24AdIsOneAndTopByteKept) {
  // A=Cs B=Cd C=Ad D=0: with Ad = 1.0 the result is Cs - Cd, whatever the stored top byte says.
  LocalMemory mem;
  Clut clut;
  write32(mem, 0, 1, 5, 1, 0x11203040u);  // top byte 0x11 would be Ad for a 32-bit frame
  DrawState st = blend_state(0, 1, 1, 2, 0, 0x01, 0x40);
  st.fba.raw = 1;  // FBA does nothing on a 24-bit frame
  SpanData sd(1, 5, 1);
  sd.color(0, 0x90, 0x05, 0xee, 0x40);
  run(st, mem, clut, sd);
  // R 0x90-0x40, G 0x05-0x30 < 0 saturates to 0, B 0xee-0x20.
  EXPECT_EQ(read32(mem, 0, 1, 5, 1), 0x11000000u | (0xceu << 16) | (0x00u << 8) | 0x50u);
}

TEST(PixelBlend, Ct16DestinationExpansion) {
  // Cd = c5 << 3, Ad = 0x80 with bit 15 set, else 0. A=Cd B=0 C=Ad D=0: Cv = Cd * Ad / 128.
  for (uint32_t abit : {0u, 1u}) {
    LocalMemory mem;
    Clut clut;
    uint32_t d16 = 0x1f | (0x10 << 5) | (0x03 << 10) | (abit << 15);
    write16(mem, 0, 1, 7, 3, d16);
    DrawState st = blend_state(1, 2, 1, 2, 0, 0x02, 0x80);
    SpanData sd(1, 7, 3);
    sd.color(0, 0, 0, 0, 0x80);
    run(st, mem, clut, sd);
    int ad = abit ? 0x80 : 0;
    int r = floor_div128((0x1f << 3) * ad), g = floor_div128((0x10 << 3) * ad), b = floor_div128((0x03 << 3) * ad);
    uint32_t want = static_cast<uint32_t>((r >> 3) | ((g >> 3) << 5) | ((b >> 3) << 10) | (1u << 15));  // As=0x80
    EXPECT_EQ(read16(mem, 0, 1, 7, 3), want) << abit;
  }
}

TEST(PixelBlend, PabeKeepsSourceWhenAlphaBit7Clear) {
  for (int as : {0x7f, 0x80}) {
    LocalMemory mem;
    Clut clut;
    write32(mem, 0, 1, 0, 0, 0x00404040u);
    DrawState st = blend_state(0, 1, 2, 1, 0x40, 0x00, as);  // (Cs - Cd) * 0x40/128 + Cd
    st.pabe.raw = 1;
    SpanData sd(1);
    sd.color(0, 0xc0, 0xc0, 0xc0, as);
    run(st, mem, clut, sd);
    int blended = floor_div128((0xc0 - 0x40) * 0x40) + 0x40;
    int c = as & 0x80 ? blended : 0xc0;
    EXPECT_EQ(read32(mem, 0, 1, 0, 0), static_cast<uint32_t>(c | (c << 8) | (c << 16) | (as << 24))) << as;
  }
}

TEST(PixelBlend, FbaSetsAlphaBit) {
  LocalMemory mem;
  Clut clut;
  DrawState st = basic_state();
  st.fba.raw = 1;
  SpanData sd(2);
  sd.color(0, 1, 2, 3, 0x10);
  sd.color(1, 1, 2, 3, 0x90);
  run(st, mem, clut, sd);
  EXPECT_EQ(read32(mem, 0, 1, 0, 0), 0x90030201u);
  EXPECT_EQ(read32(mem, 0, 1, 1, 0), 0x90030201u);
}

}  // namespace
}  // namespace gcvu::test::pixel
