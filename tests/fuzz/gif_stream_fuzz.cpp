// libFuzzer target: arbitrary bytes as GIF packet streams. The input is read in 17-byte records: one byte picks
// the path (PATH1, PATH2, PATH2 as DIRECTHL, or PATH3) and the GIF_MODE/mask bits, sixteen bytes are the qword.
// Every qword is offered until the GIF takes it (a bounded number of cycles later); nothing may crash or hang.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "emu/gif/gif_unit.hpp"
#include "tests/fuzz/discarding_gs_sink.hpp"

namespace {

constexpr size_t kRecord = 17;
constexpr size_t kMaxInput = kRecord * 4096;
constexpr uint64_t kMaxWait = 4096;  // cycles a refused qword is offered again for before it is dropped
// A refused qword is offered again every cycle for this long, which covers the GIF's ordinary back-pressure
// exactly; after that the waits double. A path held by another path's unfinished packet never frees, and offering
// every cycle up to kMaxWait spent most of the target's time there (700 inputs a second on the grown corpus).
constexpr uint64_t kCycleByCycleWait = 64;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > kMaxInput) return 0;
  gcvu::fuzz::DiscardingGsSink sink;
  gcvu::gif::GifUnit gif(sink);
  uint64_t cycle = 0;
  for (size_t at = 0; at + kRecord <= size && !gif.failed(); at += kRecord) {
    const uint8_t control = data[at];
    gcvu::Qword qword;
    std::memcpy(qword.data(), data + at + 1, 16);
    if ((control & 0x10) != 0) gif.set_mode((control & 0x20) != 0, (control & 0x40) != 0);
    if ((control & 0x80) != 0) gif.set_path3_mask((control & 0x08) != 0);
    const uint8_t choice = control & 3;
    const gcvu::gif::Path path = choice == 0   ? gcvu::gif::Path::kPath1
                                 : choice == 3 ? gcvu::gif::Path::kPath3
                                               : gcvu::gif::Path::kPath2;
    for (uint64_t waited = 0, step = 1; waited < kMaxWait; waited += step) {
      if (gif.offer(path, qword, cycle, choice == 2)) break;
      if (waited >= kCycleByCycleWait) step *= 2;
      cycle += step;
      gif.run_until(cycle);
    }
    gif.run_until(++cycle);
  }
  gif.run_until(cycle + 1'000'000);
  return 0;
}
