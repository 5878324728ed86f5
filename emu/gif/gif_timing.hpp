#pragma once
// The GIF's transfer rate on the 294.912 MHz VU clock: one qword (a tag or a data qword, any format) every
// kGifCyclesPerQword cycles, stamped with the cycle it goes to the GS.
//
// Why 2: the buses that feed the GIF move one 128-bit qword per 147.456 MHz bus cycle, i.e. per 2 VU cycles (the
// EE's 128-bit main bus for PATH3; XGKICK sends PATH1 at 1 qword per 2 VU cycles, reference/vif-gif-formats.md §2.4
// and vu1.md §3), so the GIF drains as fast as its fastest feeder fills it. PCSX2 (Gif_Unit.h Gif_Tag::setTag)
// charges different EE-cycle costs per format (PACKED 2, REGLIST and IMAGE 4, the tag 2) for its interrupt timing;
// those are not hardware measurements, and gcvu keeps one rate. Path switches cost no cycle, and ps2tek's "idle
// cycle" before a tag without PRE (GIF/GIFtags.md) is not modelled. Unmeasured: revisit with hardware timings.

#include <cstdint>

namespace gcvu::gif {

inline constexpr uint64_t kGifCyclesPerQword = 2;

}  // namespace gcvu::gif
