#pragma once
// SSE2 (the x86-64 baseline) kernels for the common UNPACK case: a skipping write (CL >= WL) with MASK off, or on
// with MODE 0/1. Each vector is decoded with one load and a few unpacks, and written through MODE/MASK four lanes
// at a time. unpack_engine.cpp uses them only for vectors whose load stays inside the data that has arrived, and
// falls back to its scalar loop (the reference these are tested against, tests/vif/unpack_fast_path_test.cpp) for
// the rest and for every other case. Where the CPU has AVX2, consecutive V4-8/V4-16/V4-32 writes go to
// unpack_avx2.cpp instead.

#include <emmintrin.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "emu/vif/unpack_avx2.hpp"
#include "emu/vif/unpack_engine.hpp"
#include "emu/vif/unpack_format.hpp"

#if !defined(__SSE2__)
#error "unpack_sse2.hpp needs SSE2 (the x86-64 baseline)"
#endif

namespace gcvu::vif::sse2 {

// Bytes one decode loads: the vector, plus for V3 the next element (its w), plus what a whole-register load takes.
template <UnpackFormat F>
constexpr uint32_t kFootprint = F == UnpackFormat::kV3_32   ? 16
                                : F == UnpackFormat::kV3_16 ? 8
                                : F == UnpackFormat::kV3_8  ? 4
                                                            : unpack_vector_bytes(F);

inline uint32_t load32(const uint8_t* p) {
  uint32_t value;
  std::memcpy(&value, p, 4);
  return value;
}
inline uint16_t load16(const uint8_t* p) {
  uint16_t value;
  std::memcpy(&value, p, 2);
  return value;
}

// The low four 16-bit lanes of x widened to 32 bits.
template <bool kUnsigned>
inline __m128i widen16(__m128i x) {
  if constexpr (kUnsigned) return _mm_unpacklo_epi16(x, _mm_setzero_si128());
  return _mm_srai_epi32(_mm_unpacklo_epi16(x, x), 16);
}
// The low four 8-bit lanes of x widened to 32 bits.
template <bool kUnsigned>
inline __m128i widen8(__m128i x) {
  if constexpr (kUnsigned) {
    const __m128i zero = _mm_setzero_si128();
    return _mm_unpacklo_epi16(_mm_unpacklo_epi8(x, zero), zero);
  }
  const __m128i bytes = _mm_unpacklo_epi8(x, x);
  return _mm_srai_epi32(_mm_unpacklo_epi16(bytes, bytes), 24);
}

// V4-5 by table: the low byte of the 16-bit colour holds R and G's low 3 bits, the high byte G's top 2 bits, B and
// A, so the four fields are T_low[low byte] | T_high[high byte]. Both tables come from the §1.3 formula.
struct V45Tables {
  alignas(16) std::array<std::array<uint32_t, 4>, 256> low{};
  alignas(16) std::array<std::array<uint32_t, 4>, 256> high{};
  constexpr V45Tables() {
    for (uint32_t b = 0; b < 256; ++b) {
      const uint32_t lo = b;
      const uint32_t hi = b << 8;
      low[b] = {(lo & 0x1f) << 3, ((lo >> 5) & 0x1f) << 3, 0, 0};
      high[b] = {0, ((hi >> 5) & 0x1f) << 3, ((hi >> 10) & 0x1f) << 3, (hi >> 15) << 7};
    }
  }
};
inline constexpr V45Tables kV45Tables{};

// The vector at p as four fields, before the V2/V3 extra-field option is applied (V2 gives x y x y, V3 x y z next).
template <UnpackFormat F, bool kUnsigned>
inline __m128i decode(const uint8_t* p) {
  using enum UnpackFormat;
  if constexpr (F == kS32) return _mm_set1_epi32(static_cast<int>(load32(p)));
  if constexpr (F == kS16) {
    const uint16_t h = load16(p);
    return _mm_set1_epi32(kUnsigned ? h : static_cast<int16_t>(h));
  }
  if constexpr (F == kS8) return _mm_set1_epi32(kUnsigned ? p[0] : static_cast<int8_t>(p[0]));
  if constexpr (F == kV2_32) return _mm_shuffle_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)), 0x44);
  if constexpr (F == kV2_16) {
    return _mm_shuffle_epi32(widen16<kUnsigned>(_mm_cvtsi32_si128(static_cast<int>(load32(p)))), 0x44);
  }
  if constexpr (F == kV2_8) return _mm_shuffle_epi32(widen8<kUnsigned>(_mm_cvtsi32_si128(load16(p))), 0x44);
  if constexpr (F == kV3_32 || F == kV4_32) return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  if constexpr (F == kV3_16 || F == kV4_16) {
    return widen16<kUnsigned>(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
  }
  if constexpr (F == kV3_8 || F == kV4_8) return widen8<kUnsigned>(_mm_cvtsi32_si128(static_cast<int>(load32(p))));
  if constexpr (F == kV4_5) {
    return _mm_or_si128(_mm_load_si128(reinterpret_cast<const __m128i*>(kV45Tables.low[p[0]].data())),
                        _mm_load_si128(reinterpret_cast<const __m128i*>(kV45Tables.high[p[1]].data())));
  }
  return _mm_setzero_si128();
}

// Lanes the V2/V3 option keeps: z,w of V2 and w of V3 are cleared for the kZero choices.
template <UnpackFormat F>
inline __m128i extra_field_keep(const UnpackOptions& options) {
  const int ones = -1;
  if constexpr (unpack_components(F) == 2) {
    if (options.v2_extra == V2Extra::kZero) return _mm_setr_epi32(ones, ones, 0, 0);
  }
  if constexpr (unpack_components(F) == 3) {
    if (options.v3_extra == V3Extra::kZero) return _mm_setr_epi32(ones, ones, ones, 0);
  }
  return _mm_set1_epi32(ones);
}

// A skipping write of `count` vectors from `source` starting at `address`/`cycle`; returns the source bytes used.
// MODE 2/3 update `row`; masked writes use MODE 0/1 only.
template <UnpackFormat F, bool kMasked, int kMode, bool kUnsigned>
inline uint32_t skipping_write(const uint8_t* source, uint32_t count, vu::Vec4* base, uint32_t& address,
                               uint32_t& cycle, uint32_t wl, uint32_t skip, std::array<uint32_t, 4>& row,
                               const UnpackRegisters& registers, const UnpackOptions& options,
                               avx2::ConsecutiveWrite wide) {
  static_assert(!kMasked || kMode < 2, "masked MODE 2/3 takes the scalar path");
  constexpr uint32_t kG = unpack_vector_bytes(F);
  constexpr uint32_t kAddressMask = vu::kDataQwords - 1;
  const __m128i keep_fields = extra_field_keep<F>(options);
  __m128i row_v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row.data()));
  __m128i keep[4], constant[4], protect[4];  // MASK resolved per cycle row
  if constexpr (kMasked) {
    for (uint32_t r = 0; r < 4; ++r) {
      std::array<uint32_t, 4> k{}, c{}, w{};
      for (int lane = 0; lane < 4; ++lane) {
        switch ((registers.mask >> (r * 8 + lane * 2)) & 3) {
          case 0: k[lane] = 0xffffffffu; break;
          case 1: c[lane] = registers.row[lane]; break;
          case 2: c[lane] = registers.col[r]; break;
          default: w[lane] = 0xffffffffu; break;
        }
      }
      keep[r] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(k.data()));
      constant[r] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(c.data()));
      protect[r] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(w.data()));
    }
  }
  // One qword: decode, MODE, MASK row r, store.
  const auto write_one = [&](const uint8_t* p, __m128i* dest, uint32_t r) {
    __m128i data = _mm_and_si128(decode<F, kUnsigned>(p), keep_fields);
    if constexpr (kMode == 1) data = _mm_add_epi32(data, row_v);
    if constexpr (kMode == 2) data = row_v = _mm_add_epi32(row_v, data);
    if constexpr (kMode == 3) row_v = data;
    if constexpr (kMasked) {
      data = _mm_or_si128(_mm_or_si128(_mm_and_si128(data, keep[r]), constant[r]),
                          _mm_and_si128(_mm_loadu_si128(dest), protect[r]));
    }
    _mm_storeu_si128(dest, data);
  };
  uint32_t a = address;
  uint32_t cy = cycle;
  if (wide != nullptr && skip == 0 && (!kMasked || wl == 1)) {
    // The AVX2 kernel takes consecutive qwords two at a time; split where the destination wraps.
    uint32_t done = 0;
    while (done < count) {
      const uint32_t segment = std::min(count - done, vu::kDataQwords - a);
      wide(source + done * kG, segment, base[a].data(), row.data(), registers);
      done += segment;
      a = (a + segment) & kAddressMask;
    }
    address = a;
    cycle = static_cast<uint32_t>((uint64_t{cy} + count) % wl);
    return count * kG;
  }
  if (skip == 0) {
    // CL = WL: the qwords are consecutive (wrapping at 1024) and the cycle only picks the MASK row.
    uint32_t done = 0;
    while (done < count) {
      const uint32_t segment = std::min(count - done, vu::kDataQwords - a);
      auto* dest = reinterpret_cast<__m128i*>(base[a].data());
      const uint8_t* p = source + done * kG;
      if (!kMasked || wl == 1) {
        // Every qword uses MASK row 0 (WL = 1) or no MASK at all.
#pragma GCC unroll 4
        for (uint32_t i = 0; i < segment; ++i, p += kG) write_one(p, dest + i, 0);
      } else {
        for (uint32_t i = 0; i < segment; ++i, p += kG) {
          write_one(p, dest + i, cy < 3 ? cy : 3);
          if (++cy == wl) cy = 0;
        }
      }
      done += segment;
      a = (a + segment) & kAddressMask;
    }
    if (!kMasked || wl == 1) cy = static_cast<uint32_t>((uint64_t{cy} + count) % wl);
  } else {
    for (uint32_t i = 0; i < count; ++i) {
      write_one(source + i * kG, reinterpret_cast<__m128i*>(base[a].data()), cy < 3 ? cy : 3);
      a = (a + 1) & kAddressMask;
      if (++cy == wl) {
        cy = 0;
        a = (a + skip) & kAddressMask;
      }
    }
  }
  if constexpr (kMode >= 2) _mm_storeu_si128(reinterpret_cast<__m128i*>(row.data()), row_v);
  address = a;
  cycle = cy;
  return count * kG;
}

}  // namespace gcvu::vif::sse2
