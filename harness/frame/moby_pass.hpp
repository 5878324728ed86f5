#pragma once
// The frame's actors: moby instances drawn with the moby microcode (microcode/moby/moby_abi.hpp and README.md),
// after the terrain and the shrubs. Each drawn instance sends its class's high-LOD packets in order; per packet the
// EE poses the in-file vertices (harness/frame/moby_pose.hpp), names the vertex-cache copies, and sends the stored
// VIF list by REF exactly as the level holds it (its A+D blocks rewritten with real register values, as the level
// load does). The chain part:
//   CNT  FLUSH (the shrub and terrain programs and PATH1 done: the moby memory map overlaps theirs), then a DIRECT of
//        the actor GS state (TEST_1 without the alpha test)
//   CNT  STCYCL 4/4, STMOD 0, BASE 0x010, OFFSET 0; UNPACK V4_32 the 7 frame constants to 0x000; MSCAL moby_init
//   per instance, per packet:
//        CNT FLUSHE (the previous packet's program still reads the single input buffer);
//            first packet only: UNPACK V4_32 the instance colour to 0x006;
//            UNPACK V4_32 the packet's blended matrices to 0x090 (4 qwords each);
//            UNPACK V4_16 the in-file vertices to 0x010 (x, y, z, absolute matrix address);
//            UNPACK V4_32 the copy list to 0x0b0 (when it has copies); UNPACK V4_32 (N, D, S, 0) to 0x0d1
//        REF the stored list; CNT MSCAL moby_packet
// Instances are culled whole: the program only ADC-drops triangles with a vertex outside the guard band, so an
// instance is drawn when its bounding sphere (the class's, turned, scaled and moved) lies in front of the near plane,
// projects inside the guard band and meets the frustum.

#include <cstdint>
#include <string>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/frame/chain_writer.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/frame/texture_placement.hpp"

namespace gcvu::harness::frame {

struct MobyEntries {
  uint32_t init = 0;
  uint32_t packet = 0;
};

struct MobyPassStats {
  std::vector<DrawnMoby> drawn;  // in chain order
  size_t instances_culled = 0;
  size_t packets_sent = 0;
};

// Rewrites every moby A+D block's data in the EE copy of core_data: TEX0_1 from the level texture its data names,
// TEX1_1, MIPTBP1_1 for that texture; CLAMP_1 kept. Error: a block naming a texture the level lacks.
void rewrite_moby_textures(std::vector<uint8_t>& core, const formats::rc2::Level& level,
                           const std::vector<PlacedTexture>& placed, const std::string& source);

// Errors (formats::FormatError at the packet's table entry, naming class and packet): a packet past the moby ABI's
// limits (in-file vertices, the fixed ST and index addresses, the input buffer, copies, cache slots, distinct
// matrices) or one reading the vertex cache before an earlier packet of its instance stored the entry.
MobyPassStats write_moby_chain(ChainWriter& chain, const formats::rc2::Level& level,
                               const std::vector<Instance>& instances, const FrameOptions& options,
                               uint64_t core_address, const MobyEntries& entries, const std::string& source);

}  // namespace gcvu::harness::frame
