// Mismatch localisation (`gcvu replay --expect`, `--draw-log`, the regress report): the hand-built dump of
// localisation_case.hpp, whose reference differs in one byte of a PSMCT16 frame of context 1 and one of the PSMZ24 Z
// buffer of context 2. The expected buffer, pixel, byte lane and last writer are worked by hand from the draws (the
// sprites' rectangles and the GS's byte order: reference/gs.md §1, PSMCT16 RGB5A1 little-endian, Z24 in the low
// three bytes of each word).

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

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

}  // namespace
}  // namespace gcvu::harness
