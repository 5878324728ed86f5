#pragma once
// What a patch sends for a LOD, read from the level data (formats/rc2/tfrag_patch.hpp ranges, checked against the
// header sizes when they agree): the byte ranges the REF tags point at, and the VU buffer footprint they write.
//   LOD 2: [lod_2_ofs, lod_2_ofs + lod_2_size qw)      = the LOD 2 list, then the common list
//   LOD 1: [shared_ofs, shared_ofs + lod_1_size qw)    = common, LOD 1, LOD 0+1
//   LOD 0: [shared_ofs, lod_1_ofs) (common), then [lod_0_ofs, lod_0_ofs + lod_0_size qw) = LOD 0+1, LOD 0
// The ranges come from the parsed list extents (the record proves only lod_1_size's meaning); all are whole
// quadwords in the writer's layout, and a range that is not is an error (a REF moves whole quadwords).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/rc2/tfrag_patch.hpp"

namespace gcvu::harness::frame {

struct ByteRange {
  uint64_t begin = 0;  // in core_data
  uint64_t end = 0;
};

// The core_data ranges patch `patch` sends at `lod` (0, 1, 2), in transfer order. `source` names core_data for
// errors (FormatError: the patch, the offset, the rule).
std::vector<ByteRange> lists_for_lod(const formats::rc2::TfragPatch& patch, int lod, const std::string& source);

// Positions sent at `lod`: common; + LOD 0+1; + LOD 0-only.
size_t positions_for_lod(const formats::rc2::TfragPatch& patch, int lod);

// One past the highest buffer-relative qword the ranges write (walking their VIF codes from CYCLE 4/4, STCYCL
// wl <= cl as in the level lists: an unpack of n elements at a reaches a + ((n-1)/wl)*cl + (n-1)%wl).
uint32_t vu_footprint(std::span<const uint8_t> core_data, const std::vector<ByteRange>& ranges,
                      const std::string& source);

// The CYCLE register as a walk of VIF codes carries it from one range (or list) to the next.
struct UnpackCycle {
  unsigned write_length = 4;
  unsigned cycle_length = 4;
  bool operator==(const UnpackCycle&) const = default;
};
// vu_footprint's walk of one range from `cycle`, which it leaves as the range's STCYCLs set it.
uint32_t vu_footprint_of(std::span<const uint8_t> core_data, const ByteRange& range, UnpackCycle& cycle,
                         const std::string& source);

}  // namespace gcvu::harness::frame
