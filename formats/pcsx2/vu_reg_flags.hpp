#pragma once
// PCSX2's VI slot numbers of the VU special registers (pcsx2/VU.h VURegFlags): PCSX2 keeps them in VURegs::VI
// after VI00-VI15, so save states and vutrace register dumps hold them there.

namespace gcvu::formats::pcsx2_vi {
inline constexpr int kStatus = 16;
inline constexpr int kMac = 17;
inline constexpr int kClip = 18;
inline constexpr int kR = 20;
inline constexpr int kI = 21;
inline constexpr int kQ = 22;
inline constexpr int kP = 23;
inline constexpr int kTpc = 26;
inline constexpr int kCmsar0 = 27;
inline constexpr int kFbrst = 28;
inline constexpr int kVpuStat = 29;  // in VU0's VI: bit 8 set while VU1 runs
inline constexpr int kCmsar1 = 31;
}  // namespace gcvu::formats::pcsx2_vi
