// Vif1::hash_state (vif1.hpp), for system::state_hash.

#include "emu/vif/vif1.hpp"

namespace gcvu::vif {

void Vif1::hash_state(StateHasher& hasher) const {
  for (int reg = 0; reg < kVif1RegCount; ++reg) hasher.add(regs_.read(static_cast<Vif1Reg>(reg)));
  hasher.add_span(std::span<const uint32_t>(fifo_.data(), fifo_.size()));
  hasher.add(state_);
  hasher.add(phase_);
  hasher.add(stall_);
  hasher.add(interrupt_pending_);
  hasher.add(stop_requested_);
  hasher.add_text(error_);
  hasher.add(code_.word);  // the rest of code_ and info_ follow from it
  hasher.add(code_offset_);
  for (uint32_t value : {static_cast<uint32_t>(unpack_.format), static_cast<uint32_t>(unpack_.masked),
                         static_cast<uint32_t>(unpack_.unsigned_), unpack_.address, unpack_.remaining, unpack_.cycle,
                         unpack_.cl, unpack_.wl, unpack_.vectors, unpack_.vectors_read, unpack_.payload_bytes}) {
    hasher.add(value);
  }
  hasher.add(unpack_words_taken_);
  hasher.add(mpg_index_);
  hasher.add(data_left_);
  hasher.add(half_clock_);
  hasher.add(wait_half_cycles_);
  hasher.add(words_consumed_);
  hasher.add(qword_origin_);
  hasher.add(upper_half_marks_.size());
  for (uint64_t mark : upper_half_marks_) hasher.add(mark);
}

}  // namespace gcvu::vif
