#include "emu/vu/state/registers.hpp"

namespace gcvu::vu {

void Registers::reset() {
  vf_ = {};
  vf_[0] = {0, 0, 0, kFloatOne};
  vi_ = {};
  acc_ = {};
  q = p = i = r = 0;
  mac = status = 0;
  clip = 0;
  tpc = 0;
}

void Registers::write_vf_lane(int index, int lane, uint32_t value) {
  index &= 31;
  if (index != 0) vf_[index][lane & 3] = value;
}

}  // namespace gcvu::vu
