// The transfer unit against PCSX2: the xfer_* golden dumps replayed through TransferUnit alone, compared with
// PCSX2's memory after the vsync byte for byte.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "formats/compress/decompress.hpp"
#include "tests/gs/gif_transfer_replay.hpp"
#include "tests/test_support.hpp"

namespace gcvu::test {
namespace {

std::vector<uint8_t> reference_memory(const std::string& case_name, int vsync) {
  auto path = shared_dir() / "golden-pcsx2" / case_name / ("vram_" + std::to_string(vsync) + ".bin.zst");
  return formats::decompress_if_compressed(read_bytes(path), path.string(), 8u << 20);
}

size_t mismatching_bytes(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want, size_t* first) {
  size_t count = 0;
  *first = SIZE_MAX;
  for (size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    if (got[i] != want[i]) {
      if (count == 0) *first = i;
      ++count;
    }
  }
  return count;
}

TransferReplay replay_case(const std::string& case_name) {
  return replay_transfers(shared_dir() / "golden-pcsx2" / case_name / (case_name + ".gs.zst"));
}

TEST(GsXferGolden, HostToLocalEveryFormatMatchesPcsx2) {
  TransferReplay replay = replay_case("xfer_host_all");
  ASSERT_EQ(replay.memory_at_vsync.size(), 1u);
  EXPECT_GT(replay.transfer_starts, 0u);
  // Besides the transfers the dump only clears the frame with one flat sprite (filled by the helper).
  EXPECT_EQ(replay.sprites_filled, 1u);
  EXPECT_EQ(replay.primitives_skipped, 0u);
  std::vector<uint8_t> want = reference_memory("xfer_host_all", 0);
  size_t first = 0;
  size_t mismatches = mismatching_bytes(replay.memory_at_vsync[0], want, &first);
  std::printf("xfer_host_all: %llu transfers, %llu image bytes, %zu mismatching bytes of %zu\n",
              static_cast<unsigned long long>(replay.transfer_starts),
              static_cast<unsigned long long>(replay.image_bytes), mismatches, want.size());
  EXPECT_EQ(mismatches, 0u) << "first at byte " << first;
}

TEST(GsXferGolden, LocalToLocalFormatsMatchesPcsx2) {
  TransferReplay replay = replay_case("xfer_local_formats");
  ASSERT_EQ(replay.memory_at_vsync.size(), 1u);
  for (const auto& [address, count] : replay.other_registers) {
    std::printf("xfer_local_formats: register 0x%02x written %llu times (not replayed here)\n", address,
                static_cast<unsigned long long>(count));
  }
  std::vector<uint8_t> want = reference_memory("xfer_local_formats", 0);
  size_t first = 0;
  size_t mismatches = mismatching_bytes(replay.memory_at_vsync[0], want, &first);
  std::printf("xfer_local_formats: %llu transfers, %zu mismatching bytes of %zu\n",
              static_cast<unsigned long long>(replay.transfer_starts), mismatches, want.size());
  std::printf("xfer_local_formats: %llu sprites filled, %llu primitives skipped\n",
              static_cast<unsigned long long>(replay.sprites_filled),
              static_cast<unsigned long long>(replay.primitives_skipped));
  if (replay.primitives_skipped == 0) {
    EXPECT_EQ(mismatches, 0u) << "first at byte " << first;
  }
}

}  // namespace
}  // namespace gcvu::test

namespace gcvu::test {
namespace {

// Every golden case uploads its textures and CLUTs from block 8960 up (golden-pcsx2/README.md, "Conventions"),
// above the frames and Z buffers its draws touch; so replaying only the transfers must already reproduce PCSX2's
// memory there, in every case.
TEST(GsXferGolden, TextureAreaOfEveryCaseMatchesPcsx2) {
  constexpr size_t kTextureAreaStart = 8960 * 256;
  size_t cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(shared_dir() / "golden-pcsx2")) {
    if (!entry.is_directory()) continue;
    const std::string name = entry.path().filename().string();
    std::filesystem::path dump;
    for (const char* suffix : {".gs.zst", ".gs.xz", ".gs"}) {
      if (std::filesystem::exists(entry.path() / (name + suffix))) {
        dump = entry.path() / (name + suffix);
        break;
      }
    }
    if (dump.empty()) continue;
    TransferReplay replay = replay_transfers(dump);
    ASSERT_FALSE(replay.memory_at_vsync.empty()) << name;
    const size_t last = replay.memory_at_vsync.size() - 1;
    std::vector<uint8_t> want = reference_memory(name, static_cast<int>(last));
    const std::vector<uint8_t>& got = replay.memory_at_vsync[last];
    size_t mismatches = 0;
    for (size_t i = kTextureAreaStart; i < want.size(); ++i) mismatches += got[i] != want[i];
    EXPECT_EQ(mismatches, 0u) << name << ": bytes differing from block 8960 on, after vsync " << last;
    ++cases;
  }
  std::printf("texture areas compared in %zu golden cases\n", cases);
  EXPECT_GE(cases, 90u);
}

}  // namespace
}  // namespace gcvu::test
