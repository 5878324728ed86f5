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

void Registers::write_vf(int index, FieldMask fields, const Vec4& value) {
  index &= 31;
  if (index == 0) return;
  for (int lane = 0; lane < 4; ++lane) {
    if (has_lane(fields, lane)) vf_[index][lane] = value[lane];
  }
}

void Registers::write_vf_lane(int index, int lane, uint32_t value) {
  index &= 31;
  if (index != 0) vf_[index][lane & 3] = value;
}

void Registers::write_vi(int index, uint16_t value) {
  index &= 15;
  if (index != 0) vi_[index] = value;
}

void Registers::write_acc(FieldMask fields, const Vec4& value) {
  for (int lane = 0; lane < 4; ++lane) {
    if (has_lane(fields, lane)) acc_[lane] = value[lane];
  }
}

}  // namespace gcvu::vu
