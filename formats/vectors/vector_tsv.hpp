#pragma once
// The PS2 VU test-vector TSV files in shared/vectors (schema: shared/vectors/README.md): '#' comment lines at the
// top, the header `op a b c d result mac status source`, then one tab-separated row per lane-case.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gcvu::formats {

// Every op the schema defines (README "Operand convention per op"); FTOI/ITOF also take their 4/12/15 forms.
enum class VectorOp {
  kAdd, kSub, kMul, kMadd, kMsub,
  kDiv, kSqrt, kRsqrt,
  kClip,
  kFtoi0, kFtoi4, kFtoi12, kFtoi15, kItof0, kItof4, kItof12, kItof15,
  kIadd, kIaddi, kIaddiu, kIand, kIor, kIsub, kIsubiu,
  kRinit, kRxor, kRnext,
  kEatan, kEatanxy, kEatanxz, kEexp, kEleng, kErcpr, kErleng, kErsadd, kErsqrt, kEsadd, kEsin, kEsqrt, kEsum,
};

struct VectorOpInfo {
  VectorOp op;
  std::string_view name;  // the upper-case mnemonic as the TSV spells it ("EATANXY")
  uint8_t operands;       // which of a, b, c, d the op uses: bit 0 = a ... bit 3 = d; the others must be '-'
};

// The one table of ops: parser validation and the checker's dispatch both derive from it.
std::span<const VectorOpInfo> vector_ops();
const VectorOpInfo& vector_op_info(VectorOp op);
std::optional<VectorOp> find_vector_op(std::string_view name);

struct VectorRow {
  VectorOp op = VectorOp::kAdd;
  std::array<std::optional<uint32_t>, 4> operands;  // a, b, c, d; empty where the file has '-'
  uint32_t result = 0;
  std::optional<uint8_t> mac;      // one lane's MAC digit as in the file: Z=8, S=4, U=2, O=1
  std::optional<uint16_t> status;  // 12-bit status register, when the row gives it
  std::string source;              // "hw:ps2homebrew", "hw:ps2autotests", "model:ps2float"
  uint32_t line = 0;               // 1-based line number in the file
  uint64_t offset = 0;             // byte offset of the line's first character
};

inline constexpr std::string_view kVectorHeader = "op\ta\tb\tc\td\tresult\tmac\tstatus\tsource";

// Parses a whole file. Throws FormatError(source, byte offset of the offending field, "line N: <rule>") for a
// missing or wrong header, a row with other than 9 columns (a last row cut short is reported as truncated), an
// unknown op, operands that are not 8 hex digits or '-', an operand given to an op that does not use it (or
// missing where it does), a bad result/mac/status field, an empty source, or a comment or blank line among rows.
std::vector<VectorRow> parse_vector_tsv(std::string_view text, const std::string& source);

}  // namespace gcvu::formats
