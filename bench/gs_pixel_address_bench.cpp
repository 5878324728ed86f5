// Pixel addressing on the rasterizer's hot path: a 640x448 span walk reading and writing CT32 and reading T4/T8
// texels through PixelAddress (row base once per row, one table load per pixel), in pixels per second.

#include <benchmark/benchmark.h>

#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/memory/pixel_access.hpp"

namespace {

using namespace gcvu::gs;

template <Psm kPsm>
void walk_frame(benchmark::State& state) {
  LocalMemory memory;
  const PixelAddress<kPsm> buffer(0, 10);
  uint8_t* vm = memory.bytes().data();
  uint32_t sum = 0;
  for (auto _ : state) {
    for (uint32_t y = 0; y < 448; ++y) {
      const auto row = buffer.row(y);
      for (uint32_t x = 0; x < 640; ++x) {
        const uint32_t address = row.at(x);
        sum += read_element<kPsm>(vm, address);
        write_element<kPsm>(vm, address, sum);
      }
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * 640 * 448);
}

BENCHMARK(walk_frame<Psm::kCt32>);
BENCHMARK(walk_frame<Psm::kCt16>);
BENCHMARK(walk_frame<Psm::kT8>);
BENCHMARK(walk_frame<Psm::kT4>);
BENCHMARK(walk_frame<Psm::kZ24>);

}  // namespace
