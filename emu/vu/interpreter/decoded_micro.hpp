#pragma once
// Micro memory as the issue loop reads it: the instructions, each decoded and planned once when written.
//
// A Vu1 and its copies (the debugger's system snapshots) share one DecodedMicro until one of them writes micro
// memory, which copies it first (Vu1::writable_program). Micro memory changes only through MPG (or a load), so a
// snapshot then costs no copy of these ~330 KiB, and a restored Vu1 holds no pointer into its snapshot: it shares
// ownership of an object neither side changes in place.

#include <array>

#include "emu/vu/interpreter/issue_plan.hpp"
#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/state/memory.hpp"

namespace gcvu::vu {

struct DecodedMicro {
  MicroMemory micro;
  std::array<DecodedBundle, kMicroInstructions> decoded{};
  std::array<IssuePlan, kMicroInstructions> plans{};
};

}  // namespace gcvu::vu
