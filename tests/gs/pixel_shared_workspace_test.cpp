// Cross-check (two of gcvu's own configurations): two textured draws taking turns on one PixelWorkspace, whose
// texture cache each draw begins again when it takes it back from the other, leave the same bytes as the same
// spans drawn with a workspace each. Each draw notes once every tile of its cache is in (tiles_ready) and must forget
// that when it begins the cache again; the two textures differ, so sampling the other draw's tiles would show.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "emu/gs/pixel/fused_groups.hpp"
#include "emu/gs/pixel/resident_textures.hpp"
#include "tests/gs/pixel_test_support.hpp"

namespace gcvu::test::pixel {
namespace {

// A 32x32 CT32 texture at `page`, sampled by u, v with REPEAT and DECAL into a 256-pixel-wide CT32 frame.
DrawState textured_state(uint32_t page) {
  DrawState st = basic_state();
  st.prim.raw = prim_bits(true, false, false, true);
  st.frame.raw = frame_bits(0, 4, 0x00);
  st.tex0.raw = tex0_bits(page * 32, 1, 0x00, 5, 5, true, 1);
  st.clamp.raw = clamp_bits(0, 0, 0, 0, 0, 0);
  st.summary.q_min = st.summary.q_max = 1.0f;
  st.summary.u_min = 0, st.summary.u_max = 32, st.summary.v_min = 0, st.summary.v_max = 32;
  return st;
}

// Span `index` of draw `draw`: rows apart per draw, long enough for the fused pass, u, v across the texture.
SpanData span_of(int draw, int index) {
  const int count = 160 + 8 * (index % 5);
  SpanData sd(count, 3 + index % 7, draw * 32 + index % 32);
  for (int i = 0; i < count; i++) {
    sd.u[i] = (i * 3 + index) << 15;
    sd.v[i] = (index * 5 + i / 4) << 15;
  }
  return sd;
}

TEST(SharedWorkspaceCrossCheck, DrawsTakingTurnsOnOneWorkspaceLeaveTheBytesOfAWorkspaceEach) {
  if (!gs::pixel::cpu_runs_fused_kernels()) GTEST_SKIP() << "the fused pass needs AVX2 and FMA";
  std::mt19937 rng(2121);
  LocalMemory start;
  for (size_t i = 0; i < start.bytes().size(); i += 4) {
    const uint32_t v = static_cast<uint32_t>(rng());
    std::memcpy(start.bytes().data() + i, &v, 4);
  }
  const Clut clut;
  const DrawState states[2] = {textured_state(300), textured_state(310)};

  LocalMemory shared_memory = start, apart_memory = start;
  gs::pixel::ResidentTextures shared_resident, apart_resident;
  PixelWorkspace shared, first, second;
  PixelPipeline shared_draws[2] = {PixelPipeline(states[0], shared_memory, clut, GsConfig{}, &shared_resident, shared),
                                   PixelPipeline(states[1], shared_memory, clut, GsConfig{}, &shared_resident, shared)};
  PixelPipeline apart_draws[2] = {PixelPipeline(states[0], apart_memory, clut, GsConfig{}, &apart_resident, first),
                                  PixelPipeline(states[1], apart_memory, clut, GsConfig{}, &apart_resident, second)};
  ASSERT_TRUE(shared_draws[0].takes_fused_groups());
  // Turns of one to four spans, so a draw often finds its tiles all in before the other takes the cache.
  for (int index = 0, turn = 0; index < 60; turn++) {
    const int draw = turn % 2;
    const int spans = 1 + static_cast<int>(rng() % 4);
    for (int i = 0; i < spans; i++) {
      const SpanData sd = span_of(draw, index + i);
      shared_draws[draw].draw_span(sd.span());
      apart_draws[draw].draw_span(sd.span());
    }
    if (draw == 1) index += spans;
  }
  const auto mismatch =
      std::mismatch(shared_memory.bytes().begin(), shared_memory.bytes().end(), apart_memory.bytes().begin());
  EXPECT_TRUE(mismatch.first == shared_memory.bytes().end())
      << "first differing byte at " << (mismatch.first - shared_memory.bytes().begin());
  EXPECT_EQ(shared_draws[0].pixels_drawn(), apart_draws[0].pixels_drawn());
  EXPECT_EQ(shared_draws[1].pixels_drawn(), apart_draws[1].pixels_drawn());
}

}  // namespace
}  // namespace gcvu::test::pixel
