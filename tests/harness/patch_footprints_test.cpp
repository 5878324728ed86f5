// The level footprint check walks each patch list once per CYCLE setting and remembers it (PatchFootprints); a
// cross-check of that against vu_footprint's walk of every LOD's ranges whole, on every patch of the demo level, not
// a check of the footprints themselves (frame_chain_test.cpp holds the check to a hand-made overflow).

#include <gtest/gtest.h>

#include "formats/rc2/level.hpp"
#include "harness/frame/patch_footprints.hpp"
#include "harness/frame/patch_lists.hpp"
#include "harness/bench/demo_frame_workloads.hpp"

namespace gcvu::harness::frame {
namespace {

TEST(PatchFootprints, RememberedListWalksMatchWholeRangeWalksOnTheDemoLevel) {
  const formats::rc2::Level& level = demo_level();
  const std::string source = "demo";
  ASSERT_FALSE(level.patches.empty());
  size_t nonzero = 0;
  for (const formats::rc2::TfragPatch& patch : level.patches) {
    PatchFootprints footprints(patch, level.core_data, source);
    for (int lod = 0; lod < 3; ++lod) {
      const std::vector<ByteRange> ranges = lists_for_lod(patch, lod, source);
      const uint32_t whole = vu_footprint(level.core_data, ranges, source);
      EXPECT_EQ(footprints.of(ranges), whole) << "patch " << patch.index << " LOD " << lod;
      if (whole != 0) ++nonzero;
    }
  }
  EXPECT_GT(nonzero, 0u);
}

}  // namespace
}  // namespace gcvu::harness::frame
