// libFuzzer target: arbitrary bytes as a VIF1 stream through the clocked system (DMA → VIF1 → VU1 → GIF). The
// first byte picks how the bytes reach VIF1: bit 0 clear, a normal-mode transfer of the rest; set, a source chain
// whose first tag is at address 0 (bit 1: TTE). Whatever the input, the run must end (the cycle limits bound it)
// without a crash or a sanitizer report.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "emu/system/clocked_system.hpp"
#include "tests/fuzz/discarding_gs_sink.hpp"

namespace {

constexpr size_t kMaxInput = 64 * 1024;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > kMaxInput) return 0;
  const uint8_t mode = data[0];
  std::vector<uint8_t> stream(data + 1, data + size);
  stream.resize((stream.size() + 15) / 16 * 16);

  gcvu::system::SystemConfig config;
  config.max_cycles = 200'000;
  config.vu.max_cycles = 20'000;
  config.chain.tag_budget = 4096;
  config.chain.tte = (mode & 2) != 0;
  gcvu::fuzz::DiscardingGsSink sink;
  gcvu::system::ClockedSystem system(sink, config);
  system.ee().load_ram(stream, 0);
  if ((mode & 1) != 0) {
    system.dma().start_chain(0, config.chain);
  } else {
    system.dma().start_normal(0, static_cast<uint32_t>(stream.size() / 16));
  }
  system.run();
  return 0;
}
