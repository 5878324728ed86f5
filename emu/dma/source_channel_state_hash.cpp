// SourceChannel::hash_state (source_channel.hpp), for system::state_hash.

#include "emu/dma/source_channel.hpp"

namespace gcvu::dma {

namespace {
void hash_address(StateHasher& hasher, const EeAddress& address) {
  hasher.add(address.byte);
  hasher.add(address.scratchpad);
}
}  // namespace

void SourceChannel::hash_state(StateHasher& hasher) const {
  hasher.add(mode_);
  hasher.add(phase_);
  hasher.add(state_);
  hasher.add(options_.tte);
  hasher.add(options_.tie);
  hasher.add(options_.tag_budget);
  hasher.add(options_.stall_address.value_or(UINT32_MAX));
  hasher.add(stall_address_.has_value());
  hasher.add(stall_address_.value_or(0));
  hasher.add(cycle_);
  hasher.add(finish_cycle_);
  hash_address(hasher, tadr_);
  hasher.add(stack_.asp());
  hash_address(hasher, stack_.asr(0));
  hash_address(hasher, stack_.asr(1));
  hash_address(hasher, tag_at_);
  hasher.add(tag_qword_);  // tag_ is decoded from it
  hash_address(hasher, step_.data);
  hash_address(hasher, step_.next_tag);
  hasher.add(step_.ends);
  hasher.add(step_.stall_control);
  hasher.add(step_.stack_overflow);
  hash_address(hasher, madr_);
  hash_address(hasher, normal_start_);
  hasher.add(data_qwords_);
  hasher.add(data_done_);
  hasher.add(ends_after_data_);
  hasher.add(irq_after_data_);
  hasher.add(irq_ended_);
  hasher.add(held_);
  hasher.add(held_begin_);
  hasher.add(held_end_);
  hasher.add(held_upper_half_);
  hasher.add(qwords_);
  hasher.add(tags_);
  hasher.add_text(error_);
}

}  // namespace gcvu::dma
