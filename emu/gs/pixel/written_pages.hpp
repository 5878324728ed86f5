#pragma once
// The local-memory pages a write of a rectangle of a buffer touches (the pages PCSX2 invalidates for a draw or a
// transfer, block by block: GSOffset::pageLooperForRect).

#include <cstdint>

#include "emu/gs/pixel/page_set.hpp"
#include "emu/gs/pixel/texel_rect.hpp"

namespace gcvu::gs::pixel {

// How written_pages walks the rectangle. kFastest walks a page at a time when the buffer starts on a page (as
// FRAME and ZBUF always do), else a block at a time. kBlockByBlock is the reference the cross-check compares it
// with. kPageByPage always walks pages: wrong for a buffer that starts inside a page (its pages then straddle two
// memory pages), kept to show that the cross-check can fail.
enum class PageWalk { kFastest, kBlockByBlock, kPageByPage };

// The pages of the blocks of a `psm` buffer at `base_block` with width `width_64` that `rect` (clamped at 0)
// touches.
PageSet written_pages(uint32_t base_block, uint32_t width_64, uint32_t psm, TexelRect rect,
                      PageWalk walk = PageWalk::kFastest);

}  // namespace gcvu::gs::pixel
