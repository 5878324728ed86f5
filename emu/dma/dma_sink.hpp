#pragma once
// Where a DMA channel delivers its data: VIF1's FIFO in the clocked system, a recorder in tests.

#include <cstddef>
#include <cstdint>
#include <span>

namespace gcvu::dma {

class DmaSink {
 public:
  virtual ~DmaSink() = default;
  // Free room, in 32-bit words (VIF1's FIFO holds 16 qwords = 64 words).
  virtual size_t space_words() const = 0;
  // Takes words in stream order; never more than space_words(). With TTE a tag sends just its upper two words.
  virtual void push_words(std::span<const uint32_t> words) = 0;
  // Called before a TTE tag's two words are pushed: they are the upper half (words 2 and 3) of the tag's qword,
  // whose lower half (the DMAtag) the VIF skips, so the data after them starts a qword (EE User's Manual, VIF:
  // "the lower 64 bits of the tag are not transferred as VIFcode"; PCSX2 hands VIF1 the tag at word 2 of a qword).
  virtual void upper_half_follows() {}
};

}  // namespace gcvu::dma
