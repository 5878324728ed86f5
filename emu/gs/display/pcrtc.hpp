#pragma once
// The PCRTC: the displayed picture, read circuits 1 and 2 (DISPFB/DISPLAY) merged per PMODE over BGCOLOR
// (GS manual §3.2 "PCRTC"; ps2tek GS/Privileged_registers.md).
//
// What gcvu models: progressive output (SMODE2 interlace/field modes read every line), each circuit's picture of
// (DW+1)/(MAGH+1) x (DH+1)/(MAGV+1) pixels placed at (DX/(MAGH+1), DY/(MAGV+1)), the union of the enabled circuits
// as the image, and the merge out = (c1·a + bg·(255-a)) / 255 rounded, with a = ALP (MMOD=1) or circuit 1's alpha
// doubled and saturated (MMOD=0, alpha 0x80 = 1.0), bg = BGCOLOR (SLBG=1) or circuit 2 where it is shown. With
// ALP = 0xFF the output is circuit 1's pixels exactly. Not modelled: the CRT's own timing and offsets, readout
// magnification artefacts, the EXTBUF write-back.

#include <cstdint>
#include <span>

#include "emu/gs/display/framebuffer_readout.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "formats/png/png.hpp"

namespace gcvu::gs {

// `privileged` is the 8 KiB privileged block as 64-bit registers (Gs::privileged's layout). Each circuit's rows are
// read whole and merged a row at a time; Readout::kPixelByPixel samples and merges each display pixel on its own
// through read_pixel, the reference path the cross-check compares with.
formats::Image render_display(const LocalMemory& memory, std::span<const uint64_t> privileged,
                              Readout readout = Readout::kRows);

}  // namespace gcvu::gs
