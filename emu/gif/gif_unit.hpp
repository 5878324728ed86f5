#pragma once
// The GIF: three path inputs (PATH1 from XGKICK, PATH2 from VIF1 DIRECT/DIRECTHL, PATH3 from the GIF DMA channel),
// arbitrated PATH1 > PATH2 > PATH3 at packet boundaries, decoding GIFtags and PACKED/REGLIST/IMAGE data into the
// ordered GS write stream of gs_sink.hpp (reference/vif-gif-formats.md §2). It keeps its own clock.
//
// This header is the contract the clocked system codes against: the public members below keep these signatures.
//
// The model (each rule's source is in the header named):
// - Inputs (path_queue.hpp): PATH1 queues without limit; PATH2 (VIF1 DIRECT/DIRECTHL) has a 16-qword queue and
//   PATH3 (GIF DMA) the 16-qword GIF FIFO, and offer() refuses a qword when that one is full.
// - Arbitration (path_arbiter.hpp): PATH1 > PATH2 > PATH3 at packet boundaries, M3R/M3P, IMT slicing of PATH3 IMAGE.
// - Decoding (path_decoder.hpp, packed_decoder.hpp, reglist_decoder.hpp): one decoder per path.
// - Timing (gif_timing.hpp): one qword per 2 VU cycles; a qword offered at cycle c goes no earlier than c, and
//   run_until(c) sends every qword whose turn comes at or before c, after which the GIF's clock is past c. Offer a
//   cycle's qwords (and set masks and modes) before running the GIF to that cycle: arbitration only sees what was
//   offered, and a change made after run_until(c) takes effect from c + 1.
// - Errors: a PATH1 packet whose tags declare 16 KiB (1024 qwords) or more (Gif_Unit.h GetGSPacketSize, §2.4), or a
//   qword offered at an earlier cycle than the one before it on the same path, or on a Path value outside 1-3.
//   The GIF then stops for good: it sends nothing more, offer() takes and drops everything and path_busy() is
//   false, so no sender waits on a dead GIF.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "emu/common/qword.hpp"
#include "emu/gif/gif_qword_observer.hpp"
#include "emu/gif/gif_stat.hpp"
#include "emu/gif/gs_sink.hpp"
#include "emu/gif/packet_tracker.hpp"
#include "emu/gif/path_arbiter.hpp"
#include "emu/gif/path_decoder.hpp"
#include "emu/gif/path_queue.hpp"

namespace gcvu::gif {

class GifUnit {
 public:
  explicit GifUnit(GsSink& sink);

  // Offers one qword of `path`'s stream at `cycle`. False when that path's input cannot take it now (the sender
  // waits and offers it again). PATH1 always accepts: XGKICK does not wait on the GIF in gcvu's model.
  bool offer(Path path, const Qword& data, uint64_t cycle, bool directhl = false);
  // offer() on PATH1, which always accepts; inline, since XGKICK sends most of the qwords the GIF takes. Its
  // packets are followed before any check: path1_packet_ended() stays right even when the GIF is stopped or stops
  // on this qword.
  void offer_path1(const Qword& data, uint64_t cycle) {
    const bool tag = path1_sizer_.expecting_tag();
    path1_sizer_.feed(data);
    if (failed()) return;  // a stopped GIF drops everything
    PathState& input = state(Path::kPath1);
    const uint64_t offset = input.offered++;
    if (offset != 0 && cycle < input.last_offer_cycle) [[unlikely]] {
      fail_out_of_order(Path::kPath1, offset, cycle);
      return;
    }
    input.last_offer_cycle = cycle;
    if (tag && path1_sizer_.packet_qwords() >= kPath1PacketLimitQwords) [[unlikely]] {
      fail_oversized_path1(offset);
      return;
    }
    input.queue.push(data, cycle, false);
  }
  // Processes queued data up to and including `cycle` (see Timing above).
  void run_until(uint64_t cycle);
  // The path has a packet in progress or data queued.
  bool path_busy(Path path) const;

  void set_path3_mask(bool masked);   // GIF_STAT.M3P, from VIF1 MSKPATH3
  void set_mode(bool m3r, bool imt);  // GIF_MODE
  uint32_t stat() const;              // GIF_STAT

  // A malformed packet (a PATH1 packet of 16 KiB or more, say) stops the GIF; error() names the path, the qword
  // offset in that path's stream and the rule.
  bool failed() const { return !error_.empty(); }  // inline: asked on every offer and step
  const std::string& error() const;

  uint64_t packets(Path path) const;  // packets completed per path
  // The last PATH1 qword offered ended a packet (it was the last data qword of a tag with EOP). Followed on every
  // PATH1 offer, a stopped GIF's included, so that XGKICK's port asks here rather than following the stream twice.
  bool path1_packet_ended() const { return path1_sizer_.packet_ended(); }

  // Shows every qword the GIF sends to `observer` as well (nullptr: to nobody). The observer must outlive the unit.
  void set_observer(GifQwordObserver* observer) { observer_ = observer; }
  GifQwordObserver* observer() const { return observer_; }

  GifStat stat_fields() const;  // GIF_STAT as named fields
  // The GIF's own clock: the first cycle at which it can send its next qword.
  uint64_t cycle() const { return clock_; }
  // Feeds the GIF's state (each path's queue, decoder and counters, arbitration, masks, clock) to `hasher`.
  void hash_state(StateHasher& hasher) const;

  static constexpr size_t kPath2QueueQwords = 16;
  static constexpr size_t kPath3FifoQwords = 16;
  static constexpr uint64_t kPath1PacketLimitQwords = 0x4000 / 16;

 private:
  struct PathState {
    explicit PathState(size_t capacity) : queue(capacity) {}
    PathQueue queue;
    PathDecoder decoder;
    uint64_t offered = 0;  // qwords offered so far: the next one's offset in the path's stream
    uint64_t last_offer_cycle = 0;
    uint64_t packets = 0;
  };

  PathState& state(Path path) { return paths_[static_cast<size_t>(path) - 1]; }
  const PathState& state(Path path) const { return paths_[static_cast<size_t>(path) - 1]; }
  // The snapshot the arbiter decides on, with each path's head qword due by `cycle`.
  ArbiterInputs arbiter_inputs(uint64_t cycle) const;
  // The cycle the head of `path`'s queue can go, or nullopt when it is empty.
  std::optional<uint64_t> head_cycle(Path path) const;
  // Idle at a packet boundary: gives the GIF to the next path if one is due by `until`.
  bool pick_path(uint64_t until);
  // One step of run_until: picks a path, slices PATH3, or sends one qword. False when nothing more can happen by
  // `until`.
  bool transfer_next(uint64_t until);
  // The active PATH3 sits at an IMT slice point: hands the GIF over if a slicing path is due first.
  bool try_slice(uint64_t until);
  void fail(Path path, uint64_t offset, const std::string& rule);
  // offer()'s rare failures, apart so that each qword's offer does not carry their formatting.
  [[gnu::cold]] void fail_no_such_path(Path path);
  [[gnu::cold]] void fail_out_of_order(Path path, uint64_t offset, uint64_t cycle);
  [[gnu::cold]] void fail_oversized_path1(uint64_t offset);

  GsSink* sink_;  // pointers, not references, so that the GIF can be copied (system snapshots)
  GifQwordObserver* observer_ = nullptr;
  std::array<PathState, 3> paths_{PathState{0}, PathState{kPath2QueueQwords}, PathState{kPath3FifoQwords}};
  PacketTracker path1_sizer_;  // follows PATH1 as it is offered: the 16 KiB rule, path1_packet_ended()
  std::optional<Path> active_;
  bool path3_suspended_ = false;
  bool m3r_ = false;
  bool m3p_ = false;
  bool imt_ = false;
  uint64_t clock_ = 0;
  std::string error_;
};

}  // namespace gcvu::gif
