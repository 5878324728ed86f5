// Each Vif1Config option where the references disagree, both ways, with expected memory worked by hand.

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "tests/vif/fake_vif_bus.hpp"

namespace gcvu::vif::test {
namespace {

constexpr uint32_t kUntouched = 0xdeadbeef;

// Runs `words` on a VIF1 with `config` over VU memory filled with kUntouched.
struct OptionRun {
  explicit OptionRun(const std::vector<uint32_t>& words, Vif1Config config = {}) : vif(bus, config) {
    for (uint32_t q = 0; q < vu::kDataQwords; ++q) bus.data.qword(q).fill(kUntouched);
    uint64_t clock = 0;
    state = feed(vif, words, clock);
  }
  vu::Vec4 q(uint32_t address) const { return bus.data.qword(address); }
  FakeVifBus bus;
  Vif1 vif;
  Vif1State state;
};

TEST(UnpackOptions, V2WritesXyTwiceByDefault) {
  const std::vector<uint32_t> words = {stcycl(1, 1), unpack(0x4, 1, 0), 0x11, 0x22};
  OptionRun run(words);
  EXPECT_EQ(run.q(0), (vu::Vec4{0x11, 0x22, 0x11, 0x22}));
}

TEST(UnpackOptions, V2ZeroFillsZw) {
  Vif1Config config;
  config.v2_extra = V2Extra::kZero;
  const std::vector<uint32_t> words = {stcycl(1, 1), unpack(0x5, 1, 0), 0xff020001};
  OptionRun run(words, config);
  EXPECT_EQ(run.q(0), (vu::Vec4{0x0001, 0xffffff02, 0, 0}));
}

// V3-32, NUM=2: v0's w is the next source word (v1's x = 0x44); v1 ends the payload, so its w reads 0.
TEST(UnpackOptions, V3WIsTheNextElementByDefault) {
  const std::vector<uint32_t> words = {stcycl(1, 1), unpack(0x8, 2, 0), 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77};
  OptionRun run(words);
  EXPECT_EQ(run.q(0), (vu::Vec4{0x11, 0x22, 0x33, 0x44}));
  EXPECT_EQ(run.q(1), (vu::Vec4{0x44, 0x55, 0x66, 0}));
  // 0x77 is the next VIFcode (cmd 0: a NOP), consumed as such.
  EXPECT_EQ(run.vif.words_consumed(), words.size());
}

// V3-8, NUM=1: three bytes; the fourth byte of the payload word is inside the padded payload, so it is w.
TEST(UnpackOptions, V3WReadsThePaddingInsideThePayload) {
  const std::vector<uint32_t> words = {stcycl(1, 1), unpack(0xa, 1, 0, false, true), 0x7f030201};
  OptionRun run(words);
  EXPECT_EQ(run.q(0), (vu::Vec4{1, 2, 3, 0x7f}));
}

TEST(UnpackOptions, V3WZero) {
  Vif1Config config;
  config.v3_extra = V3Extra::kZero;
  const std::vector<uint32_t> words = {stcycl(1, 1), unpack(0x8, 2, 0), 0x11, 0x22, 0x33, 0x44, 0x55, 0x66};
  OptionRun run(words, config);
  EXPECT_EQ(run.q(0), (vu::Vec4{0x11, 0x22, 0x33, 0}));
  EXPECT_EQ(run.q(1), (vu::Vec4{0x44, 0x55, 0x66, 0}));
}

// Filling CL=1 WL=3, NUM=5, S-32 unmasked: n = 1·(5/3) + min(2,1) = 2 vectors (0x10, 0x20).
// PCSX2: the fill cycles show the next vector unconsumed: 10 20 20 | 20 then the last fill is past the payload: 0.
TEST(UnpackOptions, FillCyclesSeeTheNextVectorByDefault) {
  const std::vector<uint32_t> words = {stcycl(1, 3), unpack(0x0, 5, 0), 0x10, 0x20};
  OptionRun run(words);
  const uint32_t expected[] = {0x10, 0x20, 0x20, 0x20, 0};
  for (uint32_t q = 0; q < 5; ++q) EXPECT_EQ(run.q(q), (vu::Vec4{expected[q], expected[q], expected[q], expected[q]}));
  EXPECT_EQ(run.q(5)[0], kUntouched);
}

// Play!/Dobie: fill cycles write 0 (through MODE: with MODE 1 and ROW = 5 they write ROW).
TEST(UnpackOptions, FillCyclesZero) {
  Vif1Config config;
  config.fill_cycle_data = FillCycleData::kZero;
  const std::vector<uint32_t> words = {vifcode(0x30),     5,    5,   5, 5, stmod(1), stcycl(1, 3),
                                       unpack(0x0, 5, 0), 0x10, 0x20};
  OptionRun run(words, config);
  const uint32_t expected[] = {0x15, 5, 5, 0x25, 5};
  for (uint32_t q = 0; q < 5; ++q) EXPECT_EQ(run.q(q)[0], expected[q]) << "qword " << q;
}

TEST(UnpackOptions, Defaults) {
  const Vif1Config config;
  EXPECT_EQ(config.v2_extra, V2Extra::kRepeatXy);
  EXPECT_EQ(config.v3_extra, V3Extra::kNextElement);
  EXPECT_EQ(config.fill_cycle_data, FillCycleData::kNextVector);
  EXPECT_TRUE(config.check_alignment);
}

}  // namespace
}  // namespace gcvu::vif::test
