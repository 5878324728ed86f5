#pragma once
// Follows one path's GIF stream (a tag, its data, the next tag, ...) and turns each qword into GS writes: the
// PACKED, REGLIST and IMAGE rules of reference/vif-gif-formats.md §2.1-2.3, with the per-tag state (the register
// descriptor in turn, the temporary Q). Each path has its own decoder, so an IMT-sliced PATH3 IMAGE keeps its place
// while another path's packet goes through. The temporary Q is therefore per path; PCSX2 keeps one (GSState m_q),
// but since Q resets at every tag with data and only IMAGE tags are sliced, no stream can tell the two apart.
//
// Tag rules:
// - NLOOP = 0: nothing is output and only EOP is honoured (GSState::Transfer, quoting the EE manual §7.2.2).
// - A tag with NLOOP > 0 resets the temporary Q to 1.0 (ps2tek GIF/GIFtags.md; GSState::Transfer).
// - PRE = 1 writes the tag's PRIM field to PRIM before the data, for PACKED tags only, as PCSX2 does
//   (GSState::Transfer). Play! (GIF.cpp) also applies it to IMAGE tags; gcvu follows PCSX2.
// - FLG = 3 is treated as IMAGE (Gif_Tag::setTag).

#include <cstdint>
#include <span>

#include "emu/common/qword.hpp"
#include "emu/gif/gif_tag.hpp"
#include "emu/gif/gs_sink.hpp"
#include "emu/gif/packed_decoder.hpp"

namespace gcvu::gif {

class PathDecoder {
 public:
  // Consumes the next qword of the stream, sending what it produces to `sink` as `path`'s, stamped `cycle`.
  // Returns true when the qword ended a packet (the data of an EOP tag is complete; end_packet was sent).
  bool consume(const Qword& data, Path path, uint64_t cycle, GsSink& sink);

  struct Step {
    size_t qwords = 0;          // qwords taken from the front of the stream
    bool ended_packet = false;  // as consume's result
  };
  // The same for a sender that holds a stretch of the stream: `stream` starts at the next qword and its first
  // `available` whole qwords may be consumed now; the bytes after them only follow. Takes one qword, or, in IMAGE
  // data, every available qword of the tag at once, sent as one run with the rest of `stream` as the bytes that
  // follow it (PCSX2's GSState::Transfer hands the GS a tag's IMAGE data within one packet in one piece).
  Step consume_run(std::span<const uint8_t> stream, size_t available, Path path, uint64_t cycle, GsSink& sink);

  bool expecting_tag() const { return remaining_ == 0; }
  // A packet has started (its first tag went through) and has not ended.
  bool in_packet() const { return in_packet_; }
  // The next qword is data of an IMAGE tag.
  bool in_image_data() const {
    return remaining_ != 0 && tag_.format != GifFormat::kPacked && tag_.format != GifFormat::kReglist;
  }
  // Data qwords of the current tag already consumed.
  uint32_t data_done() const { return done_; }
  const GifTag& tag() const { return tag_; }
  void hash_state(StateHasher& hasher) const {
    tag_.hash_state(hasher);
    hasher.add(remaining_);
    hasher.add(done_);
    hasher.add(temporary_q_);
    hasher.add(in_packet_);
  }

 private:
  void start_tag(const Qword& data, Path path, uint64_t cycle, GsSink& sink);
  void consume_data(const Qword& data, Path path, uint64_t cycle, GsSink& sink);
  bool end_packet_if_done(Path path, uint64_t cycle, GsSink& sink);

  GifTag tag_;
  uint32_t remaining_ = 0;  // data qwords of the current tag still to come
  uint32_t done_ = 0;       // data qwords of the current tag consumed
  uint32_t temporary_q_ = kQOne;
  bool in_packet_ = false;
};

}  // namespace gcvu::gif
