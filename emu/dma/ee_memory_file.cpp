#include "emu/dma/ee_memory_file.hpp"

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::dma {
namespace {

struct Region {
  const char* name;
  uint32_t bytes;
  bool (EeMemory::*load)(std::span<const uint8_t>, uint32_t);
};

void load_file(EeMemory& memory, const Region& region, const std::filesystem::path& path, uint32_t address) {
  const std::string source = path.string();
  if (address > region.bytes) {
    throw formats::FormatError(
        source, 0,
        fmt::format("load address {:#x} is past the end of the {} ({:#x} bytes)", address, region.name, region.bytes));
  }
  const uint64_t room = region.bytes - address;
  std::error_code error;
  const uint64_t size = std::filesystem::file_size(path, error);
  // A size we cannot learn is left to read_file, which names the cause.
  if (!error && size > room) {
    throw formats::FormatError(
        source, room,
        fmt::format("the image is {:#x} bytes; the {} holds {:#x} bytes from {:#x}", size, region.name, room, address));
  }
  const std::vector<uint8_t> bytes = formats::read_file(path, room);
  (memory.*region.load)(bytes, address);
}

}  // namespace

void load_ram_file(EeMemory& memory, const std::filesystem::path& path, uint32_t address) {
  load_file(memory, {"EE RAM", kRamBytes, &EeMemory::load_ram}, path, address);
}

void load_scratchpad_file(EeMemory& memory, const std::filesystem::path& path, uint32_t address) {
  load_file(memory, {"scratchpad", kScratchpadBytes, &EeMemory::load_scratchpad}, path, address);
}

}  // namespace gcvu::dma
