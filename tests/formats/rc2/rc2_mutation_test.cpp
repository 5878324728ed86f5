// Robustness: seeded random byte changes to a generated level either still load or give a FormatError; nothing
// else may escape (and under the asan preset, nothing may read out of bounds).

#include <gtest/gtest.h>

#include <random>

#include "formats/core/format_error.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/height_field_level.hpp"

namespace gcvu::formats::rc2 {
namespace {

TEST(Rc2Mutation, RandomByteChangesLoadOrFailCleanly) {
  const LevelFiles original = write_level(harness::make_height_field_level({21, 4}));
  std::mt19937 random(12345);
  size_t failures = 0;
  constexpr int kTrials = 600;
  for (int trial = 0; trial < kTrials; ++trial) {
    LevelFiles files = original;
    std::vector<uint8_t>& target = trial % 3 == 0 ? files.core_index : files.core_data;
    for (int change = 0; change < 1 + trial % 4; ++change) {
      target[random() % target.size()] = static_cast<uint8_t>(random());
    }
    try {
      read_level(files.core_index, files.core_data, files.gs_ram, "mutant");
    } catch (const FormatError& error) {
      ++failures;
      EXPECT_NE(std::string(error.what()).find("mutant/"), std::string::npos) << error.what();
    }
  }
  // Most changes land in texels or placeholder bytes and load; some must hit a checked field.
  EXPECT_GT(failures, 0u);
  EXPECT_LT(failures, size_t{kTrials});
}

}  // namespace
}  // namespace gcvu::formats::rc2
