#pragma once
// The --dump-kicks file of `gcvu vu-run`: JSON Lines, one object per XGKICKed qword in the order they left VU
// memory:
//   {"transfer":0,"cycle":1,"address":0,"qword":["00008001","10000000","00000000","00000000"],"end":false}
// transfer counts XGKICK transfers from 0; cycle is the VU cycle the qword was read (the program starts at 0);
// address is the qword address in data memory (byte address / 16); qword is the four 32-bit lanes x, y, z, w
// (x at the lowest address) in 8-digit lower-case hex; end is true on the qword that ended its transfer (the last
// of an EOP packet, or the one at which an unended transfer was cut at the cycle budget).

#include <string>
#include <vector>

#include "harness/vu_run/kick_recorder.hpp"

namespace gcvu::harness {

std::string format_kick_dump(const std::vector<KickedQword>& qwords);

}  // namespace gcvu::harness
