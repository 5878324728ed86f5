#pragma once
// The debugger's `vif` view: VIF1's state and registers as named fields (reference/vif-gif-formats.md §1.3-§1.6):
// STAT's fields, CYCLE CL/WL, MASK per cycle row, MODE, ROW/COL, TOPS/TOP/DBF, BASE/OFST, ITOPS/ITOP, NUM, MARK,
// ERR, and the command in hand with its stream offset and phase.

#include <string>

#include "emu/vif/vif1.hpp"

namespace gcvu::harness::debug {

std::string describe_vif(const vif::Vif1& vif);

}  // namespace gcvu::harness::debug
