// Mismatch localisation (`gcvu replay --expect`, `--draw-log`, the regress report): the hand-built dump of
// localisation_case.hpp, whose reference differs in one byte of a PSMCT16 frame of context 1 and one of the PSMZ24 Z
// buffer of context 2. The expected buffer, pixel, byte lane and last writer are worked by hand from the draws (the
// sprites' rectangles and the GS's byte order: reference/gs.md §1, PSMCT16 RGB5A1 little-endian, Z24 in the low
// three bytes of each word).

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "emu/gs/memory/pixel_access.hpp"
#include "harness/replay/mismatch_locator.hpp"
#include "tests/harness/localisation_case.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

TEST(ReplayLocalisation, NamesBufferPixelLaneAndLastDrawOfEachDifferingByte) {
  test::TempDir dir;
  const test::LocalisationCase c = test::write_localisation_case(dir.path(), dir / "expect");
  const auto dump_path = c.dump;
  const auto expect_dir = c.expect_dir;
  const auto log_path = dir / "draws.jsonl";
  const test::CliResult result = test::run_cli(
      {"replay", dump_path.string(), "--expect", expect_dir.string(), "--draw-log", log_path.string()});
  EXPECT_EQ(result.code, 1) << result.out << result.err;
  const std::string& out = result.out;
  EXPECT_NE(out.find("2 of 4194304 bytes differ"), std::string::npos) << out;
  EXPECT_NE(out.find("FRAME (context 1) PSMCT16 (BP 0x0, BW 1) pixel (7, 2), G high bits, B, A"), std::string::npos)
      << out;
  EXPECT_NE(out.find("ZBUF (context 2) PSMZ24 (BP 0x100, BW 1) pixel (3, 5), Z bits 8-15"), std::string::npos) << out;
  EXPECT_NE(out.find("pixel value gcvu 0x123456, PCSX2 0x123556"), std::string::npos) << out;
  // The last writers, in the order the bytes lie in memory (the frame at page 0, the Z buffer at page 8).
  const size_t frame_line = out.find("pixel (7, 2)");
  const size_t z_line = out.find("pixel (3, 5)");
  ASSERT_LT(frame_line, z_line);
  EXPECT_NE(out.find("last written by draw #2 (", frame_line), std::string::npos) << out;
  EXPECT_LT(out.find("last written by draw #2 (", frame_line), z_line) << out;
  EXPECT_NE(out.find("last written by draw #1 (", z_line), std::string::npos) << out;
  EXPECT_NE(out.find("sprite x2 vertices, context 2", z_line), std::string::npos) << out;

  // The draw log: one JSON line per draw, with its index, context and box.
  std::ifstream log(log_path);
  std::vector<nlohmann::json> lines;
  for (std::string line; std::getline(log, line);) lines.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(lines.size(), 3u);
  const std::vector<std::vector<int>> boxes = {{0, 0, 16, 16}, {0, 0, 8, 8}, {4, 0, 12, 8}};
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i]["index"], i);
    EXPECT_EQ(lines[i]["kind"], "draw");
    EXPECT_EQ(lines[i]["prim"], "sprite");
    EXPECT_EQ(lines[i]["vertices"], 2);
    EXPECT_EQ(lines[i]["context"], i == 1 ? 2 : 1);
    EXPECT_EQ(lines[i]["bbox"].get<std::vector<int>>(), boxes[i]) << i;
    EXPECT_TRUE(lines[i].contains("packet_offset"));
  }
  EXPECT_EQ(lines[1]["zbuf_psm"], "PSMZ24");
  EXPECT_EQ(lines[0]["frame_psm"], "PSMCT16");
}

TEST(ReplayLocalisation, RegressReportShowsTheLocatedBytesAndTheDecodedBufferRegion) {
  test::TempDir dir;
  // A case folder as `gcvu regress` finds it: the dump with its reference beside it.
  const test::LocalisationCase c = test::write_localisation_case(dir / "case", dir / "case");
  const auto report = dir / "report.html";
  const test::CliResult result =
      test::run_cli({"regress", (dir / "case").string(), "--jobs", "1", "--report", report.string()});
  EXPECT_EQ(result.code, 1) << result.out << result.err;
  EXPECT_NE(result.out.find("FRAME (context 1) PSMCT16 (BP 0x0, BW 1) pixel (7, 2), G high bits, B, A"),
            std::string::npos)
      << result.out;
  std::ifstream in(report);
  std::stringstream html;
  html << in.rdbuf();
  const std::string text = html.str();
  EXPECT_NE(text.find("<pre class=\"located\">"), std::string::npos);
  EXPECT_NE(text.find("ZBUF (context 2) PSMZ24 (BP 0x100, BW 1) pixel (3, 5), Z bits 8-15"), std::string::npos);
  // The first differing byte's buffer region, decoded and enlarged: reference, gcvu and difference pictures.
  EXPECT_NE(text.find("VSync 0: FRAME (context 1) PSMCT16 (BP 0x0, BW 1), pixels (3, 0)-("), std::string::npos);
  EXPECT_NE(text.find("the first differing byte was last written by draw #2"), std::string::npos);
  for (const char* caption : {"Reference (buffer region)", "gcvu (buffer region)", "Difference (buffer region)"}) {
    EXPECT_NE(text.find(std::string("<figcaption>") + caption + "</figcaption><img class=\"buffer-region\" "
                        "src=\"data:image/png;base64,"),
              std::string::npos)
        << caption;
  }
}

// Cross-check of two of our own paths: finding the pixel of a byte (the locator's inverted page table) gives back
// the pixel whose address PixelAddress computes, for every format, odd widths and a base that wraps memory.
TEST(ReplayLocalisation, FindingThePixelOfAByteInvertsThePixelAddress) {
  for (uint32_t code : {0x00u, 0x01u, 0x02u, 0x0au, 0x13u, 0x14u, 0x1bu, 0x24u, 0x2cu, 0x30u, 0x31u, 0x32u, 0x3au}) {
    for (const auto& layout : {std::pair{0u, 10u}, std::pair{0x3200u, 4u}, std::pair{16380u, 3u}}) {
      const uint32_t base_block = layout.first, width_64 = layout.second;
      const gs::Psm psm = gs::psm_or_ct32(code);
      const bool nibble = psm == gs::Psm::kT4;
      const bool eight_or_four = psm == gs::Psm::kT8 || nibble;  // pages 128 pixels wide: an odd BW is truncated
      const uint32_t width = eight_or_four ? (width_64 >> 1) * 128 : width_64 * 64;
      const uint32_t bytes_log2 = psm == gs::Psm::kT8 ? 0 : (code & 0xf) == 2 || (code & 0xf) == 0xa ? 1 : 2;
      auto address = [&](uint32_t x, uint32_t y) {
        return gs::visit_psm(psm, [&](auto constant) {
          return gs::PixelAddress<decltype(constant)::value>(base_block, width_64)(x, y);
        });
      };
      for (uint32_t y = 0; y < 200; y += 7) {
        for (uint32_t x = 0; x < width; x += 5) {
          const uint32_t element = address(x, y);
          const uint32_t byte = nibble ? element >> 1 : element << bytes_log2;
          const auto found = find_in_buffer(byte, base_block, width_64, code, 0, 0, width, 2048);
          ASSERT_TRUE(found) << code << " " << x << " " << y;
          if (nibble) {  // a T4 byte holds two pixels: the one at the even nibble is named
            EXPECT_EQ(address(found->x, found->y), element & ~1u) << x << " " << y;
          } else {
            EXPECT_EQ(found->x, x) << code << " " << base_block;
            EXPECT_EQ(found->y, y) << code << " " << base_block;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace gcvu::harness
