#pragma once
// Follows a GIF transfer qword by qword (tag, its data, the next tag...) to find where it ends: after the data of
// a tag with EOP set. Used by whoever receives a PATH1 (XGKICK) transfer to tell the VU when to stop.

#include <array>
#include <cstdint>

#include "emu/gif/gif_tag.hpp"

namespace gcvu::gif {

class PacketTracker {
 public:
  // Feeds one qword; returns true when it ended the transfer. The tracker is then ready for a new transfer.
  // Inline for the data qwords, most of every PATH1 packet; a tag goes to feed_tag.
  bool feed(uint64_t low, uint64_t high) {
    if (remaining_ == 0) return feed_tag(low, high);
    --remaining_;
    packet_ended_ = remaining_ == 0 && tag_.eop;
    return packet_ended_;
  }
  // The same qword as four 32-bit words, lowest address first (as VU memory and the VU's Vec4 hold it).
  bool feed(const std::array<uint32_t, 4>& words) {
    return feed(uint64_t{words[0]} | uint64_t{words[1]} << 32, uint64_t{words[2]} | uint64_t{words[3]} << 32);
  }
  bool expecting_tag() const { return remaining_ == 0; }
  // The last qword fed ended a transfer (what feed() returned for it).
  bool packet_ended() const { return packet_ended_; }
  const GifTag& current_tag() const { return tag_; }
  // The size of the current packet (or of the one that just ended) as its tags so far declare it, in qwords: each
  // tag plus the data it announces, known as soon as the tag is fed. The PATH1 16 KiB rule checks it.
  uint64_t packet_qwords() const { return packet_qwords_; }
  void hash_state(StateHasher& hasher) const {
    tag_.hash_state(hasher);
    hasher.add(remaining_);
    hasher.add(packet_qwords_);
    hasher.add(packet_ended_);
  }

 private:
  bool feed_tag(uint64_t low, uint64_t high);

  GifTag tag_;
  uint32_t remaining_ = 0;      // data qwords still to come for the current tag
  uint64_t packet_qwords_ = 0;  // see packet_qwords()
  bool packet_ended_ = true;    // the last qword fed ended a packet, so the next tag starts a new one
};

}  // namespace gcvu::gif
