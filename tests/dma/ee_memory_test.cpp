// EeMemory's bounds and byte order (little-endian qwords, bits 0-3 of an address ignored), and the file loaders'
// errors, against the sizes in emu/dma/ee_memory.hpp (32 MiB RAM, 16 KiB scratchpad).

#include "emu/dma/ee_memory.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <numeric>

#include "emu/dma/ee_memory_file.hpp"
#include "tests/test_support.hpp"

namespace gcvu::dma {
namespace {

using test::format_error_text;

std::vector<uint8_t> counting_bytes(size_t count) {
  std::vector<uint8_t> bytes(count);
  std::iota(bytes.begin(), bytes.end(), uint8_t{0});
  return bytes;
}

TEST(EeMemory, ReadsLittleEndianQwordsAndIgnoresTheLowFourBits) {
  auto memory = std::make_unique<EeMemory>();
  ASSERT_TRUE(memory->load_ram(counting_bytes(16), 0x100));
  const Qword expected = {0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c};
  EXPECT_EQ(memory->read_qword(0x100, false), expected);
  EXPECT_EQ(memory->read_qword(0x10c, false), expected);
  EXPECT_EQ(memory->read_qword(0x100, true), (Qword{0, 0, 0, 0})) << "the scratchpad is separate";
}

TEST(EeMemory, BoundsOfRamAndScratchpad) {
  auto memory = std::make_unique<EeMemory>();
  EXPECT_TRUE(memory->read_qword(kRamBytes - 16, false).has_value());
  EXPECT_FALSE(memory->read_qword(kRamBytes, false).has_value());
  EXPECT_FALSE(memory->read_qword(0xffff'ffff, false).has_value());
  EXPECT_TRUE(memory->read_qword(kScratchpadBytes - 16, true).has_value());
  EXPECT_FALSE(memory->read_qword(kScratchpadBytes, true).has_value());
}

TEST(EeMemory, LoadsOnlyWhatFits) {
  auto memory = std::make_unique<EeMemory>();
  EXPECT_TRUE(memory->load_ram(counting_bytes(16), kRamBytes - 16));
  EXPECT_FALSE(memory->load_ram(counting_bytes(16), kRamBytes - 8));
  EXPECT_FALSE(memory->load_ram(counting_bytes(1), kRamBytes + 16));
  EXPECT_TRUE(memory->load_scratchpad(counting_bytes(kScratchpadBytes), 0));
  EXPECT_FALSE(memory->load_scratchpad(counting_bytes(kScratchpadBytes + 1), 0));
  EXPECT_EQ(memory->read_qword(kRamBytes - 16, false), (Qword{0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c}));
}

TEST(EeMemory, CopiesAreIndependent) {
  auto memory = std::make_unique<EeMemory>();
  ASSERT_TRUE(memory->load_ram(counting_bytes(16), 0x40));
  EeMemory copy = *memory;
  ASSERT_TRUE(memory->load_ram(std::vector<uint8_t>(16, 0xff), 0x40));
  EXPECT_EQ(copy.read_qword(0x40, false), (Qword{0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c}));
  copy = *memory;
  EXPECT_EQ(copy.read_qword(0x40, false), (Qword{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}));
}

TEST(EeMemoryFile, LoadsAnImageAtAnAddress) {
  test::TempDir dir;
  test::write_bytes(dir / "chain.bin", counting_bytes(32));
  auto memory = std::make_unique<EeMemory>();
  load_ram_file(*memory, dir / "chain.bin", 0x2000);
  EXPECT_EQ(memory->read_qword(0x2010, false), (Qword{0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c}));
  load_scratchpad_file(*memory, dir / "chain.bin", 0x3fe0);
  EXPECT_EQ(memory->read_qword(0x3fe0, true), (Qword{0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c}));
}

TEST(EeMemoryFile, AFileLargerThanRamIsRefused) {
  test::TempDir dir;
  const auto path = dir / "big.bin";
  test::write_bytes(path, {});
  std::filesystem::resize_file(path, uint64_t{kRamBytes} + 1);  // sparse, so cheap
  auto memory = std::make_unique<EeMemory>();
  EXPECT_EQ(
      format_error_text([&] { load_ram_file(*memory, path); }),
      path.string() + ": offset 0x2000000: the image is 0x2000001 bytes; the EE RAM holds 0x2000000 bytes from 0x0");
}

TEST(EeMemoryFile, AFileThatRunsPastTheEndFromItsAddressIsRefused) {
  test::TempDir dir;
  const auto path = dir / "tail.bin";
  test::write_bytes(path, counting_bytes(32));
  auto memory = std::make_unique<EeMemory>();
  EXPECT_EQ(format_error_text([&] { load_ram_file(*memory, path, kRamBytes - 16); }),
            path.string() + ": offset 0x10: the image is 0x20 bytes; the EE RAM holds 0x10 bytes from 0x1fffff0");
  EXPECT_EQ(format_error_text([&] { load_scratchpad_file(*memory, path, 0x3ff0); }),
            path.string() + ": offset 0x10: the image is 0x20 bytes; the scratchpad holds 0x10 bytes from 0x3ff0");
  EXPECT_EQ(format_error_text([&] { load_scratchpad_file(*memory, path, 0x5000); }),
            path.string() + ": offset 0x0: load address 0x5000 is past the end of the scratchpad (0x4000 bytes)");
}

TEST(EeMemoryFile, AMissingFileNamesTheFile) {
  test::TempDir dir;
  auto memory = std::make_unique<EeMemory>();
  const std::string text = format_error_text([&] { load_ram_file(*memory, dir / "absent.bin"); });
  EXPECT_EQ(text.rfind((dir / "absent.bin").string() + ": offset 0x0: cannot open", 0), 0u) << text;
}

}  // namespace
}  // namespace gcvu::dma
