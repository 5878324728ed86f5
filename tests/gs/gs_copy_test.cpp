// Gs copies (gs.hpp) for the debugger: a copy taken with primitives batched and not drawn yet, and a copy assigned
// over a GS that drew something else, must draw on exactly as the original. Expected pixels are worked by hand from
// the GS rules (a sprite takes its colour from its second vertex and covers [x0, x1) x [y0, y1) for integer
// corners; later primitives of a draw overwrite earlier ones); the copies are then held to the original.
#include <gtest/gtest.h>

#include <vector>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"
#include "emu/gs/gs_state_hash.hpp"

namespace gcvu::gs {
namespace {

namespace reg = gif::gs_reg;

uint64_t xyz(int x, int y) { return uint64_t(x * 16) | uint64_t(y * 16) << 16; }

void set_up(Gs& gs) {
  gs.write_register(reg::kFrame1, uint64_t{1} << 16);  // FBP 0, FBW 1 (64 pixels), CT32
  gs.write_register(reg::kScissor1, uint64_t{63} << 16 | uint64_t{63} << 48);
  gs.write_register(reg::kTest1, uint64_t{1} << 16 | uint64_t{1} << 17);  // Z test ALWAYS
  gs.write_register(reg::kZbuf1, 4 | uint64_t{1} << 32);                  // Z buffer at page 4, ZMSK
  gs.write_register(reg::kPrim, 6);                                       // sprite
}

void sprite(Gs& gs, int x0, int y0, int x1, int y1, uint32_t rgba) {
  gs.write_register(reg::kRgbaq, rgba);
  gs.write_register(reg::kXyz2, xyz(x0, y0));
  gs.write_register(reg::kXyz2, xyz(x1, y1));
}

uint32_t color_at(const Gs& gs, int x, int y) { return gs.memory().read_pixel({0, 1, Psm::kCt32}, x, y); }

std::vector<uint8_t> memory_of(const Gs& gs) { return {gs.memory().bytes().begin(), gs.memory().bytes().end()}; }

TEST(GsCopy, CopyWithABatchOpenDrawsOnAsTheOriginal) {
  Gs original;
  set_up(original);
  sprite(original, 0, 0, 16, 16, 0x80000011);
  sprite(original, 8, 8, 24, 24, 0x80000022);  // batched: nothing drawn yet
  ASSERT_EQ(original.stats().draws, 0u);
  Gs copy(original);
  EXPECT_EQ(state_hash(copy), state_hash(original));
  for (Gs* gs : {&original, &copy}) {
    sprite(*gs, 0, 12, 4, 20, 0x80000033);
    gs->flush();
  }
  EXPECT_EQ(copy.stats().draws, 1u);
  EXPECT_EQ(copy.stats().primitives, 3u);
  EXPECT_EQ(color_at(copy, 1, 1), 0x80000011u);
  EXPECT_EQ(color_at(copy, 10, 10), 0x80000022u);
  EXPECT_EQ(color_at(copy, 2, 14), 0x80000033u);  // the third sprite covers the first there
  EXPECT_EQ(color_at(copy, 30, 30), 0u);
  EXPECT_EQ(memory_of(copy), memory_of(original));
  EXPECT_EQ(state_hash(copy), state_hash(original));
}

TEST(GsCopy, AssignmentReplacesEverythingTheOtherGsDrew) {
  Gs original;
  set_up(original);
  sprite(original, 0, 0, 16, 16, 0x80000011);
  Gs other;
  set_up(other);
  sprite(other, 20, 20, 40, 40, 0x800000ff);
  other.flush();
  other = original;
  EXPECT_EQ(state_hash(other), state_hash(original));
  for (Gs* gs : {&original, &other}) {
    sprite(*gs, 4, 4, 8, 8, 0x80000044);
    gs->flush();
  }
  EXPECT_EQ(color_at(other, 30, 30), 0u);  // the other GS's own sprite is gone
  EXPECT_EQ(color_at(other, 5, 5), 0x80000044u);
  EXPECT_EQ(color_at(other, 12, 12), 0x80000011u);
  EXPECT_EQ(memory_of(other), memory_of(original));
  EXPECT_EQ(state_hash(other), state_hash(original));
}

TEST(GsCopy, AssignmentTakesTheOtherGsOffsetForTheNextKick) {
  // The target kicked with XYOFFSET 0 (the kick state it keeps between kicks then holds that); the source's offset
  // moves the window by 8 pixels, and the next sprite after the assignment must land with it.
  Gs target;
  set_up(target);
  sprite(target, 40, 40, 44, 44, 0x80000011);
  Gs source;
  set_up(source);
  source.write_register(reg::kXyoffset1, uint64_t{8 * 16} | uint64_t{8 * 16} << 32);
  target = source;
  sprite(target, 8, 8, 12, 12, 0x80000055);
  target.flush();
  EXPECT_EQ(color_at(target, 0, 0), 0x80000055u);
  EXPECT_EQ(color_at(target, 8, 8), 0u);
  EXPECT_EQ(color_at(target, 40, 40), 0u);
}

TEST(GsCopy, HashSeesABatchedVertex) {
  Gs a;
  set_up(a);
  Gs b(a);
  EXPECT_EQ(state_hash(a), state_hash(b));
  a.write_register(reg::kXyz2, xyz(1, 1));
  EXPECT_NE(state_hash(a), state_hash(b));
}

}  // namespace
}  // namespace gcvu::gs
