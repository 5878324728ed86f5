#include "harness/vu_run/kick_recorder.hpp"

namespace gcvu::harness {

bool KickRecorder::transfer_qword(const vu::Vec4& qword, uint32_t address, uint64_t cycle) {
  bool done = tracker_.feed(qword);
  if (keep_qwords_) qwords_.push_back(KickedQword{qword, address, transfer_, cycle, done});
  ++qword_count_;
  last_cycle_ = cycle;
  if (done) ++transfer_;
  return done;
}

}  // namespace gcvu::harness
