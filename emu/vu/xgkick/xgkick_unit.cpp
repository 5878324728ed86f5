#include "emu/vu/xgkick/xgkick_unit.hpp"

namespace gcvu::vu {

void XgkickUnit::start(uint32_t qword_address, uint64_t issue_cycle) {
  busy_ = true;
  address_ = qword_address % kDataQwords;
  next_cycle_ = issue_cycle + 1;
  ++transfers_;
}

void XgkickUnit::advance(uint64_t cycle, const DataMemory& memory, Path1Port& port) {
  while (busy_ && next_cycle_ <= cycle) {
    bool done = port.transfer_qword(memory.qword(address_), address_, next_cycle_);
    ++qwords_sent_;
    address_ = (address_ + 1) % kDataQwords;
    free_cycle_ = next_cycle_ + 1;
    next_cycle_ += kCyclesPerQword;
    busy_ = !done;
  }
}

}  // namespace gcvu::vu
