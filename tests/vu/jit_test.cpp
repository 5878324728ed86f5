// The JIT's code cache (emu/vu/jit): W^X, the bound and its eviction, and exact invalidation on micro-memory
// writes. That compiled code gives the same results as the per-pair path is block_cross_test.cpp's cross-check.

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include <gtest/gtest.h>

#include "emu/vu/jit/code_arena.hpp"
#include "harness/bench/workloads.hpp"
#include "tests/vu/vu_program.hpp"
#include "tests/vu/vu_snapshot.hpp"

namespace gcvu::test {
namespace {

std::unique_ptr<VuRun> run_workload(const harness::Workload& workload, vu::Vu1Config config) {
  auto run = std::make_unique<VuRun>(config);
  run->vu.load_micro(workload.code);
  run->vu.data().load(workload.data);
  run->vu.start(0);
  run->vu.run();
  run->vu.finish_xgkick();
  return run;
}

vu::Vu1Config jit_config() {
  vu::Vu1Config config;
  config.engine = vu::Engine::kJit;
  config.jit_compile_after = 0;  // compiled at the first entry: these tests look at the code cache
  return config;
}

std::vector<uint32_t> compiled_starts(const vu::Vu1& vu) {
  std::vector<uint32_t> starts;
  for (uint32_t pc = 0; pc < vu::kMicroInstructions; ++pc) {
    if (vu.jit_cache().find(pc) != nullptr) starts.push_back(pc);
  }
  return starts;
}

// The permissions of the mapping holding `address` in /proc/self/maps ("r-xp", ...), "" if none.
std::string permissions_at(const void* address) {
  const auto at = reinterpret_cast<uintptr_t>(address);
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    std::istringstream fields(line);
    std::string range, permissions;
    fields >> range >> permissions;
    const size_t dash = range.find('-');
    const uintptr_t begin = std::stoull(range.substr(0, dash), nullptr, 16);
    const uintptr_t end = std::stoull(range.substr(dash + 1), nullptr, 16);
    if (at >= begin && at < end) return permissions;
  }
  return "";
}

TEST(VuJit, EngineNameRoundTrips) {
  EXPECT_EQ(vu::engine_name(vu::Engine::kJit), "jit");
  EXPECT_EQ(vu::engine_from_name("jit"), vu::Engine::kJit);
}

TEST(VuJit, CompiledCodeIsExecutableAndNotWritable) {
  const auto run = run_workload(harness::builtin_workloads().front(), jit_config());
  const std::vector<uint32_t> starts = compiled_starts(run->vu);
  ASSERT_FALSE(starts.empty());
  for (uint32_t pc : starts) {
    const vu::jit::CompiledBlock& block = *run->vu.jit_cache().find(pc);
    EXPECT_GT(block.code_bytes(), 0u);
    EXPECT_EQ(permissions_at(block.code_address()).substr(0, 3), "r-x") << "block at " << pc;
  }
}

// The double-mapped arena's W^X by hand: code is written through a view that is never executable and runs from one
// that is never writable, and seals change no protection (each change costs other CPUs a TLB flush).
TEST(VuJitArena, DoubleMappedCodeRunsFromAViewThatIsNeverWritable) {
  vu::jit::CodeArena arena(1 << 20, vu::jit::CodeMapping::kDoubleMapped);
  ASSERT_TRUE(arena.mapped());
  ASSERT_EQ(arena.mapping(), vu::jit::CodeMapping::kDoubleMapped) << "the host refused a second mapping";
  uint8_t* first = arena.reserve(256);
  ASSERT_NE(first, nullptr);
  first[0] = 0xc3;  // ret
  arena.commit(first, 1);
  const uint8_t* runs_at = arena.run_address(first);
  EXPECT_NE(runs_at, first);
  EXPECT_EQ(permissions_at(first).substr(0, 3), "rw-");
  EXPECT_EQ(permissions_at(runs_at).substr(0, 3), "r-x");
  EXPECT_EQ(runs_at[0], 0xc3);  // the same memory
  ASSERT_TRUE(arena.seal());
  reinterpret_cast<void (*)()>(const_cast<uint8_t*>(runs_at))();
  uint8_t* second = arena.reserve(256);
  // A fresh page, as sealed in place: the code that ran is not on a page being written.
  EXPECT_EQ(second, first + sysconf(_SC_PAGESIZE));
  second[0] = 0xc3;
  arena.commit(second, 1);
  ASSERT_TRUE(arena.seal());
  reinterpret_cast<void (*)()>(const_cast<uint8_t*>(arena.run_address(second)))();
  EXPECT_EQ(arena.seals(), 2u);
  EXPECT_EQ(arena.protection_changes(), 0u);
  EXPECT_EQ(permissions_at(first).substr(0, 3), "rw-");
  EXPECT_EQ(permissions_at(runs_at).substr(0, 3), "r-x");
  arena.reset();  // fresh views: no address that ran code is written again
  ASSERT_TRUE(arena.mapped());
  uint8_t* again = arena.reserve(256);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(permissions_at(again).substr(0, 3), "rw-");
  EXPECT_EQ(permissions_at(arena.run_address(again)).substr(0, 3), "r-x");
}

// The fallback arena's W^X by hand: what is written is writable and not executable until the seal, then executable
// and not writable, and never writable again: the block after a seal starts on a fresh page, even when the block
// before ended early in its page. Several blocks written between two seals take one protection change.
TEST(VuJitArena, SealedInPlacePagesAreSealedOnceAndNeverWritableAgain) {
  vu::jit::CodeArena arena(1 << 20, vu::jit::CodeMapping::kSealedInPlace);
  ASSERT_TRUE(arena.mapped());
  ASSERT_EQ(arena.mapping(), vu::jit::CodeMapping::kSealedInPlace);
  uint8_t* first = arena.reserve(256);
  ASSERT_NE(first, nullptr);
  first[0] = 0xc3;  // ret
  arena.commit(first, 1);
  uint8_t* second = arena.reserve(256);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second, first + 64);  // the next cache line of the same page: not sealed yet
  second[0] = 0xc3;
  arena.commit(second, 1);
  EXPECT_EQ(arena.run_address(first), first);
  EXPECT_EQ(permissions_at(first).substr(0, 3), "rw-");
  ASSERT_TRUE(arena.seal());
  EXPECT_EQ(arena.seals(), 1u);
  EXPECT_EQ(arena.protection_changes(), 1u);
  EXPECT_EQ(permissions_at(first).substr(0, 3), "r-x");
  EXPECT_EQ(permissions_at(second).substr(0, 3), "r-x");
  uint8_t* third = arena.reserve(256);
  ASSERT_NE(third, nullptr);
  const auto page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(third) % page, 0u);  // a fresh page
  EXPECT_EQ(permissions_at(third).substr(0, 3), "rw-");
  EXPECT_EQ(permissions_at(first).substr(0, 3), "r-x");  // the sealed page stays as it was
  arena.commit(third, 0);
  ASSERT_TRUE(arena.seal());  // nothing new written: nothing to change
  EXPECT_EQ(arena.seals(), 1u);
  arena.reset();  // no code runs any more: the front is written again
  uint8_t* again = arena.reserve(256);
  EXPECT_EQ(again, first);
  EXPECT_EQ(permissions_at(again).substr(0, 3), "rw-");
}

// A block's code is compiled together with the blocks that can follow it (CodeCache::compile), so a workload's
// blocks need far fewer protection changes than there are blocks (each one costs every other CPU running this
// process a TLB flush), and those blocks are the ones it then runs.
TEST(VuJit, BlocksAheadShareOneSeal) {
  for (const harness::Workload& workload : harness::builtin_workloads()) {
    const auto run = run_workload(workload, jit_config());
    const vu::jit::CodeCache& cache = run->vu.jit_cache();
    EXPECT_GE(cache.compiled(), 2u) << workload.name;
    EXPECT_LT(cache.seals(), cache.compiled()) << workload.name;
    EXPECT_GT(run->vu.block_stats().chained, 0u) << workload.name;
  }
}

// With room for two blocks, every workload still runs exactly as the per-pair path runs it, while blocks come and
// go.
TEST(VuJit, BoundedCacheEvictsAndStaysExact) {
  for (const harness::Workload& workload : harness::builtin_workloads()) {
    vu::Vu1Config config = jit_config();
    config.jit_cache_blocks = 2;
    const auto jit = run_workload(workload, config);
    vu::Vu1Config interp;
    interp.engine = vu::Engine::kInterp;
    const auto reference = run_workload(workload, interp);
    expect_same(VuSnapshot(reference->vu, &reference->path1), VuSnapshot(jit->vu, &jit->path1), workload.name);
    EXPECT_LE(jit->vu.jit_cache().size(), 2u) << workload.name;
    if (jit->vu.jit_cache().compiled() > 2) {
      EXPECT_GT(jit->vu.jit_cache().evicted(), 0u) << workload.name;
    }
  }
}

// An arena too small for a workload's code fills up: a block compiled ahead that finds no room is left for later,
// and a block that finds none empties the cache and the arena and starts over (CodeCache::compile), never running
// code that was overwritten or not sealed. Every workload still runs exactly as the per-pair path runs it, and
// compiles more blocks after starting over.
TEST(VuJit, AFullArenaStartsOverAndStaysExact) {
  uint64_t flushes = 0;
  for (const harness::Workload& workload : harness::builtin_workloads()) {
    vu::Vu1Config config = jit_config();
    config.jit_code_bytes = 12 << 10;  // room for a few blocks (the compiler reserves 512 bytes a pair)
    const auto jit = run_workload(workload, config);
    vu::Vu1Config interp;
    interp.engine = vu::Engine::kInterp;
    const auto reference = run_workload(workload, interp);
    expect_same(VuSnapshot(reference->vu, &reference->path1), VuSnapshot(jit->vu, &jit->path1), workload.name);
    EXPECT_GT(jit->vu.block_stats().pairs, 0u) << workload.name;
    EXPECT_GT(jit->vu.jit_cache().size(), 0u) << workload.name;  // code compiled after the last start-over
    flushes += jit->vu.jit_cache().flushes();
  }
  EXPECT_GT(flushes, 0u);
}

// A micro-memory write drops exactly the compiled blocks it lands on (or just after: that pair decided where the
// block ends), and nothing else; the VU then runs the changed program exactly.
TEST(VuJit, MicroWritesDropOnlyTheBlocksUnderThem) {
  const harness::Workload workload = harness::builtin_workloads().front();
  auto run = run_workload(workload, jit_config());
  std::vector<std::pair<uint32_t, uint32_t>> ranges;  // first and last pair of every compiled block
  for (uint32_t pc : compiled_starts(run->vu)) ranges.emplace_back(pc, run->vu.jit_cache().find(pc)->last_pc());
  ASSERT_GE(ranges.size(), 2u);
  const uint32_t written = ranges.front().second;
  const uint64_t original = run->vu.micro().instruction(written);
  // A changed word drops the blocks; putting the original back finds nothing compiled there to drop.
  run->vu.write_micro(written, original ^ 1);
  run->vu.write_micro(written, original);
  size_t dropped = 0;
  for (const auto& [first, last] : ranges) {
    const uint32_t n = vu::kMicroInstructions;
    const bool under = (written + n - first) % n <= (last + 1 + n - first) % n;
    EXPECT_EQ(run->vu.jit_cache().find(first) == nullptr, under) << "block " << first << ".." << last;
    dropped += under ? 1 : 0;
  }
  EXPECT_GE(dropped, 1u);
  EXPECT_EQ(run->vu.jit_cache().invalidated(), dropped);
  // Far from every block (the end of micro memory, which the workload does not use): nothing goes.
  const size_t before = run->vu.jit_cache().size();
  run->vu.write_micro(vu::kMicroInstructions - 1, 0);
  EXPECT_EQ(run->vu.jit_cache().size(), before);
  // And the VU runs on exactly: the same steps through the per-pair path leave the same state.
  vu::Vu1Config interp;
  interp.engine = vu::Engine::kInterp;
  const auto reference = run_workload(workload, interp);
  reference->vu.write_micro(written, original ^ 1);
  reference->vu.write_micro(written, original);
  reference->vu.write_micro(vu::kMicroInstructions - 1, 0);
  for (VuRun* each : {reference.get(), run.get()}) {
    each->vu.data().load(workload.data);
    each->vu.start(0);
    each->vu.run();
    each->vu.finish_xgkick();
  }
  expect_same(VuSnapshot(reference->vu, &reference->path1), VuSnapshot(run->vu, &run->path1), "second run");
}

// Writing micro memory with the words it already holds (a frame's DMA chain uploads the same microprograms by MPG
// every frame) keeps every compiled block: nothing the engines derive from those words changes.
TEST(VuJit, RewritingTheSameWordsKeepsCompiledBlocks) {
  const harness::Workload workload = harness::builtin_workloads().front();
  auto run = run_workload(workload, jit_config());
  const size_t compiled = run->vu.jit_cache().size();
  ASSERT_GE(compiled, 1u);
  const uint32_t first = compiled_starts(run->vu).front();
  run->vu.write_micro(first, run->vu.micro().instruction(first));
  std::vector<uint8_t> bytes(8 * 4);
  for (uint32_t n = 0; n < 4; ++n) {
    const uint64_t word = run->vu.micro().instruction(first + n);
    for (int i = 0; i < 8; ++i) bytes[n * 8 + i] = static_cast<uint8_t>(word >> (8 * i));
  }
  run->vu.load_micro(bytes, first);
  EXPECT_EQ(run->vu.jit_cache().size(), compiled);
  EXPECT_EQ(run->vu.jit_cache().invalidated(), 0u);
  EXPECT_TRUE(run->vu.micro().holds(bytes, first));
  bytes[3] ^= 0x10;  // one changed byte: not held, and loading it drops the block under it
  EXPECT_FALSE(run->vu.micro().holds(bytes, first));
  run->vu.load_micro(bytes, first);
  EXPECT_GE(run->vu.jit_cache().invalidated(), 1u);
}

}  // namespace
}  // namespace gcvu::test
