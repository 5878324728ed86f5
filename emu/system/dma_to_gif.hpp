#pragma once
// The GIF DMA channel's (channel 2) sink in the clocked system: the GIF's PATH3 input. It gathers the channel's
// words into a qword and offers it to PATH3; while the GIF's 16-qword PATH3 FIFO is full it keeps the qword and has
// no room, so the channel waits.

#include <algorithm>
#include <cstdint>
#include <span>

#include "emu/dma/dma_sink.hpp"
#include "emu/gif/gif_unit.hpp"

namespace gcvu::system {

class DmaToGif final : public dma::DmaSink {
 public:
  explicit DmaToGif(gif::GifUnit& gif) : gif_(&gif) {}
  size_t space_words() const override { return 4 - held_; }
  void push_words(std::span<const uint32_t> words) override {
    std::copy(words.begin(), words.end(), qword_.begin() + held_);
    held_ += static_cast<uint32_t>(words.size());
  }
  // Offers a completed qword to PATH3, stamped `cycle`.
  void deliver(uint64_t cycle) {
    if (held_ == 4 && gif_->offer(gif::Path::kPath3, qword_, cycle)) held_ = 0;
  }
  bool holding() const { return held_ != 0; }
  void hash_state(StateHasher& hasher) const {
    hasher.add(qword_);
    hasher.add(held_);
  }

 private:
  gif::GifUnit* gif_;  // a pointer so that the sink can be copied (system snapshots)
  Qword qword_{};
  uint32_t held_ = 0;
};

}  // namespace gcvu::system
