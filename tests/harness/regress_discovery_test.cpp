// gcvu regress discovery: which kind each folder or file is, references found by name, one case per path, sorted
// order, and the errors for roots that do not exist or are no case.

#include "harness/regress/case_discovery.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "harness/regress/case_kind.hpp"
#include "tests/harness/regress_test_cases.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

namespace fs = std::filesystem;

std::vector<RegressCase> find(const fs::path& root) { return find_regress_cases({&root, 1}); }

// The real manifest's header and the rows of `names`, as a small corpus's manifest.tsv.
void write_manifest(const fs::path& folder, const std::vector<std::string>& names) {
  std::ifstream real(test::shared_dir() / "golden-pcsx2/manifest.tsv");
  std::ofstream manifest(folder / "manifest.tsv");
  std::string line;
  std::getline(real, line);
  manifest << line << "\n";
  while (std::getline(real, line)) {
    for (const std::string& name : names) {
      if (line.starts_with(name + "\t")) manifest << line << "\n";
    }
  }
}

TEST(RegressDiscovery, FindsEveryKindSortedByPath) {
  test::TempDir dir;
  test::copy_golden_case("vu-run-timing", dir / "golden/vu-run-timing");
  test::copy_corpus_case("cov_centres", dir / "dumps/cov_centres");
  test::copy_corpus_case("z_fmt_24", dir / "corpus/z_fmt_24");
  test::copy_corpus_case("prim_points", dir / "corpus/prim_points");
  write_manifest(dir / "corpus", {"z_fmt_24", "prim_points"});
  fs::create_directories(dir / "traces");
  std::ofstream(dir / "traces/b.vutr") << "VUTR";  // a trace is found by name; it is not read
  std::ofstream(dir / "golden/vu-run-timing/inside.vutr") << "VUTR";  // a golden case's folder is its own

  const auto cases = find(dir.path());
  ASSERT_EQ(cases.size(), 5u);
  EXPECT_EQ(cases[0].kind, "golden-pcsx2");  // corpus/prim_points/prim_points.gs.zst
  EXPECT_EQ(cases[0].name, "prim_points");
  EXPECT_EQ(cases[1].kind, "golden-pcsx2");
  EXPECT_EQ(cases[1].name, "z_fmt_24");
  EXPECT_EQ(cases[1].vram.size(), 2u);  // manifest: 2 vsyncs
  EXPECT_EQ(cases[1].description.substr(0, 22), "Z buffer format PSMZ24");
  EXPECT_EQ(cases[2].kind, "gs-dump");
  EXPECT_EQ(cases[2].name, "cov_centres");
  ASSERT_EQ(cases[2].vram.size(), 1u);
  EXPECT_EQ(cases[2].vram[0], dir / "dumps/cov_centres/vram_0.bin.zst");
  EXPECT_EQ(cases[2].frames[0], dir / "dumps/cov_centres/frame_0.png");
  EXPECT_EQ(cases[3].kind, "golden");
  EXPECT_EQ(cases[3].path, dir / "golden/vu-run-timing");
  EXPECT_EQ(cases[4].kind, "vutrace");
  EXPECT_EQ(cases[4].name, "b");
  for (size_t i = 1; i < cases.size(); ++i) EXPECT_LT(cases[i - 1].path, cases[i].path);
}

TEST(RegressDiscovery, ReferencesByReplayOutputNamesAndPerDumpFolders) {
  test::TempDir dir;
  // Two dumps in one folder: each one's references live in a folder named after it; b has none.
  test::copy_corpus_case("cov_centres", dir / "tmp");
  fs::create_directories(dir / "two/a");
  fs::copy_file(dir / "tmp/cov_centres.gs.zst", dir / "two/a.gs.zst");
  fs::copy_file(dir / "tmp/cov_centres.gs.zst", dir / "two/b.gs");
  // The names `gcvu replay --out --vram` writes.
  fs::copy_file(dir / "tmp/vram_0.bin.zst", dir / "two/a/vram_00000.bin");
  fs::copy_file(dir / "tmp/frame_0.png", dir / "two/a/frame_00000.png");
  const auto cases = find(dir / "two");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].name, "a");
  ASSERT_EQ(cases[0].vram.size(), 1u);
  EXPECT_EQ(cases[0].vram[0], dir / "two/a/vram_00000.bin");
  EXPECT_EQ(cases[0].frames[0], dir / "two/a/frame_00000.png");
  EXPECT_EQ(cases[1].name, "b");
  EXPECT_TRUE(cases[1].vram.empty());
}

TEST(RegressDiscovery, ARealCorpusCaseInPlace) {
  const auto cases = find(test::shared_dir() / "golden-pcsx2/z_fmt_16");
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(cases[0].kind, "gs-dump");  // without the manifest above it, it is a dump with references beside it
  EXPECT_EQ(cases[0].vram.size(), 2u);
  EXPECT_EQ(cases[0].frames.size(), 2u);
}

TEST(RegressDiscovery, SingleFileRoots) {
  test::TempDir dir;
  test::copy_golden_case("compare-basic", dir / "g/compare-basic");
  test::copy_corpus_case("cov_centres", dir / "d");
  const fs::path dump = dir / "d/cov_centres.gs.zst";
  const auto by_dump = find(dump);
  ASSERT_EQ(by_dump.size(), 1u);
  EXPECT_EQ(by_dump[0].path, dump);
  EXPECT_EQ(by_dump[0].vram.size(), 1u);
  const auto by_json = find(dir / "g/compare-basic/case.json");
  ASSERT_EQ(by_json.size(), 1u);
  EXPECT_EQ(by_json[0].kind, "golden");
  // Two roots naming the same case give it once.
  const std::vector<fs::path> roots = {dir / "d", dump};
  EXPECT_EQ(find_regress_cases(roots).size(), 1u);
}

// Real traces are trace%06d.bin (the first of a session trace-00001.bin): found by content, whatever the name.
// A headerless version-1 trace is an 'I' packet (16 KiB) followed by another packet ('R').
TEST(RegressDiscovery, TracesAreFoundByContent) {
  test::TempDir dir;
  std::string v1(1 + 16384 + 1, '\0');
  v1[0] = 'I';
  v1[1 + 16384] = 'R';
  std::ofstream(dir / "trace000002.bin", std::ios::binary) << v1;
  std::ofstream(dir / "trace-00001.bin", std::ios::binary) << "VUTR\x03";
  std::string not_trace = v1;
  not_trace[1 + 16384] = 'z';
  std::ofstream(dir / "vram_0.bin", std::ios::binary) << not_trace;
  std::ofstream(dir / "short.bin", std::ios::binary) << "I";
  const auto cases = find(dir.path());
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases[0].kind, "vutrace");
  EXPECT_EQ(cases[0].name, "trace-00001");
  EXPECT_EQ(cases[1].name, "trace000002");
}

TEST(RegressDiscovery, Errors) {
  test::TempDir dir;
  EXPECT_NE(test::format_error_text([&] { find(dir / "missing"); }).find("missing: offset 0x0: no such file"),
            std::string::npos);
  std::ofstream(dir / "notes.txt") << "hello";
  EXPECT_NE(test::format_error_text([&] { find(dir / "notes.txt"); }).find("not a case"), std::string::npos);
  fs::create_directories(dir / "bad");
  std::ofstream(dir / "bad/manifest.tsv") << "header\ncase\tdump\tnot-a-number\n";
  // A row that breaks the manifest's rules is a case carrying the error (it runs as an ERROR; the others run).
  const auto bad = find(dir / "bad");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_EQ(bad[0].name, "case");
  EXPECT_NE(bad[0].error.find("manifest.tsv: offset 0x7: line 2: expected 8 tab-separated columns, found 3"),
            std::string::npos)
      << bad[0].error;
}

TEST(RegressDiscovery, TheKindTableNamesEveryKindOnce) {
  std::set<std::string_view> names;
  for (const CaseKind& kind : case_kinds()) EXPECT_TRUE(names.insert(kind.name).second) << kind.name;
  ASSERT_NE(find_case_kind("vutrace"), nullptr);
  EXPECT_NE(find_case_kind("vutrace")->run, nullptr);  // replayed as gcvu trace-diff replays it
  EXPECT_EQ(find_case_kind("nonsense"), nullptr);
}

}  // namespace
}  // namespace gcvu::harness
