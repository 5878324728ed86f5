#pragma once
// What the issue loop needs of one micro-memory word, worked out once when the word is written: the reads that can
// stall it, what it waits for, the same-pair rules that apply, and the two halves' semantics as function pointers.

#include <array>
#include <cstdint>

#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/state/memory.hpp"
#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

class Vu1;

// A lower op's VF result, returned rather than written so the paired upper op's write can win, and its branch.
struct LowerResult {
  VfUse vf_write;
  Vec4 vf_value{};
  bool branch_taken = false;
  uint32_t branch_target = 0;
};

// Where B, BAL or an IBxx at `pc` goes: the delay slot's address plus the signed offset, within micro memory.
constexpr uint32_t relative_branch_target(uint32_t pc, int32_t offset) {
  return (pc + 1 + static_cast<uint32_t>(offset)) % kMicroInstructions;
}

using UpperFn = void (*)(Vu1&, const DecodedOp&, const OpInfo&);

// What an upper op that sets MAC/status does with that result (flag_liveness.hpp decides it per block):
enum class FlagUse : uint8_t {
  kLive,          // goes through the flag pipeline, as always outside blocks
  kDead,          // no instruction or observer can see it: left out; only its sticky bits are kept, for the next
  kLiveCarrying,  // goes through the flag pipeline carrying the sticky bits of the dead results just before it
};
inline constexpr size_t kFlagUseCount = 3;
using LowerFn = void (*)(Vu1&, const DecodedOp&, const OpInfo&, uint32_t pc, LowerResult&);

struct IssuePlan {
  enum class Wait : uint8_t { kNone, kFdiv, kWaitQ, kEfu, kWaitP, kXgkick };
  std::array<VfUse, 4> vf_reads{};  // every VF field read by either half
  uint8_t vf_read_count = 0;
  uint16_t vi_reads = 0;  // the lower op's VI reads (ILW hazards)
  Wait wait = Wait::kNone;
  uint8_t history_vi = 0;  // the VI the lower op writes, for the branch rule (0: none or a flag op)
  bool history_read_same = false;
  bool invalid = false;
  bool loi = false;
  bool lower_idle = false;  // the lower op has no effect beyond its stall (NOP, WAITQ, WAITP)
  bool clash = false;       // both halves write the same VF
  bool upper_idle = false;  // the upper op is NOP
  bool e_bit = false, d_bit = false, t_bit = false;
  // Worked out with the Vu1Config, which never changes: whether the lower op runs at all (not LOI, not idle, not
  // skipped for a write clash), whether its VI write goes into the branch history, whether D/T stop the program.
  bool runs_lower = false;
  bool records_history = false;
  bool stops = false;
  std::array<UpperFn, kFlagUseCount> upper_fns{};  // the upper op, specialised by form, per FlagUse
  LowerFn lower_fn = nullptr;  // the lower op, specialised by opcode
};

}  // namespace gcvu::vu
