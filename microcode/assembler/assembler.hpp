#pragma once
// The .vsm assembler: dvp-as (the GNU as DVP port Sony shipped) compatible. One line holds an upper instruction,
// then a lower one (or `loi <float>`); flags as NOP[E], dest masks as .xyz or /xyz, broadcast fields on the
// register (VF07x), ACC or ACCxyz. The rest of the syntax is GNU as's: labels, `;` / `//` / `/* */` comments
// (`#` at the start of a line), `!` between statements, constant expressions wherever a number goes,
// .set/.equ/=, .if/.ifdef/.ifndef/.else/.elseif/.endif, .macro/.endm, .rept/.irp/.endr, .include (with -I),
// data (.byte .short .int .word .long .dword .quad .octa .float .ascii .space .fill ...) and alignment
// (.align .balign .p2align, zero-filled as dvp-as fills them).
// dvp-as's packaging (DMA tags, VIFcodes, MPG/.EndMPG, UNPACK, DIRECT, GIF tags) is in packaging.cpp.
// Errors are SourceError, "file:line:col: message", followed by notes naming the macro expansions they are in.

#include <cstdint>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gcvu::microcode {

class SourceError : public std::runtime_error {
 public:
  SourceError(std::string file, int line, int column, const std::string& message, const std::string& note = {});
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  std::string file_;
  int line_;
  int column_;
};

struct ListingEntry {
  uint32_t address = 0;
  std::vector<uint8_t> bytes;
  std::string file;
  int line = 0;
  std::string source;
};

struct Program {
  std::vector<uint8_t> code;  // bundles as little-endian 64-bit words (lower word first)
  std::vector<ListingEntry> listing;
  std::map<std::string, uint32_t> labels;  // byte address of every label, for callers that MSCAL an entry point
  std::vector<std::string> warnings;       // "file:line:col: warning: ..." (out-of-range immediates and the like)
  bool packaged = false;                   // the source used DMA/VIF packaging: code is a DMA chain or VIF stream

  // The MSCAL immediate (address / 8) of `label`; std::out_of_range naming the label when it is not defined.
  uint32_t entry(const std::string& label) const;
};

// How much work one assembly may do. The defaults are what gcvu accepts; a caller that assembles untrusted text in
// bulk (the fuzz target) asks for less, so each input stays cheap.
struct AssembleLimits {
  // Per pass: .rept and recursive macros cannot hang the assembler, and a .rept/.irp is refused before its copies of
  // the body are made when they would run past this.
  uint64_t statements = 4'000'000;
  // The assembled image; .space/.fill are refused before their bytes are made when they would pass it.
  uint64_t image_bytes = uint64_t{64} << 20;
};

struct AssembleOptions {
  std::vector<std::filesystem::path> include_dirs;  // searched after the including file's folder (-I)
  std::map<std::string, int64_t> defsyms;           // --defsym NAME=VALUE
  bool strict = false;                              // warnings are errors
  bool external_branches = false;  // a branch to an undefined label is left to a linker (field -1) with a warning
  AssembleLimits limits;
};

Program assemble_file(const std::filesystem::path& path, const AssembleOptions& options = {});
// `name` is used in messages and as the folder includes are found in.
Program assemble_source(std::string_view text, const std::string& name, const AssembleOptions& options = {});

// "address  hex words  file:line  source" per emitted item.
std::string format_listing(const Program& program);

}  // namespace gcvu::microcode
