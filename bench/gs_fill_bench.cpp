// GS fill rate in Mpixel/s (pixels that reach the per-pixel stage, counted by the GS) for the four workloads of
// issue 5, against the real GS: 16 pixels per 147.456 MHz clock untextured (2,359 Mpixel/s), 8 textured
// (1,180 Mpixel/s) (reference/gs.md §5). Each iteration draws a batch of large triangles (or sprites) over a
// 640x448 PSMCT32 frame with a PSMZ32 Z buffer, through GS register writes as the GIF would send them.
// The argument is the number of rasterizer threads: issue 21's targets are for one, the default build uses up to
// four (GsConfig::threads), so both are registered.

#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"

namespace {

using namespace gcvu;
namespace reg = gif::gs_reg;

constexpr double kRealGsUntextured = 16 * 147.456;  // Mpixel/s
constexpr double kRealGsTextured = 8 * 147.456;

enum class Workload { kFlat, kGouraudZ, kTexturedBlended, kSprites };

// A small deterministic generator, so every run draws the same primitives.
struct Lcg {
  uint32_t state = 12345;
  uint32_t next(uint32_t bound) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % bound;
  }
};

uint64_t xyz(uint32_t x16, uint32_t y16, uint32_t z) { return x16 | uint64_t{y16} << 16 | uint64_t{z} << 32; }
uint64_t rgbaq(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
  return r | g << 8 | b << 16 | uint64_t{a} << 24 | uint64_t{0x3f800000} << 32;
}

void set_up(gs::Gs& gs, Workload workload) {
  // PRIM's own attribute bits (IIP, TME, ABE, FST) take effect only with PRMODECONT.AC = 1; the register file
  // starts at 0, which would draw every workload flat, untextured and opaque with PRMODE's zero bits.
  gs.write_register(reg::kPrmodecont, 1);
  gs.write_register(reg::kFrame1, 10ull << 16);  // FBP 0, FBW 10, PSMCT32
  gs.write_register(reg::kZbuf1, 140);           // ZBP page 140, PSMZ32, writes on
  gs.write_register(reg::kScissor1, 639ull << 16 | 447ull << 48);
  gs.write_register(reg::kXyoffset1, 0);
  const bool z_test = workload == Workload::kGouraudZ || workload == Workload::kTexturedBlended;
  gs.write_register(reg::kTest1, (1ull << 16) | (z_test ? 2ull : 1ull) << 17);  // ZTE, GEQUAL or ALWAYS
  if (workload == Workload::kTexturedBlended) {
    // A 256x256 PSMCT32 texture at block 8960, uploaded host->local.
    gs.write_register(reg::kBitbltbuf, (8960ull << 32) | (4ull << 48));
    gs.write_register(reg::kTrxpos, 0);
    gs.write_register(reg::kTrxreg, 256 | (256ull << 32));
    gs.write_register(reg::kTrxdir, 0);
    std::vector<uint8_t> texels(256 * 256 * 4);
    for (size_t i = 0; i < texels.size(); ++i) texels[i] = static_cast<uint8_t>(i * 13 + (i >> 10));
    gs.write_image(texels);
    gs.write_register(reg::kTexflush, 0);
    // TEX0: TBP 8960, TBW 4, PSMCT32, TW = TH = 8, TCC, MODULATE. TEX1: MMAG = MMIN = bilinear. REPEAT.
    gs.write_register(reg::kTex0_1, 8960 | 4ull << 14 | 8ull << 26 | 8ull << 30 | 1ull << 34);
    gs.write_register(reg::kTex1_1, 1ull << 5 | 1ull << 6);
    gs.write_register(reg::kClamp1, 0);
    gs.write_register(reg::kAlpha1, 0 | 1ull << 2 | 0ull << 4 | 1ull << 6);  // (Cs - Cd) * As >> 7 + Cd
  }
}

// Each primitive is nearer than the last (Z grows), so a GEQUAL Z test passes and every covered pixel goes
// through the whole pipeline: the benchmark measures fill, not rejection.
void draw_batch(gs::Gs& gs, Workload workload, Lcg& rng, uint32_t& depth, int primitives) {
  uint64_t prim = 3;  // triangle
  if (workload == Workload::kGouraudZ) prim |= 1 << 3;
  if (workload == Workload::kTexturedBlended) prim |= 1 << 3 | 1 << 4 | 1 << 6 | 1 << 8;  // IIP TME ABE FST
  if (workload == Workload::kSprites) prim = 6;
  gs.write_register(reg::kPrim, prim);
  const int vertices = workload == Workload::kSprites ? 2 : 3;
  for (int p = 0; p < primitives; ++p) {
    depth += 64;
    for (int v = 0; v < vertices; ++v) {
      gs.write_register(reg::kRgbaq, rgbaq(rng.next(256), rng.next(256), rng.next(256), rng.next(256)));
      if (workload == Workload::kTexturedBlended)
        gs.write_register(reg::kUv, rng.next(4096) | uint64_t{rng.next(4096)} << 16);
      // Vertices over and a little beyond the 640x448 screen, in 12.4 fixed point.
      const uint32_t x = rng.next(800 * 16) - 80 * 16 + 0x10000;
      const uint32_t y = rng.next(560 * 16) - 56 * 16 + 0x10000;
      gs.write_register(reg::kXyz2, xyz(x & 0xffff, y & 0xffff, depth));
    }
  }
  gs.flush();
}

void fill(benchmark::State& state, Workload workload, double real_gs_mpixels) {
  // Fill rate means every covered pixel written: the flat workload's later triangles would otherwise hide most of
  // the earlier ones from a GS that skips hidden work (GsConfig::skip_hidden_work).
  gs::GsConfig config;
  config.skip_hidden_work = false;
  config.threads = static_cast<int>(state.range(0));
  gs::Gs gs(config);
  set_up(gs, workload);
  Lcg rng;
  uint32_t depth = 0;
  const uint64_t before = gs.stats().pixels;
  for (auto _ : state) draw_batch(gs, workload, rng, depth, 100);
  const double pixels = static_cast<double>(gs.stats().pixels - before);
  state.counters["Mpixel/s"] = benchmark::Counter(pixels / 1e6, benchmark::Counter::kIsRate);
  state.counters["pixels/iter"] = pixels / static_cast<double>(state.iterations());
  state.counters["real_GS_Mpixel/s"] = real_gs_mpixels;
}

void BM_GsFillFlatTriangles(benchmark::State& state) { fill(state, Workload::kFlat, kRealGsUntextured); }
void BM_GsFillGouraudZTriangles(benchmark::State& state) { fill(state, Workload::kGouraudZ, kRealGsUntextured); }
void BM_GsFillBilinearBlendedTriangles(benchmark::State& state) {
  fill(state, Workload::kTexturedBlended, kRealGsTextured);
}
void BM_GsFillSprites(benchmark::State& state) { fill(state, Workload::kSprites, kRealGsUntextured); }

// Each at one and two rasterizer threads (the benchmark's argument).
void per_thread_count(benchmark::internal::Benchmark* b) {
  b->ArgName("threads")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
}

BENCHMARK(BM_GsFillFlatTriangles)->Apply(per_thread_count);
BENCHMARK(BM_GsFillGouraudZTriangles)->Apply(per_thread_count);
BENCHMARK(BM_GsFillBilinearBlendedTriangles)->Apply(per_thread_count);
BENCHMARK(BM_GsFillSprites)->Apply(per_thread_count);

}  // namespace
