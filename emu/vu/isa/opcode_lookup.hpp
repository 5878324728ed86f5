#pragma once
// Which opcode row an instruction word decodes by (decoder.cpp): of its slot's rows whose opcode bits match, the most
// specific one (the most mask bits set), the first in table order on a tie; pseudo rows never match; nullptr if none.

#include <cstdint>

#include "emu/vu/isa/opcode_table.hpp"

namespace gcvu::vu {

// The definition: every row of the table scanned.
const OpcodeRow* find_row_by_scan(Slot slot, uint32_t word);

// The same row from a compact index of the slot's rows, most specific first, so that the first match is the answer:
// a decode reads a few cache lines instead of the whole table (a new machine decodes all of micro memory).
// tests/vu/isa_decoder_test.cpp cross-checks it against find_row_by_scan.
const OpcodeRow* find_row(Slot slot, uint32_t word);

}  // namespace gcvu::vu
