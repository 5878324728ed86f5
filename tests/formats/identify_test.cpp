// gcvu info identifies files by content: the real PCSX2 files in ../shared, raw memory images by size, zip
// archives that are or are not save states.

#include "formats/identify/identify.hpp"

#include <gtest/gtest.h>
#include <zip.h>

#include "formats/core/format_error.hpp"
#include "tests/formats/save_state_builder.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

Identification identify_shared(const std::string& name) {
  auto bytes = test::read_bytes(test::shared_dir() / name);
  return identify(bytes, name);
}

TEST(Identify, PcsX2Files) {
  EXPECT_EQ(identify_shared("golden-pcsx2/tex_ct32/frame_0.png").kind, FileKind::kPng);
  Identification zst = identify_shared("golden-pcsx2/tex_ct32/tex_ct32.gs.zst");
  EXPECT_EQ(zst.kind, FileKind::kGsDump);
  EXPECT_EQ(zst.compression, Compression::kZstd);
  EXPECT_EQ(identify_shared("golden-pcsx2/scene_c_xz/scene_c_xz.gs.xz").compression, Compression::kXz);
  EXPECT_EQ(identify_shared("golden-pcsx2/scene_b_ct16/scene_b_ct16.gs").kind, FileKind::kGsDump);
  EXPECT_EQ(identify_shared("golden-pcsx2/tex_ct32/vram_0.bin.zst").kind, FileKind::kGsMemoryImage);
}

TEST(Identify, RawImagesBySize) {
  EXPECT_EQ(identify(std::vector<uint8_t>(16384, 0), "vu1.bin").kind, FileKind::kVuMemoryImage);
  EXPECT_EQ(identify(std::vector<uint8_t>(4096, 0), "vu0.bin").kind, FileKind::kVuMemoryImage);
  EXPECT_EQ(identify(std::vector<uint8_t>(100, 7), "x.bin").kind, FileKind::kUnknown);
  EXPECT_EQ(identify(std::vector<uint8_t>{'V', 'U', 'T', 'R', 3, 0, 0, 0}, "t.vutr").kind, FileKind::kVuTrace);
}

std::vector<uint8_t> make_zip(const std::vector<std::pair<std::string, std::string>>& entries) {
  test::TempDir dir;
  auto path = (dir / "s.zip").string();
  int error = 0;
  zip_t* archive = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  std::vector<std::string> keep;
  for (const auto& [name, body] : entries) {
    keep.push_back(body);
    zip_source_t* source = zip_source_buffer(archive, keep.back().data(), keep.back().size(), 0);
    zip_int64_t index = zip_file_add(archive, name.c_str(), source, ZIP_FL_OVERWRITE);
    zip_set_file_compression(archive, static_cast<zip_uint64_t>(index), ZIP_CM_STORE, 0);
  }
  zip_close(archive);
  return test::read_bytes(path);
}

TEST(Identify, SaveStateZip) {
  // A full save state (tests/formats/save_state_builder.hpp): the version entry is a u32 then a 32-byte tag.
  Identification id = identify(test::build_save_state(test::SaveStateParts{}), "s.p2s");
  EXPECT_EQ(id.kind, FileKind::kSaveState);
  bool saw_version = false;
  for (const auto& line : id.details) saw_version = saw_version || line == "version: 0x9a590000 (v2.3.100)";
  EXPECT_TRUE(saw_version);
  EXPECT_EQ(identify(make_zip({{"readme.txt", "hi"}}), "x.zip").kind, FileKind::kUnknown);
  // With the version entry but not the rest, it is a broken save state, not some other zip.
  std::string version(36, '\0');
  version[2] = '\x59';
  version[3] = '\x9a';
  EXPECT_THROW(identify(make_zip({{"PCSX2 Savestate Version.id", version}, {"vu1Memory.bin", "abc"}}), "s.p2s"),
               FormatError);
}

TEST(Identify, CorruptZipIsAnError) {
  std::vector<uint8_t> bytes = {'P', 'K', 3, 4, 0, 0, 0};
  EXPECT_THROW(identify(bytes, "bad.p2s"), FormatError);
}

TEST(Identify, InfoCommandExitCodes) {
  auto ok = test::run_cli({"info", (test::shared_dir() / "golden-pcsx2/tex_ct32/tex_ct32.gs.zst").string()});
  EXPECT_EQ(ok.code, 0);
  EXPECT_NE(ok.out.find("PCSX2 GS dump (new header), GS state version 9 (zstd-compressed)"), std::string::npos);
  test::TempDir dir;
  test::write_bytes(dir / "junk", {1, 2, 3});
  EXPECT_EQ(test::run_cli({"info", (dir / "junk").string()}).code, 1);
  auto png = test::read_bytes(test::source_dir() / "golden/compare-basic/a.png");
  png.resize(30);
  test::write_bytes(dir / "cut.png", png);
  auto cut = test::run_cli({"info", (dir / "cut.png").string()});
  EXPECT_EQ(cut.code, 2);
  EXPECT_NE(cut.err.find("cut.png: offset 0x1d: truncated: CRC of chunk IHDR"), std::string::npos) << cut.err;
}

}  // namespace
}  // namespace gcvu::formats
