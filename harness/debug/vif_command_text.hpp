#pragma once
// A VIFcode as one short line for the timeline and the `vif` view: the command and the fields that say what it
// does ("UNPACK V4-32 num 8", "STCYCL CL 4 WL 4", "MSCAL 0x0040"), per reference/vif-gif-formats.md §1.2.

#include <string>

#include "emu/vif/vif_code.hpp"

namespace gcvu::harness::debug {

std::string vif_command_text(const vif::VifCode& code);

}  // namespace gcvu::harness::debug
