// The DVP assembler's own test suite (../shared/dvp-as-tests, from the toolchain Sony shipped): every .s with a
// .d listing assembles to exactly the bytes the listing gives (a real assembler's output, independent of gcvu).

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "microcode/assembler/assembler.hpp"
#include "tests/microcode/shared_inputs.hpp"

namespace gcvu::microcode {
namespace {

// The bytes a .d listing gives, by offset. `objdump -d` lines read "OFFSET:\tB0 B1 ..." (bytes in memory order);
// `objdump -s` lines read " OFFSET WORD WORD WORD WORD  text" (hex bytes in memory order, grouped by 4).
std::map<size_t, uint8_t> expected_bytes(const std::filesystem::path& listing) {
  std::ifstream in(listing);
  std::string line;
  bool contents = false;
  const std::regex disassembly(R"(^ *\*?([0-9a-f]+):\t((?:[0-9a-f]{2} ?)+))");
  const std::regex contents_line(R"(^ ([0-9a-f]{4,}) ((?:[0-9a-f]{2,8} ?)+) )");
  std::map<size_t, uint8_t> bytes;
  while (std::getline(in, line)) {
    if (line.rfind("#objdump:", 0) == 0) contents = line.find(" -s") != std::string::npos;
    std::smatch match;
    if (!std::regex_search(line, match, contents ? contents_line : disassembly)) continue;
    size_t offset = std::stoul(match[1].str(), nullptr, 16);
    std::string hex;
    for (char c : match[2].str()) {
      if (c != ' ') hex += c;
    }
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
      bytes[offset + i / 2] = static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16));
  }
  return bytes;
}

class DvpAsSuite : public ::testing::TestWithParam<std::string> {};

TEST_P(DvpAsSuite, AssemblesToTheListedBytes) {
  const std::filesystem::path dir = shared_inputs() / "dvp-as-tests";
  const std::map<size_t, uint8_t> expected = expected_bytes(dir / (GetParam() + ".d"));
  ASSERT_FALSE(expected.empty()) << "no bytes in " << GetParam() << ".d";
  AssembleOptions options;
  options.include_dirs.push_back(dir);  // dvp.exp passes -I for the files the tests include
  options.external_branches = true;     // br-1 branches to an undefined label, left for the linker
  Program program;
  try {
    program = assemble_file(dir / (GetParam() + ".s"), options);
  } catch (const SourceError& error) {
    FAIL() << error.what();
  }
  EXPECT_EQ(program.code.size(), expected.rbegin()->first + 1) << "nothing beyond the last listed byte";
  int shown = 0;
  for (const auto& [offset, byte] : expected) {
    uint8_t got = offset < program.code.size() ? program.code[offset] : 0;
    if (got != byte && shown++ < 8) {
      ADD_FAILURE() << GetParam() << " offset 0x" << std::hex << offset << ": got 0x" << int(got) << ", want 0x"
                    << int(byte);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Listings, DvpAsSuite,
                         ::testing::Values("align", "basic-1", "bignum-1", "br-1", "dma-1", "gifimage-1", "gifpacked-1",
                                           "lower-1", "mpg-1", "relax-1", "semi", "upper-1", "vif-1", "vif-2"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

// Every listing in the folder is one of the cases above (a new one must be added, not silently skipped).
TEST(DvpAsSuiteFolder, EveryListingIsTested) {
  int listings = 0;
  for (const auto& entry : std::filesystem::directory_iterator(shared_inputs() / "dvp-as-tests")) {
    if (entry.path().extension() == ".d") ++listings;
  }
  EXPECT_EQ(listings, 14);
}

}  // namespace
}  // namespace gcvu::microcode
