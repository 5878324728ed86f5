// Throughput of the framebuffer comparison that every golden check runs (a 640x448 frame, as PCSX2 dumps it).

#include <benchmark/benchmark.h>

#include "formats/core/hash.hpp"
#include "harness/compare/image_diff.hpp"

namespace {

gcvu::formats::Image frame(uint8_t seed) {
  gcvu::formats::Image image(640, 448);
  for (size_t i = 0; i < image.rgba.size(); ++i) image.rgba[i] = static_cast<uint8_t>(i * 31 + seed);
  return image;
}

void BM_DiffIdenticalFrames(benchmark::State& state) {
  auto a = frame(1);
  auto b = a;
  for (auto _ : state) benchmark::DoNotOptimize(gcvu::harness::diff_images(a, b));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(a.rgba.size()));
}
BENCHMARK(BM_DiffIdenticalFrames);

void BM_HashFrame(benchmark::State& state) {
  auto a = frame(2);
  for (auto _ : state) benchmark::DoNotOptimize(gcvu::formats::xxh3_128(a.rgba));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(a.rgba.size()));
}
BENCHMARK(BM_HashFrame);

}  // namespace
