#include "harness/vif_run/stream_file.hpp"

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::harness {

std::string VifStreamFile::padding_note(const std::string& path) const {
  if (padded_words == 0) return "";
  return fmt::format("{}: the stream ends mid-qword; {} VIF NOP word{} added to complete the last qword (DMA moves "
                     "whole qwords)",
                     path, padded_words, padded_words == 1 ? "" : "s");
}

VifStreamFile read_vif_stream_file(const std::string& path) {
  VifStreamFile file;
  file.bytes = formats::read_file(path, dma::kRamBytes);
  if (file.bytes.size() % 4 != 0) {
    throw formats::FormatError(path, file.bytes.size() & ~uint64_t{3},
                               fmt::format("the stream is {} bytes, not a whole number of 32-bit VIF words: the last "
                                           "word is cut short",
                                           file.bytes.size()));
  }
  const size_t partial = file.bytes.size() % 16;
  if (partial != 0) {
    file.padded_words = static_cast<uint32_t>((16 - partial) / 4);
    if (file.bytes.size() + 16 - partial > dma::kRamBytes) {
      throw formats::FormatError(path, file.bytes.size(), "the stream padded to a whole qword is larger than EE RAM");
    }
    file.bytes.resize(file.bytes.size() + 16 - partial, 0);  // a zero word is VIF NOP
  }
  return file;
}

}  // namespace gcvu::harness
