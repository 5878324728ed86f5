#pragma once
// Sees every qword the GIF takes from a path, raw (GIF tag or data, before decoding), in the order it sends them
// to the GS. A GS dump stores the GIF stream in this form (reference/vif-gif-formats.md §4a: a Transfer packet is
// the raw GIF-packet bytes the GS's path consumed), which the decoded writes of gs_sink.hpp cannot give back.

#include <cstdint>

#include "emu/common/qword.hpp"
#include "emu/gif/gs_sink.hpp"

namespace gcvu::gif {

class GifQwordObserver {
 public:
  virtual ~GifQwordObserver() = default;
  // `data` went from `path` to the GS at `cycle` (after its writes reached the sink); `ended_packet` when it was
  // the last qword of a GIF packet.
  virtual void on_gif_qword(Path path, const Qword& data, uint64_t cycle, bool ended_packet) = 0;
};

}  // namespace gcvu::gif
