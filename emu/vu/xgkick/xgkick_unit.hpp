#pragma once
// XGKICK's background PATH1 transfer: from qword (VI[is] & 0x3FF), wrapping at 16 KiB, one qword every 2 cycles,
// while the program runs on (reference/vu1.md §3 "XGKICK"). gcvu's timing choice: the first qword is read the cycle
// after the XGKICK issues, qword k at issue + 1 + 2k, and a second XGKICK may issue the cycle after the last qword
// was read, so its first qword follows 2 cycles after that last one and back-to-back transfers keep the rate.

#include <cstdint>

#include "emu/vu/state/memory.hpp"
#include "emu/vu/xgkick/path1_port.hpp"

namespace gcvu::vu {

class XgkickUnit {
 public:
  static constexpr uint32_t kCyclesPerQword = 2;

  bool busy() const { return busy_; }
  uint32_t next_address() const { return address_; }
  uint64_t next_cycle() const { return next_cycle_; }
  uint64_t qwords_sent() const { return qwords_sent_; }
  uint64_t transfers() const { return transfers_; }

  void start(uint32_t qword_address, uint64_t issue_cycle);
  // Sends every qword due at or before `cycle` (reads happen before the pair issued in that cycle executes).
  void advance(uint64_t cycle, const DataMemory& memory, Path1Port& port);
  // The cycle at which a new XGKICK may issue; only meaningful once !busy().
  uint64_t free_cycle() const { return free_cycle_; }
  void clear() { *this = XgkickUnit{}; }

 private:
  bool busy_ = false;
  uint32_t address_ = 0;
  uint64_t next_cycle_ = 0;
  uint64_t free_cycle_ = 0;
  uint64_t qwords_sent_ = 0;
  uint64_t transfers_ = 0;
};

}  // namespace gcvu::vu
