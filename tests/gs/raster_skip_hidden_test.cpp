// GsConfig::skip_hidden_work leaves memory exactly as drawing everything does. A consistency check between two
// gcvu paths over seeded random draws, not proof against PCSX2 (the golden corpus and the bench dumps are that):
// random triangles, strips and sprites, Gouraud or flat, Z anywhere in 32 bits (including around 2^24 and 2^31,
// where 24-bit Z clamps and truncation stops being monotonic), every Z test, Z written or masked, 32/24/16-bit Z,
// frame and Z apart or on the same pages, on one and two threads.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"

namespace gcvu::gs {
namespace {

namespace reg = gif::gs_reg;

class Writes {
 public:
  explicit Writes(uint32_t seed) : rng_(seed) {}
  uint32_t below(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  uint32_t z() {
    const uint32_t centres[] = {0, 0x00ffffffu, 0x01000000u, 0x7fffffffu, 0x80000000u, 0xffffffffu, 5000};
    switch (below(8)) {
      case 0: return static_cast<uint32_t>(rng_());
      case 1: return centres[below(7)] + below(64) - 32;
      case 2: return below(1 << 24);
      default: return 1000000 + below(100000);  // mostly near each other: some pixels pass, some fail
    }
  }
  // A coordinate in 12.4 fixed point around a 64x64 window at offset (1000, 1000), partly outside it.
  uint64_t xy() { return uint64_t(1000 * 16 - 160 + below(84 * 16)); }

 private:
  std::mt19937 rng_;
};

void draw_random_scene(Gs& gs, uint32_t seed) {
  Writes w(seed);
  const uint32_t zbp = w.below(4) == 0 ? 0 : 4;        // now and then the Z buffer shares the frame's pages
  gs.write_register(reg::kFrame1, uint64_t{1} << 16);  // FBP 0, FBW 1, CT32
  gs.write_register(reg::kXyoffset1, uint64_t{1000 * 16} | uint64_t{1000 * 16} << 32);
  gs.write_register(reg::kScissor1, uint64_t{63} << 16 | uint64_t{63} << 48);
  // A Z clear in the middle of the common range, so that later tests both pass and fail over whole blocks.
  gs.write_register(reg::kZbuf1, zbp);
  gs.write_register(reg::kTest1, uint64_t{1} << 16 | uint64_t{1} << 17);
  gs.write_register(reg::kPrim, 6);
  gs.write_register(reg::kXyz2, uint64_t{1000 * 16} | uint64_t{1000 * 16} << 16 | uint64_t{1050000} << 32);
  gs.write_register(reg::kXyz2, uint64_t{1064 * 16} | uint64_t{1064 * 16} << 16 | uint64_t{1050000} << 32);
  for (int draw = 0; draw < 6; ++draw) {
    const uint64_t zpsm = w.below(3);  // Z32, Z24, Z16
    const uint64_t zmsk = w.below(4) == 0;
    gs.write_register(reg::kZbuf1, zbp | zpsm << 24 | zmsk << 32);
    const uint64_t ztst = 1 + w.below(3);  // ALWAYS, GEQUAL, GREATER
    gs.write_register(reg::kTest1, uint64_t{1} << 16 | ztst << 17);
    const uint64_t prim = std::array<uint64_t, 4>{3, 4, 6, 3}[w.below(4)] | uint64_t(w.below(2)) << 3;  // IIP
    gs.write_register(reg::kPrim, prim);
    const int vertices = 2 + int(w.below(40));
    for (int v = 0; v < vertices; ++v) {
      gs.write_register(reg::kRgbaq, w.below(0xffffffffu));
      gs.write_register(reg::kXyz2, w.xy() | w.xy() << 16 | uint64_t{w.z()} << 32);
    }
    gs.flush();
  }
}

class SkipHiddenWork : public testing::TestWithParam<int> {};

TEST_P(SkipHiddenWork, LeavesTheSameMemoryAsDrawingEverything) {
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    GsConfig skipping, drawing_all;
    skipping.threads = drawing_all.threads = GetParam();
    skipping.parallel_min_pixels = drawing_all.parallel_min_pixels = 0;
    drawing_all.skip_hidden_work = false;
    Gs a(skipping), b(drawing_all);
    draw_random_scene(a, seed);
    draw_random_scene(b, seed);
    const auto ma = a.memory().bytes(), mb = b.memory().bytes();
    size_t differing = 0;
    for (size_t i = 0; i < ma.size(); ++i) differing += ma[i] != mb[i];
    ASSERT_EQ(differing, 0u) << "seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Threads, SkipHiddenWork, testing::Values(1, 2));

}  // namespace
}  // namespace gcvu::gs
