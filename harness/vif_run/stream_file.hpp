#pragma once
// A raw VIF1 stream file, as `gcvu vif-run STREAM` and `gcvu debug STREAM` read it: at most the 32 MiB of EE RAM it
// is loaded into, and a whole number of 32-bit words. DMA moves VIF1 data in 16-byte qwords, but streams cut from
// other files often end mid-qword: such a stream is padded with VIF NOPs (zero words) to the next qword, as the
// zeros after it in memory would be sent, and the caller says so.

#include <cstdint>
#include <string>
#include <vector>

namespace gcvu::harness {

struct VifStreamFile {
  std::vector<uint8_t> bytes;  // the file, then the padding: a whole number of qwords
  uint32_t padded_words = 0;   // NOP words added at the end (0 to 3)

  // One line for the user when words were added ("" when none were).
  std::string padding_note(const std::string& path) const;
};

// Throws formats::FormatError naming the file, and for a partial 32-bit word the offset where it starts (a VIFcode
// or a data word cut in two cannot be completed by padding).
VifStreamFile read_vif_stream_file(const std::string& path);

}  // namespace gcvu::harness
