// The gameplay file's instance blocks (formats/rc2/gameplay.hpp): a hand-built file whose block offsets and record
// fields are worked by hand from wrench's layout (docs/gameplay.md slots; ShrubInstancePacked, GcUyaMobyInstance),
// read back equal to what was written; then a hand-broken copy per invariant, each a FormatError naming
// lvl/gameplay.bin, the byte offset and the rule.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <limits>
#include <string>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/rc2/gameplay.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/height_field_level.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats::rc2 {
namespace {

const std::string kSource = "lvl/gameplay.bin";

// The generated level's core index: shrub classes 200 (no geometry), 201, 202, 203; moby classes 0, 1, 2, 500, 501.
const CoreIndex& core_index() {
  static const CoreIndex index = [] {
    const LevelFiles files = write_level(harness::make_height_field_level({7, 4}));
    return read_level(files.core_index, files.core_data, files.gs_ram, "lvl").index;
  }();
  return index;
}

ShrubInstanceRecord shrub(int32_t o_class, float x) {
  ShrubInstanceRecord r;
  r.o_class = o_class;
  r.draw_distance = 64.0f;
  r.matrix = {{{2, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 2, 0}, {x, -4, 3.5f, kInstancePositionW}}};
  r.colour = {1, 2, 3};
  r.dir_lights = 7;
  return r;
}

Gameplay hand_built() {
  Gameplay g;
  g.shrub_classes = {201, 203};
  g.shrub_instances = {shrub(201, 10), shrub(203, 12)};
  g.moby_classes = {500};
  MobyInstanceRecord m;
  m.uid = 42;
  m.o_class = 500;
  m.scale = 1.5f;
  m.draw_distance = 90;
  m.update_distance = 120;
  m.position = {1, 2, 3};
  m.rotation = {0, 0, 1.25f};
  m.colour = {255, 0, 128};
  m.unnamed_18 = {1, 2, 3, 4};
  g.mobies.records = {m};
  g.mobies.spawnable_count = 9;
  return g;
}

uint32_t word_at(const std::vector<uint8_t>& bytes, size_t at) {
  return bytes[at] | bytes[at + 1] << 8 | bytes[at + 2] << 16 | uint32_t(bytes[at + 3]) << 24;
}

void put_word(std::vector<uint8_t>& bytes, size_t at, uint32_t value) {
  for (int b = 0; b < 4; ++b) bytes[at + b] = static_cast<uint8_t>(value >> (8 * b));
}

void put_float(std::vector<uint8_t>& bytes, size_t at, float value) { put_word(bytes, at, std::bit_cast<uint32_t>(value)); }

// Offsets worked by hand: header 0x9c, blocks 16-aligned in wrench's order. Moby classes at 0xa0 (4 + 4 bytes),
// moby instances at 0xb0 (0x10 + 0x88, record at 0xc0), shrub classes at 0x150 (4 + 8), shrub instances at 0x160
// (0x10 + 2 x 0x70: records at 0x170 and 0x1e0), end 0x250.
constexpr size_t kMobyClasses = 0xa0, kMobyInstances = 0xb0, kMoby = 0xc0;
constexpr size_t kShrubClasses = 0x150, kShrubInstances = 0x160, kShrubA = 0x170, kShrubB = 0x1e0;

TEST(Gameplay, HandBuiltFileHasTheDocumentedLayoutAndReadsBackEqual) {
  const std::vector<uint8_t> bytes = write_gameplay(hand_built());
  ASSERT_EQ(bytes.size(), 0x250u);
  EXPECT_EQ(word_at(bytes, 0x3c), kShrubClasses);
  EXPECT_EQ(word_at(bytes, 0x40), kShrubInstances);
  EXPECT_EQ(word_at(bytes, 0x48), kMobyClasses);
  EXPECT_EQ(word_at(bytes, 0x4c), kMobyInstances);
  for (size_t slot = 0; slot < 0x9c; slot += 4) {
    if (slot != 0x3c && slot != 0x40 && slot != 0x48 && slot != 0x4c) EXPECT_EQ(word_at(bytes, slot), 0u) << slot;
  }
  EXPECT_EQ(word_at(bytes, kMobyClasses), 1u);
  EXPECT_EQ(word_at(bytes, kMobyClasses + 4), 500u);
  EXPECT_EQ(word_at(bytes, kMobyInstances), 1u);
  EXPECT_EQ(word_at(bytes, kMobyInstances + 4), 9u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x00), 0x88u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x10), 42u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x18), 1u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x28), 500u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x2c), 0x3fc00000u);  // 1.5f
  EXPECT_EQ(word_at(bytes, kMoby + 0x30), 90u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x38), 32u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x3c), 64u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x40), 0x3f800000u);  // position x 1.0f
  EXPECT_EQ(word_at(bytes, kMoby + 0x54), 0x3fa00000u);  // rotation z 1.25f
  EXPECT_EQ(word_at(bytes, kMoby + 0x58), 0xffffffffu);  // group -1
  EXPECT_EQ(word_at(bytes, kMoby + 0x74), 255u);
  EXPECT_EQ(word_at(bytes, kMoby + 0x7c), 128u);
  EXPECT_EQ(word_at(bytes, kShrubClasses), 2u);
  EXPECT_EQ(word_at(bytes, kShrubClasses + 8), 203u);
  EXPECT_EQ(word_at(bytes, kShrubInstances), 2u);
  EXPECT_EQ(word_at(bytes, kShrubA + 0x00), 201u);
  EXPECT_EQ(word_at(bytes, kShrubA + 0x04), 0x42800000u);  // 64.0f
  EXPECT_EQ(word_at(bytes, kShrubA + 0x10), 0x40000000u);  // x axis 2.0f
  EXPECT_EQ(word_at(bytes, kShrubA + 0x40), 0x41200000u);  // position x 10.0f
  EXPECT_EQ(word_at(bytes, kShrubA + 0x4c), 0x3c23d70au);  // 0.01f
  EXPECT_EQ(word_at(bytes, kShrubA + 0x54), 2u);           // colour g
  EXPECT_EQ(word_at(bytes, kShrubA + 0x60), 7u);           // dir_lights
  EXPECT_EQ(word_at(bytes, kShrubB + 0x00), 203u);

  const Gameplay read = read_gameplay(bytes, core_index(), kSource);
  const Gameplay expected = hand_built();
  EXPECT_EQ(read.shrub_classes, expected.shrub_classes);
  EXPECT_EQ(read.shrub_instances, expected.shrub_instances);
  EXPECT_EQ(read.moby_classes, expected.moby_classes);
  EXPECT_EQ(read.mobies, expected.mobies);
  EXPECT_EQ(write_gameplay(read), bytes);
}

void expect_rule(const std::vector<uint8_t>& bytes, uint64_t offset, const std::string& rule) {
  try {
    read_gameplay(bytes, core_index(), kSource);
    ADD_FAILURE() << "no error; expected: " << rule;
  } catch (const FormatError& error) {
    EXPECT_EQ(error.source(), kSource) << error.what();
    EXPECT_EQ(error.offset(), offset) << error.what();
    EXPECT_NE(error.rule().find(rule), std::string::npos) << error.what();
  }
}

std::vector<uint8_t> good() { return write_gameplay(hand_built()); }

TEST(Gameplay, ContainerInvariants) {
  auto b = good();
  b.resize(0x90);
  expect_rule(b, 0x90, "truncated");
  b = good();
  b[0] = 'W', b[1] = 'A', b[2] = 'D';
  expect_rule(b, 0, "compressed");
  b = good();
  put_word(b, 0x00, 0x10);
  expect_rule(b, 0x00, "inside the 0x9c-byte header");
  b = good();
  put_word(b, 0x04, 0x1000);
  expect_rule(b, 0x04, "past the file's end");
  b = good();
  put_word(b, 0x48, 0xa4);
  expect_rule(b, 0x48, "moby class block offset 0xa4 is not 16-aligned");
  b = good();
  put_word(b, 0x00, kMobyInstances);
  expect_rule(b, 0x4c, "shares its offset with slot 0x0");
}

TEST(Gameplay, ClassListInvariants) {
  auto b = good();
  put_word(b, kMobyClasses, 0xffffffff);
  expect_rule(b, kMobyClasses, "count -1 is negative");
  b = good();
  put_word(b, kMobyClasses, 4);  // 4 + 16 bytes > the 0x10 before the moby instances
  expect_rule(b, kMobyClasses, "4 classes need 0x14 bytes, the block holds 0x10");
  b = good();
  put_word(b, kMobyClasses + 4, 777);
  expect_rule(b, kMobyClasses + 4, "class 777 is not in core_index's moby class table");
  b = good();
  put_word(b, kShrubClasses + 8, 201);
  expect_rule(b, kShrubClasses + 8, "class 201 is listed twice");
  b = good();
  put_word(b, kShrubClasses + 8, 202);  // listed, but the instance is of 203
  expect_rule(b, kShrubB, "class 203 is not in the shrub class block");
  b = good();
  put_word(b, kShrubB, 201);  // 203 stays listed with no instance
  expect_rule(b, kShrubClasses + 8, "class 203 has no shrub instance");
}

TEST(Gameplay, ShrubInstanceInvariants) {
  auto b = good();
  put_word(b, kShrubInstances, 0xffffffff);
  expect_rule(b, kShrubInstances, "count -1 is negative");
  b = good();
  put_word(b, kShrubInstances + 4, 1);
  expect_rule(b, kShrubInstances + 4, "header word 1 is not 0");
  b = good();
  put_word(b, kShrubInstances, 3);
  expect_rule(b, kShrubInstances, "3 instances need 0x160 bytes, the block holds 0xf0");
  b = good();
  put_word(b, kShrubA, 202);
  expect_rule(b, kShrubA, "shrub instance 0: class 202 is not in the shrub class block");
  b = good();
  put_float(b, kShrubA + 0x04, std::numeric_limits<float>::quiet_NaN());
  expect_rule(b, kShrubA + 0x04, "draw_distance is not finite");
  for (size_t at : {0x08u, 0x0cu, 0x5cu, 0x64u, 0x68u, 0x6cu}) {
    b = good();
    put_word(b, kShrubB + at, 5);
    expect_rule(b, kShrubB + at, "shrub instance 1: word at +" + hex_offset(at) + " is not 0");
  }
  b = good();
  put_float(b, kShrubA + 0x24, std::numeric_limits<float>::infinity());
  expect_rule(b, kShrubA + 0x24, "matrix float is not finite");
  b = good();
  put_float(b, kShrubA + 0x4c, 1.0f);
  expect_rule(b, kShrubA + 0x4c, "position w is 1, not 0.01");
  b = good();
  put_word(b, kShrubA + 0x54, 256);
  expect_rule(b, kShrubA + 0x54, "colour component 256 is outside 0..255");
  b = good();
  put_word(b, kShrubA + 0x50, 0xffffffff);
  expect_rule(b, kShrubA + 0x50, "colour component -1 is outside 0..255");
}

TEST(Gameplay, MobyInstanceInvariants) {
  auto b = good();
  put_word(b, kMobyInstances, 0xffffffff);
  expect_rule(b, kMobyInstances, "count -1 is negative");
  b = good();
  put_word(b, kMobyInstances + 8, 1);
  expect_rule(b, kMobyInstances + 8, "header word 2 is not 0");
  b = good();
  put_word(b, kMobyInstances, 2);
  expect_rule(b, kMobyInstances, "2 instances need 0x120 bytes, the block holds 0xa0");
  b = good();
  put_word(b, kMoby + 0x00, 0x70);
  expect_rule(b, kMoby, "moby instance 0: size field is 0x70, not 0x88");
  b = good();
  put_word(b, kMoby + 0x28, 777);
  expect_rule(b, kMoby + 0x28, "class 777 is not in core_index's moby class table");
  b = good();
  put_word(b, kMoby + 0x38, 0);
  expect_rule(b, kMoby + 0x38, "word at +0x38 is not 32");
  b = good();
  put_word(b, kMoby + 0x3c, 0);
  expect_rule(b, kMoby + 0x3c, "word at +0x3c is not 64");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (auto [at, what] : {std::pair{0x2cu, "scale"}, std::pair{0x44u, "position"}, std::pair{0x54u, "rotation"},
                          std::pair{0x60u, "rooted_distance"}}) {
    b = good();
    put_float(b, kMoby + at, nan);
    expect_rule(b, kMoby + at, std::string(what) + " is not finite");
  }
  b = good();
  put_word(b, kMoby + 0x7c, 300);
  expect_rule(b, kMoby + 0x7c, "colour component 300 is outside 0..255");
}

TEST(Gameplay, LevelFolderReadsGameplayWhenPresent) {
  test::TempDir dir;
  LevelFiles files = write_level(harness::make_height_field_level({7, 4}));
  write_level_folder(files, dir / "plain");
  const Level plain = load_level(dir / "plain");
  EXPECT_FALSE(plain.gameplay.has_value());
  EXPECT_EQ(level_summary_lines(plain).back(), "instances: none (gameplay.bin absent)");

  files.gameplay = good();
  write_level_folder(files, dir / "with");
  const Level with = load_level(dir / "with");
  ASSERT_TRUE(with.gameplay.has_value());
  EXPECT_EQ(with.gameplay->shrub_instances.size(), 2u);
  EXPECT_EQ(with.gameplay->mobies.records.size(), 1u);
  EXPECT_EQ(level_summary_lines(with).back().rfind("instances (gameplay.bin): 2 shrub (2 classes listed), 1 moby "
                                                   "(1 classes listed, 9 in the spawnable count word)", 0),
            0u)
      << level_summary_lines(with).back();

  files.gameplay = std::vector<uint8_t>{'W', 'A', 'D', 0x10, 0, 0, 0};
  write_level_folder(files, dir / "compressed");
  const Level compressed = load_level(dir / "compressed");
  EXPECT_FALSE(compressed.gameplay.has_value());
  EXPECT_TRUE(compressed.gameplay_compressed);
  EXPECT_NE(level_summary_lines(compressed).back().find("WAD-compressed"), std::string::npos);

  auto broken = good();
  put_word(broken, kShrubA + 0x08, 1);
  files.gameplay = broken;
  write_level_folder(files, dir / "broken");
  try {
    load_level(dir / "broken");
    ADD_FAILURE() << "no error";
  } catch (const FormatError& error) {
    EXPECT_EQ(error.source(), (dir / "broken" / "gameplay.bin").string());
    EXPECT_EQ(error.offset(), kShrubA + 0x08);
  }
}

}  // namespace
}  // namespace gcvu::formats::rc2
