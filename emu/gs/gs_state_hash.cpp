#include "emu/gs/gs_state_hash.hpp"

#include <bit>

#include "emu/gs/gs_core.hpp"

namespace gcvu::gs {

namespace {

void hash_vertex(StateHasher& hasher, const GsVertex& vertex) {
  for (uint32_t value :
       {std::bit_cast<uint32_t>(vertex.s), std::bit_cast<uint32_t>(vertex.t), vertex.rgba,
        std::bit_cast<uint32_t>(vertex.q), vertex.x, vertex.y, vertex.z, vertex.u, vertex.v, vertex.fog}) {
    hasher.add(value);
  }
}

}  // namespace

void Gs::Core::hash_state(StateHasher& hasher) const {
  hasher.add(registers);
  hasher.add(prim.raw);
  hash_vertex(hasher, next_vertex);
  hasher.add(queue.type());
  hasher.add(queue.held_vertices());
  hasher.add(queue.vertices().size());
  for (const GsVertex& vertex : queue.vertices()) hash_vertex(hasher, vertex);
  hasher.add_span(queue.indices());
  hasher.add(batch_state_valid);
  for (uint64_t count : {stats.draws, stats.primitives, stats.pixels, stats.transfers}) hasher.add(count);
  for (const BufferLayoutState& layout : buffer_layout) {
    hasher.add(layout.frame_low);
    hasher.add(layout.zbuf_low);
    hasher.add(layout.z_psm_drawn);
  }
  for (uint32_t value : {transfer_destination.base_block, transfer_destination.width_64, transfer_destination.psm}) {
    hasher.add(value);
  }
  for (int32_t edge : {transfer_destination.rect.left, transfer_destination.rect.top, transfer_destination.rect.right,
                       transfer_destination.rect.bottom}) {
    hasher.add(edge);
  }
  hasher.add(draws_at_transfer_invalidation);
}

void Gs::hash_state(StateHasher& hasher) const {
  hasher.add_span(memory_.bytes());
  hasher.add(privileged_);
  hasher.add_span(std::span<const uint16_t>(clut_.entries()));
  hasher.add(clut_.cbp0());
  hasher.add(clut_.cbp1());
  hasher.add(transfer_.direction());
  hasher.add(transfer_.bytes_remaining());
  core_->hash_state(hasher);
}

uint64_t state_hash(const Gs& gs) {
  StateHasher hasher;
  gs.hash_state(hasher);
  return hasher.digest();
}

}  // namespace gcvu::gs
