#pragma once
// The PATH1 receiver of `gcvu vu-run`: records every XGKICKed qword with the cycle it left VU memory and ends each
// transfer after the data of an EOP packet, as the GIF would. (A transfer that never reaches an EOP end is bounded by
// the VU's cycle budget: see Vu1::finish_xgkick.)

#include <cstdint>
#include <vector>

#include "emu/gif/packet_tracker.hpp"
#include "emu/vu/xgkick/path1_port.hpp"

namespace gcvu::harness {

struct KickedQword {
  vu::Vec4 value{};       // lanes x..w; x is the lowest address
  uint32_t address = 0;   // qword address in VU data memory (0-1023)
  uint32_t transfer = 0;  // which XGKICK transfer, counting from 0
  uint64_t cycle = 0;     // as the VU counts it (gcvu vu-run starts the program at cycle 0)
  bool ends_transfer = false;
};

class KickRecorder : public vu::Path1Port {
 public:
  // Without `keep_qwords` only counts are kept (a transfer may run to the cycle budget: millions of qwords).
  explicit KickRecorder(bool keep_qwords) : keep_qwords_(keep_qwords) {}

  bool transfer_qword(const vu::Vec4& qword, uint32_t address, uint64_t cycle) override;

  const std::vector<KickedQword>& qwords() const { return qwords_; }
  uint64_t qword_count() const { return qword_count_; }
  uint64_t last_cycle() const { return last_cycle_; }  // of the last qword sent, when qword_count() != 0

 private:
  gif::PacketTracker tracker_;
  std::vector<KickedQword> qwords_;
  bool keep_qwords_;
  uint64_t qword_count_ = 0;
  uint64_t last_cycle_ = 0;
  uint32_t transfer_ = 0;
};

}  // namespace gcvu::harness
