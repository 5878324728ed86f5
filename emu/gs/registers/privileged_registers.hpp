#pragma once
// The GS's privileged registers (EE addresses 0x12000000-0x12001FFF) as views over raw 64-bit values, and their
// offsets in the 8 KiB block (the layout of a PCSX2 GS dump's registers packet, reference/vif-gif-formats.md §4a).
// Field positions: GS manual / ps2tek GS/Privileged_registers.md.

#include <cstdint>

#include "emu/gs/registers/register_bits.hpp"

namespace gcvu::gs {

inline constexpr uint32_t kPrivilegedSize = 0x2000;

namespace priv_reg {
inline constexpr uint32_t kPmode = 0x0000;
inline constexpr uint32_t kSmode1 = 0x0010;
inline constexpr uint32_t kSmode2 = 0x0020;
inline constexpr uint32_t kSrfsh = 0x0030;
inline constexpr uint32_t kSynch1 = 0x0040;
inline constexpr uint32_t kSynch2 = 0x0050;
inline constexpr uint32_t kSyncv = 0x0060;
inline constexpr uint32_t kDispfb1 = 0x0070;
inline constexpr uint32_t kDisplay1 = 0x0080;
inline constexpr uint32_t kDispfb2 = 0x0090;
inline constexpr uint32_t kDisplay2 = 0x00a0;
inline constexpr uint32_t kExtbuf = 0x00b0;
inline constexpr uint32_t kExtdata = 0x00c0;
inline constexpr uint32_t kExtwrite = 0x00d0;
inline constexpr uint32_t kBgcolor = 0x00e0;
inline constexpr uint32_t kCsr = 0x1000;
inline constexpr uint32_t kImr = 0x1010;
inline constexpr uint32_t kBusdir = 0x1040;
inline constexpr uint32_t kSiglblid = 0x1080;
}  // namespace priv_reg

struct Pmode {
  uint64_t raw = 0;
  bool en1() const { return bits<0, 1>(raw); }
  bool en2() const { return bits<1, 1>(raw); }
  uint32_t crtmd() const { return field32<2, 3>(raw); }
  bool mmod() const { return bits<5, 1>(raw); }  // 1: blend with ALP, 0: circuit 1 alpha
  bool amod() const { return bits<6, 1>(raw); }  // output alpha from circuit 2 (1) or 1 (0)
  bool slbg() const { return bits<7, 1>(raw); }  // blend circuit 1 with BGCOLOR (1) or circuit 2 (0)
  uint32_t alp() const { return field32<8, 8>(raw); }
};

struct Smode2 {
  uint64_t raw = 0;
  bool interlace() const { return bits<0, 1>(raw); }
  bool ffmd() const { return bits<1, 1>(raw); }  // 1: frame mode, 0: field mode
  uint32_t dpms() const { return field32<2, 2>(raw); }
};

struct Dispfb {
  uint64_t raw = 0;
  uint32_t fbp() const { return field32<0, 9>(raw); }  // pages (units of 2048 words)
  uint32_t fbw() const { return field32<9, 6>(raw); }
  uint32_t psm() const { return field32<15, 5>(raw); }
  uint32_t dbx() const { return field32<32, 11>(raw); }
  uint32_t dby() const { return field32<43, 11>(raw); }
};

struct Display {
  uint64_t raw = 0;
  uint32_t dx() const { return field32<0, 12>(raw); }  // VCK units
  uint32_t dy() const { return field32<12, 11>(raw); }
  uint32_t magh() const { return field32<23, 4>(raw); }  // horizontal magnification - 1
  uint32_t magv() const { return field32<27, 2>(raw); }
  uint32_t dw() const { return field32<32, 12>(raw); }  // width - 1, VCK units
  uint32_t dh() const { return field32<44, 11>(raw); }  // height - 1
};

struct Bgcolor {
  uint64_t raw = 0;
  uint32_t r() const { return field32<0, 8>(raw); }
  uint32_t g() const { return field32<8, 8>(raw); }
  uint32_t b() const { return field32<16, 8>(raw); }
};

}  // namespace gcvu::gs
