#pragma once
// The divider (DIV, SQRT, RSQRT) and the elementary-function unit (the E* ops): one operation in flight each, whose
// result reaches Q or P after the op's latency. A new op waits for the one in flight (reference/vu1.md §3,
// ps2autotests fdivdelay).

#include <cstdint>

#include "emu/vu/state/registers.hpp"

namespace gcvu::vu {

struct PendingResult {
  bool busy = false;
  uint64_t issue = 0;
  uint64_t ready = 0;  // the first cycle an instruction issuing then sees the new value
  uint32_t value = 0;
  uint16_t status_id = 0;  // FDIV only: status I (bit 4) and D (bit 5) written with Q
};

// DIV/SQRT: Q visible to the instruction issued 7 cycles after the op; RSQRT: 13.
class FdivUnit {
 public:
  static constexpr uint32_t kDivLatency = 7;
  static constexpr uint32_t kSqrtLatency = 7;
  static constexpr uint32_t kRsqrtLatency = 13;

  // The cycle a new FDIV op or WAITQ may issue (0 when idle).
  uint64_t free_cycle() const { return pending_.busy ? pending_.ready : 0; }
  void start(uint64_t cycle, uint32_t latency, uint32_t q, uint16_t status_id);
  // Writes Q, and status I/D (clearing both first, setting their sticky copies), once the latency has passed.
  void retire(uint64_t cycle, Registers& registers) {
    if (pending_.busy && pending_.ready <= cycle) commit(registers);
  }
  const PendingResult& pending() const { return pending_; }
  uint64_t drain_cycle() const { return pending_.busy ? pending_.ready : 0; }
  void clear() { pending_ = {}; }

 private:
  void commit(Registers& registers);
  PendingResult pending_;
};

// EFU ops: P visible to an instruction issued L cycles after the op (L from the op table). Throughput is L-1: a new
// EFU op may issue at L-1, and WAITP releases at L-1 so the pair after it sees P. Public hardware data does not
// settle whether an MFP issued at exactly L-1 without WAITP sees the new P; gcvu says it does not (it sees P from L).
class EfuUnit {
 public:
  uint64_t free_cycle() const { return newest_.busy ? newest_.ready - 1 : 0; }
  // May start while the previous result is still one cycle from landing; that result still lands on time.
  void start(uint64_t cycle, uint32_t latency, uint32_t p);
  void retire(uint64_t cycle, Registers& registers) {
    if ((newest_.busy && newest_.ready <= cycle) || landing_.busy) commit(cycle, registers);
  }
  const PendingResult& pending() const { return newest_; }
  // The previous op's result when a new op started before it landed (busy only then).
  const PendingResult& landing() const { return landing_; }
  uint64_t drain_cycle() const { return newest_.busy ? newest_.ready : 0; }
  // The first cycle a pending P write lands (0 if none).
  uint64_t next_commit() const { return landing_.busy ? landing_.ready : drain_cycle(); }
  void clear() { newest_ = landing_ = {}; }

 private:
  void commit(uint64_t cycle, Registers& registers);
  PendingResult newest_;
  PendingResult landing_;  // the previous op, when a new one started before it wrote P
};

}  // namespace gcvu::vu
