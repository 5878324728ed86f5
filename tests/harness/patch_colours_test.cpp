// PatchColours lights a record once per bank and hands the colour to every later record with the same bytes: a
// cross-check of that memo against light_vertex on each record (our own two paths, not a check of the colours).

#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "formats/rc2/level.hpp"
#include "harness/frame/patch_colours.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "tests/harness/light_record.hpp"

namespace gcvu::harness::frame {
namespace {

using test::light_record;

TEST(PatchColoursCrossCheck, DemoLevelRecordsAsLitOneByOne) {
  formats::rc2::LevelFiles files = write_demo_level({3, 120});
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
  const LightBank bank = default_light_bank();
  PatchColours colours(level.patches.size());
  size_t records = 0;
  std::set<std::pair<std::array<uint8_t, 4>, uint16_t>> distinct;
  for (size_t slot = 0; slot < level.patches.size(); ++slot) {
    const formats::rc2::TfragPatch& patch = level.patches[slot];
    const auto lit = colours.first(slot, patch, patch.lights.size(), bank);
    for (size_t k = 0; k < patch.lights.size(); ++k) {
      const formats::rc2::LightRecord& r = patch.lights[k];
      ASSERT_EQ(lit[k], light_vertex(r, bank)) << "patch " << slot << " record " << k;
      distinct.insert({{r.packed[0], r.packed[1], r.packed[2], r.packed[3]}, r.select});
      ++records;
    }
  }
  // The memo is exercised: records repeat across patches.
  EXPECT_LT(distinct.size(), records);
}

TEST(PatchColoursCrossCheck, PreparedAheadAsLitOneByOne) {
  // The frame builder's order: every patch's request lit ahead in one batch, then read; patches asked for a prefix
  // first and more later (a nearer LOD in a later frame).
  formats::rc2::LevelFiles files = write_demo_level({3, 120});
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
  const LightBank bank = default_light_bank();
  PatchColours colours(level.patches.size());
  for (const bool whole : {false, true}) {
    std::vector<PatchColours::Request> requests;
    for (size_t slot = 0; slot < level.patches.size(); ++slot) {
      const formats::rc2::TfragPatch& patch = level.patches[slot];
      requests.push_back({slot, &patch, whole ? patch.lights.size() : patch.lights.size() / 2});
    }
    // A patch asked for twice in one frame, the second time for more.
    requests.push_back({0, &level.patches[0], level.patches[0].lights.size()});
    colours.prepare(requests, bank);
    for (const PatchColours::Request& request : requests) {
      const auto lit = colours.first(request.slot, *request.patch, request.count, bank);
      for (size_t k = 0; k < request.count; ++k) {
        ASSERT_EQ(lit[k], light_vertex(request.patch->lights[k], bank)) << "patch " << request.slot << " record " << k;
      }
    }
  }
}

TEST(PatchColoursCrossCheck, EveryByteLightVertexReadsIsPartOfTheKey) {
  // Records that differ from the first in one input each (azimuth, elevation, either base colour byte, the set, the
  // blend), each lit differently: a memo that left a byte out would hand out the first record's colour.
  const LightBank bank = default_light_bank();
  formats::rc2::TfragPatch patch;
  patch.lights = {light_record(200, 200, 0x2108, 0x0000), light_record(150, 200, 0x2108, 0x0000),
                  light_record(200, 180, 0x2108, 0x0000), light_record(200, 200, 0x210f, 0x0000),
                  light_record(200, 200, 0x3108, 0x0000), light_record(200, 200, 0x2108, 0x0001),
                  light_record(200, 200, 0x2108, 0x8010), light_record(200, 200, 0x2108, 0x0000)};
  PatchColours colours(1);
  const auto lit = colours.first(0, patch, patch.lights.size(), bank);
  for (size_t k = 0; k < patch.lights.size(); ++k) {
    EXPECT_EQ(lit[k], light_vertex(patch.lights[k], bank)) << "record " << k;
    if (k != 0 && k + 1 != patch.lights.size()) {
      EXPECT_NE(lit[k], lit[0]) << "record " << k;
    }
  }
  // Another bank lights the same records anew.
  LightBank other = bank;
  std::swap(other[0], other[1]);
  const auto relit = colours.first(0, patch, patch.lights.size(), other);
  for (size_t k = 0; k < patch.lights.size(); ++k) EXPECT_EQ(relit[k], light_vertex(patch.lights[k], other)) << k;
}

}  // namespace
}  // namespace gcvu::harness::frame
