#pragma once
// The .vsm assembler (dvp-as conventions). One line holds an upper instruction, then whitespace, then a lower
// instruction; the lower slot may instead be `loi <float>`. Syntax accepted (case-insensitive except labels):
//   mnemonic[flags].dest operands    flags are [E] [M] [D] [T] (any order, one or several letters per bracket);
//                                    a missing dest on an instruction that takes one means .xyzw
//   VF00..VF31 with optional field letters (VF07xyz, VF07w), VI00..VI15, ACC, Q, P, I, R
//   imm(VIxx), (VIxx), (VIxx++), (--VIxx); ilw/isw/ilwr/iswr may end with the dest letters: 0(VI02)x
//   branch targets: a label, or a signed number = the raw 11-bit offset in instructions from the delay slot
//   loi 1.5 | loi -2e3 | loi 0x3f800000   (decimal: correctly rounded, locale-free; 0x: the exact bit pattern)
//   name:                            a label (case-sensitive), alone or before an instruction
//   ; or # to end of line            comments
//   .include "file.vsm"              relative to the including file; cycles and missing files are errors
//   .align n                         pad to a 2^n-byte boundary (with NOP NOP bundles, or zero bytes below 8)
//   .word v, ...  .dword v, ...  .byte v, ...   little-endian data (a .dword is one bundle: upper word high)
//   .vu .text .global/.globl name    accepted and ignored, for dvp-as sources
// Errors are SourceError, printed as "file:line:col: message".

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
  SourceError(std::string file, int line, int column, const std::string& message);
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

  // The MSCAL immediate (address / 8) of `label`; std::out_of_range naming the label when it is not defined.
  uint32_t entry(const std::string& label) const;
};

Program assemble_file(const std::filesystem::path& path);
// `name` is used in messages and as the folder includes are found in.
Program assemble_source(std::string_view text, const std::string& name);

// "address  hex words  file:line  source" per emitted item.
std::string format_listing(const Program& program);

}  // namespace gcvu::microcode
