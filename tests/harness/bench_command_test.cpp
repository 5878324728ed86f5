// gcvu bench: the JSON report's shape, user programs with data images, and bad invocations. Never timing.

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::run_cli;

TEST(BenchCommand, JsonHasEveryBuiltinWorkloadAndTheKeys) {
  auto result = run_cli({"bench", "--json", "--min-seconds", "0.01"});
  ASSERT_EQ(result.code, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  ASSERT_TRUE(report["workloads"].is_array());
  std::vector<std::string> names;
  for (const auto& w : report["workloads"]) {
    names.push_back(w["name"].get<std::string>());
    for (const char* key : {"vu_cycles", "wall_seconds", "vu_hz", "ratio_to_realtime"}) {
      EXPECT_TRUE(w.contains(key)) << key;
      EXPECT_TRUE(w[key].is_number()) << key;
    }
    EXPECT_GT(w["vu_cycles"].get<uint64_t>(), 0u);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"vertex_loop", "madd_chain", "branchy_loop", "tfrag_frame",
                                             "shrub_frame", "moby_frame"}));
}

// The engines give the same cycles, pairs, stalls and PATH1 stream on every built-in workload (the counters of a
// run; tests/vu/block_cross_test.cpp compares everything else).
TEST(BenchCommand, EnginesAgreeOnEveryBuiltinWorkload) {
  std::vector<nlohmann::json> reports;
  for (const char* engine : {"interp", "blocks", "jit"}) {
    auto result = run_cli({"bench", "--json", "--min-seconds", "0", "--engine", engine});
    ASSERT_EQ(result.code, 0) << result.err;
    reports.push_back(nlohmann::json::parse(result.out));
  }
  ASSERT_EQ(reports[0]["workloads"].size(), 6u);
  for (size_t engine = 1; engine < reports.size(); ++engine) {
    for (size_t n = 0; n < 6; ++n) {
      const auto& a = reports[0]["workloads"][n];
      const auto& b = reports[engine]["workloads"][n];
      for (const char* key : {"name", "cycles_per_run", "pairs_per_run", "stall_cycles_per_run",
                              "stall_cycles_by_cause", "path1_qwords_per_run"}) {
        EXPECT_EQ(a[key], b[key]) << a["name"] << " " << key << " engine " << engine;
      }
    }
  }
}

TEST(BenchCommand, RunsAUserProgramWithItsData) {
  test::TempDir dir;
  // Counts VI01 down from the x field of qword 0.
  std::ofstream(dir / "count.vsm") << "        nop     ilw.x VI01, 0(VI00)\n"
                                      "loop:   nop     iaddi VI01, VI01, -1\n"
                                      "        nop     nop\n"
                                      "        nop     ibne VI01, VI00, loop\n"
                                      "        nop     nop\n"
                                      "        nop[E]  nop\n"
                                      "        nop     nop\n";
  std::vector<uint8_t> data(16, 0);
  data[0] = 50;
  test::write_bytes(dir / "count.bin", data);
  auto result = run_cli({"bench", (dir / "count.vsm").string(), "--data", (dir / "count.bin").string(), "--json",
                         "--min-seconds", "0", "--repetitions", "3"});
  ASSERT_EQ(result.code, 0) << result.err;
  auto report = nlohmann::json::parse(result.out);
  ASSERT_EQ(report["workloads"].size(), 1u);
  EXPECT_EQ(report["workloads"][0]["name"], "count");
  EXPECT_EQ(report["workloads"][0]["repetitions"].size(), 3u);
  EXPECT_EQ(report["workloads"][0]["pairs_per_run"], 1u + 50u * 4u + 2u);
}

// The lane census on a program whose lanes are known by hand: MUL.xyz of (1.5, 2.0, an exponent-255 word, 3.0) by
// 2.0 writes three lanes, and double_lanes.hpp's argument leaves out lanes with an exponent-255 operand, so two are
// fast lanes; ADD.xy is counted (one op, two lanes) with no fast path to classify.
TEST(BenchCommand, LaneCensusCountsTheLanesTheDoubleKernelsTake) {
  test::TempDir dir;
  std::ofstream(dir / "lanes.vsm") << "        nop                   lq.xyzw VF01, 0(VI00)\n"
                                      "        nop                   lq.xyzw VF02, 1(VI00)\n"
                                      "        mul.xyz VF03, VF01, VF02   nop\n"
                                      "        add.xy VF05, VF01, VF02    nop\n"
                                      "        nop[E]                nop\n"
                                      "        nop                   nop\n";
  std::vector<uint8_t> data(32, 0);
  const uint32_t words[8] = {0x3fc00000, 0x40000000, 0x7f800000, 0x40400000,
                             0x40000000, 0x40000000, 0x40000000, 0x40000000};
  for (size_t w = 0; w < 8; ++w) {
    for (size_t b = 0; b < 4; ++b) data[4 * w + b] = static_cast<uint8_t>(words[w] >> (8 * b));
  }
  test::write_bytes(dir / "lanes.bin", data);
  auto result = run_cli(
      {"bench", (dir / "lanes.vsm").string(), "--data", (dir / "lanes.bin").string(), "--lane-census", "--json"});
  ASSERT_EQ(result.code, 0) << result.err;
  const auto census = nlohmann::json::parse(result.out)["lane_census"];
  ASSERT_EQ(census.size(), 1u);
  const auto& ops = census[0]["ops"];
  EXPECT_EQ(ops["MUL"]["ops"], 1u);
  EXPECT_EQ(ops["MUL"]["lanes"], 3u);
  EXPECT_EQ(ops["ADD"]["ops"], 1u);
  EXPECT_EQ(ops["ADD"]["lanes"], 2u);
  EXPECT_FALSE(ops["ADD"].contains("fast_lanes"));
  EXPECT_EQ(ops["MADD"]["ops"], 0u);
  if (census[0]["double_kernels"].get<bool>()) {
    EXPECT_EQ(ops["MUL"]["fast_lanes"], 2u);
  } else {
    EXPECT_FALSE(ops["MUL"].contains("fast_lanes"));
  }
  const auto text =
      run_cli({"bench", (dir / "lanes.vsm").string(), "--data", (dir / "lanes.bin").string(), "--lane-census"});
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("fast lanes"), std::string::npos) << text.out;
}

TEST(BenchCommand, TextLineNamesTheUnits) {
  auto result = run_cli({"bench", "--min-seconds", "0"});
  ASSERT_EQ(result.code, 0) << result.err;
  EXPECT_NE(result.out.find("vertex_loop"), std::string::npos);
  EXPECT_NE(result.out.find(" cycles "), std::string::npos);
  EXPECT_NE(result.out.find(" MHz "), std::string::npos);
  EXPECT_NE(result.out.find("x real time"), std::string::npos);
}

TEST(BenchCommand, ProgramThatDoesNotEndIsAnError) {
  test::TempDir dir;
  std::ofstream(dir / "spin.vsm") << "loop: nop b loop\n      nop nop\n";
  auto result = run_cli({"bench", (dir / "spin.vsm").string(), "--min-seconds", "0", "--max-cycles", "1000"});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("cycle budget"), std::string::npos) << result.err;
}

TEST(BenchCommand, BadInvocations) {
  EXPECT_EQ(run_cli({"bench", "--repetitions", "0"}).code, 2);
  EXPECT_EQ(run_cli({"bench", "--data", "x.bin"}).code, 2);
  EXPECT_EQ(run_cli({"bench", "a.vsm", "b.vsm", "--data", "1", "--data", "2", "--data", "3"}).code, 2);
  const auto unknown_engine = run_cli({"bench", "--engine", "fast", "--min-seconds", "0"});
  EXPECT_EQ(unknown_engine.code, 2);
  EXPECT_NE(unknown_engine.err.find("--engine 'fast'"), std::string::npos) << unknown_engine.err;
}

}  // namespace
}  // namespace gcvu::harness
