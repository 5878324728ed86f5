#pragma once
// Assembles a .vsm program, runs it on VU1 alone with a PATH1 recorder, and gives the result to a test.

#include <memory>
#include <string_view>
#include <vector>

#include "emu/gif/packet_tracker.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::test {

// Records XGKICK qwords with the cycle each left VU memory; ends transfers at the end of an EOP packet.
class RecordingPath1 : public vu::Path1Port {
 public:
  struct Qword {
    vu::Vec4 value;
    uint32_t address;
    uint64_t cycle;
  };
  bool transfer_qword(const vu::Vec4& qword, uint32_t address, uint64_t cycle) override;
  // The recorded stream split into GIF packets (tags and data as kicked; PACKED: NLOOP x NREG data qwords per tag,
  // an EOP tag ends a packet).
  std::vector<std::vector<vu::Vec4>> gif_packets() const;
  std::vector<Qword> qwords;

 private:
  gif::PacketTracker tracker_;
};

struct VuRun {
  explicit VuRun(vu::Vu1Config config = {}) : vu(config) { vu.set_path1(&path1); }
  vu::Vu1 vu;
  RecordingPath1 path1;
  vu::StopReason reason = vu::StopReason::kRunning;

  // vfN lane as a bit pattern; lane 0 = x.
  uint32_t vf(int index, int lane) const { return vu.registers().vf_lane(index, lane); }
  uint16_t vi(int index) const { return vu.registers().vi(index); }
  uint64_t cycles() const { return vu.cycle() - vu.start_cycle(); }
};

// Assembles `source` (throws microcode::SourceError on a bad program), loads it at 0 and runs it from 0. Also runs
// it through the other engine (Vu1Config::engine switched between interp and blocks) and expects the same end
// state.
std::unique_ptr<VuRun> run_vsm(std::string_view source, vu::Vu1Config config = {}, void (*prepare)(vu::Vu1&) = nullptr);

// Collects every executed pair.
class PairLog : public vu::PairObserver {
 public:
  void on_pair(const vu::PairEvent& event) override { events.push_back(event); }
  std::vector<vu::PairEvent> events;
};

}  // namespace gcvu::test
