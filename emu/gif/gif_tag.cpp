#include "emu/gif/gif_tag.hpp"

namespace gcvu::gif {

GifTag GifTag::decode(uint64_t low, uint64_t high) {
  GifTag tag;
  tag.nloop = static_cast<uint16_t>(low & 0x7fff);
  tag.eop = ((low >> 15) & 1) != 0;
  tag.pre = ((low >> 46) & 1) != 0;
  tag.prim = static_cast<uint16_t>((low >> 47) & 0x7ff);
  tag.format = static_cast<GifFormat>((low >> 58) & 3);
  uint8_t nreg = static_cast<uint8_t>((low >> 60) & 0xf);
  tag.nreg = nreg == 0 ? 16 : nreg;
  tag.regs = high;
  return tag;
}

uint32_t GifTag::data_qwords() const {
  switch (format) {
    case GifFormat::kPacked: return uint32_t{nloop} * nreg;
    case GifFormat::kReglist: return (uint32_t{nloop} * nreg + 1) / 2;
    case GifFormat::kImage:
    case GifFormat::kDisabled: return nloop;
  }
  return 0;
}

}  // namespace gcvu::gif
