#pragma once
// One bit per pixel of a rectangle: which pixels a draw has already written. A draw whose every written pixel
// replaces what was there with a value of its own (no test, blend, mask or read of the destination; the frame and Z
// buffers apart) leaves each pixel as its last primitive wrote it, so it can run its primitives last to first and
// write only pixels no later primitive wrote: the memory it leaves is the same, and heavy overdraw costs a bit test
// instead of a store.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace gcvu::gs::pixel {

class CoverageMask {
 public:
  // Pixels [left, right) x [top, bottom), none covered.
  void reset(int left, int top, int right, int bottom) {
    left_ = left & ~63;
    top_ = top;
    stride_ = (right - left_ + 63) / 64;
    rows_ = bottom - top;
    words_.assign(static_cast<size_t>(stride_) * static_cast<size_t>(rows_ > 0 ? rows_ : 0), 0);
  }

  // Calls run(begin, end) for each run of pixels [x + begin, x + end) of row y, within [x, x + count), that no
  // earlier call covered, and marks them covered. Spans lie inside the rectangle (it is the scissor, which the
  // rasterizer clips to); pixels outside it are never handed out.
  template <class Run>
  void take_uncovered(int y, int x, int count, Run&& run) {
    if (y < top_ || y >= top_ + rows_ || count <= 0) return;
    uint64_t* row = words_.data() + static_cast<size_t>(y - top_) * static_cast<size_t>(stride_);
    const int first = x - left_, last = first + count;  // bit range in the row
    if (first < 0 || last > stride_ * 64) return;
    int bit = first;
    while (bit < last) {
      const int begin = next_with(row, bit, last, false);
      if (begin >= last) break;
      const int end = next_with(row, begin, last, true);
      cover(row, begin, end);
      run(begin - first, end - first);
      bit = end;
    }
  }

  // Every pixel of [left, right) x [top, bottom) is covered (false for pixels outside the rectangle).
  bool all_covered(int left, int top, int right, int bottom) const {
    if (top < top_ || bottom > top_ + rows_ || left < left_ || right > left_ + stride_ * 64) return false;
    for (int y = top; y < bottom; ++y) {
      const uint64_t* row = words_.data() + static_cast<size_t>(y - top_) * static_cast<size_t>(stride_);
      if (next_with(row, left - left_, right - left_, false) < right - left_) return false;
    }
    return true;
  }

 private:
  // The first bit >= bit and < last whose value is `covered`, or last.
  static int next_with(const uint64_t* row, int bit, int last, bool covered) {
    while (bit < last) {
      const uint64_t word = covered ? row[bit >> 6] : ~row[bit >> 6];
      const uint64_t ahead = word >> (bit & 63);
      if (ahead != 0) {
        const int found = bit + std::countr_zero(ahead);
        return found < last ? found : last;
      }
      bit = (bit | 63) + 1;
    }
    return last;
  }
  static void cover(uint64_t* row, int begin, int end) {
    for (int bit = begin; bit < end;) {
      const int stop = std::min((bit | 63) + 1, end);
      const int n = stop - bit;
      row[bit >> 6] |= (n == 64 ? ~0ull : ((1ull << n) - 1)) << (bit & 63);
      bit = stop;
    }
  }

  std::vector<uint64_t> words_;
  int left_ = 0, top_ = 0, stride_ = 0, rows_ = 0;
};

}  // namespace gcvu::gs::pixel
