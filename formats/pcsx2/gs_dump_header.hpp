#pragma once
// The header of a PCSX2 GS dump (.gs, after any .zst/.xz container is removed): the new header of
// 2022-03 (first u32 0xFFFFFFFF) or the old one (first u32 the game CRC). Layout: reference/vif-gif-formats.md §4a.

#include <cstdint>
#include <span>
#include <string>

namespace gcvu::formats {

class ByteWriter;

struct GsDumpHeader {
  bool new_format = false;
  uint32_t crc = 0;
  uint32_t state_version = 0;  // read from the state blob for old dumps
  uint32_t state_size = 0;
  std::string serial;
  uint32_t screenshot_width = 0;
  uint32_t screenshot_height = 0;
  uint32_t screenshot_offset = 0;  // relative to the end of the 8-byte preamble
  uint32_t screenshot_size = 0;
  uint64_t state_offset = 0;  // file offset of the GS state blob

  friend bool operator==(const GsDumpHeader&, const GsDumpHeader&) = default;
};

// The first word of a new-format dump (an old-format dump starts with the game CRC instead).
inline constexpr uint32_t kGsDumpNewHeaderMarker = 0xffffffffu;

// Largest GS state blob accepted: the v9 blob is 4,194,813 bytes; allow generous room for other versions.
inline constexpr uint32_t kMaxGsStateSize = 8u << 20;

// Parses the header; `data` may be a prefix of the file as long as it holds the header.
// Throws FormatError naming `source` and the offset of the field that breaks a rule.
GsDumpHeader read_gs_dump_header(std::span<const uint8_t> data, const std::string& source);

// Appends the header as PCSX2 writes it (GSDump.cpp AddHeader): the new one, its serial and `screenshot` (the
// pixels, header.screenshot_size bytes) right after it, or, when !header.new_format, the old one (CRC and state
// size). screenshot_offset and the header size are laid out afresh. Throws FormatError naming `destination` when
// the header breaks a rule the reader enforces: a screenshot whose size is not width x height x 4 or is larger
// than 640x480, a serial longer than 256 bytes, or a serial or screenshot in an old header.
void write_gs_dump_header(const GsDumpHeader& header, std::span<const uint8_t> screenshot, ByteWriter& out,
                          const std::string& destination);

// True when `data` starts like a GS dump of either header kind (a cheap check for identification).
bool looks_like_gs_dump(std::span<const uint8_t> data);

}  // namespace gcvu::formats
