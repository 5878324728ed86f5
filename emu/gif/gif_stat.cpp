#include "emu/gif/gif_stat.hpp"

#include <fmt/format.h>

namespace gcvu::gif {
namespace {

constexpr uint32_t bit(bool value, unsigned position) { return uint32_t{value} << position; }

}  // namespace

uint32_t GifStat::pack() const {
  return bit(m3r, 0) | bit(m3p, 1) | bit(imt, 2) | bit(pse, 3) | bit(ip3, 5) | bit(p3q, 6) | bit(p2q, 7) | bit(p1q, 8) |
         bit(oph, 9) | uint32_t{apath & 3u} << 10 | bit(dir, 12) | uint32_t{fqc & 0x1fu} << 24;
}

GifStat GifStat::unpack(uint32_t value) {
  auto flag = [value](unsigned position) { return ((value >> position) & 1) != 0; };
  GifStat stat;
  stat.m3r = flag(0);
  stat.m3p = flag(1);
  stat.imt = flag(2);
  stat.pse = flag(3);
  stat.ip3 = flag(5);
  stat.p3q = flag(6);
  stat.p2q = flag(7);
  stat.p1q = flag(8);
  stat.oph = flag(9);
  stat.apath = static_cast<uint8_t>((value >> 10) & 3);
  stat.dir = flag(12);
  stat.fqc = static_cast<uint8_t>((value >> 24) & 0x1f);
  return stat;
}

std::string GifStat::to_string() const {
  return fmt::format(
      "M3R={:d} M3P={:d} IMT={:d} PSE={:d} IP3={:d} P3Q={:d} P2Q={:d} P1Q={:d} OPH={:d} APATH={} DIR={:d} "
      "FQC={}",
      m3r, m3p, imt, pse, ip3, p3q, p2q, p1q, oph, apath, dir, fqc);
}

}  // namespace gcvu::gif
