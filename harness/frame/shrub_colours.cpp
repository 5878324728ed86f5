#include "harness/frame/shrub_colours.hpp"

#include "emu/vu/float/float_unit.hpp"
#include "harness/frame/float_word.hpp"

namespace gcvu::harness::frame {

ShrubPalette light_shrub_instance(const formats::rc2::ShrubClass& shrub, const Instance& instance,
                                  const LightBank& lights) {
  std::array<std::array<double, 3>, 3> unit_axes{};  // the instance's axes without their scale
  for (size_t k = 0; k < 3; ++k) unit_axes[k] = unit_axis(instance.axes, k);
  const std::array<uint32_t, 3> base = {vu::itof((instance.colour >> 0) & 0xff, vu::FixedPoint::k0),
                                        vu::itof((instance.colour >> 8) & 0xff, vu::FixedPoint::k0),
                                        vu::itof((instance.colour >> 16) & 0xff, vu::FixedPoint::k0)};
  ShrubPalette out{};
  if (lights.empty()) {
    out.fill(instance.colour | 0x80u << 24);
    return out;
  }
  std::array<std::array<uint32_t, 3>, formats::rc2::kShrubPaletteEntries> normals{};
  for (size_t i = 0; i < out.size(); ++i) {
    const auto& n = shrub.palette[i];
    for (size_t a = 0; a < 3; ++a) {
      const double turned = unit_axes[0][a] * n[0] + unit_axes[1][a] * n[1] + unit_axes[2][a] * n[2];
      normals[i][a] = float_word(turned / 32767.0);
    }
  }
  std::array<std::array<uint32_t, 3>, formats::rc2::kShrubPaletteEntries> bases{};
  bases.fill(base);
  light_normals(normals, bases, lights[0], out);  // the whole palette in one batch: its 24 normals share set 0
  return out;
}

const ShrubPalette& ShrubColours::of(size_t slot, const formats::rc2::ShrubClass& shrub, const Instance& instance,
                                     const LightBank& lights) {
  if (slot >= kept_.size()) kept_.resize(slot + 1);
  Kept& kept = kept_[slot];
  const std::optional<LightSet> light = lights.empty() ? std::nullopt : std::optional<LightSet>(lights[0]);
  if (kept.shrub != &shrub || kept.axes != instance.axes || kept.tint != instance.colour || kept.light != light) {
    kept = {&shrub, instance.axes, instance.colour, light, light_shrub_instance(shrub, instance, lights)};
  }
  return kept.palette;
}

}  // namespace gcvu::harness::frame
