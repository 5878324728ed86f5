// libFuzzer target: arbitrary bytes as a VIF1 stream through the clocked system (DMA → VIF1 → VU1 → GIF). The
// first byte picks how the bytes reach VIF1: bit 0 clear, a normal-mode transfer of the rest; set, a source chain
// whose first tag is at address 0 (bit 1: TTE). Whatever the input, the run must end without a crash or a sanitizer
// report.
//
// Throughput: one system serves every input. After each input it goes back to its fresh state through a snapshot
// (which leaves EE memory out: nothing in a run writes it), and the RAM the input filled is zeroed again, so an
// input costs what it runs, not 32 MiB of fresh memory; doing this after the run rather than before it frees what
// the run allocated within the same input, so libFuzzer sees no growth and does not run the input a second time
// under its leak check. The cycles an input may take are bounded by what it can start: each qword holds at most
// four VIFcodes, and each may start a microprogram of at most kProgramCycles cycles or move a qword to the GIF;
// and by lockstep steps (below).
//
// The micro memory an input has not loaded (MPG) holds NOP[E]/NOP pairs instead of zero words, so a program started
// where the input gave no code ends after two pairs: it used to run 4,000 cycles of zero words, building 32
// blocks of them in the block cache per input (three quarters of the time), which tested nothing the input chose.
// An input can still load any code, zero words included, and run it for kProgramCycles.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "emu/system/clocked_system.hpp"
#include "emu/system/system_snapshot.hpp"
#include "emu/vu/state/memory.hpp"
#include "tests/fuzz/discarding_gs_sink.hpp"

namespace {

constexpr size_t kMaxInput = 16 * 1024;
constexpr uint64_t kProgramCycles = 4'000;
constexpr uint64_t kCyclesPerQword = 4 * kProgramCycles + 256;
constexpr uint64_t kStepsPerQword = 64;

gcvu::system::SystemConfig fuzz_config() {
  gcvu::system::SystemConfig config;
  config.vu.max_cycles = kProgramCycles;
  // The compiled engine (issue 19), with its code cache, W^X arena and invalidation by MPG under the sanitizers;
  // tests/vu/jit_micro_rewrite_test.cpp holds it to the interpreter on this target's corpus.
  config.vu.engine = gcvu::vu::Engine::kJit;
  config.chain.tag_budget = 4096;
  return config;
}

// Loads NOP[E]/NOP (lower word first: MOVE.(none) VF00,VF00 is 0x8000033c; upper NOP 0x2ff with the E bit, bit 30)
// into every pair of VU1's micro memory.
bool fill_micro_memory_with_ends(gcvu::system::ClockedSystem& system) {
  std::vector<uint8_t> micro(gcvu::vu::kMicroBytes);
  for (size_t at = 0; at < micro.size(); at += 8) {
    const uint32_t words[2] = {0x8000033cu, 0x400002ffu};
    for (size_t k = 0; k < 8; ++k) micro[at + k] = static_cast<uint8_t>(words[k / 4] >> (8 * (k % 4)));
  }
  system.vu().load_micro(micro);
  return true;
}

struct Machine {
  gcvu::fuzz::DiscardingGsSink sink;
  gcvu::system::ClockedSystem system{sink, fuzz_config()};
  const bool filled = fill_micro_memory_with_ends(system);
  const gcvu::system::SystemSnapshot fresh = system.snapshot();
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > kMaxInput) return 0;
  static Machine machine;
  const uint8_t mode = data[0];
  std::vector<uint8_t> stream(data + 1, data + size);
  stream.resize((stream.size() + 15) / 16 * 16);

  gcvu::system::ClockedSystem& system = machine.system;
  system.ee().load_ram(stream, 0);

  gcvu::dma::ChainOptions chain = fuzz_config().chain;
  chain.tte = (mode & 2) != 0;
  if ((mode & 1) != 0) {
    system.dma().start_chain(0, chain);
  } else {
    system.dma().start_normal(0, static_cast<uint32_t>(stream.size() / 16));
  }
  // A chain can send its qwords again and again (a REF loop); the bound is what the input's own qwords can take
  // once, which a looping chain simply reaches. Steps are bounded too: a lockstep step is one cycle of every unit
  // and costs far more than a cycle of VU1 running alone, so qwords that keep the units busy (a DIRECT, an UNPACK)
  // are cut off at kStepsPerQword steps each.
  const uint64_t qwords = stream.size() / 16;
  const uint64_t cycle_limit = 10'000 + kCyclesPerQword * qwords;
  const uint64_t step_limit = 1'000 + kStepsPerQword * qwords;
  std::optional<gcvu::system::RunResult> result;
  for (uint64_t steps = 0; steps < step_limit && system.cycle() < cycle_limit && !(result = system.step()); ++steps) {
  }

  system.restore(machine.fresh);
  std::fill(stream.begin(), stream.end(), uint8_t{0});
  system.ee().load_ram(stream, 0);
  return 0;
}
