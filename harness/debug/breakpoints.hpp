#pragma once
// Breakpoints: where `continue`, `until`, `finish`, `mscal`, `kick` and `reverse-continue` stop.
//
//   break ADDR|LABEL [if EXPR]        before the pair at ADDR issues (when it becomes the next pair)
//   break read|write|access A[-B]     the pair about to issue reads/writes VU1 data qwords A..B (LQ/SQ/ILW/ISW/...,
//                                     XGKICK's first qword), or VIF1 changed them
//   break change REG                  a register changed (vf05, vf05.x, vi03, acc, q, p, i, r, mac, status, clip)
//   break kick | break mscal          an XGKICK issued / a microprogram started
//   break vif KIND                    VIF1 took a VIFcode of that kind (UNPACK, MSCAL, DIRECT, FLUSH...)
//   ... any of them [if EXPR]         and only when EXPR is true then
//
// A breakpoint is checked after every cycle against what the cycle did (TickEvents) and the state after it.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "harness/debug/debug_machine.hpp"
#include "harness/debug/expression.hpp"
#include "harness/debug/tick_events.hpp"

namespace gcvu::harness::debug {

enum class BreakKind : uint8_t { kPc, kMemory, kRegister, kKick, kMscal, kVif };

struct Breakpoint {
  int id = 0;
  BreakKind kind = BreakKind::kPc;
  std::string text;  // as the user gave it, for `info breakpoints`
  uint32_t pc = 0;   // kPc: in instructions
  uint32_t first_qword = 0, last_qword = 0;  // kMemory
  bool on_read = false, on_write = false;    // kMemory
  std::string register_name;                 // kRegister
  std::string vif_kind;                      // kVif, upper case
  std::optional<Expression> condition;
  uint64_t hits = 0;
  // State seen after the previous cycle, for change and VIF1-write detection.
  std::vector<uint32_t> last_seen;
};

class Breakpoints {
 public:
  // Parses the text after `break`; throws ExpressionError (bad syntax) or std::invalid_argument (bad value).
  const Breakpoint& add(const std::string& text, const std::map<std::string, uint32_t>& labels,
                        const DebugMachine& machine);
  bool remove(int id);
  void clear() { list_.clear(); }
  bool empty() const { return list_.empty(); }
  const std::vector<Breakpoint>& list() const { return list_; }

  // Re-reads the state change breakpoints compare against (after going back).
  void resync(const DebugMachine& machine);
  // The breakpoints this cycle hit, as "breakpoint N (text)"; counts their hits unless `counting` is false.
  std::vector<std::string> check(const TickEvents& events, const DebugMachine& machine, bool counting = true);

  std::string describe() const;  // `info breakpoints`

 private:
  std::vector<Breakpoint> list_;
  int next_id_ = 1;
};

// The bits of a register named as in `break change` (vf05 = 4 words, vf05.x = 1, vi03 = 1...); nullopt if the
// name is not one.
std::optional<std::vector<uint32_t>> read_register(const std::string& name, const vu::Vu1& vu);

}  // namespace gcvu::harness::debug
