#pragma once
// The inputs of `gcvu vu-run`: a program (a .vsm source or an assembled micro-memory image) and a data-memory image,
// read and checked so that every problem is reported with the file's name before anything runs.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <span>
#include <string_view>
#include <vector>

namespace gcvu::harness {

enum class ProgramKind : uint8_t { kSource, kBinary };

struct ProgramImage {
  ProgramKind kind = ProgramKind::kBinary;
  std::vector<uint8_t> code;  // little-endian 64-bit bundles, lower word first; a multiple of 8 bytes, <= 16 KiB
  std::map<std::string, uint32_t> labels;  // source only: each label's byte address
};

// How a PROGRAM is recognised: a name ending in .vsm (any case) is source; otherwise the content decides: valid
// UTF-8 holding no control byte but TAB, LF, VT, FF and CR is source text, anything else is an image. (Assembled
// code is practically never such text: the NOP upper word 0x000002ff alone holds two NUL bytes.)
ProgramKind detect_program_kind(const std::filesystem::path& path, std::span<const uint8_t> content);

// Reads and, for source, assembles the program. Throws microcode::SourceError for an error in the source and
// formats::FormatError (naming the file) for an unreadable file, an image whose size is not a whole number of
// bundles, and a program larger than the 16 KiB micro memory.
ProgramImage load_program(const std::filesystem::path& path);

// Reads a data-memory image of at most 16 KiB (shorter images fill the start of memory). Throws formats::FormatError
// naming the file when it is unreadable or longer than 16 KiB.
std::vector<uint8_t> load_data_image(const std::filesystem::path& path);

// Parses a --start value: a byte address in decimal or 0x-prefixed hex, a multiple of 8 below 16 KiB. Returns the
// instruction index (address / 8). Throws UsageError naming the value otherwise.
uint32_t parse_start_address(std::string_view text);

}  // namespace gcvu::harness
