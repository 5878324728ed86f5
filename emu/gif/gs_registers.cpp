#include "emu/gif/gs_registers.hpp"

#include <fmt/format.h>

namespace gcvu::gif {

std::string gs_register_name(uint8_t address) {
  switch (address) {
    case gs_reg::kPrim: return "PRIM";
    case gs_reg::kRgbaq: return "RGBAQ";
    case gs_reg::kSt: return "ST";
    case gs_reg::kUv: return "UV";
    case gs_reg::kXyzf2: return "XYZF2";
    case gs_reg::kXyz2: return "XYZ2";
    case gs_reg::kTex0_1: return "TEX0_1";
    case gs_reg::kTex0_2: return "TEX0_2";
    case gs_reg::kClamp1: return "CLAMP_1";
    case gs_reg::kClamp2: return "CLAMP_2";
    case gs_reg::kFog: return "FOG";
    case gs_reg::kXyzf3: return "XYZF3";
    case gs_reg::kXyz3: return "XYZ3";
    case gs_reg::kTex1_1: return "TEX1_1";
    case gs_reg::kTex1_2: return "TEX1_2";
    case gs_reg::kTex2_1: return "TEX2_1";
    case gs_reg::kTex2_2: return "TEX2_2";
    case gs_reg::kXyoffset1: return "XYOFFSET_1";
    case gs_reg::kXyoffset2: return "XYOFFSET_2";
    case gs_reg::kPrmodecont: return "PRMODECONT";
    case gs_reg::kPrmode: return "PRMODE";
    case gs_reg::kTexclut: return "TEXCLUT";
    case gs_reg::kScanmsk: return "SCANMSK";
    case gs_reg::kMiptbp1_1: return "MIPTBP1_1";
    case gs_reg::kMiptbp1_2: return "MIPTBP1_2";
    case gs_reg::kMiptbp2_1: return "MIPTBP2_1";
    case gs_reg::kMiptbp2_2: return "MIPTBP2_2";
    case gs_reg::kTexa: return "TEXA";
    case gs_reg::kFogcol: return "FOGCOL";
    case gs_reg::kTexflush: return "TEXFLUSH";
    case gs_reg::kScissor1: return "SCISSOR_1";
    case gs_reg::kScissor2: return "SCISSOR_2";
    case gs_reg::kAlpha1: return "ALPHA_1";
    case gs_reg::kAlpha2: return "ALPHA_2";
    case gs_reg::kDimx: return "DIMX";
    case gs_reg::kDthe: return "DTHE";
    case gs_reg::kColclamp: return "COLCLAMP";
    case gs_reg::kTest1: return "TEST_1";
    case gs_reg::kTest2: return "TEST_2";
    case gs_reg::kPabe: return "PABE";
    case gs_reg::kFba1: return "FBA_1";
    case gs_reg::kFba2: return "FBA_2";
    case gs_reg::kFrame1: return "FRAME_1";
    case gs_reg::kFrame2: return "FRAME_2";
    case gs_reg::kZbuf1: return "ZBUF_1";
    case gs_reg::kZbuf2: return "ZBUF_2";
    case gs_reg::kBitbltbuf: return "BITBLTBUF";
    case gs_reg::kTrxpos: return "TRXPOS";
    case gs_reg::kTrxreg: return "TRXREG";
    case gs_reg::kTrxdir: return "TRXDIR";
    case gs_reg::kHwreg: return "HWREG";
    case gs_reg::kSignal: return "SIGNAL";
    case gs_reg::kFinish: return "FINISH";
    case gs_reg::kLabel: return "LABEL";
    default: return fmt::format("REG_{:#04x}", address);
  }
}

}  // namespace gcvu::gif
