// The lighting pass (harness/frame/lighting.hpp). Expected colours are worked by hand from the documented formula
// and op order: every operand below is exact in float, so the PS2 float ops give the hand values, and the final
// FTOI0 truncates (108.75 -> 108, where rounding would give 109).

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "emu/vu/float/float_unit.hpp"
#include "harness/frame/lighting.hpp"
#include "tests/harness/light_record.hpp"

namespace gcvu::harness::frame {
namespace {

using test::light_record;
uint16_t rgb5(unsigned r, unsigned g, unsigned b) { return static_cast<uint16_t>(r | g << 5 | b << 10 | 0x8000); }
uint32_t rgba(unsigned r, unsigned g, unsigned b) { return r | g << 8 | b << 16 | 0x80u << 24; }

TEST(FrameLighting, NormalFromTheTableIsNegated) {
  // az = el = 0: (cos 0 cos 0, sin 0 cos 0, sin 0) = (1, 0, 0), negated: (-1, -0, -0).
  const auto n = record_normal(light_record(0, 0, 0, 0));
  EXPECT_EQ(n[0], 0xbf800000u);
  EXPECT_EQ(n[1], 0x80000000u);
  EXPECT_EQ(n[2], 0x80000000u);
  EXPECT_EQ(normal_table()[0][0], 0x3f800000u);
  EXPECT_EQ(normal_table()[128][0], 0xbf800000u);  // cos(pi) = -1
}

TEST(FrameLighting, BaseIsPext5) {
  const auto base = record_base(light_record(0, 0, rgb5(31, 16, 1), 0));
  EXPECT_EQ(base[0], 0x43780000u);  // 248.0
  EXPECT_EQ(base[1], 0x43000000u);  // 128.0
  EXPECT_EQ(base[2], 0x41000000u);  // 8.0
}

TEST(FrameLighting, HandWorkedVertexTruncates) {
  // n = (-1, -0, -0). A towards (-1, 0, 0): dA = 1, max(1, 1*0) = 1, term = A.rgb. B towards (0, 0, 1): dB = -0,
  // max(-0, -0) = -0, term -0. base (8, 8, 8) + (100.5, 100.75, 0.5) = (108.5, 108.75, 8.5) -> (108, 108, 8).
  const LightBank bank = {
      {make_light({-1, 0, 0}, {100.5, 100.75, 0.5}, 0.0), make_light({0, 0, 1}, {10, 10, 10}, 0.5)}};
  EXPECT_EQ(light_vertex(light_record(0, 0, rgb5(1, 1, 1), 0), bank), rgba(108, 108, 8));
}

TEST(FrameLighting, BackFactorAndClamp) {
  // A points away: dA = -1, max(-1, -1 * -0.5) = 0.5 -> 8 + 0.5 * 100 = 58. B adds 300 to red: clamped to 255.
  // Blue: 0 + 50 - 80 = -30 clamps to 0.
  const LightBank bank = {{make_light({1, 0, 0}, {100, 100, 100}, -0.5), make_light({-1, 0, 0}, {300, 0, -80}, 0)}};
  EXPECT_EQ(light_vertex(light_record(0, 0, rgb5(1, 1, 0), 0), bank), rgba(255, 58, 0));
}

TEST(FrameLighting, SelectPicksOrBlendsSets) {
  // az = 128, el = 0: n = -(cos pi, sin pi, 0) = (1, -sin(pi) as float, -0); n.y is ~1e-16, negligible below.
  const LightBank bank = {
      {make_light({1, 0, 0}, {100, 100, 100}, 0), make_light({0, 0, 1}, {0, 0, 0}, 0)},
      {make_light({0, 1, 0}, {50, 50, 50}, 0), make_light({0, 0, 1}, {0, 0, 0}, 0)},
  };
  EXPECT_EQ(light_vertex(light_record(128, 0, 0, 0x0000), bank), rgba(100, 100, 100));  // set 0 alone
  EXPECT_EQ(light_vertex(light_record(128, 0, 0, 0x0001), bank), rgba(0, 0, 0));        // set 1: facing away (n.y < 0)
  EXPECT_EQ(light_vertex(light_record(128, 0, 0, 0x0010), bank), rgba(100, 100, 100));  // blend bits 0: set a alone
  // t = 0x80 / 256 = 0.5: direction (0.5, 0.5, 0) re-normalised to (0.7071.., 0.7071.., 0), colour 75:
  // 75 * 0.7071 = 53.03 -> 53.
  EXPECT_EQ(light_vertex(light_record(128, 0, 0, 0x8010), bank), rgba(53, 53, 53));
  // t = 0x40 / 256 = 0.25: (0.75, 0.25, 0) / 0.7906 = (0.9487, 0.3162, 0); colour 87.5: 87.5 * 0.9487 = 83.01 -> 83.
  EXPECT_EQ(light_vertex(light_record(128, 0, 0, 0x4010), bank), rgba(83, 83, 83));
}

TEST(FrameLighting, MissingSetGivesTheBaseColour) {
  const LightBank bank = default_light_bank();
  ASSERT_EQ(bank.size(), 4u);
  EXPECT_EQ(light_vertex(light_record(10, 200, rgb5(31, 2, 3), 0x000f), bank), rgba(248, 16, 24));  // set 15 missing
  EXPECT_EQ(light_vertex(light_record(10, 200, rgb5(31, 2, 3), 0x80f0), bank), rgba(248, 16, 24));  // blend with 15
  EXPECT_EQ(light_vertex(light_record(10, 200, rgb5(31, 2, 3), 0x0003), bank), rgba(248, 16, 24));  // unlit set 3
}

// Cross-check (our two paths, not independent truth): light_normal runs the formula four lanes an op; this is the
// header's formula written out one scalar float op at a time, in its documented order, on operands drawn to reach
// every class the float unit treats apart (zeros of both signs, denormals, the largest magnitudes, overflow).
uint32_t light_normal_one_op_at_a_time(const std::array<uint32_t, 3>& n, std::array<uint32_t, 3> colour,
                                       const LightSet& set) {
  const auto mul = [](uint32_t x, uint32_t y) { return vu::mul(x, y).value; };
  const auto add = [](uint32_t x, uint32_t y) { return vu::add(x, y).value; };
  const auto factor = [&](const DirectionalLight& light) {
    const uint32_t d =
        add(add(mul(n[0], light.direction[0]), mul(n[1], light.direction[1])), mul(n[2], light.direction[2]));
    return vu::max(d, mul(d, light.w));
  };
  const uint32_t factor_a = factor(set.a), factor_b = factor(set.b);
  uint32_t rgba = 0x80u << 24;
  for (size_t c = 0; c < 3; ++c) {
    const uint32_t lit = add(add(colour[c], mul(set.a.colour[c], factor_a)), mul(set.b.colour[c], factor_b));
    rgba |= vu::ftoi(vu::mini(vu::max(lit, 0), 0x437f0000u), vu::FixedPoint::k0) << (8 * c);
  }
  return rgba;
}

// Lighting operands across the float classes: specials (zeros, denormals, the largest magnitudes, 1.0), any bits,
// and ordinary lighting magnitudes |x| in [2^-8, 2^9).
class LightingOperands {
 public:
  explicit LightingOperands(uint32_t seed) : random_(seed) {}
  uint32_t word() {
    static constexpr std::array<uint32_t, 10> kSpecials = {0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu,
                                                           0x7f7fffffu, 0xff7fffffu, 0x7fffffffu, 0x3f800000u,
                                                           0xbf800000u, 0x00800000u};
    const uint32_t pick = random_() % 8;
    if (pick == 0) return kSpecials[random_() % kSpecials.size()];
    if (pick < 4) return static_cast<uint32_t>(random_());
    return (random_() & 0x80000000u) | ((119u + random_() % 17u) << 23) | (random_() & 0x7fffffu);
  }
  std::array<uint32_t, 3> triple() { return {word(), word(), word()}; }
  DirectionalLight light() {
    DirectionalLight l;
    for (uint32_t& x : l.direction) x = word();
    for (uint32_t& x : l.colour) x = word();
    l.w = word();
    return l;
  }

 private:
  std::mt19937 random_;
};

TEST(FrameLightingCrossCheck, FourLanesAnOpEqualsOneOpAtATime) {
  LightingOperands operands(21);
  for (int round = 0; round < 200000; ++round) {
    const std::array<uint32_t, 3> normal = operands.triple();
    const std::array<uint32_t, 3> base = operands.triple();
    const LightSet set{operands.light(), operands.light()};
    ASSERT_EQ(light_normal(normal, base, set), light_normal_one_op_at_a_time(normal, base, set)) << "round " << round;
  }
}

// Cross-check (our two paths): light_normals, four normals to an op's lanes, against light_normal one normal at a
// time, on batches of every length from 1 to 9 (so full and short last batches), the operands as above.
TEST(FrameLightingCrossCheck, BatchedNormalsEqualOneAtATime) {
  LightingOperands operands(2121);
  for (int round = 0; round < 20000; ++round) {
    const size_t count = 1 + static_cast<size_t>(round % 9);
    std::vector<std::array<uint32_t, 3>> normals(count), bases(count);
    for (size_t i = 0; i < count; ++i) {
      normals[i] = operands.triple();
      bases[i] = operands.triple();
    }
    const LightSet set{operands.light(), operands.light()};
    std::vector<uint32_t> batched(count);
    light_normals(normals, bases, set, batched);
    for (size_t i = 0; i < count; ++i) {
      ASSERT_EQ(batched[i], light_normal(normals[i], bases[i], set)) << "round " << round << " normal " << i;
    }
  }
}

// Cross-check (our two paths): light_vertices, grouping records by select and lighting each group in batches, against
// light_vertex one record at a time, on records of every kind of select (a set alone, blends, missing sets).
TEST(FrameLightingCrossCheck, BatchedRecordsEqualOneAtATime) {
  std::mt19937 random(2122);
  const LightBank bank = default_light_bank();
  const std::array<uint16_t, 8> selects = {0x0000, 0x0001, 0x0002, 0x0003, 0x000f, 0x8010, 0x4021, 0x80f0};
  std::vector<formats::rc2::LightRecord> records(3000);
  for (formats::rc2::LightRecord& r : records) {
    const uint16_t select = random() % 4 == 0 ? static_cast<uint16_t>(random()) : selects[random() % selects.size()];
    r = test::light_record(static_cast<uint8_t>(random()), static_cast<uint8_t>(random()),
                           static_cast<uint16_t>(random()), select);
  }
  for (const size_t count : {size_t{1}, size_t{5}, size_t{17}, records.size()}) {
    std::vector<const formats::rc2::LightRecord*> pointers;
    for (size_t i = 0; i < count; ++i) pointers.push_back(&records[i]);
    std::vector<uint32_t> batched(count);
    light_vertices(pointers, bank, batched);
    for (size_t i = 0; i < count; ++i) ASSERT_EQ(batched[i], light_vertex(records[i], bank)) << count << " " << i;
  }
}

}  // namespace
}  // namespace gcvu::harness::frame
