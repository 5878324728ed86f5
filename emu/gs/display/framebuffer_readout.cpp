#include "emu/gs/display/framebuffer_readout.hpp"

#include <emmintrin.h>

#include <algorithm>
#include <cstring>

#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs {

namespace {

template <Psm kPsm>
Rgba decode(uint32_t raw) {
  auto byte = [](uint32_t value) { return static_cast<uint8_t>(value & 0xff); };
  if constexpr (kPsm == Psm::kCt32 || kPsm == Psm::kZ32) {
    return {byte(raw), byte(raw >> 8), byte(raw >> 16), byte(raw >> 24)};
  } else if constexpr (kPsm == Psm::kCt24 || kPsm == Psm::kZ24) {
    return {byte(raw), byte(raw >> 8), byte(raw >> 16), 0x80};
  } else if constexpr (kPsm == Psm::kCt16 || kPsm == Psm::kCt16s || kPsm == Psm::kZ16 || kPsm == Psm::kZ16s) {
    return {byte((raw & 0x1f) << 3), byte(((raw >> 5) & 0x1f) << 3), byte(((raw >> 10) & 0x1f) << 3),
            static_cast<uint8_t>((raw & 0x8000) ? 0x80 : 0)};
  } else if constexpr (kPsm == Psm::kT8 || kPsm == Psm::kT8h) {
    return {byte(raw), byte(raw), byte(raw), 0xff};
  } else {
    return {byte(raw * 17), byte(raw * 17), byte(raw * 17), 0xff};  // T4, T4HL, T4HH: 0-15 spread over 0-255
  }
}

// PSMCT32 and PSMCT24 (bytes R, G, B, A as stored; CT24's alpha reads 0x80): the eight pixels of a row's aligned
// group are words {0, 1, 4, 5, 8, 9, 12, 13} (even rows) or {2, 3, 6, 7, ...} (odd rows) of one 64-byte column, so
// four loads and two unpacks give them in order (as the Z test reads them, gs/pixel/depth_test.hpp). Returns how many
// pixels it read from `first` (a multiple of 8 pixels, the whole aligned groups of [x + first, x + count)); the
// caller reads the rest pixel by pixel.
template <Psm kPsm>
uint32_t read_column_groups(const uint8_t* bytes, const RowAddress<kPsm>& row, uint32_t x, uint32_t count,
                            uint8_t* rgba) {
  const __m128i alpha = _mm_set1_epi32(kPsm == Psm::kCt24 ? static_cast<int32_t>(0x80000000u) : 0);
  const __m128i keep = _mm_set1_epi32(kPsm == Psm::kCt24 ? 0x00ffffff : -1);
  const uint32_t first = (8 - (x & 7)) & 7;
  uint32_t i = first;
  for (; i + 8 <= count; i += 8) {
    const uint32_t e = row.at(x + i);
    const __m128i* column = reinterpret_cast<const __m128i*>(bytes + ((e & ~15u) << 2));
    const __m128i v0 = _mm_loadu_si128(column), v1 = _mm_loadu_si128(column + 1);
    const __m128i v2 = _mm_loadu_si128(column + 2), v3 = _mm_loadu_si128(column + 3);
    __m128i lo, hi;
    if (e & 2) {
      lo = _mm_unpackhi_epi64(v0, v1), hi = _mm_unpackhi_epi64(v2, v3);
    } else {
      lo = _mm_unpacklo_epi64(v0, v1), hi = _mm_unpacklo_epi64(v2, v3);
    }
    lo = _mm_or_si128(_mm_and_si128(lo, keep), alpha), hi = _mm_or_si128(_mm_and_si128(hi, keep), alpha);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(rgba + size_t{i} * 4), lo);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(rgba + size_t{i} * 4 + 16), hi);
  }
  return i - first;
}

// How far ahead read_block_groups prefetches: a page width (8 blocks). Perf sample share of the readout in
// BM_TfragDemoFrame: 1.67 % reading rows; by blocks, 1.03 % prefetching the next block, ~0.7 % four ahead, ~0.6 %
// eight.
constexpr uint32_t kPrefetchPixels = 64;

// PSMCT32 and PSMCT24: the whole 8-pixel groups of rows y .. y + count - 1 from `first` on, a block at a time. A
// block's four 64-byte columns hold its rows 2k and 2k + 1 (column k), each row's eight pixels in the words
// read_column_groups takes. Returns how many pixels of each row it read from `first` (a multiple of 8).
template <Psm kPsm>
uint32_t read_block_groups(const uint8_t* bytes, const PixelAddress<kPsm>& buffer, uint32_t x, uint32_t y,
                           uint32_t count, uint32_t first, uint32_t width, uint8_t* rgba, size_t stride,
                           bool swap_rows, ReadAlpha read_alpha) {
  const uint32_t decoded_alpha = kPsm == Psm::kCt24 ? 0x80000000u : 0;
  const __m128i alpha =
      _mm_set1_epi32(static_cast<int32_t>(read_alpha == ReadAlpha::kOpaque ? 0xff000000u : decoded_alpha));
  const __m128i keep = _mm_set1_epi32(kPsm == Psm::kCt24 ? 0x00ffffff : -1);
  const RowAddress<kPsm> top = buffer.row(y & ~7u);
  const uint32_t in_block = y & 7;
  uint32_t i = first;
  for (; i + 8 <= width; i += 8) {
    const uint8_t* block = bytes + ((top.at(x + i) & ~63u) << 2);
    // The display's rows mostly miss the caches: the block kPrefetchPixels further along is fetched meanwhile.
    const uint8_t* ahead = bytes + ((top.at(x + i + kPrefetchPixels) & ~63u) << 2);
    for (uint32_t line = 0; line < 256; line += 64)
      _mm_prefetch(reinterpret_cast<const char*>(ahead + line), _MM_HINT_T0);
    for (uint32_t r = 0; r < count; ++r) {
      const uint32_t row = in_block + r;
      const __m128i* column = reinterpret_cast<const __m128i*>(block + (row >> 1) * 64);
      const __m128i v0 = _mm_loadu_si128(column), v1 = _mm_loadu_si128(column + 1);
      const __m128i v2 = _mm_loadu_si128(column + 2), v3 = _mm_loadu_si128(column + 3);
      __m128i lo, hi;
      if (((row & 1) != 0) != swap_rows) {
        lo = _mm_unpackhi_epi64(v0, v1), hi = _mm_unpackhi_epi64(v2, v3);
      } else {
        lo = _mm_unpacklo_epi64(v0, v1), hi = _mm_unpacklo_epi64(v2, v3);
      }
      lo = _mm_or_si128(_mm_and_si128(lo, keep), alpha), hi = _mm_or_si128(_mm_and_si128(hi, keep), alpha);
      uint8_t* out = rgba + r * stride + size_t{i} * 4;
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out), lo);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16), hi);
    }
  }
  return i - first;
}

}  // namespace

Rgba decode_pixel(Psm psm, uint32_t raw) {
  return visit_psm(psm, [&](auto format) { return decode<format.value>(raw); });
}

void read_framebuffer_row(const LocalMemory& memory, const BufferLayout& layout, uint32_t x, uint32_t y,
                          std::span<uint8_t> rgba, Readout readout) {
  const auto count = static_cast<uint32_t>(rgba.size() / 4);
  if (readout == Readout::kPixelByPixel) {
    for (uint32_t i = 0; i < count; ++i) {
      const Rgba pixel = decode_pixel(layout.psm, memory.read_pixel(layout, x + i, y));
      std::memcpy(&rgba[size_t{i} * 4], pixel.data(), 4);
    }
    return;
  }
  visit_psm(layout.psm, [&](auto format) {
    constexpr Psm kPsm = format.value;
    const uint8_t* bytes = memory.bytes().data();
    const RowAddress<kPsm> row = PixelAddress<kPsm>(layout).row(y);
    // The element addresses a page-row chunk at a time (RowAddress::run reads the offsets in order), then the reads.
    constexpr uint32_t kChunk = 64;
    uint32_t addresses[kChunk];
    auto read_pixels = [&](uint32_t from, uint32_t to) {
      for (uint32_t done = from; done < to; done += kChunk) {
        const uint32_t n = std::min(kChunk, to - done);
        row.run(x + done, n, addresses);
        for (uint32_t i = 0; i < n; ++i) {
          const Rgba pixel = decode<kPsm>(read_element<kPsm>(bytes, addresses[i]));
          std::memcpy(&rgba[size_t{done + i} * 4], pixel.data(), 4);
        }
      }
    };
    if constexpr (kPsm == Psm::kCt32 || kPsm == Psm::kCt24) {
      // A display row is mostly whole column groups. BM_RenderDisplay/ct32 (640x448) on a quiet machine: 0.30 ms a
      // picture through the element addresses, 0.10 ms with the columns and pcrtc.cpp's direct rows.
      const uint32_t first = std::min((8 - (x & 7)) & 7, count);
      const uint32_t grouped = read_column_groups<kPsm>(bytes, row, x, count, rgba.data());
      read_pixels(0, first);
      read_pixels(first + grouped, count);
    } else {
      read_pixels(0, count);
    }
  });
}

void set_alpha_opaque(uint8_t* rgba, uint32_t count) {
  // A word at a time (the loop vectorises; a byte store every 4 bytes did not).
  for (uint32_t x = 0; x < count; ++x) {
    uint32_t pixel;
    std::memcpy(&pixel, rgba + size_t{x} * 4, 4);
    pixel |= 0xff000000u;
    std::memcpy(rgba + size_t{x} * 4, &pixel, 4);
  }
}

void read_framebuffer_block_row(const LocalMemory& memory, const BufferLayout& layout, uint32_t x, uint32_t y,
                                uint32_t count, uint32_t width, uint8_t* rgba, size_t stride, Readout readout,
                                ReadAlpha alpha) {
  auto read_rows = [&](uint32_t from, uint32_t to) {
    if (from >= to) return;
    for (uint32_t r = 0; r < count; ++r) {
      uint8_t* row = rgba + r * stride + size_t{from} * 4;
      read_framebuffer_row(memory, layout, x + from, y + r, {row, size_t{to - from} * 4},
                           readout == Readout::kPixelByPixel ? Readout::kPixelByPixel : Readout::kRows);
      if (alpha == ReadAlpha::kOpaque) set_alpha_opaque(row, to - from);
    }
  };
  if (readout == Readout::kPixelByPixel || (layout.psm != Psm::kCt32 && layout.psm != Psm::kCt24)) {
    read_rows(0, width);
    return;
  }
  const uint8_t* bytes = memory.bytes().data();
  const uint32_t first = std::min((8 - (x & 7)) & 7, width);
  const bool swap_rows = readout == Readout::kBlocksRowsSwapped;
  const uint32_t grouped = layout.psm == Psm::kCt32
                               ? read_block_groups<Psm::kCt32>(bytes, PixelAddress<Psm::kCt32>(layout), x, y, count,
                                                               first, width, rgba, stride, swap_rows, alpha)
                               : read_block_groups<Psm::kCt24>(bytes, PixelAddress<Psm::kCt24>(layout), x, y, count,
                                                               first, width, rgba, stride, swap_rows, alpha);
  read_rows(0, first);
  read_rows(first + grouped, width);
}

formats::Image read_framebuffer(const LocalMemory& memory, const BufferLayout& layout, const Rect& rect,
                                Readout readout) {
  formats::Image image(rect.width, rect.height);
  if (rect.width == 0) return image;
  for (uint32_t y = 0; y < rect.height;) {
    const uint32_t count = std::min(8 - ((rect.y + y) & 7), rect.height - y);
    read_framebuffer_block_row(memory, layout, rect.x, rect.y + y, count, rect.width, image.pixel(0, y),
                               size_t{rect.width} * 4, readout);
    y += count;
  }
  return image;
}

}  // namespace gcvu::gs
