#include "harness/compare/byte_diff.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace gcvu::harness {

namespace {
constexpr uint32_t kBytesPerRow = 256;
}

ByteDiff diff_bytes(std::span<const uint8_t> a, std::span<const uint8_t> b) {
  ByteDiff diff;
  diff.size_a = a.size();
  diff.size_b = b.size();
  const size_t common = std::min(a.size(), b.size());
  // Memories that match are the usual case (4 MiB per VSync in a regression run): equal blocks are skipped with
  // memcmp, and only a block that differs is walked byte by byte.
  constexpr size_t kBlock = 4096;
  for (size_t start = 0; start < common; start += kBlock) {
    const size_t end = std::min(common, start + kBlock);
    if (std::memcmp(a.data() + start, b.data() + start, end - start) == 0) continue;
    for (size_t i = start; i < end; ++i) {
      if (a[i] == b[i]) continue;
      ++diff.differing_bytes;
      diff.max_diff = std::max(diff.max_diff, static_cast<uint8_t>(std::abs(int{a[i]} - int{b[i]})));
      if (!diff.first) diff.first = ByteDifference{i, a[i], b[i]};
    }
  }
  return diff;
}

formats::Image render_byte_diff(std::span<const uint8_t> a, std::span<const uint8_t> b) {
  size_t length = std::max(a.size(), b.size());
  size_t rows = std::max<size_t>(1, (length + kBytesPerRow - 1) / kBytesPerRow);
  if (rows > formats::kMaxImageSide) throw std::length_error("files too large for a byte-diff picture");
  formats::Image out(kBytesPerRow, static_cast<uint32_t>(rows));
  for (size_t i = 0; i < size_t{kBytesPerRow} * rows; ++i) {
    uint8_t* po = &out.rgba[i * 4];
    po[3] = 255;
    if (i >= length) continue;  // padding after the end stays black
    if (i < a.size() && i < b.size() && a[i] == b[i]) {
      po[0] = po[1] = po[2] = static_cast<uint8_t>(a[i] / 4);
    } else {
      po[0] = 255;
    }
  }
  return out;
}

}  // namespace gcvu::harness
