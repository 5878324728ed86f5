// UNPACK throughput in bytes of VU1 data memory written per second, against memcpy of the same 4 KiB on the same
// machine. Targets (issue 4): V4-32 within 2x of memcpy, V3-16 MODE 1, V4-8 masked and V4-5 within 4x.

#include <cstring>
#include <limits>
#include <vector>

#include <benchmark/benchmark.h>

#include "emu/vif/unpack_engine.hpp"
#include "emu/vif/vif1.hpp"

namespace {

using namespace gcvu;

constexpr uint32_t kQwords = 256;  // one UNPACK with NUM=0
constexpr int64_t kBytesWritten = kQwords * 16;

std::vector<uint8_t> source_bytes(size_t count) {
  std::vector<uint8_t> bytes(count);
  for (size_t i = 0; i < count; ++i) bytes[i] = static_cast<uint8_t>(i * 37 + 11);
  return bytes;
}

// One 256-qword UNPACK of `cmd` (format and mask bit) under CL=WL=1 and `mode`, straight through the engine.
void unpack_through_engine(benchmark::State& state, uint8_t cmd, uint32_t mode, uint32_t mask,
                           vif::UnpackPath path = vif::UnpackPath::kWidest) {
  vif::Vif1Registers regs;
  regs.cycle = vif::Vif1Cycle{1, 1};
  const vif::UnpackJob start = vif::unpack_job_for(vif::VifCode::decode(uint32_t{cmd} << 24), regs);
  const std::vector<uint8_t> source = source_bytes(start.payload_bytes);
  vu::DataMemory memory;
  vif::UnpackRegisters registers{mask, mode, {1, 2, 3, 4}, {5, 6, 7, 8}};
  vif::UnpackOptions options;
  options.path = path;
  for (auto _ : state) {
    vif::UnpackJob job = start;
    const uint32_t written = vif::run_unpack(job, registers, options, {source.data(), start.payload_bytes}, memory,
                                             std::numeric_limits<uint32_t>::max());
    benchmark::DoNotOptimize(written);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kBytesWritten);
}

void BM_Memcpy4KiB(benchmark::State& state) {
  const std::vector<uint8_t> source = source_bytes(kBytesWritten);
  vu::DataMemory memory;
  for (auto _ : state) {
    std::memcpy(&memory.qword(0), source.data(), kBytesWritten);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kBytesWritten);
}
BENCHMARK(BM_Memcpy4KiB);

void BM_UnpackV4_32(benchmark::State& state) { unpack_through_engine(state, 0x6c, 0, 0); }
BENCHMARK(BM_UnpackV4_32);

void BM_UnpackV3_16Mode1(benchmark::State& state) { unpack_through_engine(state, 0x69, 1, 0); }
BENCHMARK(BM_UnpackV3_16Mode1);

// Masked with a mix of data, Row, Col and write-protect fields in every cycle row.
void BM_UnpackV4_8Masked(benchmark::State& state) { unpack_through_engine(state, 0x7e, 0, 0xe4e4e4e4); }
BENCHMARK(BM_UnpackV4_8Masked);

void BM_UnpackV4_5(benchmark::State& state) { unpack_through_engine(state, 0x6f, 0, 0); }
BENCHMARK(BM_UnpackV4_5);

// The same on the SSE2 baseline (what a CPU without AVX2 runs) and on the scalar reference loop.
void BM_UnpackV3_16Mode1Sse2(benchmark::State& state) {
  unpack_through_engine(state, 0x69, 1, 0, vif::UnpackPath::kSse2);
}
BENCHMARK(BM_UnpackV3_16Mode1Sse2);
void BM_UnpackV4_8MaskedSse2(benchmark::State& state) {
  unpack_through_engine(state, 0x7e, 0, 0xe4e4e4e4, vif::UnpackPath::kSse2);
}
BENCHMARK(BM_UnpackV4_8MaskedSse2);
void BM_UnpackV4_5Sse2(benchmark::State& state) { unpack_through_engine(state, 0x6f, 0, 0, vif::UnpackPath::kSse2); }
BENCHMARK(BM_UnpackV4_5Sse2);
void BM_UnpackV4_8MaskedScalar(benchmark::State& state) {
  unpack_through_engine(state, 0x7e, 0, 0xe4e4e4e4, vif::UnpackPath::kScalar);
}
BENCHMARK(BM_UnpackV4_8MaskedScalar);

// The whole VIF1 path for V4-32: VIFcode decode, the 16-qword FIFO filled and drained as DMA would.
class NullBus : public vif::Vif1Bus {
 public:
  vu::DataMemory& vu_data() override { return memory; }
  void write_micro(uint32_t, uint64_t) override {}
  bool vu_busy() const override { return false; }
  void start_microprogram(std::optional<uint32_t>, uint16_t, uint16_t) override {}
  bool gif_path_busy(gif::Path) const override { return false; }
  bool path2_offer(const Qword&, bool) override { return true; }
  void set_path3_mask(bool) override {}
  vu::DataMemory memory;
};

void BM_Vif1StreamV4_32(benchmark::State& state) {
  std::vector<uint32_t> words = {0x01000101, 0x6c000000};  // STCYCL 1,1; UNPACK V4-32 NUM=256
  words.resize(2 + kQwords * 4, 0x3f800000);
  words.resize(words.size() + 2, 0);  // two NOPs to end on a qword
  NullBus bus;
  vif::Vif1 vif(bus);
  uint64_t clock = 0;
  for (auto _ : state) {
    size_t next = 0;
    while (next < words.size()) {
      const size_t count = std::min(words.size() - next, vif.fifo_space_words());
      vif.push_words(std::span<const uint32_t>(words.data() + next, count));
      next += count;
      vif.run_until(clock += 1u << 20);
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kBytesWritten);
}
BENCHMARK(BM_Vif1StreamV4_32);

}  // namespace
