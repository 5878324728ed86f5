#pragma once
// VIF1's input FIFO: 16 qwords (64 words) that DMA fills and the decoder drains. The words waiting are kept
// contiguous so a command reads its payload straight out of the FIFO.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>

namespace gcvu::vif {

class Vif1Fifo {
 public:
  static constexpr size_t kCapacityWords = 64;

  size_t size() const { return tail_ - head_; }
  size_t space() const { return kCapacityWords - size(); }
  bool empty() const { return head_ == tail_; }
  // The words waiting, oldest first.
  const uint32_t* data() const { return words_.data() + head_; }
  uint32_t front() const { return words_[head_]; }

  // False (and nothing is stored) if the words do not fit.
  bool push(std::span<const uint32_t> words) {
    if (words.size() > space()) return false;
    if (tail_ + words.size() > words_.size()) {
      std::memmove(words_.data(), words_.data() + head_, size() * sizeof(uint32_t));
      tail_ -= head_;
      head_ = 0;
    }
    std::copy(words.begin(), words.end(), words_.begin() + static_cast<std::ptrdiff_t>(tail_));
    tail_ += words.size();
    return true;
  }
  void pop(size_t count) {
    head_ += std::min(count, size());
    if (head_ == tail_) head_ = tail_ = 0;
  }
  void clear() { head_ = tail_ = 0; }

 private:
  std::array<uint32_t, 2 * kCapacityWords> words_{};
  size_t head_ = 0;
  size_t tail_ = 0;
};

}  // namespace gcvu::vif
