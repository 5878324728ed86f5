#include "emu/vu/pipeline/fdiv_unit.hpp"

namespace gcvu::vu {

namespace {
constexpr uint16_t kStatusId = 0x30;
}

void FdivUnit::start(uint64_t cycle, uint32_t latency, uint32_t q, uint16_t status_id) {
  pending_ = PendingResult{true, cycle, cycle + latency, q, static_cast<uint16_t>(status_id & kStatusId)};
}

void FdivUnit::commit(Registers& registers) {
  registers.q = pending_.value;
  registers.status =
      static_cast<uint16_t>((registers.status & ~kStatusId) | pending_.status_id | (pending_.status_id << 6));
  pending_.busy = false;
}

void EfuUnit::start(uint64_t cycle, uint32_t latency, uint32_t p) {
  if (newest_.busy) landing_ = newest_;
  newest_ = PendingResult{true, cycle, cycle + latency, p, 0};
}

void EfuUnit::commit(uint64_t cycle, Registers& registers) {
  for (PendingResult* result : {&landing_, &newest_}) {
    if (!result->busy || result->ready > cycle) continue;
    registers.p = result->value;
    result->busy = false;
  }
}

}  // namespace gcvu::vu
