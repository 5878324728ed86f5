#pragma once
// `gcvu vu-run --trace`: one line per executed instruction pair with its issue cycle, PC, the stall that held it
// (unit, register and fields, cycles) and its disassembly, so a run can be read cycle by cycle.

#include <string>

#include "emu/vu/interpreter/run_state.hpp"

namespace gcvu::harness {

class PairTrace : public vu::PairObserver {
 public:
  void on_pair(const vu::PairEvent& event) override;
  // The heading line and every pair so far.
  const std::string& text() const { return text_; }

 private:
  std::string text_ = "cycle     pc      stall                  upper / lower\n";
};

}  // namespace gcvu::harness
