#pragma once
// The GS registers the GIF writes, by address (0x00-0x7F), and one write to them. The addresses are the GS's
// internal register map (ps2tek GS/Register_list.md; PCSX2 GSRegs.h GIF_A_D_REG_*); A+D and REGLIST address these
// directly, PACKED descriptors 0x0-0xD reach the low ones.

#include <cstdint>
#include <string>

namespace gcvu::gif {

namespace gs_reg {
inline constexpr uint8_t kPrim = 0x00;
inline constexpr uint8_t kRgbaq = 0x01;
inline constexpr uint8_t kSt = 0x02;
inline constexpr uint8_t kUv = 0x03;
inline constexpr uint8_t kXyzf2 = 0x04;
inline constexpr uint8_t kXyz2 = 0x05;
inline constexpr uint8_t kTex0_1 = 0x06;
inline constexpr uint8_t kTex0_2 = 0x07;
inline constexpr uint8_t kClamp1 = 0x08;
inline constexpr uint8_t kClamp2 = 0x09;
inline constexpr uint8_t kFog = 0x0a;
inline constexpr uint8_t kXyzf3 = 0x0c;
inline constexpr uint8_t kXyz3 = 0x0d;
inline constexpr uint8_t kTex1_1 = 0x14;
inline constexpr uint8_t kTex1_2 = 0x15;
inline constexpr uint8_t kTex2_1 = 0x16;
inline constexpr uint8_t kTex2_2 = 0x17;
inline constexpr uint8_t kXyoffset1 = 0x18;
inline constexpr uint8_t kXyoffset2 = 0x19;
inline constexpr uint8_t kPrmodecont = 0x1a;
inline constexpr uint8_t kPrmode = 0x1b;
inline constexpr uint8_t kTexclut = 0x1c;
inline constexpr uint8_t kScanmsk = 0x22;
inline constexpr uint8_t kMiptbp1_1 = 0x34;
inline constexpr uint8_t kMiptbp1_2 = 0x35;
inline constexpr uint8_t kMiptbp2_1 = 0x36;
inline constexpr uint8_t kMiptbp2_2 = 0x37;
inline constexpr uint8_t kTexa = 0x3b;
inline constexpr uint8_t kFogcol = 0x3d;
inline constexpr uint8_t kTexflush = 0x3f;
inline constexpr uint8_t kScissor1 = 0x40;
inline constexpr uint8_t kScissor2 = 0x41;
inline constexpr uint8_t kAlpha1 = 0x42;
inline constexpr uint8_t kAlpha2 = 0x43;
inline constexpr uint8_t kDimx = 0x44;
inline constexpr uint8_t kDthe = 0x45;
inline constexpr uint8_t kColclamp = 0x46;
inline constexpr uint8_t kTest1 = 0x47;
inline constexpr uint8_t kTest2 = 0x48;
inline constexpr uint8_t kPabe = 0x49;
inline constexpr uint8_t kFba1 = 0x4a;
inline constexpr uint8_t kFba2 = 0x4b;
inline constexpr uint8_t kFrame1 = 0x4c;
inline constexpr uint8_t kFrame2 = 0x4d;
inline constexpr uint8_t kZbuf1 = 0x4e;
inline constexpr uint8_t kZbuf2 = 0x4f;
inline constexpr uint8_t kBitbltbuf = 0x50;
inline constexpr uint8_t kTrxpos = 0x51;
inline constexpr uint8_t kTrxreg = 0x52;
inline constexpr uint8_t kTrxdir = 0x53;
inline constexpr uint8_t kHwreg = 0x54;
inline constexpr uint8_t kSignal = 0x60;
inline constexpr uint8_t kFinish = 0x61;
inline constexpr uint8_t kLabel = 0x62;
}  // namespace gs_reg

// The register's name ("RGBAQ", "TEX0_1"), or "REG_0x0b" for an address the GS does not define.
std::string gs_register_name(uint8_t address);

// One 64-bit write to a GS register, with the value laid out as the register holds it.
struct RegisterWrite {
  uint8_t address = 0;
  uint64_t value = 0;
  friend bool operator==(const RegisterWrite&, const RegisterWrite&) = default;
};

}  // namespace gcvu::gif
