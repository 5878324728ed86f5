#pragma once
// A DmaSink for the DMA tests: it records every word in order, holds at most `capacity` words until the test
// consumes them (standing in for VIF1 draining its FIFO), and counts pushes that exceed the room it reported.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "emu/dma/dma_sink.hpp"

namespace gcvu::test {

class RecordingSink : public dma::DmaSink {
 public:
  explicit RecordingSink(size_t capacity = size_t{1} << 24) : capacity_(capacity) {}

  size_t space_words() const override { return capacity_ - pending_; }
  void push_words(std::span<const uint32_t> pushed) override {
    if (pushed.size() > space_words()) ++overfilled;
    words.insert(words.end(), pushed.begin(), pushed.end());
    pending_ += pushed.size();
    push_sizes.push_back(pushed.size());
  }

  // The consumer takes up to `count` words out of the FIFO.
  void consume(size_t count) { pending_ -= std::min(count, pending_); }
  size_t pending() const { return pending_; }

  std::vector<uint32_t> words;     // every word pushed, in order
  std::vector<size_t> push_sizes;  // the length of each push_words call
  int overfilled = 0;              // pushes larger than space_words() was

 private:
  size_t capacity_;
  size_t pending_ = 0;
};

}  // namespace gcvu::test
