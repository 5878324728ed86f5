#pragma once
// Before a DMA chain in an EE RAM image runs, walks it statically (the tags cannot change: nothing on this path writes
// EE RAM) and reports the first tag or data block that lies past the end of the image file. The rest of EE RAM reads
// as zeros, which would silently turn a cut-off image into a REFE with QWC 0; a user who cut an image short wants to
// be told which tag went past its end instead.

#include <cstdint>
#include <string>
#include <vector>

#include "emu/dma/source_channel.hpp"

namespace gcvu::harness {

// Throws formats::FormatError naming `image_path`, the offset where the image ends and the tag (its index in the
// walk, address and ID) whose tag qword or data lies past it. Stops quietly at the chain's end, at the tag budget
// (the run itself reports a loop), at a CALL that overflows the stack, and at scratchpad addresses (not in the image).
void check_chain_inside_image(const std::string& image_path, const std::vector<uint8_t>& image, uint32_t chain_address,
                              const dma::ChainOptions& options);

}  // namespace gcvu::harness
