#pragma once
// Where XGKICK sends its qwords: the GIF's PATH1 input in the clocked system, a recorder in `gcvu vu-run` and tests.

#include <cstdint>

#include "emu/vu/state/vector.hpp"

namespace gcvu::vu {

class Path1Port {
 public:
  virtual ~Path1Port() = default;
  // One qword of an XGKICK transfer, read from VU data memory at `cycle` from qword address `address`.
  // Returns true when this qword ended the transfer (it completed a GIF packet whose tag had EOP set).
  virtual bool transfer_qword(const Vec4& qword, uint32_t address, uint64_t cycle) = 0;
};

}  // namespace gcvu::vu
