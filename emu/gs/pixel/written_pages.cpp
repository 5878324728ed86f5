#include "emu/gs/pixel/written_pages.hpp"

#include <algorithm>

#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs::pixel {

PageSet written_pages(uint32_t base_block, uint32_t width_64, uint32_t psm, TexelRect rect, PageWalk walk) {
  PageSet written;
  if (rect.right <= rect.left || rect.bottom <= rect.top) return written;
  visit_psm(psm_or_ct32(psm), [&](auto p) {
    constexpr Psm kPsm = decltype(p)::value;
    using Traits = PsmTraits<kPsm>;
    const PixelAddress<kPsm> buffer(base_block, width_64);
    // A buffer that starts on a page lays each of its pages over one memory page, so every block of a buffer
    // page is in the page of its first pixel: one look-up a page instead of one a block (a full-screen draw's
    // rectangle has 4480 blocks in 140 pages).
    constexpr uint32_t kBlocksPerPage = kPageBytes / kBlockBytes;
    const bool by_page =
        walk == PageWalk::kPageByPage || (walk == PageWalk::kFastest && base_block % kBlocksPerPage == 0);
    const uint32_t step_x = by_page ? Traits::kPageWidth : Traits::kBlockWidth;
    const uint32_t step_y = by_page ? Traits::kPageHeight : Traits::kBlockHeight;
    const uint32_t left = uint32_t(std::max(rect.left, 0)), top = uint32_t(std::max(rect.top, 0));
    const uint32_t right = uint32_t(rect.right), bottom = uint32_t(rect.bottom);
    for (uint32_t y = top & ~(step_y - 1); y < bottom; y += step_y) {
      const RowAddress<kPsm> row = buffer.row(y);
      for (uint32_t x = left & ~(step_x - 1); x < right; x += step_x) {
        written.add(row.at(x) >> Traits::kPageElementsLog2);
      }
    }
  });
  return written;
}

}  // namespace gcvu::gs::pixel
