// The pixel pipeline on 640x448 of spans: a flat Gouraud fill (CT32, no Z) and a bilinear-textured, alpha-blended,
// Z-tested fill (CT32 frame, Z24, 256x256 CT32 texture, MODULATE), in pixels per second.

#include <vector>

#include <benchmark/benchmark.h>

#include "emu/gs/clut/clut.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/pixel/pixel_pipeline.hpp"

namespace {

using namespace gcvu::gs;

constexpr int kW = 640, kH = 448;

void run_fill(benchmark::State& state, const DrawState& st, bool textured) {
  LocalMemory memory;
  Clut clut;
  std::vector<uint32_t> z(kW);
  std::vector<int16_t> r(kW), g(kW), b(kW), a(kW), f(kW);
  std::vector<int32_t> u(kW), v(kW);
  for (int i = 0; i < kW; i++) {
    z[i] = 0x1000 + i;
    r[i] = static_cast<int16_t>((i & 255) << 7), g[i] = static_cast<int16_t>(0x40 << 7);
    b[i] = static_cast<int16_t>(0x80 << 7), a[i] = static_cast<int16_t>(0x60 << 7);
  }
  for (auto _ : state) {
    PixelPipeline p(st, memory, clut);
    for (int y = 0; y < kH; y++) {
      for (int i = 0; i < kW; i++) u[i] = i * 0x6000 + 0x1234, v[i] = y * 0x5800 + 0x777;
      Span s;
      s.y = y, s.x = 0, s.count = kW;
      s.z = z.data(), s.r = r.data(), s.g = g.data(), s.b = b.data(), s.a = a.data(), s.fog = f.data();
      if (textured) s.u = u.data(), s.v = v.data();
      p.draw_span(s);
    }
    benchmark::DoNotOptimize(memory.bytes().data());
  }
  state.SetItemsProcessed(state.iterations() * kW * kH);
}

void flat_fill(benchmark::State& state) {
  DrawState st;
  st.prim.raw = 3 | (1 << 3);
  st.frame.raw = 0 | (10ull << 16);
  st.colclamp.raw = 1;
  run_fill(state, st, false);
}

void textured_blended_z(benchmark::State& state) {
  DrawState st;
  st.prim.raw = 3 | (1 << 3) | (1 << 4) | (1 << 6) | (1 << 8);  // IIP TME ABE FST
  st.frame.raw = 0 | (10ull << 16);
  st.zbuf.raw = 150 | (1ull << 24);                                                  // Z24
  st.test.raw = (1ull << 16) | (2ull << 17);                                         // ZTE GEQUAL
  st.tex0.raw = 0x2000 | (4ull << 14) | (8ull << 26) | (8ull << 30) | (1ull << 34);  // 256x256 CT32, TCC
  st.tex1.raw = 1 << 5;                                                              // MMAG linear
  st.alpha.raw = 0 | (1 << 2) | (0 << 4) | (1 << 6);                                 // (Cs-Cd)*As+Cd
  st.colclamp.raw = 1;
  st.summary.alpha_min = 0x60, st.summary.alpha_max = 0x60;
  run_fill(state, st, true);
}

BENCHMARK(flat_fill);
BENCHMARK(textured_blended_z);

}  // namespace
