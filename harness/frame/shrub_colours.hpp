#pragma once
// A shrub instance's colours: the class's 24 palette normals turned with the instance and lit by light set 0 over
// the instance's tint (in PS2 float, lighting.hpp), or the tint alone when the bank is empty. They depend on the
// class, the instance's axes and tint and light set 0, not on the camera, so ShrubColours keeps each instance's
// from frame to frame and lights it again only when one of those changed.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "formats/rc2/shrub_class.hpp"
#include "harness/frame/instance.hpp"
#include "harness/frame/lighting.hpp"

namespace gcvu::harness::frame {

using ShrubPalette = std::array<uint32_t, formats::rc2::kShrubPaletteEntries>;

ShrubPalette light_shrub_instance(const formats::rc2::ShrubClass& shrub, const Instance& instance,
                                  const LightBank& lights);

class ShrubColours {
 public:
  // light_shrub_instance's colours for the frame's instance number `slot` (its place in FrameOptions::instances).
  const ShrubPalette& of(size_t slot, const formats::rc2::ShrubClass& shrub, const Instance& instance,
                         const LightBank& lights);

 private:
  struct Kept {
    const formats::rc2::ShrubClass* shrub = nullptr;  // nullptr: nothing kept
    InstanceAxes axes{};
    uint32_t tint = 0;
    std::optional<LightSet> light;  // set 0, nullopt for an empty bank
    ShrubPalette palette{};
  };
  std::vector<Kept> kept_;
};

}  // namespace gcvu::harness::frame
