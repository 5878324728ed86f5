#include "harness/replay/gs_state_registers.hpp"

#include <cstddef>

#include "emu/gif/gs_registers.hpp"

namespace gcvu::harness {
namespace {

namespace reg = gif::gs_reg;

// One table for both directions, so load and save cannot drift apart. FOG is handled apart (PCSX2 saves its
// upper word).
template <typename State, typename File, typename Move>
void map_registers(State& state, File& file, Move move) {
  move(state.prim, file[reg::kPrim]);
  move(state.prmodecont, file[reg::kPrmodecont]);
  move(state.texclut, file[reg::kTexclut]);
  move(state.scanmsk, file[reg::kScanmsk]);
  move(state.texa, file[reg::kTexa]);
  move(state.fogcol, file[reg::kFogcol]);
  move(state.dimx, file[reg::kDimx]);
  move(state.dthe, file[reg::kDthe]);
  move(state.colclamp, file[reg::kColclamp]);
  move(state.pabe, file[reg::kPabe]);
  move(state.bitbltbuf, file[reg::kBitbltbuf]);
  move(state.trxdir, file[reg::kTrxdir]);
  move(state.trxpos, file[reg::kTrxpos]);
  move(state.trxreg, file[reg::kTrxreg]);
  for (size_t c = 0; c < 2; ++c) {
    auto& context = state.contexts[c];
    move(context.xyoffset, file[reg::kXyoffset1 + c]);
    move(context.tex0, file[reg::kTex0_1 + c]);
    move(context.tex1, file[reg::kTex1_1 + c]);
    move(context.clamp, file[reg::kClamp1 + c]);
    move(context.miptbp1, file[reg::kMiptbp1_1 + c]);
    move(context.miptbp2, file[reg::kMiptbp2_1 + c]);
    move(context.scissor, file[reg::kScissor1 + c]);
    move(context.alpha, file[reg::kAlpha1 + c]);
    move(context.test, file[reg::kTest1 + c]);
    move(context.fba, file[reg::kFba1 + c]);
    move(context.frame, file[reg::kFrame1 + c]);
    move(context.zbuf, file[reg::kZbuf1 + c]);
  }
  move(state.rgbaq, file[reg::kRgbaq]);
  move(state.st, file[reg::kSt]);
  move(state.xyz, file[reg::kXyz2]);
}

}  // namespace

gs::GeneralRegisterFile register_file_from(const formats::GsDumpState& state) {
  gs::GeneralRegisterFile file{};
  map_registers(state, file, [](const uint64_t& from, uint64_t& to) { to = from; });
  file[reg::kUv] = state.uv;
  file[reg::kFog] = uint64_t{state.fog} << 32;  // PCSX2 saves FOG's upper word, F in its top byte
  return file;
}

void store_register_file(const gs::GeneralRegisterFile& registers, formats::GsDumpState& state) {
  map_registers(state, registers, [](uint64_t& to, const uint64_t& from) { to = from; });
  state.uv = static_cast<uint32_t>(registers[reg::kUv]);
  state.fog = static_cast<uint32_t>(registers[reg::kFog] >> 32);
}

}  // namespace gcvu::harness
