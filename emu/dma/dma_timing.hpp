#pragma once
// The DMA rate model, in cycles of the 294.912 MHz VU clock (= the EE core clock).
//
// Source: ps2tek:PS2/DMAC/README.md, "It can transfer one quadword (16 bytes) at bus speed (half the rate of the
// EE's clock)", so a qword costs one 147.456 MHz bus cycle = 2 VU cycles. A tag is one qword read over the same bus,
// so it costs the same; PCSX2's GIF channel charges 2 EE cycles for a tag's qword read (pcsx2/Gif.cpp GIFdma). With
// TTE the tag's upper half goes to the VIF from that same read, at no extra cost (a gcvu choice).
//
// gcvu choices, not measured on hardware: no bus arbitration with other channels or the EE core (D_CTRL cycle
// stealing and release periods are not modelled), no 8-qword burst granularity, and a full VIF FIFO costs only the
// time it stays full. A transfer that starts at cycle S and reads T tags and D data qwords without waiting ends at
// S + 2T + 2D.

#include <cstdint>

namespace gcvu::dma {

inline constexpr uint64_t kTagReadCycles = 2;
inline constexpr uint64_t kQwordCycles = 2;

}  // namespace gcvu::dma
