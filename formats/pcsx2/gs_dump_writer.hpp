#pragma once
// Writes a PCSX2 GS dump (.gs, .gs.zst, .gs.xz) from a GsDump, laid out as PCSX2 writes one (GSDump.cpp
// AddHeader/Transfer/VSync/ReadFIFO, GSState::Freeze): reference/vif-gif-formats.md §4a. What the reader parses
// comes back: header fields, serial, screenshot, the GS state from its fields, the local memory, the privileged
// registers and the packets. Two things are laid out afresh, as PCSX2 lays them: the screenshot follows the
// serial, and the 8 obsolete state bytes after XYZ are zero.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "formats/compress/decompress.hpp"
#include "formats/pcsx2/gs_dump.hpp"

namespace gcvu::formats {

// The uncompressed dump. Throws FormatError naming `destination` and the rule a dump breaks: a state version
// other than 8 or 9, a header whose state version or size disagrees with the state, a screenshot whose size is
// not width x height x 4 (or larger than 640x480), a serial longer than 256 bytes, a serial or screenshot in an
// old-format header, or a view (local memory, privileged registers, packet data) outside the dump's bytes.
std::vector<uint8_t> write_gs_dump(const GsDump& dump, const std::string& destination);

// The same in a container: kZstd at PCSX2's level 6, kXz as a standard XZ stream, kNone as above.
std::vector<uint8_t> write_gs_dump(const GsDump& dump, Compression compression, const std::string& destination);

// The container a dump's file name asks for: ".gs" none, ".gs.zst" zstd, ".gs.xz" xz, in any case (the names
// PCSX2 recognises). Throws FormatError for any other name.
Compression gs_dump_compression_for(const std::filesystem::path& path);

// Writes the dump to `path` in the container its name asks for.
void save_gs_dump(const GsDump& dump, const std::filesystem::path& path);

}  // namespace gcvu::formats
