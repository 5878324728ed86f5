#pragma once
// The PCRTC setup a run from a save state shows its frame with. A .p2s does not hold the GS's privileged
// registers (PMODE, DISPFB, DISPLAY...: PCSX2 saves them in its private "PCSX2 Internal Structures.dat"), so
// gcvu shows what the drawing context 1 draws into: read circuit 1 on FRAME_1's buffer (FBP, FBW, PSM), over
// SCISSOR_1's rectangle, at 1:1 magnification, with circuit 1 alone in the output (PMODE EN1, MMOD 1, ALP 0xFF).

#include <cstdint>

#include "emu/gs/gs.hpp"

namespace gcvu::harness {

struct FrameDisplay {
  uint64_t pmode = 0;
  uint64_t dispfb1 = 0;
  uint64_t display1 = 0;
};

FrameDisplay display_for_context1(const gs::GeneralRegisterFile& registers);

// Sets PMODE, DISPFB1 and DISPLAY1 (without write rules, as a restored state is set); the rest stays zero.
void show_frame(const FrameDisplay& display, gs::Gs& gs);

}  // namespace gcvu::harness
