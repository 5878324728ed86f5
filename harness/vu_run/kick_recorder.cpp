#include "harness/vu_run/kick_recorder.hpp"

namespace gcvu::harness {

bool KickRecorder::transfer_qword(const vu::Vec4& qword, uint32_t address, uint64_t cycle) {
  uint64_t low = uint64_t{qword[0]} | uint64_t{qword[1]} << 32;
  uint64_t high = uint64_t{qword[2]} | uint64_t{qword[3]} << 32;
  bool done = tracker_.feed(low, high);
  if (keep_qwords_) qwords_.push_back(KickedQword{qword, address, transfer_, cycle, done});
  ++qword_count_;
  last_cycle_ = cycle;
  if (done) ++transfer_;
  return done;
}

}  // namespace gcvu::harness
