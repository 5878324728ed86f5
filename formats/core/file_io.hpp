#pragma once
// Whole-file reads and writes with errors that name the file.

#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

namespace gcvu::formats {

// Throws FormatError (offset 0) if the file cannot be opened or read, or is larger than `max_bytes`.
std::vector<uint8_t> read_file(const std::filesystem::path& path, uint64_t max_bytes = uint64_t{1} << 32);
// Throws FormatError if the file cannot be written completely.
void write_file(const std::filesystem::path& path, std::span<const uint8_t> data);

}  // namespace gcvu::formats
