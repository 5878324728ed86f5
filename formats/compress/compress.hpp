#pragma once
// Compression into the containers PCSX2 writes and reads back (the counterpart of decompress.hpp): a zstd frame
// or a standard XZ stream.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "formats/compress/decompress.hpp"

namespace gcvu::formats {

// The level PCSX2 writes its .gs.zst dumps with (GSDump.cpp GSDumpZst).
inline constexpr int kPcsx2ZstdLevel = 6;

// One zstd frame at `level`.
std::vector<uint8_t> zstd_compress(std::span<const uint8_t> data, int level, const std::string& destination);
// A standard XZ stream (one block, CRC64 check, liblzma's default preset). PCSX2 writes its .gs.xz with the 7-zip
// LZMA SDK encoder, so the compressed bytes differ from its; the data they decode to does not.
std::vector<uint8_t> xz_compress(std::span<const uint8_t> data, const std::string& destination);

// The container `compression` names; kNone returns a copy. Throws FormatError naming `destination` if the
// library fails.
std::vector<uint8_t> compress(std::span<const uint8_t> data, Compression compression, const std::string& destination);

}  // namespace gcvu::formats
