#pragma once
// VU1 micro code to dvp-as (.vsm) text: upper instruction, then lower, on one line; labels for branch targets.
// Any 64-bit word disassembles, and the whole output assembles back to the same bytes: bundles that are not
// canonical instructions print as `.dword 0x...` (with the instruction they execute noted when they decode).

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace gcvu::microcode {

struct DisassemblyOptions {
  uint32_t base = 0;    // byte address of the first bundle (labels and the address column use it)
  bool columns = true;  // address and hex columns before the text, as /* */ comments (the text still assembles)
  bool labels = true;   // name in-range branch targets L_xxxx; off prints raw offsets
};

// One bundle as text (no columns). When `address` is given and `target_label` is true, a branch target is
// printed as the label L_xxxx of its address; otherwise as the raw signed offset in instructions.
std::string disassemble_bundle(uint64_t bundle, std::optional<uint32_t> address = std::nullopt,
                               bool target_label = false);

// One bundle's halves apart (a timeline shows them on two tracks), in the text disassemble_bundle joins. A bundle
// that does not print as a pair gives its `.dword` line as `upper` and an empty `lower`.
struct BundleHalves {
  std::string upper;
  std::string lower;
};
BundleHalves disassemble_halves(uint64_t bundle, std::optional<uint32_t> address = std::nullopt,
                                bool target_label = false);

// A whole program (bundles as little-endian 64-bit words, lower word first). A trailing partial bundle
// prints as `.byte` lines.
std::string disassemble(std::span<const uint8_t> code, const DisassemblyOptions& options = {});

}  // namespace gcvu::microcode
