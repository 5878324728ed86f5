#pragma once
// The frame's foliage: shrub instances drawn with the shrub microcode (microcode/shrub/shrub_abi.hpp), after the
// terrain. Per class, the visible instances go in calls of up to ten; per call the EE uploads the call parameters
// and each instance (a class-fixed-point-to-screen matrix and the 24 palette normals lit for it), then sends each
// of the class's stored packets by REF, exactly as it sits in the level copy (its texture records rewritten with
// real register values, as the level load does), each followed by MSCAL shrub_packet. The chain part:
//   CNT  FLUSH (the terrain's programs and PATH1 done: the shrub memory map overlaps theirs), then a DIRECT of the
//        foliage GS state (TEST_1 with the alpha test: pixels with A < 0x40 are dropped, as cut-out leaves need)
//   CNT  STCYCL 4/4, STMOD 0, BASE 0x002, OFFSET 0x076; UNPACK V4_32 the A+D tag to 0x000; MSCAL shrub_init
//   per call: CNT FLUSHE (the previous call's program still reads the instance area), UNPACK V4_32 params to
//             0x001, one UNPACK V4_32 of 28 qwords per instance from 0x0ee
//             per packet: REF the packet; CNT MSCAL shrub_packet
// Instances are culled whole: the program has no clip test, so an instance is drawn only when its bounding sphere
// (the class's, moved and scaled by the instance) lies in front of the near plane and projects inside the guard
// band. Fog is one value per call, from its nearest instance's depth.

#include <cstdint>
#include <string>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/frame/chain_writer.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/frame/shrub_colours.hpp"
#include "harness/frame/texture_placement.hpp"

namespace gcvu::harness::frame {

struct ShrubEntries {
  uint32_t init = 0;
  uint32_t packet = 0;
};

struct ShrubPassStats {
  size_t instances_drawn = 0;
  std::vector<size_t> drawn_classes;  // the shrub table entry of each drawn instance, in chain order
  size_t instances_culled = 0;
  size_t packets_sent = 0;  // packet x call
};

// Rewrites every shrub texture record's A+D data in the EE copy of core_data (TEX0_1 from the class entry's slot,
// TEX1_1, MIPTBP1_1; CLAMP_1 kept).
void rewrite_shrub_textures(std::vector<uint8_t>& core, const formats::rc2::Level& level,
                            const std::vector<PlacedTexture>& placed);

ShrubPassStats write_shrub_chain(ChainWriter& chain, const formats::rc2::Level& level,
                                 const std::vector<Instance>& instances, const FrameOptions& options,
                                 uint64_t core_address, const ShrubEntries& entries, ShrubColours& colours);

}  // namespace gcvu::harness::frame
