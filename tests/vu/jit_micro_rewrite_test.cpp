// Micro memory rewritten while compiled code for it exists, the way a game does it: VIF1 streams with MPG between
// MSCALs, run through the clocked system with the JIT (Engine::kJit) and with the per-pair interpreter, which must
// end in the same state (system::state_hash: registers, memories, pipelines, flags, cycles, stall counts) and send
// the same GS writes. A cross-check between two of our own paths; the interpreter is the reference.
//
// Two sources of streams:
//  - the VIF1 fuzz target's corpus (tests/fuzz/corpus/vif1_stream: what the fuzz campaigns kept for coverage), run
//    exactly as the fuzz target runs them (tests/fuzz/vif1_stream_fuzz.cpp);
//  - seeded random programs (random_program.hpp) loaded by MPG, started by MSCAL, patched by MPG and started again.
// Each test asserts that the JIT really had code under some of the MPG writes (CodeCache::invalidated), so the
// property is exercised, not just allowed.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "emu/common/state_hasher.hpp"
#include "emu/gif/gs_sink.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/state_hash.hpp"
#include "emu/system/system_snapshot.hpp"
#include "tests/test_support.hpp"
#include "tests/vu/random_program.hpp"
#include "tests/vu/sweep_size.hpp"
#include "tests/vu/vu_snapshot.hpp"

namespace gcvu::test {
namespace {

// Every GS write folded into one 64-bit FNV-1a hash (path, register or image bytes, and the cycle).
class HashingGsSink final : public gif::GsSink {
 public:
  void write_register(gif::Path path, uint8_t address, uint64_t value, uint64_t cycle) override {
    mix(static_cast<uint64_t>(path));
    mix(address);
    mix(value);
    mix(cycle);
  }
  void write_image(gif::Path path, const Qword& data, uint64_t cycle) override {
    mix(static_cast<uint64_t>(path) | 0x100);
    for (uint32_t word : data) mix(word);
    mix(cycle);
  }
  void end_packet(gif::Path path, uint64_t cycle) override {
    mix(static_cast<uint64_t>(path) | 0x200);
    mix(cycle);
  }
  uint64_t hash = 0xcbf29ce484222325ull;

 private:
  void mix(uint64_t value) {
    for (int n = 0; n < 8; ++n) {
      hash ^= (value >> (8 * n)) & 0xff;
      hash *= 0x100000001b3ull;
    }
  }
};

// The system's units hashed one by one (system::state_hash's parts), so a difference names its unit.
std::vector<uint64_t> unit_hashes(const system::ClockedSystem& system) {
  const system::SystemSnapshot snapshot = system.snapshot();
  std::vector<uint64_t> hashes;
  const auto unit = [&](const auto& part) {
    StateHasher hasher;
    part.hash_state(hasher);
    hashes.push_back(hasher.digest());
  };
  unit(snapshot.vu);
  unit(snapshot.vif);
  unit(snapshot.gif);
  unit(snapshot.path1);
  unit(snapshot.dma);
  unit(snapshot.dma_to_gif);
  unit(snapshot.gif_dma);
  hashes.push_back(snapshot.vu_busy_until);
  hashes.push_back(snapshot.now);
  hashes.push_back(snapshot.words_seen);
  hashes.push_back(snapshot.last_vif_progress);
  hashes.push_back(snapshot.programs.size());
  hashes.push_back(system::state_hash(snapshot));
  return hashes;
}

struct Outcome {
  VuSnapshot vu;
  std::vector<uint64_t> state;
  uint64_t gs = 0;
  uint64_t cycle = 0;
  uint64_t pairs = 0;
  std::string end;  // the run's error, if it ended with one
};

// NOP[E]/NOP in every pair (as the fuzz target fills micro memory).
std::vector<uint8_t> micro_of_ends() {
  std::vector<uint8_t> micro(vu::kMicroBytes);
  for (size_t at = 0; at < micro.size(); at += 8) {
    const uint32_t words[2] = {0x8000033cu, 0x400002ffu};
    for (size_t k = 0; k < 8; ++k) micro[at + k] = static_cast<uint8_t>(words[k / 4] >> (8 * (k % 4)));
  }
  return micro;
}

// One clocked system per engine, reused across streams through a snapshot of its fresh state, as the fuzz target
// does (the JIT's cache survives the restore and must notice that the program changed under it).
class Machine {
 public:
  explicit Machine(system::SystemConfig config) : system_(sink_, config), chain_(config.chain) {}

  // The fuzz target's run: mode bit 0 picks a source chain from address 0 (bit 1: TTE) over a normal transfer, and
  // the same cycle and step limits.
  Outcome run(uint8_t mode, std::span<const uint8_t> bytes) {
    system_.restore(fresh_);
    sink_.hash = 0xcbf29ce484222325ull;
    std::vector<uint8_t> stream(bytes.begin(), bytes.end());
    stream.resize((stream.size() + 15) / 16 * 16);
    system_.ee().load_ram(stream, 0);
    dma::ChainOptions chain = chain_;
    chain.tte = (mode & 2) != 0;
    if ((mode & 1) != 0) {
      system_.dma().start_chain(0, chain);
    } else {
      system_.dma().start_normal(0, static_cast<uint32_t>(stream.size() / 16));
    }
    const uint64_t qwords = stream.size() / 16;
    const uint64_t cycle_limit = 10'000 + (4 * kProgramCycles + 256) * qwords;
    const uint64_t step_limit = 1'000 + 64 * qwords;
    std::optional<system::RunResult> result;
    for (uint64_t steps = 0; steps < step_limit && system_.cycle() < cycle_limit && !(result = system_.step());
         ++steps) {
    }
    Outcome out{VuSnapshot(system_.vu(), nullptr), unit_hashes(system_), sink_.hash, system_.cycle(),
                system_.vu().stats().pairs, result ? result->error : "(limit)"};
    std::fill(stream.begin(), stream.end(), uint8_t{0});
    system_.ee().load_ram(stream, 0);
    return out;
  }
  const vu::Vu1& vu() const { return system_.vu(); }

  static constexpr uint64_t kProgramCycles = 4'000;
  static system::SystemConfig config(vu::Engine engine) {
    system::SystemConfig config;
    config.vu.max_cycles = kProgramCycles;
    config.vu.engine = engine;
    config.vu.jit_compile_after = 0;  // every block compiled at once: the rewrites must meet compiled code
    config.chain.tag_budget = 4096;
    return config;
  }

 private:
  HashingGsSink sink_;
  system::ClockedSystem system_;
  dma::ChainOptions chain_;
  const bool filled_ = (system_.vu().load_micro(micro_of_ends()), true);
  const system::SystemSnapshot fresh_ = system_.snapshot();
};

void expect_same(const Outcome& interp, const Outcome& jit, const std::string& what) {
  EXPECT_EQ(interp.vu.difference(jit.vu), "") << what;
  EXPECT_EQ(interp.state, jit.state) << what << ": the system state differs (vu vif gif path1 dma dma_to_gif "
                                               "gif_dma busy_until now words last_progress programs, all)";
  EXPECT_EQ(interp.gs, jit.gs) << what << ": the GS writes differ";
  EXPECT_EQ(interp.cycle, jit.cycle) << what;
  EXPECT_EQ(interp.pairs, jit.pairs) << what;
  EXPECT_EQ(interp.end, jit.end) << what;
}

TEST(VuJitMicroRewrite, FuzzCorpusStreamsMatchTheInterpreter) {
  const std::filesystem::path folder = source_dir() / "tests/fuzz/corpus/vif1_stream";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 100u) << folder;
  // An even spread of about this many inputs, so the test stays short; GCVU_JIT_CORPUS_INPUTS=100000 runs them all.
  const long wanted = std::max(1L, sweep_size("GCVU_JIT_CORPUS_INPUTS", 1000));
  const size_t stride = std::max<size_t>(1, files.size() / static_cast<size_t>(wanted));
  Machine interp(Machine::config(vu::Engine::kInterp));
  Machine jit(Machine::config(vu::Engine::kJit));
  uint64_t inputs = 0;
  uint64_t compiled = 0;
  uint64_t rewritten_under_code = 0;
  uint64_t pairs = 0;
  for (size_t n = 0; n < files.size(); n += stride) {
    std::ifstream in(files[n], std::ios::binary);
    const std::vector<uint8_t> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (data.empty() || data.size() > 16 * 1024) continue;
    const std::span<const uint8_t> stream(data.data() + 1, data.size() - 1);
    const uint64_t dropped = jit.vu().jit_cache().invalidated();
    const uint64_t compiled_before = jit.vu().jit_cache().compiled();
    const Outcome a = interp.run(data[0], stream);
    const Outcome b = jit.run(data[0], stream);
    expect_same(a, b, files[n].filename().string());
    ++inputs;
    pairs += b.pairs;
    if (jit.vu().jit_cache().compiled() > compiled_before) ++compiled;
    if (jit.vu().jit_cache().invalidated() > dropped) ++rewritten_under_code;
    if (HasFailure()) break;
  }
  std::printf("[ corpus ] %llu inputs, %llu pairs, %llu compiled code, %llu had micro writes under compiled code\n",
              static_cast<unsigned long long>(inputs), static_cast<unsigned long long>(pairs),
              static_cast<unsigned long long>(compiled), static_cast<unsigned long long>(rewritten_under_code));
  // The corpus was kept for VIF1 coverage, and few of its inputs run much microcode (the whole corpus: 8827 inputs,
  // 12,974 pairs, code compiled for 2 and no MPG under compiled code); the rewrites under compiled code are the
  // next test's business.
  EXPECT_GT(inputs, 500u);
}

// VIFcode words (reference/vif-gif-formats.md §1.2): MPG's data starts on a 64-bit boundary, so a NOP (0) comes
// first when the MPG word would sit at an even word.
void append_mpg(std::vector<uint32_t>& words, uint32_t address, std::span<const uint8_t> code) {
  const uint32_t count = static_cast<uint32_t>(code.size() / 8);
  for (uint32_t done = 0; done < count;) {
    const uint32_t at = (address + done) % vu::kMicroInstructions;
    const uint32_t chunk = std::min(count - done, vu::kMicroInstructions - at);  // no wrap inside one MPG
    if (words.size() % 2 == 0) words.push_back(0);
    words.push_back(0x4a000000u | ((chunk & 0xff) << 16) | at);
    for (uint32_t k = 0; k < chunk * 2; ++k) {
      const size_t byte = (done * 2 + k) * 4;
      words.push_back(static_cast<uint32_t>(code[byte]) | (static_cast<uint32_t>(code[byte + 1]) << 8) |
                      (static_cast<uint32_t>(code[byte + 2]) << 16) | (static_cast<uint32_t>(code[byte + 3]) << 24));
    }
    done += chunk;
  }
}

// A random program loaded by MPG and started by MSCAL; then some of its pairs rewritten by MPG (the VIF waits for
// the program to end) and started again, three times over, in one stream.
// The generator's invalid encodings replaced by NOP pairs (through the clocked system one would end the whole run
// with an error, leaving nothing for the rewrite to meet), and its XGKICKs too (a kick of random data memory
// usually ends the run with a GIF error as well).
Case runnable(Case c) {
  for (size_t at = 0; at + 8 <= c.code.size(); at += 8) {
    uint64_t bundle = 0;
    for (int b = 0; b < 8; ++b) bundle |= static_cast<uint64_t>(c.code[at + b]) << (8 * b);
    const vu::DecodedBundle decoded = vu::decode_bundle(bundle);
    const bool kicks = decoded.lower.valid() && (decoded.lower.row().effects & vu::effect::kGifKick) != 0;
    const bool loi = (static_cast<uint32_t>(bundle >> 32) & vu::upper_flag::kI) != 0;
    if (decoded.upper.valid() && (loi || (decoded.lower.valid() && !kicks))) continue;
    const uint64_t nops = vu::make_bundle(0x000002ffu | (static_cast<uint32_t>(bundle >> 32) & vu::upper_flag::kE),
                                          0x8000033cu);
    for (int b = 0; b < 8; ++b) c.code[at + b] = static_cast<uint8_t>(nops >> (8 * b));
  }
  return c;
}

std::vector<uint8_t> rewrite_stream(ProgramGenerator& generator) {
  const Case c = runnable(generator.next());
  std::vector<uint32_t> words;
  append_mpg(words, c.base, c.code);
  words.push_back(0x14000000u | c.base);  // MSCAL
  for (int round = 0; round < 3; ++round) {
    const Case patch = runnable(generator.next());
    for (size_t k = 0; k < patch.patches.size() || k < 2; ++k) {
      const uint32_t pairs = static_cast<uint32_t>(c.code.size() / 8);
      const uint32_t at = static_cast<uint32_t>((k < patch.patches.size() ? patch.patches[k].first : patch.base) % pairs);
      const size_t from = (at * 8) % patch.code.size();
      const size_t length = std::min<size_t>(8 * (1 + k), patch.code.size() - from);
      append_mpg(words, (c.base + at) % vu::kMicroInstructions,
                 std::span<const uint8_t>(patch.code.data() + from, length / 8 * 8));
    }
    words.push_back(0x14000000u | ((c.base + (round == 1 ? c.code.size() / 16 : 0)) % vu::kMicroInstructions));
  }
  std::vector<uint8_t> bytes;
  for (uint32_t word : words) {
    for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<uint8_t>(word >> (8 * b)));
  }
  return bytes;
}

TEST(VuJitMicroRewrite, RandomProgramsRewrittenByMpgBetweenMscalsMatchTheInterpreter) {
  ProgramGenerator generator(0x3e7a);
  const long count = sweep_size("GCVU_JIT_REWRITE_PROGRAMS", 600);
  Machine interp(Machine::config(vu::Engine::kInterp));
  Machine jit(Machine::config(vu::Engine::kJit));
  uint64_t rewritten_under_code = 0;
  for (long n = 0; n < count; ++n) {
    const std::vector<uint8_t> stream = rewrite_stream(generator);
    const uint64_t dropped = jit.vu().jit_cache().invalidated();
    const Outcome a = interp.run(0, stream);
    const Outcome b = jit.run(0, stream);
    expect_same(a, b, fmt::format("rewritten program {}", n));
    if (jit.vu().jit_cache().invalidated() > dropped) ++rewritten_under_code;
    if (HasFailure()) break;
  }
  std::printf("[ rewrite ] %ld streams, %llu with micro writes under compiled code\n", count,
              static_cast<unsigned long long>(rewritten_under_code));
  EXPECT_GT(rewritten_under_code, static_cast<uint64_t>(count) / 10);
}

}  // namespace
}  // namespace gcvu::test
