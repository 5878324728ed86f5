#include "harness/vif_run/stream_file.hpp"

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::harness {

std::vector<uint8_t> read_vif_stream_file(const std::string& path) {
  std::vector<uint8_t> bytes = formats::read_file(path, dma::kRamBytes);
  if (bytes.size() % 16 != 0) {
    throw formats::FormatError(path, bytes.size() & ~uint64_t{15},
                               fmt::format("the stream is {} bytes, not a whole number of 16-byte qwords (DMA moves "
                                           "VIF1 data in qwords)",
                                           bytes.size()));
  }
  return bytes;
}

}  // namespace gcvu::harness
