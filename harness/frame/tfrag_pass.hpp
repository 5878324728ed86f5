#pragma once
// The frame's terrain: each patch's LOD and lit colours (planned before the chain is written, since the colours
// go into the data area), and the chain part that draws them with the tfrag microcode:
//   CNT  STCYCL 4/4, STMOD 0, BASE kInputBase, OFFSET kInputOffset (TOPS = BASE, DBF 0)
//   CNT  UNPACK V4_32 of the frame constants to kMatrixAddr (tfrag_abi.hpp)
//   CNT  MSCAL tfrag_init
//   per drawn patch: REF its stored lists; CNT STMOD 0, STCYCL 1/2, UNPACK V4_8 colours + REF the colours;
//                    CNT STCYCL 4/4, UNPACK V4_32 the params qword, MSCAL tfrag_patch
// (harness/frame/README.md has the whole chain).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/frame/chain_writer.hpp"
#include "harness/frame/data_area.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/frame/patch_colours.hpp"
#include "harness/frame/patch_lists.hpp"

namespace gcvu::harness::frame {

struct TfragPlan {
  std::vector<DrawnPatch> drawn;                // in chain order
  std::vector<std::vector<ByteRange>> ranges;   // each drawn patch's lists
  std::array<size_t, kLodModeCount> mode_counts{};
  size_t culled = 0;
};

// Every patch's footprint at every LOD stays below kPatchParamsRel (camera-independent); else a FormatError
// naming the patch.
void check_tfrag_footprints(const formats::rc2::Level& level, std::span<const uint8_t> core,
                            const std::string& source);

// Culls, chooses LODs and lights the positions each drawn patch sends (colours into `data`; lit through
// `colours`, which keeps them for later frames).
TfragPlan plan_tfrags(const formats::rc2::Level& level, const FrameOptions& options, DataArea& data,
                      PatchColours& colours, const std::string& source);

struct TfragEntries {
  uint32_t init = 0;   // MSCAL immediates (instructions)
  uint32_t patch = 0;
};

void write_tfrag_chain(ChainWriter& chain, const TfragPlan& plan, const Camera& camera, uint64_t core_address,
                       const TfragEntries& entries);

}  // namespace gcvu::harness::frame
