#pragma once
// What the fused pass's cross-checks over seeded random scenes share (pixel_fused_steps_test,
// pixel_fused_stq_steps_test, pixel_fused_reject_test): a 640 x 448 PSMCT32 frame at page 0 whose memory, through the
// Z buffer (page 140) and the textures (page 280), starts as noise, so a pixel written that should not be shows; the
// random numbers a scene draws from its seed; and the memory a scene leaves on one rasterizer thread with its hidden
// work drawn, so every pixel goes through the path under test.

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"

namespace gcvu::gs::test {

class RandomScene {
 public:
  explicit RandomScene(uint32_t seed) : rng_(seed) {}

  uint32_t below(uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng_); }
  // A float's bits, for the ST register's two halves.
  static uint64_t float_bits(float f) { return std::bit_cast<uint32_t>(f); }
  float between(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng_); }
  // A vertex colour channel, often at an end of its range (stepped colours then reach zero).
  uint32_t channel() {
    const uint32_t roll = below(4);
    return roll == 0 ? 0 : roll == 1 ? 255 : below(256);
  }

  // The frame (FBP 0, FBW 10, PSMCT32; the whole 640 x 448 scissor, no offset) and the noise.
  void begin(Gs& gs) {
    namespace reg = gif::gs_reg;
    gs.write_register(reg::kPrmodecont, 1);
    gs.write_register(reg::kFrame1, uint64_t{10} << 16);
    gs.write_register(reg::kScissor1, uint64_t{639} << 16 | uint64_t{447} << 48);
    gs.write_register(reg::kXyoffset1, 0);
    constexpr uint32_t kWidth = 640, kRows = 448 * 2 + 64;
    gs.write_register(reg::kBitbltbuf, uint64_t{10} << 48);  // to block 0, 640 pixels a row
    gs.write_register(reg::kTrxpos, 0);
    gs.write_register(reg::kTrxreg, kWidth | uint64_t{kRows} << 32);
    gs.write_register(reg::kTrxdir, 0);
    std::vector<uint8_t> noise(size_t{kWidth} * kRows * 4);
    for (uint8_t& b : noise) b = static_cast<uint8_t>(below(256));
    gs.write_image(noise);
    gs.write_register(reg::kTexflush, 0);
  }

 private:
  std::mt19937 rng_;
};

// The memory Scene(seed).draw(gs) leaves, on one rasterizer thread and with hidden work drawn.
template <class Scene>
std::vector<uint8_t> scene_memory(uint32_t seed, const GsConfig& config) {
  GsConfig c = config;
  c.threads = 1;
  c.skip_hidden_work = false;
  Gs gs(c);
  Scene(seed).draw(gs);
  const auto bytes = gs.memory().bytes();
  return {bytes.begin(), bytes.end()};
}

struct StepDifferences {
  int from_arrays = 0;  // scenes where the stepped kernels and the span stepper's arrays differ
  int from_list = 0;    // and where the stepped kernels and the pass list differ
};

// GsConfig::fused_steps (`stepped`, which may be deliberately broken) against the arrays and the pass list, over the
// first `scenes` seeds.
template <class Scene>
StepDifferences compare_steps(int scenes, const GsConfig& stepped) {
  GsConfig arrays = stepped, list = stepped;
  arrays.fused_steps = false, arrays.break_span_steps = false;
  list.fused_groups = false, list.break_span_steps = false;
  StepDifferences d;
  for (uint32_t seed = 0; seed < static_cast<uint32_t>(scenes); ++seed) {
    const auto with_steps = scene_memory<Scene>(seed, stepped);
    d.from_arrays += with_steps != scene_memory<Scene>(seed, arrays);
    d.from_list += with_steps != scene_memory<Scene>(seed, list);
  }
  return d;
}

}  // namespace gcvu::gs::test
