#pragma once
// A raw VIF1 stream file, as `gcvu vif-run STREAM` and `gcvu debug STREAM` read it: at most the 32 MiB of EE RAM it
// is loaded into, and a whole number of 16-byte qwords (DMA moves VIF1 data in qwords).

#include <cstdint>
#include <string>
#include <vector>

namespace gcvu::harness {

// Throws formats::FormatError naming the file (and, for a partial qword, the offset where it starts).
std::vector<uint8_t> read_vif_stream_file(const std::string& path);

}  // namespace gcvu::harness
