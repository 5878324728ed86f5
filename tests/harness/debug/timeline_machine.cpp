#include "tests/harness/debug/timeline_machine.hpp"

#include <gtest/gtest.h>

#include "tests/system/e2e_stream.hpp"

namespace gcvu::test {

namespace {

constexpr uint32_t vifcode(uint32_t cmd, uint32_t num, uint32_t imm) { return cmd << 24 | num << 16 | imm; }

constexpr const char* kProgram =
    "        nop                     xtop VI01\n"
    "        nop                     div Q, VF00w, VF00w\n"
    "        nop                     waitq\n"
    "        nop                     esqrt P, VF00w\n"
    "        nop                     xgkick VI01\n"
    "        nop[E]                  nop\n"
    "        nop                     nop\n";

// Forwards pairs to the timeline only while the machine feeds it.
class GatedObserver : public vu::PairObserver {
 public:
  GatedObserver(harness::debug::TimelinePairObserver& inner, const bool& open) : inner_(inner), open_(open) {}
  void on_pair(const vu::PairEvent& event) override {
    if (open_) inner_.on_pair(event);
  }

 private:
  harness::debug::TimelinePairObserver& inner_;
  const bool& open_;
};

}  // namespace

std::vector<uint32_t> timeline_stream_words() {
  std::vector<uint32_t> words = {
      vifcode(0x03, 0, 0x000),   // BASE 0
      vifcode(0x02, 0, 0x100),   // OFFSET 0x100
      vifcode(0x01, 0, 0x0404),  // STCYCL CL=4 WL=4
      vifcode(0x4a, 7, 0),       // MPG 7 instructions at 0, data from word 4
  };
  const std::vector<uint32_t> program = assembled_words(kProgram);
  words.insert(words.end(), program.begin(), program.end());
  words.push_back(vifcode(0x6c, 2, 0x8000));  // UNPACK V4-32, NUM 2, FLG, ADDR 0
  const std::vector<uint32_t> packet = ad_packet(0x4c, 0x1111);
  words.insert(words.end(), packet.begin(), packet.end());
  words.push_back(vifcode(0x14, 0, 0));  // MSCAL 0
  return words;
}

namespace {

// run(until) stops at a given cycle, so the steps must not jump across it: VU1 may run alone (while VIF1 waits for
// it, as these tests' cycles were worked with) but the wider bursts are off.
system::SystemConfig stepping_config() {
  system::SystemConfig config;
  config.bursts = false;
  return config;
}

}  // namespace

TimelineMachine::TimelineMachine() : system(recorder, stepping_config()), observer(timeline, system.vu()) {
  const std::vector<uint8_t> bytes = stream_bytes(timeline_stream_words());
  EXPECT_TRUE(system.ee().load_ram(bytes, 0));
  system.dma().start_normal(0, static_cast<uint32_t>(bytes.size() / 16));
}

std::optional<system::RunResult> TimelineMachine::run(uint64_t until) {
  GatedObserver gate(observer, feed);
  system.vu().set_observer(&gate);
  std::optional<system::RunResult> result;
  while (system.cycle() < until) {
    result = system.step();
    if (result) break;
    ticks.push_back(system.cycle());
    if (feed) timeline.on_tick(system.cycle(), system.vif(), system.vu());
  }
  system.vu().set_observer(nullptr);
  return result;
}

}  // namespace gcvu::test
