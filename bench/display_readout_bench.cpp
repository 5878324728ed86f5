// The PCRTC readout of a frame (gs/display/pcrtc.hpp render_display, row readout): what every `gcvu run` frame,
// `gcvu replay` frame and report pays once per picture. A 640x448 buffer read by circuit 1 at 1:1 (the demo's
// display), in PSMCT32 and PSMCT16S; items are display pixels.

#include <benchmark/benchmark.h>

#include <array>
#include <random>

#include "emu/gs/display/pcrtc.hpp"
#include "emu/gs/registers/privileged_registers.hpp"

namespace {

using gcvu::gs::Psm;

void BM_RenderDisplay(benchmark::State& state, Psm psm) {
  gcvu::gs::LocalMemory memory;
  std::mt19937 random(21);
  for (uint8_t& byte : memory.bytes()) byte = static_cast<uint8_t>(random());
  std::array<uint64_t, gcvu::gs::kPrivilegedSize / 8> privileged{};
  privileged[gcvu::gs::priv_reg::kPmode / 8] = 1 | 1 << 5 | 0xff << 8;                     // circuit 1 alone, ALP 0xFF
  privileged[gcvu::gs::priv_reg::kDispfb1 / 8] = uint64_t{10} << 9 | uint64_t(psm) << 15;  // FBP 0, FBW 10
  privileged[gcvu::gs::priv_reg::kDisplay1 / 8] = uint64_t{639} << 32 | uint64_t{447} << 44;
  for (auto _ : state) {
    const gcvu::formats::Image image = gcvu::gs::render_display(memory, privileged);
    benchmark::DoNotOptimize(image.rgba.data());
  }
  state.SetItemsProcessed(state.iterations() * 640 * 448);
}

}  // namespace

BENCHMARK_CAPTURE(BM_RenderDisplay, ct32, Psm::kCt32)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_RenderDisplay, ct16s, Psm::kCt16s)->Unit(benchmark::kMicrosecond);
