#pragma once
// The Z test of a span, four pixels at a time with SSE2 (the x86-64 baseline): GEQUAL fails when zs < zd, GREATER
// when zs <= zd, comparing unsigned values with zd masked to the format's width. A failing pixel gets both write
// masks full; each 8-pixel group records whether any of its pixels passed, so later passes can skip dead groups.

#include <emmintrin.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "emu/gs/pixel/depth_bounds.hpp"

#include "emu/gs/pixel/pixel_state_key.hpp"

#if !defined(__SSE2__)
#error "depth_test.hpp needs SSE2 (the x86-64 baseline)"
#endif

namespace gcvu::gs::pixel {

template <ZFmt kZ>
inline uint32_t load_depth(const uint8_t* vm, uint32_t address) {
  if constexpr (kZ == ZFmt::k16) {
    uint16_t v;
    std::memcpy(&v, vm + address, 2);
    return v;
  } else {
    uint32_t v;
    std::memcpy(&v, vm + address, 4);
    return kZ == ZFmt::k24 ? v & 0xffffffu : v;
  }
}

// 1 when the pixel passes, 0 when it fails.
template <bool kGreater>
inline uint32_t depth_passes(uint32_t zs, uint32_t zd) {
  return kGreater ? static_cast<uint32_t>(zs > zd) : static_cast<uint32_t>(zs >= zd);
}

// depth_passes for four pixels: all ones in the lanes that fail.
inline __m128i depth_fails4(__m128i zs, __m128i zd, bool greater) {
  const __m128i bias = _mm_set1_epi32(static_cast<int32_t>(0x80000000u));
  const __m128i s = _mm_xor_si128(zs, bias);
  const __m128i d = _mm_xor_si128(zd, bias);
  // GEQUAL fails when d > s; GREATER fails unless s > d.
  return greater ? _mm_xor_si128(_mm_cmpgt_epi32(s, d), _mm_set1_epi32(-1)) : _mm_cmpgt_epi32(d, s);
}

// Pixels [0, count) of a span starting at x with x & 7 = `skip`, with source depths `zs`: fm[i] = fm0 and
// zm[i] = zm0, both all ones where the test fails (left unwritten in groups where every pixel fails); live[g] = 1 when
// a pixel of the g-th 8-pixel group aligned to x passed (span pixels 8g - skip .. 8g + 7 - skip). `zd8(i)` gives the
// buffer's values of the aligned group starting at pixel i as two vectors, `zd1(i)` one pixel's. Returns the last
// live group, or -1 when none is.
//
// `bounds` may reject a whole aligned group before its buffer values are loaded: `bounds.rejects(i, zs_max)` is
// true only when every pixel of the group starting at pixel i fails anyway, and `bounds.missed(i)` hears of a
// group it let through that failed entirely (NoBounds: none).
struct NoBounds {
  static constexpr bool kActive = false;
  bool rejects(int, uint32_t) const { return false; }
  void missed(int) const {}
};

// The largest of eight unsigned values.
inline uint32_t max_unsigned8(__m128i lo, __m128i hi) {
  const __m128i bias = _mm_set1_epi32(static_cast<int32_t>(0x80000000u));
  auto max4 = [](__m128i a, __m128i b) {
    const __m128i greater = _mm_cmpgt_epi32(a, b);
    return _mm_or_si128(_mm_and_si128(greater, a), _mm_andnot_si128(greater, b));
  };
  __m128i m = max4(_mm_xor_si128(lo, bias), _mm_xor_si128(hi, bias));
  m = max4(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(1, 0, 3, 2)));
  m = max4(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1)));
  return static_cast<uint32_t>(_mm_cvtsi128_si32(m)) ^ 0x80000000u;
}

// How a span's partial groups (its first and last, where it covers only part of them) are tested.
enum class PartialGroups : uint8_t {
  kByPixel,      // pixel by pixel, through zd1
  kWhole,        // as whole groups (zs readable over them, Span::whole_groups), the lanes outside the span failing
  kWholeBroken,  // kWhole taking the span's pixels from the wrong lanes (GsConfig::break_group_ends)
};

template <bool kGreater, class Zd8, class Zd1, class Bounds = NoBounds>
int depth_test_groups(const uint32_t* zs, int count, int skip, uint32_t fm0, uint32_t zm0, uint32_t* fm, uint32_t* zm,
                      uint8_t* live, Zd8&& zd8, Zd1&& zd1, Bounds&& bounds = Bounds{},
                      PartialGroups partial = PartialGroups::kByPixel) {
  const __m128i fm_v = _mm_set1_epi32(static_cast<int32_t>(fm0));
  const __m128i zm_v = _mm_set1_epi32(static_cast<int32_t>(zm0));
  int g = 0, last_live = -1;
  for (int begin = -skip; begin < count; begin += 8, g++) {
    if (begin >= 0 && begin + 8 <= count) {
      const __m128i zs_lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(zs + begin));
      const __m128i zs_hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(zs + begin + 4));
      if constexpr (std::remove_cvref_t<Bounds>::kActive) {
        if (bounds.rejects(begin, max_unsigned8(zs_lo, zs_hi))) {
          live[g] = 0;
          continue;
        }
      }
      __m128i lo, hi;
      zd8(begin, lo, hi);
      const __m128i fail_lo = depth_fails4(zs_lo, lo, kGreater);
      const __m128i fail_hi = depth_fails4(zs_hi, hi, kGreater);
      const bool alive = _mm_movemask_epi8(_mm_and_si128(fail_lo, fail_hi)) != 0xffff;
      live[g] = alive;
      if (!alive) bounds.missed(begin);
      // A dead group's masks are never read: the later passes and the pixel count skip it.
      if (alive) {
        last_live = g;
        _mm_storeu_si128(reinterpret_cast<__m128i*>(fm + begin), _mm_or_si128(fm_v, fail_lo));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(fm + begin + 4), _mm_or_si128(fm_v, fail_hi));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(zm + begin), _mm_or_si128(zm_v, fail_lo));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(zm + begin + 4), _mm_or_si128(zm_v, fail_hi));
      }
      continue;
    }
    // A partial group: the span covers [first, end) of it.
    const int first = begin < 0 ? 0 : begin;
    const int end = begin + 8 < count ? begin + 8 : count;
    if constexpr (std::remove_cvref_t<Bounds>::kActive) {
      uint32_t zs_max = 0;
      for (int i = first; i < end; i++) zs_max = zs[i] > zs_max ? zs[i] : zs_max;
      if (bounds.rejects(first, zs_max)) {
        live[g] = 0;
        continue;
      }
    }
    if (partial != PartialGroups::kByPixel) {
      // The whole group's eight loads and compares, then only the span's lanes kept.
      const __m128i zs_lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(zs + begin));
      const __m128i zs_hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(zs + begin + 4));
      __m128i lo, hi;
      zd8(begin, lo, hi);
      alignas(16) uint32_t fail[8];
      _mm_store_si128(reinterpret_cast<__m128i*>(fail), depth_fails4(zs_lo, lo, kGreater));
      _mm_store_si128(reinterpret_cast<__m128i*>(fail + 4), depth_fails4(zs_hi, hi, kGreater));
      const int lane0 = partial == PartialGroups::kWholeBroken ? first : begin;  // the lane of pixel 0, or not
      uint32_t passed = 0;
      for (int i = first; i < end; i++) {
        const uint32_t kill = fail[i - lane0];
        fm[i] = fm0 | kill, zm[i] = zm0 | kill;
        passed |= ~kill;
      }
      live[g] = passed != 0;
      if (passed) {
        last_live = g;
      } else {
        bounds.missed(first);
      }
      continue;
    }
    uint32_t passed = 0;
    for (int i = first; i < end; i++) {
      const uint32_t pass = depth_passes<kGreater>(zs[i], zd1(i));
      const uint32_t kill = pass - 1;  // all ones when failing
      fm[i] = fm0 | kill;
      zm[i] = zm0 | kill;
      passed |= pass;
    }
    live[g] = static_cast<uint8_t>(passed);
    if (passed) {
      last_live = g;
    } else {
      bounds.missed(first);
    }
  }
  return last_live;
}

// Buffer values through precomputed byte addresses (any swizzle).
template <ZFmt kZ, bool kGreater>
int depth_test_span(const uint8_t* vm, const uint32_t* zs, const uint32_t* address, int count, int skip, uint32_t fm0,
                    uint32_t zm0, uint32_t* fm, uint32_t* zm, uint8_t* live) {
  auto zd1 = [&](int i) { return load_depth<kZ>(vm, address[i]); };
  auto zd8 = [&](int i, __m128i& lo, __m128i& hi) {
    lo = _mm_setr_epi32(static_cast<int32_t>(zd1(i)), static_cast<int32_t>(zd1(i + 1)),
                        static_cast<int32_t>(zd1(i + 2)), static_cast<int32_t>(zd1(i + 3)));
    hi = _mm_setr_epi32(static_cast<int32_t>(zd1(i + 4)), static_cast<int32_t>(zd1(i + 5)),
                        static_cast<int32_t>(zd1(i + 6)), static_cast<int32_t>(zd1(i + 7)));
  };
  return depth_test_groups<kGreater>(zs, count, skip, fm0, zm0, fm, zm, live, zd8, zd1);
}

// Block bounds for depth_test_groups: GEQUAL fails every pixel of a group when even its largest source Z is below
// the block's lowest stored value (masked by kWidth); GREATER when it is not above it.
template <bool kGreater, uint32_t kWidth, class Element>
struct BlockBounds {
  static constexpr bool kActive = true;
  const uint8_t* vm;
  DepthBounds& bounds;
  Element& element;  // pixel index -> element address
  bool rejects(int i, uint32_t zs_max) const {
    const uint32_t lowest = bounds.lower_bound(vm, element(i), kWidth);
    return kGreater ? zs_max <= lowest : zs_max < lowest;
  }
  void missed(int i) const { bounds.refresh(vm, element(i), kWidth); }
};

// 32-bit swizzles (PSMCT32/Z32 arrangement, 24- or 32-bit Z): the eight pixels of an aligned group of a row are
// words {0, 1, 4, 5, 8, 9, 12, 13} (even rows) or {2, 3, 6, 7, ...} (odd rows) of one 64-byte column, so four
// aligned loads and two unpacks give them in order. `element(i)` is pixel i's element address (a u32 index).
// With `depth_bounds` (null: none), groups the block bounds prove failing are skipped unloaded (depth_bounds.hpp).
// `partial` kWhole needs zs readable over the span's whole groups and element(i) defined for their pixels.
template <ZFmt kZ, bool kGreater, class Element>
int depth_test_span_column32(const uint8_t* vm, const uint32_t* zs, int count, int skip, uint32_t fm0, uint32_t zm0,
                             uint32_t* fm, uint32_t* zm, uint8_t* live, Element&& element,
                             DepthBounds* depth_bounds = nullptr, PartialGroups partial = PartialGroups::kByPixel) {
  static_assert(kZ != ZFmt::k16);
  constexpr uint32_t kWidth = kZ == ZFmt::k24 ? 0xffffffu : 0xffffffffu;
  const __m128i width = _mm_set1_epi32(static_cast<int32_t>(kWidth));
  auto zd1 = [&](int i) { return load_depth<kZ>(vm, element(i) << 2); };
  auto zd8 = [&](int i, __m128i& lo, __m128i& hi) {
    const uint32_t e = element(i);
    const __m128i* column = reinterpret_cast<const __m128i*>(vm + ((e & ~15u) << 2));
    const __m128i v0 = _mm_loadu_si128(column), v1 = _mm_loadu_si128(column + 1);
    const __m128i v2 = _mm_loadu_si128(column + 2), v3 = _mm_loadu_si128(column + 3);
    if (e & 2) {
      lo = _mm_unpackhi_epi64(v0, v1), hi = _mm_unpackhi_epi64(v2, v3);
    } else {
      lo = _mm_unpacklo_epi64(v0, v1), hi = _mm_unpacklo_epi64(v2, v3);
    }
    lo = _mm_and_si128(lo, width), hi = _mm_and_si128(hi, width);
  };
  if (!depth_bounds)
    return depth_test_groups<kGreater>(zs, count, skip, fm0, zm0, fm, zm, live, zd8, zd1, NoBounds{}, partial);
  return depth_test_groups<kGreater>(zs, count, skip, fm0, zm0, fm, zm, live, zd8, zd1,
                                     BlockBounds<kGreater, kWidth, Element>{vm, *depth_bounds, element}, partial);
}

}  // namespace gcvu::gs::pixel
