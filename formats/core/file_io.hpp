#pragma once
// Whole-file reads and writes with errors that name the file.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <vector>

namespace gcvu::formats {

// The limit on a text input gcvu reads whole (TSV tables and manifests, debugger notes and comment files): a gcvu
// rule, the same 16 MiB the .vsm assembler allows a source file. The largest such file in ../shared is under 2 MiB.
inline constexpr uint64_t kMaxTextFileBytes = uint64_t{16} << 20;

// Throws FormatError (offset 0) if the file cannot be opened or read, or is larger than `max_bytes`. Every caller
// names its limit, taken from what the file holds (a memory image, a format's own bound, or the text rule above),
// and the size is checked before anything is allocated.
std::vector<uint8_t> read_file(const std::filesystem::path& path, uint64_t max_bytes);

// A file opened for reading in pieces, positioned at its start, with the checks and errors of read_file.
struct OpenedFile {
  std::ifstream stream;
  uint64_t size = 0;
};
OpenedFile open_file(const std::filesystem::path& path, uint64_t max_bytes);
// The whole of an opened file, from its start wherever it has been read to (read_file's read and error).
std::vector<uint8_t> read_opened_file(OpenedFile& file, const std::filesystem::path& path);
// Throws FormatError if the file cannot be written completely.
void write_file(const std::filesystem::path& path, std::span<const uint8_t> data);

}  // namespace gcvu::formats
