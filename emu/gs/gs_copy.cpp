// Gs copies (gs.hpp), for a debugger that snapshots the GS beside the clocked system.

#include "emu/gs/gs_core.hpp"

namespace gcvu::gs {

void Gs::Core::copy_state(const Core& other) {
  registers = other.registers;
  prim = other.prim;
  next_vertex = other.next_vertex;
  queue = other.queue;
  batch_state = other.batch_state;
  batch_state_valid = other.batch_state_valid;
  kick_state.valid = false;  // derived from the registers just taken
  stats = other.stats;
  buffer_layout = other.buffer_layout;
  resident_textures = other.resident_textures;
  transfer_destination = other.transfer_destination;
  draws_at_transfer_invalidation = other.draws_at_transfer_invalidation;
  events = other.events;
  transfer_event = other.transfer_event;
}

Gs::Gs(const Gs& other)
    : config_(other.config_),
      memory_(other.memory_),
      clut_(other.clut_),
      transfer_(other.transfer_),
      privileged_(other.privileged_),
      core_(std::make_unique<Core>(*this)) {
  core_->copy_state(*other.core_);
}

Gs& Gs::operator=(const Gs& other) {
  if (this == &other) return *this;
  config_ = other.config_;
  memory_ = other.memory_;
  clut_ = other.clut_;
  transfer_ = other.transfer_;
  privileged_ = other.privileged_;
  core_->copy_state(*other.core_);  // keeps this GS's draw threads
  return *this;
}

}  // namespace gcvu::gs
