// SolidRowPairsCrossCheck: GsConfig::pair_solid_rows (solid draws fill an even row and the row below together,
// whole 64-byte columns where both cover a group) leaves memory exactly as drawing row by row does. A consistency
// check between two gcvu paths over seeded random scenes, not proof against PCSX2 (the golden corpus is that):
// flat and Gouraud triangles, strips and sprites, runs of primitives sharing one colour and Z (so pairs span
// primitives) or not, every frame width and scissor, Z 32/24/16-bit, masked or off, frame and Z apart or on the
// same pages, hidden work skipped or drawn, on one and two threads, the pairs filled by the AVX2 build (where the CPU
// has AVX2: row_pair_fill_avx2.hpp) and by the portable one. Flat spans' colours come from their steps
// (GsConfig::fused_steps) in the paired draws, from the span stepper's arrays row by row. And the check can fail: a
// pair fill that also fills the groups beside the shared ones (GsConfig::break_row_pairs) is caught, and so are
// paired rows that take a flat span's r and b steps for each other (GsConfig::break_span_steps).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <tuple>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"

namespace gcvu::gs {
namespace {

namespace reg = gif::gs_reg;

class PairScene {
 public:
  explicit PairScene(uint32_t seed) : rng_(seed) {}
  uint32_t below(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }

  void draw(Gs& gs) {
    const uint64_t fbw = 1 + below(10);
    const uint64_t zbp = below(4) == 0 ? 0 : 160;  // now and then the Z buffer shares the frame's pages
    gs.write_register(reg::kPrmodecont, 1);
    gs.write_register(reg::kFrame1, fbw << 16);
    gs.write_register(reg::kXyoffset1, uint64_t{1000 * 16} | uint64_t{1000 * 16} << 32);
    const uint64_t right = std::min<uint64_t>(64 * fbw - 1, 8 + below(600)), bottom = 8 + below(200);
    gs.write_register(reg::kScissor1, below(8) | right << 16 | uint64_t{below(8)} << 32 | bottom << 48);
    // Memory starts random, so a pixel written that should not be shows.
    gs.write_register(reg::kBitbltbuf, uint64_t{0} << 32 | uint64_t{10} << 48);
    gs.write_register(reg::kTrxpos, 0);
    gs.write_register(reg::kTrxreg, 640 | uint64_t{512} << 32);
    gs.write_register(reg::kTrxdir, 0);
    // Four bytes a draw of the engine: a byte at a time through a distribution was most of this test's time under
    // the sanitizers.
    std::vector<uint8_t> noise(640 * 512 * 4);
    for (size_t i = 0; i < noise.size(); i += 4) {
      const uint32_t word = static_cast<uint32_t>(rng_());
      std::memcpy(noise.data() + i, &word, 4);
    }
    gs.write_image(noise);
    for (int draw = 0; draw < 8; ++draw) {
      const uint64_t zpsm = std::array<uint64_t, 4>{0, 0, 1, 2}[below(4)];  // Z32 mostly, Z24, Z16
      gs.write_register(reg::kZbuf1, zbp | zpsm << 24 | uint64_t{below(5) == 0} << 32);
      const uint64_t zte = below(5) != 0;
      gs.write_register(reg::kTest1, zte << 16 | uint64_t{1} << 17);  // ALWAYS: untested, solid
      const uint64_t prim = std::array<uint64_t, 4>{3, 4, 6, 3}[below(4)] | uint64_t(below(4) == 0) << 3;  // IIP
      gs.write_register(reg::kPrim, prim);
      const int vertices = 2 + int(below(30));
      uint64_t rgba = rng_(), z = rng_();
      for (int v = 0; v < vertices; ++v) {
        // Mostly one colour and Z for several primitives in a row.
        if (below(8) == 0) rgba = rng_(), z = rng_();
        gs.write_register(reg::kRgbaq, rgba & 0xffffffffu);
        const uint64_t x = 1000 * 16 - 160 + below(700 * 16), y = 1000 * 16 - 160 + below(240 * 16);
        gs.write_register(reg::kXyz2, x | y << 16 | z << 32);
      }
      gs.flush();
    }
  }

 private:
  std::mt19937 rng_;
};

struct Outcome {
  int differing_scenes = 0;
  std::string first;
};

Outcome compare(GsConfig paired, int threads, bool skip_hidden_work) {
  Outcome out;
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    GsConfig row_by_row;
    row_by_row.pair_solid_rows = false;
    for (GsConfig* c : {&paired, &row_by_row}) {
      c->threads = threads;
      c->parallel_min_pixels = 0;
      c->skip_hidden_work = skip_hidden_work;
    }
    Gs a(paired), b(row_by_row);
    PairScene(seed).draw(a);
    PairScene(seed).draw(b);
    const auto ma = a.memory().bytes(), mb = b.memory().bytes();
    const bool bytes_match = std::memcmp(ma.data(), mb.data(), ma.size()) == 0;
    const bool same_pixels = a.stats().pixels == b.stats().pixels;
    if (!bytes_match || !same_pixels) {
      const auto at = std::mismatch(ma.begin(), ma.end(), mb.begin());
      if (out.differing_scenes++ == 0) {
        out.first = "seed " + std::to_string(seed) + ": first differing byte " + std::to_string(at.first - ma.begin()) +
                    ", pixels " + std::to_string(a.stats().pixels) + " vs " + std::to_string(b.stats().pixels);
      }
    }
  }
  return out;
}

// Rasterizer threads, and whether the paired draws may take the AVX2 pair fill.
class SolidRowPairsCrossCheck : public testing::TestWithParam<std::tuple<int, bool>> {
 protected:
  int threads() const { return std::get<0>(GetParam()); }
  GsConfig paired() const {
    GsConfig c;
    c.allow_avx2 = std::get<1>(GetParam());
    return c;
  }
};

TEST_P(SolidRowPairsCrossCheck, PairedRowsLeaveTheSameBytesAsRowByRow) {
  for (bool skip : {false, true}) {
    const Outcome o = compare(paired(), threads(), skip);
    EXPECT_EQ(o.differing_scenes, 0) << "skip_hidden_work " << skip << ": " << o.first;
  }
}

TEST_P(SolidRowPairsCrossCheck, CheckCatchesFillsBesideTheSharedGroups) {
  GsConfig broken = paired();
  broken.break_row_pairs = true;
  const Outcome o = compare(broken, threads(), false);
  EXPECT_GT(o.differing_scenes, 10) << "the broken pair fill went unnoticed in most of 20 scenes";
}

TEST_P(SolidRowPairsCrossCheck, CheckCatchesFlatStepsSwapped) {
  GsConfig broken = paired();
  broken.break_span_steps = true;
  const Outcome o = compare(broken, threads(), false);
  EXPECT_GT(o.differing_scenes, 10) << "flat colours with r and b swapped went unnoticed in most of 20 scenes";
}

INSTANTIATE_TEST_SUITE_P(ThreadsAndBuilds, SolidRowPairsCrossCheck,
                         testing::Combine(testing::Values(1, 2), testing::Bool()));

}  // namespace
}  // namespace gcvu::gs
