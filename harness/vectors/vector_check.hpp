#pragma once
// Runs one shared/vectors TSV row through the float unit (emu/vu/float, emu/vu/alu) and compares the result, and
// the MAC digit and status where the row gives them. Operand conventions: shared/vectors/README.md.

#include <cstdint>
#include <optional>
#include <string>

#include "formats/vectors/vector_tsv.hpp"

namespace gcvu::harness {

struct VectorOutcome {
  uint32_t result = 0;
  std::optional<uint8_t> mac;  // TSV digit (Z=8, S=4, U=2, O=1) for ops that write the MAC register
  // The status register after the op, starting from 0 (as every measured row did): FMAC lane bits 0-3 and sticky
  // bits 6-9, FDIV bits 4-5 and 10-11, and 0 for ops that leave status alone (CLIP, FTOI/ITOF, integer, R, EFU).
  uint16_t status = 0;
};

// Evaluates the row's op on its operands. MADD/MSUB rows start from a cleanly loaded ACC (no ACC overflow).
VectorOutcome evaluate_vector(const formats::VectorRow& row);

// True when the result matches, and the mac/status match wherever the row gives them. A row that gives a mac for
// an op that has none does not match.
bool vector_matches(const formats::VectorRow& row, const VectorOutcome& actual);

// "MADD a=00000000 b=80000000 c=80000000" (only the operands the op uses).
std::string describe_vector_inputs(const formats::VectorRow& row);
// "result 00000000 mac 8 status 0C1" with '-' for fields not given / not produced.
std::string describe_expected(const formats::VectorRow& row);
std::string describe_actual(const VectorOutcome& actual);

}  // namespace gcvu::harness
