#pragma once
// Which opcode row an instruction word decodes by (decoder.cpp): of its slot's rows whose opcode bits match, the most
// specific one (the most mask bits set), the first in table order on a tie; pseudo rows never match; nullptr if none.

#include <array>
#include <cstdint>
#include <vector>

#include "emu/vu/isa/opcode_table.hpp"

namespace gcvu::vu {

// The definition: every row of the table scanned.
const OpcodeRow* find_row_by_scan(Slot slot, uint32_t word);

// How an OpcodeIndex orders each slot's rows. Only kMostSpecificFirst is right; the others are deliberately broken
// variants for the cross-check to catch (tests/vu/isa_decoder_test.cpp).
enum class OpcodeIndexOrder {
  kMostSpecificFirst,   // descending mask popcount, table order among equals: the first match is the scan's answer
  kTableOrder,          // broken: the first matching row in table order, whatever its specificity
  kLeastSpecificFirst,  // broken: ascending mask popcount, so an alias loses to the general row it refines
};

// A compact index of each slot's rows (pseudo rows left out), searched in order; the first match is the answer.
class OpcodeIndex {
 public:
  explicit OpcodeIndex(OpcodeIndexOrder order = OpcodeIndexOrder::kMostSpecificFirst);
  const OpcodeRow* find(Slot slot, uint32_t word) const;

 private:
  struct Key {
    uint32_t match;
    uint32_t mask;
    uint32_t row;  // index into opcode_table()
  };
  std::array<std::vector<Key>, 2> keys_;  // per Slot
};

// The same row as find_row_by_scan from the right OpcodeIndex, built once: a decode reads a few cache lines instead
// of the whole table (a new machine decodes all of micro memory). tests/vu/isa_decoder_test.cpp cross-checks it.
const OpcodeRow* find_row(Slot slot, uint32_t word);

}  // namespace gcvu::vu
