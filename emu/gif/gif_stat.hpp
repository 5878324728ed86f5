#pragma once
// GIF_STAT (0x10003020) as named fields, packed into the 32-bit register only by pack() (ps2tek GIF/IO.md;
// PCSX2 Gif.h tGIF_STAT; reference/vif-gif-formats.md §2.4):
//   0 M3R  PATH3 masked by GIF_MODE          1 M3P  PATH3 masked by VIF1 MSKPATH3
//   2 IMT  intermittent mode (GIF_MODE)      3 PSE  temporary stop (GIF_CTRL; gcvu has no GIF_CTRL, always 0)
//   5 IP3  PATH3 interrupted by an IMT slice 6 P3Q  PATH3 waiting   7 P2Q  PATH2 waiting   8 P1Q  PATH1 waiting
//   9 OPH  a transfer is in progress         10-11 APATH  0 idle, 1-3 the path that owns the GIF
//  12 DIR  0 = EE->GS (gcvu never reads back)   24-28 FQC  qwords in the PATH3 GIF FIFO, 0-16

#include <cstdint>
#include <string>

namespace gcvu::gif {

struct GifStat {
  bool m3r = false;
  bool m3p = false;
  bool imt = false;
  bool pse = false;
  bool ip3 = false;
  bool p3q = false;
  bool p2q = false;
  bool p1q = false;
  bool oph = false;
  uint8_t apath = 0;  // 2 bits
  bool dir = false;
  uint8_t fqc = 0;  // 5 bits

  uint32_t pack() const;
  static GifStat unpack(uint32_t value);
  // "M3R=0 M3P=1 ... APATH=2 DIR=0 FQC=16"
  std::string to_string() const;
  friend bool operator==(const GifStat&, const GifStat&) = default;
};

}  // namespace gcvu::gif
