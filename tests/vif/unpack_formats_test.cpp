// UNPACK, format by format and through MASK, MODE and the CL/WL write cycle. Every expected value here was worked
// by hand from reference/vif-gif-formats.md §1.3 and written out; none comes from running the code.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/vif/fake_vif_bus.hpp"

namespace gcvu::vif::test {
namespace {

using vu::Vec4;

// 32 source bytes, chosen so that the first 8- and 16-bit elements are negative:
//   81 f2 13 44 | 95 26 e7 d8 | a9 3a db 6c | bd 4e cf f0 | 01 92 23 b4 | 45 d6 67 f8 | 09 1a 8b 2c | 3d ce 5f e0
constexpr std::array<uint32_t, 8> kSource = {0x4413f281, 0xd8e72695, 0x6cdb3aa9, 0xf0cf4ebd,
                                             0xb4239201, 0xf867d645, 0x2c8b1a09, 0xe05fce3d};

// The first two vectors of each format decoded from kSource, by hand. Elements: words w0.., halfwords
// h0=f281 h1=4413 h2=2695 h3=d8e7 h4=3aa9 h5=6cdb h6=4ebd h7=f0cf, bytes b0=81 b1=f2 b2=13 b3=44 b4=95 b5=26
// b6=e7 b7=d8. V3's w is the next element while it lies inside the padded payload of a NUM=2 UNPACK, else 0.
struct FormatCase {
  const char* name;
  uint32_t format;         // CMD bits 0-3
  uint32_t payload_words;  // of a NUM=2 UNPACK: ceil(2·gsize/4)
  std::array<Vec4, 2> signed_vectors;
  std::array<Vec4, 2> unsigned_vectors;
};

const std::vector<FormatCase>& format_cases() {
  static const std::vector<FormatCase> kCases = {
      {"S-32",
       0x0,
       2,
       {{{0x4413f281, 0x4413f281, 0x4413f281, 0x4413f281}, {0xd8e72695, 0xd8e72695, 0xd8e72695, 0xd8e72695}}},
       {{{0x4413f281, 0x4413f281, 0x4413f281, 0x4413f281}, {0xd8e72695, 0xd8e72695, 0xd8e72695, 0xd8e72695}}}},
      {"S-16",
       0x1,
       1,
       {{{0xfffff281, 0xfffff281, 0xfffff281, 0xfffff281}, {0x00004413, 0x00004413, 0x00004413, 0x00004413}}},
       {{{0x0000f281, 0x0000f281, 0x0000f281, 0x0000f281}, {0x00004413, 0x00004413, 0x00004413, 0x00004413}}}},
      {"S-8",
       0x2,
       1,
       {{{0xffffff81, 0xffffff81, 0xffffff81, 0xffffff81}, {0xfffffff2, 0xfffffff2, 0xfffffff2, 0xfffffff2}}},
       {{{0x00000081, 0x00000081, 0x00000081, 0x00000081}, {0x000000f2, 0x000000f2, 0x000000f2, 0x000000f2}}}},
      {"V2-32",
       0x4,
       4,
       {{{0x4413f281, 0xd8e72695, 0x4413f281, 0xd8e72695}, {0x6cdb3aa9, 0xf0cf4ebd, 0x6cdb3aa9, 0xf0cf4ebd}}},
       {{{0x4413f281, 0xd8e72695, 0x4413f281, 0xd8e72695}, {0x6cdb3aa9, 0xf0cf4ebd, 0x6cdb3aa9, 0xf0cf4ebd}}}},
      {"V2-16",
       0x5,
       2,
       {{{0xfffff281, 0x00004413, 0xfffff281, 0x00004413}, {0x00002695, 0xffffd8e7, 0x00002695, 0xffffd8e7}}},
       {{{0x0000f281, 0x00004413, 0x0000f281, 0x00004413}, {0x00002695, 0x0000d8e7, 0x00002695, 0x0000d8e7}}}},
      {"V2-8",
       0x6,
       1,
       {{{0xffffff81, 0xfffffff2, 0xffffff81, 0xfffffff2}, {0x00000013, 0x00000044, 0x00000013, 0x00000044}}},
       {{{0x00000081, 0x000000f2, 0x00000081, 0x000000f2}, {0x00000013, 0x00000044, 0x00000013, 0x00000044}}}},
      {"V3-32",
       0x8,
       6,
       {{{0x4413f281, 0xd8e72695, 0x6cdb3aa9, 0xf0cf4ebd}, {0xf0cf4ebd, 0xb4239201, 0xf867d645, 0x00000000}}},
       {{{0x4413f281, 0xd8e72695, 0x6cdb3aa9, 0xf0cf4ebd}, {0xf0cf4ebd, 0xb4239201, 0xf867d645, 0x00000000}}}},
      {"V3-16",
       0x9,
       3,
       {{{0xfffff281, 0x00004413, 0x00002695, 0xffffd8e7}, {0xffffd8e7, 0x00003aa9, 0x00006cdb, 0x00000000}}},
       {{{0x0000f281, 0x00004413, 0x00002695, 0x0000d8e7}, {0x0000d8e7, 0x00003aa9, 0x00006cdb, 0x00000000}}}},
      {"V3-8",
       0xa,
       2,
       {{{0xffffff81, 0xfffffff2, 0x00000013, 0x00000044}, {0x00000044, 0xffffff95, 0x00000026, 0xffffffe7}}},
       {{{0x00000081, 0x000000f2, 0x00000013, 0x00000044}, {0x00000044, 0x00000095, 0x00000026, 0x000000e7}}}},
      {"V4-32",
       0xc,
       8,
       {{{0x4413f281, 0xd8e72695, 0x6cdb3aa9, 0xf0cf4ebd}, {0xb4239201, 0xf867d645, 0x2c8b1a09, 0xe05fce3d}}},
       {{{0x4413f281, 0xd8e72695, 0x6cdb3aa9, 0xf0cf4ebd}, {0xb4239201, 0xf867d645, 0x2c8b1a09, 0xe05fce3d}}}},
      {"V4-16",
       0xd,
       4,
       {{{0xfffff281, 0x00004413, 0x00002695, 0xffffd8e7}, {0x00003aa9, 0x00006cdb, 0x00004ebd, 0xfffff0cf}}},
       {{{0x0000f281, 0x00004413, 0x00002695, 0x0000d8e7}, {0x00003aa9, 0x00006cdb, 0x00004ebd, 0x0000f0cf}}}},
      {"V4-8",
       0xe,
       2,
       {{{0xffffff81, 0xfffffff2, 0x00000013, 0x00000044}, {0xffffff95, 0x00000026, 0xffffffe7, 0xffffffd8}}},
       {{{0x00000081, 0x000000f2, 0x00000013, 0x00000044}, {0x00000095, 0x00000026, 0x000000e7, 0x000000d8}}}},
      // V4-5 from h0 = f281 (R 01, G 14, B 1c, A 1) and h1 = 4413 (R 13, G 00, B 11, A 0), each 5-bit field << 3
      // and A << 7; USN does not apply.
      {"V4-5",
       0xf,
       1,
       {{{0x00000008, 0x000000a0, 0x000000e0, 0x00000080}, {0x00000098, 0x00000000, 0x00000088, 0x00000000}}},
       {{{0x00000008, 0x000000a0, 0x000000e0, 0x00000080}, {0x00000098, 0x00000000, 0x00000088, 0x00000000}}}},
  };
  return kCases;
}

constexpr uint32_t kUntouched = 0xdeadbeef;
constexpr std::array<uint32_t, 4> kRow = {0x100, 0x200, 0x300, 0x400};
constexpr std::array<uint32_t, 4> kCol = {0x11, 0x22, 0x33, 0x44};
// Cycle row 0: x data, y Row, z Col, w write-protected. Row 1: x protected, y and z data, w Row. Rows 2-3: data.
constexpr uint32_t kMask = 0x000043e4;

struct UnpackRun {
  FakeVifBus bus;
  std::unique_ptr<Vif1> vif;
};

// STROW kRow, STCOL kCol, STMASK, STMOD, STCYCL, then the UNPACK and its payload.
std::vector<uint32_t> setup_stream(uint32_t mode, uint32_t cl, uint32_t wl, uint32_t mask) {
  return {vifcode(0x30), kRow[0], kRow[1], kRow[2],       kRow[3], vifcode(0x31), kCol[0],
          kCol[1],       kCol[2], kCol[3], vifcode(0x20), mask,    stmod(mode),   stcycl(cl, wl)};
}

void run_stream(UnpackRun& run, const std::vector<uint32_t>& words, Vif1Config config = {}) {
  for (uint32_t q = 0; q < vu::kDataQwords; ++q) run.bus.data.qword(q).fill(kUntouched);
  run.vif = std::make_unique<Vif1>(run.bus, config);
  uint64_t clock = 0;
  const Vif1State state = feed(*run.vif, words, clock);
  ASSERT_EQ(state, Vif1State::kIdle) << run.vif->error();
  ASSERT_EQ(run.vif->registers().num.value(), 0u);
}

std::string hex(const Vec4& v) { return fmt::format("{:08x} {:08x} {:08x} {:08x}", v[0], v[1], v[2], v[3]); }

TEST(UnpackFormats, EveryFormatDecodesAsWorkedByHand) {
  for (const FormatCase& c : format_cases()) {
    for (const bool usn : {false, true}) {
      SCOPED_TRACE(fmt::format("{} usn={}", c.name, usn));
      UnpackRun run;
      std::vector<uint32_t> words = setup_stream(0, 1, 1, 0);
      words.push_back(unpack(c.format, 2, 5, false, usn));
      words.insert(words.end(), kSource.begin(), kSource.begin() + c.payload_words);
      words.push_back(kNop);
      run_stream(run, words);
      const auto& expected = usn ? c.unsigned_vectors : c.signed_vectors;
      EXPECT_EQ(hex(run.bus.data.qword(5)), hex(expected[0]));
      EXPECT_EQ(hex(run.bus.data.qword(6)), hex(expected[1]));
      EXPECT_EQ(run.bus.data.qword(4)[0], kUntouched);
      EXPECT_EQ(run.bus.data.qword(7)[0], kUntouched);
      // The payload length rule: the VIFcode, its payload and the one NOP after it, nothing left over.
      EXPECT_EQ(run.vif->words_consumed(), words.size());
    }
  }
}

// The documented per-field rule (§1.3 MASK and MODE), applied to hand-decoded vectors: what the test expects a
// field to become. `row` is the ROW register as it stands and is updated as MODE 2/3 updates it.
uint32_t expected_field(uint32_t op, uint32_t mode, uint32_t data, int field, uint32_t cycle_row,
                        std::array<uint32_t, 4>& row, uint32_t old) {
  switch (op) {
    case 0:
      if (mode == 1) return data + row[field];
      if (mode == 2) return row[field] = row[field] + data;
      if (mode == 3) return row[field] = data;
      return data;
    case 1: return row[field];
    case 2: return kCol[cycle_row];
    default: return old;
  }
}

// Every format × USN × MASK off/on × MODE 0-3, in a skipping write (CL=2, WL=1: qwords 0 and 2, qword 1 skipped)
// and a filling write (CL=1, WL=2, NUM=3: qword 0 = v0, qword 1 = fill cycle showing v1 unconsumed (PCSX2),
// qword 2 = v1).
TEST(UnpackFormats, EveryFormatThroughMaskModeAndWriteCycle) {
  struct Write {
    uint32_t address;
    int vector;  // which decoded vector the cycle sees
    uint32_t cycle_row;
  };
  const std::vector<Write> skipping = {{0, 0, 0}, {2, 1, 0}};
  const std::vector<Write> filling = {{0, 0, 0}, {1, 1, 1}, {2, 1, 0}};
  for (const FormatCase& c : format_cases()) {
    for (const bool usn : {false, true}) {
      for (const bool masked : {false, true}) {
        for (uint32_t mode = 0; mode < 4; ++mode) {
          for (const bool fill : {false, true}) {
            SCOPED_TRACE(fmt::format("{} usn={} masked={} mode={} {}", c.name, usn, masked, mode,
                                     fill ? "filling CL=1 WL=2" : "skipping CL=2 WL=1"));
            UnpackRun run;
            std::vector<uint32_t> words = setup_stream(mode, fill ? 1 : 2, fill ? 2 : 1, kMask);
            words.push_back(unpack(c.format, fill ? 3 : 2, 0, masked, usn));
            words.insert(words.end(), kSource.begin(), kSource.begin() + c.payload_words);
            run_stream(run, words);
            ASSERT_EQ(run.vif->words_consumed(), words.size());

            const auto& vectors = usn ? c.unsigned_vectors : c.signed_vectors;
            const uint32_t effective_mode = c.format == 0xf ? 0 : mode;  // V4-5 ignores MODE
            std::array<uint32_t, 4> row = kRow;
            std::array<Vec4, 3> expected{};
            expected.fill(Vec4{kUntouched, kUntouched, kUntouched, kUntouched});
            for (const Write& w : fill ? filling : skipping) {
              for (int f = 0; f < 4; ++f) {
                const uint32_t op = masked ? (kMask >> (w.cycle_row * 8 + f * 2)) & 3 : 0;
                expected[w.address][f] =
                    expected_field(op, effective_mode, vectors[w.vector][f], f, w.cycle_row, row, kUntouched);
              }
            }
            for (uint32_t q = 0; q < 3; ++q) EXPECT_EQ(hex(run.bus.data.qword(q)), hex(expected[q])) << "qword " << q;
            EXPECT_EQ(run.vif->registers().row, row);
          }
        }
      }
    }
  }
}

// MODE worked out in full for V4-32 (CL=WL=1), ROW = 100 200 300 400, source = 1 2 3 4 | 10 20 30 40.
TEST(UnpackFormats, ModesWrittenOut) {
  struct ModeCase {
    uint32_t mode;
    Vec4 q0, q1;
    std::array<uint32_t, 4> row_after;
  };
  const std::vector<ModeCase> cases = {
      {0, {1, 2, 3, 4}, {0x10, 0x20, 0x30, 0x40}, {0x100, 0x200, 0x300, 0x400}},
      {1, {0x101, 0x202, 0x303, 0x404}, {0x110, 0x220, 0x330, 0x440}, {0x100, 0x200, 0x300, 0x400}},
      {2, {0x101, 0x202, 0x303, 0x404}, {0x111, 0x222, 0x333, 0x444}, {0x111, 0x222, 0x333, 0x444}},
      {3, {1, 2, 3, 4}, {0x10, 0x20, 0x30, 0x40}, {0x10, 0x20, 0x30, 0x40}},
  };
  for (const ModeCase& c : cases) {
    SCOPED_TRACE(fmt::format("mode {}", c.mode));
    UnpackRun run;
    std::vector<uint32_t> words = setup_stream(c.mode, 1, 1, 0);
    const std::vector<uint32_t> tail = {unpack(0xc, 2, 0), 1, 2, 3, 4, 0x10, 0x20, 0x30, 0x40};
    words.insert(words.end(), tail.begin(), tail.end());
    run_stream(run, words);
    EXPECT_EQ(hex(run.bus.data.qword(0)), hex(c.q0));
    EXPECT_EQ(hex(run.bus.data.qword(1)), hex(c.q1));
    EXPECT_EQ(run.vif->registers().row, c.row_after);
  }
}

// Skipping CL=3 WL=2, NUM=4, S-32 source 1 2 3 4: blocks of 2 writes every 3 qwords from ADDR 10.
TEST(UnpackFormats, SkippingWriteAddresses) {
  UnpackRun run;
  std::vector<uint32_t> words = setup_stream(0, 3, 2, 0);
  const std::vector<uint32_t> tail = {unpack(0x0, 4, 10), 1, 2, 3, 4};
  words.insert(words.end(), tail.begin(), tail.end());
  run_stream(run, words);
  const std::array<uint32_t, 7> x = {1, 2, kUntouched, 3, 4, kUntouched, kUntouched};
  for (uint32_t q = 0; q < x.size(); ++q) EXPECT_EQ(run.bus.data.word(10 + q, 0), x[q]) << "qword " << 10 + q;
}

// Filling CL=2 WL=3, NUM=6, S-32: n = 2·(6/3) + min(0,2) = 4 vectors read; qwords 0-5 get v0 v1 fill v2 v3 fill.
// With MASK row 2 = Col for every field, the fill cycles read COL[2] = 33; the rest is data.
TEST(UnpackFormats, FillingWriteAddressesAndLength) {
  UnpackRun run;
  std::vector<uint32_t> words = setup_stream(0, 2, 3, 0x00aa0000);
  const std::vector<uint32_t> tail = {unpack(0x0, 6, 0, true), 1, 2, 3, 4, kNop};
  words.insert(words.end(), tail.begin(), tail.end());
  run_stream(run, words);
  const std::array<uint32_t, 7> x = {1, 2, 0x33, 3, 4, 0x33, kUntouched};
  for (uint32_t q = 0; q < x.size(); ++q) EXPECT_EQ(run.bus.data.word(q, 0), x[q]) << "qword " << q;
  EXPECT_EQ(run.vif->words_consumed(), words.size());
}

// WL=0 is WL=256: CL=1, NUM=3 writes 3 consecutive qwords from one vector, rows 0, 1, 2 of MASK (all Col).
TEST(UnpackFormats, WriteLengthZeroIs256) {
  UnpackRun run;
  std::vector<uint32_t> words = setup_stream(0, 1, 0, 0xaaaaaaaa);
  const std::vector<uint32_t> tail = {unpack(0x0, 3, 0, true), 7};
  words.insert(words.end(), tail.begin(), tail.end());
  run_stream(run, words);
  EXPECT_EQ(run.bus.data.word(0, 0), 0x11u);
  EXPECT_EQ(run.bus.data.word(1, 0), 0x22u);
  EXPECT_EQ(run.bus.data.word(2, 0), 0x33u);
  EXPECT_EQ(run.bus.data.word(3, 0), kUntouched);
}

// The destination wraps inside 1024 qwords: ADDR 1023, NUM 3 writes 1023, 0, 1. FLG adds TOPS (BASE 0x3f0, via
// OFFSET): ADDR 0x20 + 0x3f0 = 0x410, wrapped to 0x010.
TEST(UnpackFormats, AddressWrapsAndFlgAddsTops) {
  UnpackRun run;
  std::vector<uint32_t> words = setup_stream(0, 1, 1, 0);
  const std::vector<uint32_t> tail = {unpack(0x0, 3, 1023),
                                      5,
                                      6,
                                      7,
                                      vifcode(0x03, 0, 0x3f0),
                                      vifcode(0x02, 0, 8),
                                      unpack(0x0, 1, 0x20, false, false, true),
                                      9};
  words.insert(words.end(), tail.begin(), tail.end());
  run_stream(run, words);
  EXPECT_EQ(run.bus.data.word(1023, 0), 5u);
  EXPECT_EQ(run.bus.data.word(0, 0), 6u);
  EXPECT_EQ(run.bus.data.word(1, 0), 7u);
  EXPECT_EQ(run.vif->registers().tops.value(), 0x3f0u);
  EXPECT_EQ(run.bus.data.word(0x010, 0), 9u);
}

}  // namespace
}  // namespace gcvu::vif::test
