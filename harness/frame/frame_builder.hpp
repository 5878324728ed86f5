#pragma once
// The EE's role for one frame: lays the level out in EE RAM (its own copy of core_data with the ad-gifs rewritten,
// gs_ram, the lit colours, the chain), chooses each patch's LOD, lights the positions it sends, and writes the VIF1
// DMA chain README.md describes. Feed it to system::ClockedSystem with load_frame + dma().start_chain(chain_address)
// (CHCR.TTE = 0, the default ChainOptions).

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "emu/dma/ee_memory.hpp"
#include "formats/rc2/level.hpp"
#include "harness/frame/camera.hpp"
#include "harness/frame/instance.hpp"
#include "harness/frame/lighting.hpp"
#include "harness/frame/lod_choice.hpp"
#include "harness/frame/patch_colours.hpp"
#include "harness/frame/shrub_colours.hpp"
#include "harness/frame/texture_placement.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness::frame {

inline constexpr uint32_t kLevelAddress = 0x100000;  // the core_data copy; everything else follows it

struct FrameOptions {
  Camera camera;
  std::vector<Instance> instances;                 // shrubs and mobies to draw after the terrain
  const microcode::Program* shrub_program = nullptr;  // needed to draw shrub instances
  const microcode::Program* moby_program = nullptr;   // needed to draw moby instances
  uint32_t frame_index = 0;                           // mobies: animation time is frame_index / 60 s
  LightBank lights = default_light_bank();
  uint64_t ee_ram_bytes = dma::kRamBytes;  // the budget (tests shrink it)
};

// Shared, not copied: the level copies are the builder's, the same bytes in every frame it builds (each frame copied
// its 0.6 MB of them before, then load_frame copied them again into EE RAM).
struct EeSegment {
  uint32_t address = 0;
  std::shared_ptr<const std::vector<uint8_t>> bytes;
};

struct DrawnPatch {
  size_t patch = 0;  // index in the level
  LodMode mode = LodMode::kLod2;
  uint32_t w01 = 0;  // float bits, as unpacked to kPatchParamsRel
  uint32_t w0 = 0;
  uint16_t buffer = 0;          // VU1 address of the input buffer the patch lands in (TOPS when it was sent)
  uint16_t positions_addr = 0;  // buffer-relative (VU header word 6)
  std::vector<uint32_t> colours;  // one lit RGBA per position sent (R in the low byte), in position order
  uint32_t colours_address = 0;   // where they sit in EE RAM
};

struct DrawnMoby {
  size_t moby_class = 0;        // index into the level's moby_classes
  std::vector<size_t> packets;  // the class's packets sent, in chain order
};

// A microprogram the chain uploads, and where it lands in micro memory.
struct PlacedProgram {
  std::string name;  // tfrag, shrub, moby
  const microcode::Program* program = nullptr;
  uint32_t first_instruction = 0;
};

struct BuiltFrame {
  std::vector<EeSegment> segments;
  std::vector<PlacedProgram> programs;  // in upload order
  uint32_t chain_address = 0;
  uint64_t chain_qwords = 0;  // tags plus the data they move, what VIF1 is sent
  std::vector<DrawnPatch> drawn;  // in chain order
  std::array<size_t, kLodModeCount> mode_counts{};  // by LodMode
  size_t culled = 0;
  size_t textures_uploaded = 0;
  size_t shrubs_drawn = 0;   // instances
  std::vector<size_t> shrub_classes_drawn;  // the shrub table entry of each drawn instance
  size_t shrubs_culled = 0;
  size_t shrub_packets = 0;  // packets sent (a packet draws every instance of its call)
  std::vector<DrawnMoby> mobies_drawn;  // in chain order
  size_t mobies_culled = 0;
  size_t moby_packets = 0;
};

// Builds a level's frames. What every frame of the level shares is done once, when the builder is made: the
// core_data copy with the ad-gifs and texture records rewritten as the level load does, the texture placement and
// the footprint check; lit terrain and shrub colours are kept while what they depend on stays the same
// (patch_colours.hpp, shrub_colours.hpp). Each frame gets the same bytes as from a builder of its own.
// Errors (formats::FormatError naming the level's core_data, the offset and the rule): when made, a patch whose VU
// footprint reaches kPatchParamsRel or a list range that is not whole quadwords; per frame, textures not fitting GS
// memory, the image not fitting ee_ram_bytes, the program lacking tfrag_init/tfrag_patch (std::out_of_range) or
// over 16 KiB.
class FrameBuilder {
 public:
  explicit FrameBuilder(const formats::rc2::Level& level);  // the level must outlive the builder

  BuiltFrame build(const microcode::Program& program, const FrameOptions& options);

 private:
  const formats::rc2::Level* level_;
  std::string source_;                                // the level's core_data, for errors
  std::shared_ptr<const std::vector<uint8_t>> core_;  // rewritten as the level load does
  std::shared_ptr<const std::vector<uint8_t>> gs_ram_;
  std::vector<PlacedTexture> placed_;
  PatchColours colours_;
  ShrubColours shrubs_;
};

// One frame from a builder of its own.
BuiltFrame build_frame(const formats::rc2::Level& level, const microcode::Program& program,
                       const FrameOptions& options);

// Copies every segment into `memory`; std::runtime_error when one does not fit.
void load_frame(const BuiltFrame& frame, dma::EeMemory& memory);

}  // namespace gcvu::harness::frame
