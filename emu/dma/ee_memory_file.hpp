#pragma once
// Filling EeMemory from image files (a RAM dump, a hand-built chain), with errors that name the file.

#include <cstdint>
#include <filesystem>

#include "emu/dma/ee_memory.hpp"

namespace gcvu::dma {

// Copies the whole file into RAM from byte `address`. Throws formats::FormatError naming the file when it cannot be
// read or does not fit in the 32 MiB from `address`.
void load_ram_file(EeMemory& memory, const std::filesystem::path& path, uint32_t address = 0);
// The same for the 16 KiB scratchpad.
void load_scratchpad_file(EeMemory& memory, const std::filesystem::path& path, uint32_t address = 0);

}  // namespace gcvu::dma
