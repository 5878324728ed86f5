#pragma once
// Lower bounds of the Z values in each 256-byte block of local memory, kept while one draw runs, so the Z test
// can reject a whole 8-pixel group without loading the buffer (a coarse "hierarchical Z", which PCSX2 does not
// have; the output is the same because only groups that fail anyway are skipped).
//
// Why a bound stays valid during a draw: with GEQUAL or GREATER, a pixel writes Z only when its Z is at least the
// stored value, so stored values only rise, and a bound taken earlier is still below them. That holds only when
// nothing else writes the blocks during the draw: the draw must not write its frame over its Z buffer, and its Z
// must fit the format (a 24-bit store of a larger value would wrap to a smaller one). The draw decides that
// (PixelPipeline::allow_depth_bounds); a new draw forgets every bound (begin).
//
// A bound is the exact minimum of the block when taken; when the Z test then finds a group that the bound did not
// reject failing entirely anyway, the bound has fallen behind the block's rising values and is taken again.

#include <emmintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace gcvu::gs::pixel {

class DepthBounds {
 public:
  static constexpr uint32_t kBlocks = (4u << 20) / 256;  // 256-byte blocks in the 4 MiB local memory

  // `avx2`: take block minima with block_minimum_avx2 (on a CPU that has it; the same values).
  explicit DepthBounds(bool avx2 = false) : entries_(kBlocks), avx2_(avx2) {}

  // Forgets every bound: memory may have changed since the last draw.
  void begin() {
    if (++generation_ == 0) {  // after 2^32 draws the old generations could come back: clear them
      std::fill(entries_.begin(), entries_.end(), Entry{});
      generation_ = 1;
    }
  }

  // A lower bound of the (masked by `width`) Z values in the block holding element address `element` (a u32
  // index into local memory, 32-bit Z arrangement), taken from memory when the block has none yet.
  uint32_t lower_bound(const uint8_t* vm, uint32_t element, uint32_t width) {
    Entry& e = entries_[(element >> 6) & (kBlocks - 1)];
    if (e.generation != generation_) {
      e.minimum = minimum(vm, element, width);
      e.generation = generation_;
    }
    return e.minimum;
  }

  // The block's bound was too low to reject a group that failed: take it again from memory.
  void refresh(const uint8_t* vm, uint32_t element, uint32_t width) {
    Entry& e = entries_[(element >> 6) & (kBlocks - 1)];
    e.minimum = minimum(vm, element, width);
    e.generation = generation_;
  }

  // The smallest of the block's 64 words, each masked by `width` (unsigned).
  static uint32_t block_minimum(const uint8_t* vm, uint32_t element, uint32_t width) {
    const uint8_t* block = vm + ((element & ~63u) << 2);
    const __m128i bias = _mm_set1_epi32(static_cast<int32_t>(0x80000000u));
    const __m128i mask = _mm_set1_epi32(static_cast<int32_t>(width));
    // Unsigned minimum through the signed compare on biased values (SSE2 has no unsigned one).
    __m128i lowest = _mm_set1_epi32(0x7fffffff);
    for (int i = 0; i < 16; i++) {
      __m128i v;
      std::memcpy(&v, block + 16 * i, 16);
      v = _mm_xor_si128(_mm_and_si128(v, mask), bias);
      const __m128i less = _mm_cmplt_epi32(v, lowest);
      lowest = _mm_or_si128(_mm_and_si128(less, v), _mm_andnot_si128(less, lowest));
    }
    alignas(16) int32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(lanes), lowest);
    int32_t m = lanes[0];
    for (int i = 1; i < 4; i++) m = lanes[i] < m ? lanes[i] : m;
    return static_cast<uint32_t>(m) ^ 0x80000000u;
  }
  // The same with AVX2's unsigned minimum on 32-byte rows (depth_bounds_avx2.cpp): a third of the instructions,
  // which mattered once the block's lines were in the cache (BM_TfragDemoFrame). AVX2 CPUs only.
  static uint32_t block_minimum_avx2(const uint8_t* vm, uint32_t element, uint32_t width);

 private:
  struct Entry {
    uint32_t generation = 0;
    uint32_t minimum = 0;
  };
  uint32_t minimum(const uint8_t* vm, uint32_t element, uint32_t width) const {
    return avx2_ ? block_minimum_avx2(vm, element, width) : block_minimum(vm, element, width);
  }

  std::vector<Entry> entries_;
  uint32_t generation_ = 0;
  bool avx2_ = false;
};

}  // namespace gcvu::gs::pixel
