#pragma once
// The GIF: three path inputs (PATH1 from XGKICK, PATH2 from VIF1 DIRECT/DIRECTHL, PATH3 from the GIF DMA channel),
// arbitrated PATH1 > PATH2 > PATH3 at packet boundaries, decoding GIFtags and PACKED/REGLIST/IMAGE data into the
// ordered GS write stream of gs_sink.hpp (reference/vif-gif-formats.md §2). It keeps its own clock.
//
// This header is the contract the clocked system codes against: the public members below keep these signatures.

#include <cstdint>
#include <string>

#include "emu/common/qword.hpp"
#include "emu/gif/gs_sink.hpp"

namespace gcvu::gif {

class GifUnit {
 public:
  explicit GifUnit(GsSink& sink);

  // Offers one qword of `path`'s stream at `cycle`. False when that path's input cannot take it now (the sender
  // waits and offers it again). PATH1 always accepts: XGKICK does not wait on the GIF in gcvu's model.
  bool offer(Path path, const Qword& data, uint64_t cycle, bool directhl = false);
  // Processes queued data up to `cycle`.
  void run_until(uint64_t cycle);
  // The path has a packet in progress or data queued.
  bool path_busy(Path path) const;

  void set_path3_mask(bool masked);  // GIF_STAT.M3P, from VIF1 MSKPATH3
  void set_mode(bool m3r, bool imt);  // GIF_MODE
  uint32_t stat() const;              // GIF_STAT

  // A malformed packet (a PATH1 packet of 16 KiB or more, say) stops the GIF; error() names the path, the qword
  // offset in that path's stream and the rule.
  bool failed() const;
  const std::string& error() const;

  uint64_t packets(Path path) const;  // packets completed per path
};

}  // namespace gcvu::gif
