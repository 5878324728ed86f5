#pragma once
// A VIF1 stream or a DMA chain as dvp-as packaging text (DMA tags, VIFcodes, MPG blocks with their micro code
// disassembled, UNPACK and DIRECT data), which `gcvu asm` assembles back to the same bytes. Anything the syntax
// cannot reproduce bit for bit (reserved bits set, a misaligned MPG or DIRECT, data running past the end) prints as
// `.word`s with a comment saying what it is.

#include <cstdint>
#include <span>
#include <string>

namespace gcvu::microcode {

struct VifDisassemblyOptions {
  bool chain = false;  // the bytes are a DMA chain (tags from offset 0), not a bare VIF stream
};

std::string disassemble_vif(std::span<const uint8_t> bytes, const VifDisassemblyOptions& options = {});

}  // namespace gcvu::microcode
