// libFuzzer target: arbitrary bytes through `gcvu disasm`'s two disassemblers, with the round trip as the oracle.
// The first byte picks what the rest is: 0 VU1 micro code, 1 a bare VIF stream, 2 a DMA chain (tags from offset 0).
// Each disassembler promises text that `gcvu asm` assembles back to the same bytes (what the syntax cannot say
// prints as data), so besides not crashing, the text must assemble without an error to exactly the input; a
// difference stops the run as a finding.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "microcode/assembler/assembler.hpp"
#include "microcode/disassembler/disassembler.hpp"
#include "microcode/disassembler/vif_disassembler.hpp"

namespace {

constexpr size_t kMaxInput = 16 * 1024;

[[noreturn]] void finding(const char* what, const std::string& text) {
  std::fprintf(stderr, "%s\n%s\n", what, text.substr(0, 4000).c_str());
  __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > kMaxInput) return 0;
  const uint8_t mode = data[0] % 3;
  std::vector<uint8_t> bytes(data + 1, data + size);
  std::string text;
  if (mode == 0) {
    bytes.resize(bytes.size() / 8 * 8);  // whole 64-bit bundles
    gcvu::microcode::DisassemblyOptions options;
    text = gcvu::microcode::disassemble(bytes, options);
  } else {
    // A VIF stream is made of 32-bit words; a DMA chain of qwords (a tag and its data are whole qwords, so an image
    // cut mid-qword is not a chain: the assembler pads what follows the last tag to a qword).
    const size_t unit = mode == 2 ? 16 : 4;
    bytes.resize(bytes.size() / unit * unit);
    gcvu::microcode::VifDisassemblyOptions options;
    options.chain = mode == 2;
    text = gcvu::microcode::disassemble_vif(bytes, options);
  }
  gcvu::microcode::Program program;
  try {
    program = gcvu::microcode::assemble_source(text, "disassembly.vsm");
  } catch (const gcvu::microcode::SourceError& error) {
    finding(error.what(), text);
  }
  // A source that uses packaging ends its image with zeros up to the packaging's alignment (at most 16 bytes: the
  // `<end>` padding of its listing); apart from that, the bytes must be the input's.
  const std::vector<uint8_t>& code = program.code;
  const bool same_start = code.size() >= bytes.size() && std::equal(bytes.begin(), bytes.end(), code.begin());
  const bool padding_only = program.packaged ? code.size() - bytes.size() < 16 &&
                                                   std::all_of(code.begin() + static_cast<long>(bytes.size()),
                                                               code.end(), [](uint8_t b) { return b == 0; })
                                             : code.size() == bytes.size();
  if (!same_start || !padding_only) finding("the disassembly assembles to different bytes", text);
  return 0;
}
