// Named cross-check: every case of ../shared/golden-pcsx2 replayed with the GS on its own thread (system/gs_feed.hpp)
// leaves the GS in the same state after every VSync as the single-threaded replay (memory byte for byte, registers,
// CLUT: compared as state hashes), with 1, 2 and 3 rasterizer threads and every draw split into bands. (GoldenPcsx2 compares the single-threaded replay with PCSX2's memory.)
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "emu/common/state_hasher.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "harness/regress/dump_cases.hpp"
#include "harness/replay/gs_replay.hpp"
#include "tests/test_support.hpp"

namespace gcvu {
namespace {

// The GS's whole state after each VSync (gs_state_hash.hpp: memory, registers, CLUT, ...), as a 64-bit XXH3.
std::vector<uint64_t> state_per_vsync(const formats::GsDump& dump, const gs::GsConfig& config) {
  gs::Gs gs(config);
  harness::ReplayOptions options;
  options.gs = config;
  std::vector<uint64_t> states;
  harness::replay_gs_dump(dump, gs, options, [&](uint32_t, const gs::Gs& state) {
    StateHasher hasher;
    state.hash_state(hasher);
    states.push_back(hasher.digest());
  });
  return states;
}

TEST(GsThreadCorpus, ThreadedGsMatchesTheSingleThreadedReplayForOneTwoAndThreeRasterThreads) {
  const auto cases = harness::find_corpus_cases(test::shared_dir() / "golden-pcsx2");
  ASSERT_EQ(cases.size(), 100u);
  size_t vsyncs = 0;
  for (const harness::RegressCase& c : cases) {
    const formats::GsDump dump =
        formats::read_gs_dump(formats::read_file(c.dump, formats::kMaxGsDumpFileBytes), c.dump.string());
    gs::GsConfig single;
    single.threads = 1;
    const auto reference = state_per_vsync(dump, single);
    ASSERT_FALSE(reference.empty()) << c.name;
    vsyncs += reference.size();
    for (int threads = 1; threads <= 3; ++threads) {
      gs::GsConfig config;
      config.own_thread = true;
      config.threads = threads;
      config.parallel_min_pixels = 0;
      const auto threaded = state_per_vsync(dump, config);
      ASSERT_EQ(threaded.size(), reference.size()) << c.name;
      for (size_t i = 0; i < reference.size(); ++i) {
        EXPECT_EQ(threaded[i], reference[i])
            << c.name << " vsync " << i << " differs with the GS thread and " << threads << " rasterizer threads";
      }
    }
  }
  EXPECT_GE(vsyncs, 100u);
}

}  // namespace
}  // namespace gcvu
