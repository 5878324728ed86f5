// VU1 timing against the hardware facts in shared/vectors/vu-timing-hw.md (ps2autotests fdivdelay and clip,
// PS2Homebrew mac.cpp). Each test names the section and case it reproduces; the expected values are the
// hardware readings given there.

#include <gtest/gtest.h>

#include <string>

#include "tests/vu/vu_program.hpp"

namespace gcvu::test {
namespace {

constexpr uint32_t kOne = 0x3f800000;

// Setup shared by the fdivdelay cases: Q = 1.0, vf16.w = 4.0, vf17.w = 16.0, then WAITQ.
const std::string kFdivSetup = R"(
        nop                         loi 4.0
        muli.w VF16, VF00, I        loi 16.0
        muli.w VF17, VF00, I        div Q, VF00w, VF00w
        nop                         waitq
)";
const std::string kEnd = "        nop[E] nop\n        nop nop\n";

std::string probe(int vf) { return "        mulq.w VF" + std::to_string(vf) + ", VF00, Q    "; }

struct FdivCase {
  const char* name;
  const char* op;    // the op on vf16 (first) ...
  const char* op17;  // ... and on vf17 (second)
  int latency;       // 7 or 13
  uint32_t first;    // Q after the first op
  uint32_t second;   // Q after the second op
};

const FdivCase kCases[] = {
    {"DIV", "div Q, VF00w, VF16w", "div Q, VF00w, VF17w", 7, 0x3e800000, 0x3d800000},
    {"SQRT", "sqrt Q, VF16w", "sqrt Q, VF17w", 7, 0x40000000, 0x40800000},
    {"RSQRT", "rsqrt Q, VF00w, VF16w", "rsqrt Q, VF00w, VF17w", 13, 0x3f000000, 0x3e800000},
};

TEST(VuTimingHw, SingleDelayedQLatency) {
  // §1 "single delayed": probes k = 1..14 after the op; DIV/SQRT new Q from k = 7, RSQRT from k = 13.
  for (const FdivCase& c : kCases) {
    std::string source = kFdivSetup + "        nop    " + c.op + "\n";
    for (int k = 1; k <= 14; ++k) source += probe(k) + "nop\n";
    auto run = run_vsm(source + kEnd);
    ASSERT_EQ(run->reason, vu::StopReason::kEnded);
    for (int k = 1; k <= 14; ++k) {
      EXPECT_EQ(run->vf(k, 3), k < c.latency ? kOne : c.first) << c.name << " probe " << k;
    }
  }
}

TEST(VuTimingHw, WaitqStallsItsWholePair) {
  // §1 "WAITQ": pair 0 = probe + op, pair 1 = probe + WAITQ, pair 2 = probe. Old Q, new, new; twice in a row the
  // probe paired with the second op sees the first result and the second WAITQ's probe the second.
  for (const FdivCase& c : kCases) {
    std::string source = kFdivSetup + probe(1) + c.op + "\n" + probe(2) + "waitq\n" + probe(3) + "nop\n" + probe(4) +
                         c.op17 + "\n" + probe(5) + "waitq\n" + probe(6) + "nop\n";
    auto run = run_vsm(source + kEnd);
    EXPECT_EQ(run->vf(1, 3), kOne) << c.name;
    EXPECT_EQ(run->vf(2, 3), c.first) << c.name;
    EXPECT_EQ(run->vf(3, 3), c.first) << c.name;
    EXPECT_EQ(run->vf(4, 3), c.first) << c.name;
    EXPECT_EQ(run->vf(5, 3), c.second) << c.name;
    EXPECT_EQ(run->vf(6, 3), c.second) << c.name;
  }
}

TEST(VuTimingHw, SecondOpWaitsForTheFirst) {
  // §1 "multiple delayed (1)": op, second op, probes 1..14 counted from the second op: the first result until
  // probe 6 (12 for RSQRT), the second from 7 (13); no probe sees the old 1.0.
  // "multiple delayed (2)": op, probe (old Q), second op, probes: the same counts.
  for (bool with_probe : {false, true}) {
    for (const FdivCase& c : kCases) {
      std::string source = kFdivSetup + "        nop    " + c.op + "\n";
      if (with_probe) source += probe(20) + "nop\n";
      source += std::string("        nop    ") + c.op17 + "\n";
      for (int k = 1; k <= 14; ++k) source += probe(k) + "nop\n";
      auto run = run_vsm(source + kEnd);
      if (with_probe) {
        EXPECT_EQ(run->vf(20, 3), kOne) << c.name;
      }
      for (int k = 1; k <= 14; ++k) {
        EXPECT_EQ(run->vf(k, 3), k < c.latency ? c.first : c.second) << c.name << " probe " << k;
      }
    }
  }
}

TEST(VuTimingHw, DividerCountsThroughAStall) {
  // §1 "stalled (n)", n = 0, 1, 2: op; MADD vf30; n fillers; CLIP on vf30 (stalls on the MADD); probes 1..14.
  // DIV/SQRT: probe 1 old, 2 on new. RSQRT: probes 1..7 old, 8 on new. "Stalled with branch" (an untaken IBLTZ
  // vi00 beside the MADD, CLIP in its delay slot) gives the same.
  for (int variant = 0; variant <= 3; ++variant) {
    for (const FdivCase& c : kCases) {
      std::string source = kFdivSetup + "        nop    " + c.op + "\n";
      source += variant == 3 ? "        madd.xyzw VF30, VF00, VF00   ibltz VI00, never\n"
                             : "        madd.xyzw VF30, VF00, VF00   nop\n";
      for (int n = 0; n < (variant == 3 ? 0 : variant); ++n) source += "        mulq.xyzw VF00, VF00, Q   nop\n";
      source += "        clipw.xyz VF30xyz, VF30w   nop\n";
      for (int k = 1; k <= 14; ++k) source += probe(k) + "nop\n";
      source += kEnd + "never:  nop[E] nop\n        nop nop\n";
      auto run = run_vsm(source);
      int first_new = c.latency == 7 ? 2 : 8;
      for (int k = 1; k <= 14; ++k) {
        EXPECT_EQ(run->vf(k, 3), k < first_new ? kOne : c.first) << c.name << " variant " << variant << " probe " << k;
      }
    }
  }
}

// §2 vectors: FULLPOS (2,2,2), FULLNEG (-2,-2,-2), HALFPOS (2,-2,2), HALFNEG (-2,2,-2); VF05.w = -1.
void clip_vectors(vu::Vu1& vu) {
  constexpr uint32_t kTwo = 0x40000000, kMinusTwo = 0xc0000000;
  vu.registers().write_vf(1, vu::kFieldsXyzw, {kTwo, kTwo, kTwo, 0});
  vu.registers().write_vf(2, vu::kFieldsXyzw, {kMinusTwo, kMinusTwo, kMinusTwo, 0});
  vu.registers().write_vf(3, vu::kFieldsXyzw, {kTwo, kMinusTwo, kTwo, 0});
  vu.registers().write_vf(4, vu::kFieldsXyzw, {kMinusTwo, kTwo, kMinusTwo, 0});
  vu.registers().write_vf(5, vu::kFieldsXyzw, {0, 0, 0, 0xbf800000});
}

TEST(VuTimingHw, ClipMultiTest) {
  // §2 "Multi test": CLIPs with FCGET in pairs 0-3, FCGET alone in 4-9.
  auto run = run_vsm(R"(
        clipw.xyz VF01xyz, VF00w    fcget VI01
        clipw.xyz VF02xyz, VF00w    fcget VI02
        clipw.xyz VF03xyz, VF00w    fcget VI03
        clipw.xyz VF04xyz, VF00w    fcget VI04
        nop                         fcget VI05
        nop                         fcget VI06
        nop                         fcget VI07
        nop                         fcget VI08
        nop                         fcget VI09
        nop                         fcget VI10
        nop[E]                      nop
        nop                         nop
)",
                     {}, clip_vectors);
  const uint16_t expected[] = {0x000, 0x000, 0x000, 0x000, 0x015, 0x56a, 0xa99, 0x666, 0x666, 0x666};
  for (int n = 0; n < 10; ++n) EXPECT_EQ(run->vi(n + 1), expected[n]) << "pair " << n;
}

TEST(VuTimingHw, ClipMultiTest2) {
  // §2 "Multi test 2": eight CLIPs (each vector against vf00.w and against w = -1); FCGET in pairs 5, 7, 9, 11.
  auto run = run_vsm(R"(
        clipw.xyz VF01xyz, VF00w    nop
        clipw.xyz VF01xyz, VF05w    nop
        clipw.xyz VF02xyz, VF00w    nop
        clipw.xyz VF02xyz, VF05w    nop
        clipw.xyz VF03xyz, VF00w    nop
        clipw.xyz VF03xyz, VF05w    fcget VI01
        clipw.xyz VF04xyz, VF00w    nop
        clipw.xyz VF04xyz, VF05w    fcget VI02
        nop                         nop
        nop                         fcget VI03
        nop                         nop
        nop                         fcget VI04
        nop[E]                      nop
        nop                         nop
)",
                     {}, clip_vectors);
  EXPECT_EQ(run->vi(1), 0x555);
  EXPECT_EQ(run->vi(2), 0xaaa);
  EXPECT_EQ(run->vi(3), 0x659);
  EXPECT_EQ(run->vi(4), 0x9a6);
}

void cop2_flags_vectors(vu::Vu1& vu) {
  vu.registers().write_vf(1, vu::kFieldsXyzw, {0x7ffffffe, 0x7ffffffe, 0x7ffffffe, 0x7ffffffe});
  vu.registers().write_vf(2, vu::kFieldsXyzw, {0, 0, 0x7ffffffe, 0x7ffffffe});
  vu.registers().write_vf(3, vu::kFieldsXyzw, {0x7ffffffe, 0x7ffffffe, 0, 0});
}

TEST(VuTimingHw, MaskedLanesAndStickySplit) {
  // §3 "testCOP2Flags": ADD.xy (000/0000), ADD.xz (208/2000), DIV by zero + WAITQ (A28/2000), ADD.w (A20/0000).
  // Flags are read 4 cycles after each op (3 NOPs between), through FSAND/FMAND with all bits.
  auto run = run_vsm(R"(
        nop                          iaddiu VI15, VI00, 0x7fff
        add.xy VF04, VF01, VF02      nop
        nop nop
        nop nop
        nop nop
        nop                          fsand VI01, 0xfff
        nop                          fmand VI02, VI15
        add.xz VF04, VF01, VF02      nop
        nop nop
        nop nop
        nop nop
        nop                          fsand VI03, 0xfff
        nop                          fmand VI04, VI15
        nop                          div Q, VF01x, VF00x
        nop                          waitq
        nop                          fsand VI05, 0xfff
        nop                          fmand VI06, VI15
        add.w VF04, VF01, VF03       nop
        nop nop
        nop nop
        nop nop
        nop                          fsand VI07, 0xfff
        nop                          fmand VI08, VI15
        nop[E] nop
        nop nop
)",
                     {}, cop2_flags_vectors);
  // FMAND with VI15 = 0x7fff cannot show bit 15 (x's O); these cases use z and w only, so MAC 2000 reads 2000.
  EXPECT_EQ(run->vi(1), 0x000);
  EXPECT_EQ(run->vi(2), 0x0000);
  EXPECT_EQ(run->vi(3), 0x208);
  EXPECT_EQ(run->vi(4), 0x2000);
  EXPECT_EQ(run->vi(5), 0xa28);
  EXPECT_EQ(run->vi(6), 0x2000);
  EXPECT_EQ(run->vi(7), 0xa20);
  EXPECT_EQ(run->vi(8), 0x0000);
}

void acc_vectors(vu::Vu1& vu) {
  auto& r = vu.registers();
  r.write_vf(1, vu::kFieldsXyzw, {0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff});
  r.write_vf(2, vu::kFieldsXyzw, {0x7fffffff, 0, 0x7fffffff, 0});
  r.write_vf(3, vu::kFieldsXyzw, {0, 0x7fffffff, 0, 0x7fffffff});
  r.write_vf(5, vu::kFieldsXyzw, {0xbf800000, 0x3f000000, 0xbf800001, 0});
  r.write_vf(6, vu::kFieldsXyzw, {0xbf800001, 0xbf800000, 0xbf800000, 0xbf800000});
}

TEST(VuTimingHw, AccOverflowPersistsThroughMadd) {
  // §3 "testAccCop2": ADDA (208/A000), ADD (208/5000), MADDA.xyw (2C8/C000), MADD (2CA/E080) with results
  // FFFFFFFF 7FFFFFFF 7FFFFFFF 74000000. Status is read with FSAND; MAC through FMAND with 0xffff (from VI14).
  auto run = run_vsm(R"(
        nop                          iaddiu VI14, VI00, 0x7fff
        nop                          iaddiu VI14, VI14, 0x7fff
        nop                          iaddiu VI14, VI14, 1
        adda.xyzw ACC, VF01, VF02    nop
        nop nop
        nop nop
        nop nop
        nop                          fsand VI01, 0xfff
        nop                          fmand VI02, VI14
        add.xyzw VF04, VF01, VF03    nop
        nop nop
        nop nop
        nop nop
        nop                          fsand VI03, 0xfff
        nop                          fmand VI04, VI14
        madda.xyw ACC, VF01, VF05    nop
        nop nop
        nop nop
        nop nop
        nop                          fsand VI05, 0xfff
        nop                          fmand VI06, VI14
        madd.xyzw VF07, VF06, VF01   nop
        nop nop
        nop nop
        nop nop
        nop                          fsand VI07, 0xfff
        nop                          fmand VI08, VI14
        nop[E] nop
        nop nop
)",
                     {}, acc_vectors);
  EXPECT_EQ(run->vi(14), 0xffff);
  EXPECT_EQ(run->vi(1), 0x208);
  EXPECT_EQ(run->vi(2), 0xa000);
  EXPECT_EQ(run->vi(3), 0x208);
  EXPECT_EQ(run->vi(4), 0x5000);
  EXPECT_EQ(run->vi(5), 0x2c8);
  EXPECT_EQ(run->vi(6), 0xc000);
  EXPECT_EQ(run->vi(7), 0x2ca);
  EXPECT_EQ(run->vi(8), 0xe080);
  EXPECT_EQ(run->vf(7, 0), 0xffffffffu);
  EXPECT_EQ(run->vf(7, 1), 0x7fffffffu);
  EXPECT_EQ(run->vf(7, 2), 0x7fffffffu);
  EXPECT_EQ(run->vf(7, 3), 0x74000000u);
}

}  // namespace
}  // namespace gcvu::test
