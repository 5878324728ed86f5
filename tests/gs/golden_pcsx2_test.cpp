// Every case of ../shared/golden-pcsx2 and of ../shared/golden-pcsx2-v2 (game-like frames: render-to-texture,
// re-uploads, CLUT rewrites, 16-bit dithered frames, ...) replayed through gcvu's GS and compared with the GS
// memory PCSX2's software renderer left after each VSync (the corpus README's definition of a reference), byte for
// byte, and with its frame PNG pixel for pixel. Each case runs through the regress runner's case entry
// (harness/regress/case_runner.hpp), the same call `gcvu regress` makes, one test per case. The number of differing
// bytes is printed per VSync; a case that differs in any byte fails.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "harness/regress/case_discovery.hpp"
#include "harness/regress/case_runner.hpp"
#include "harness/regress/dump_cases.hpp"
#include "tests/test_support.hpp"

namespace gcvu {
namespace {

std::filesystem::path corpus_dir() { return test::shared_dir() / "golden-pcsx2"; }
std::filesystem::path corpus_v2_dir() { return test::shared_dir() / "golden-pcsx2-v2"; }

// A corpus's cases as the regress runner's golden-pcsx2 kind reads them from manifest.tsv (every test process
// builds this list, so it reads the manifest rather than walking the tree).
std::vector<harness::RegressCase> corpus() { return harness::find_corpus_cases(corpus_dir()); }
std::vector<harness::RegressCase> corpus_v2() { return harness::find_corpus_cases(corpus_v2_dir()); }

}  // namespace
}  // namespace gcvu

namespace gcvu::harness {
// GoogleTest prints a failing parameter with this instead of its bytes.
void PrintTo(const RegressCase& c, std::ostream* os) { *os << c.name; }
}  // namespace gcvu::harness

namespace gcvu {
namespace {

// Replays one case and fails on any differing byte, printing the count per VSync (and, for a difference, the
// differing bytes named by buffer, pixel, lanes and last writer).
void expect_case_matches(const harness::RegressCase& c, const gs::GsConfig& gs = {}) {
  harness::RegressOptions options;
  options.gs = gs;
  options.pictures = false;  // only the counts matter here
  const harness::CaseResult result = harness::run_regress_case(c, options);
  ASSERT_NE(result.status, harness::CaseStatus::kError) << c.name << ": " << result.messages.at(0);
  ASSERT_EQ(result.vsyncs.size(), c.vram.size()) << c.name << ": one result per VSync reference";
  for (const harness::VsyncOutcome& vsync : result.vsyncs) {
    std::cout << fmt::format("{} vsync {} ({} raster threads): {} differing bytes\n", c.name, vsync.index, gs.threads,
                             vsync.differing_bytes.value());
    if (!vsync.localisation.empty()) std::cout << vsync.localisation;
    if (vsync.differing_bytes == 0u) {
      // The frame PNG is PCSX2's read of circuit 1; our PCRTC output must decode the same memory the same way.
      EXPECT_EQ(vsync.differing_pixels, 0u) << c.name << " vsync " << vsync.index << ": PCRTC output differs";
    }
  }
  EXPECT_EQ(result.differing_bytes(), 0u) << c.name << ": " << c.description;
  EXPECT_EQ(result.status, harness::CaseStatus::kPassed) << c.name;
}

class GoldenPcsx2 : public ::testing::TestWithParam<harness::RegressCase> {};

TEST_P(GoldenPcsx2, ReplayMatchesPcsx2Memory) { expect_case_matches(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Corpus, GoldenPcsx2, ::testing::ValuesIn(corpus()),
                         [](const ::testing::TestParamInfo<harness::RegressCase>& info) { return info.param.name; });

TEST(GoldenPcsx2Corpus, ManifestListsEveryCase) {
  // The whole tree as `gcvu regress` walks it: each case once, as its manifest row (not again as a bare dump).
  const std::filesystem::path root = corpus_dir();
  const auto cases = harness::find_regress_cases({&root, 1});
  EXPECT_EQ(cases.size(), 100u);
  for (const auto& c : cases) {
    EXPECT_EQ(c.kind, "golden-pcsx2") << c.name;
    EXPECT_TRUE(std::filesystem::exists(c.dump)) << c.dump;
  }
}

class GoldenPcsx2V2 : public ::testing::TestWithParam<harness::RegressCase> {};

TEST_P(GoldenPcsx2V2, ReplayMatchesPcsx2Memory) { expect_case_matches(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Corpus, GoldenPcsx2V2, ::testing::ValuesIn(corpus_v2()),
                         [](const ::testing::TestParamInfo<harness::RegressCase>& info) { return info.param.name; });

// With 2 and 3 rasterizer threads, every draw split into bands (the bytes must not depend on either). A suite of
// its own so that the sanitizer run can leave it out (tests/CMakeLists.txt's slow list): it is two thirds of the
// corpus's replays, and the band split runs under ASan in GoldenCases/RasterThreads.
class GoldenPcsx2V2RasterThreads : public ::testing::TestWithParam<harness::RegressCase> {};

TEST_P(GoldenPcsx2V2RasterThreads, ReplayInBandsMatchesPcsx2Memory) {
  for (int threads = 2; threads <= 3; ++threads) {
    gs::GsConfig gs;
    gs.threads = threads;
    gs.parallel_min_pixels = 0;
    expect_case_matches(GetParam(), gs);
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, GoldenPcsx2V2RasterThreads, ::testing::ValuesIn(corpus_v2()),
                         [](const ::testing::TestParamInfo<harness::RegressCase>& info) { return info.param.name; });

// The portable builds of the GS's AVX2 code (GsConfig::allow_avx2 false), which an SSE4-only CPU runs, against
// PCSX2's memory for every case of both corpora; the tests above run the AVX2 builds on an AVX2 machine. The second
// corpus is a suite of its own so that the sanitizer run can leave it out (tests/CMakeLists.txt's slow list): the
// portable code runs under ASan on the first corpus, and the second corpus runs under ASan with the AVX2 builds.
class GoldenPcsx2Portable : public ::testing::TestWithParam<harness::RegressCase> {};
class GoldenPcsx2V2Portable : public ::testing::TestWithParam<harness::RegressCase> {};

void expect_portable_case_matches(const harness::RegressCase& c) {
  gs::GsConfig gs;
  gs.allow_avx2 = false;
  expect_case_matches(c, gs);
}

TEST_P(GoldenPcsx2Portable, ReplayWithoutAvx2MatchesPcsx2Memory) { expect_portable_case_matches(GetParam()); }
TEST_P(GoldenPcsx2V2Portable, ReplayWithoutAvx2MatchesPcsx2Memory) { expect_portable_case_matches(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Corpus, GoldenPcsx2Portable, ::testing::ValuesIn(corpus()),
                         [](const ::testing::TestParamInfo<harness::RegressCase>& info) { return info.param.name; });
INSTANTIATE_TEST_SUITE_P(Corpus, GoldenPcsx2V2Portable, ::testing::ValuesIn(corpus_v2()),
                         [](const ::testing::TestParamInfo<harness::RegressCase>& info) { return info.param.name; });

TEST(GoldenPcsx2V2Corpus, ManifestListsEveryCase) {
  const auto cases = corpus_v2();
  EXPECT_EQ(cases.size(), 120u);
  for (const auto& c : cases) {
    EXPECT_EQ(c.kind, "golden-pcsx2") << c.name;
    EXPECT_TRUE(std::filesystem::exists(c.dump)) << c.dump;
  }
}

}  // namespace
}  // namespace gcvu
