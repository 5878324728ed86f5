#pragma once
// Runs one VIF1 hardware case: sets up VU memory and the registers, delivers the stream to VIF1 the way the
// console's DMA did (a qword whenever VIF1 wants data; truncated_* cases in two transfers), and compares the checks.

#include <cstdint>
#include <string>
#include <vector>

#include "emu/vif/vif1_config.hpp"
#include "harness/vif_cases/case_table.hpp"

namespace gcvu::harness {

struct CaseOutcome {
  bool passed = true;
  // One line per mismatch: "vu:0:64:x: qword 3 x: expected 00000004, actual 00000000".
  std::vector<std::string> mismatches;
  std::string final_state;  // VIF1's state and registers after the stream, for failure reports
};

// `stream` is the .vif file's bytes. Throws formats::FormatError if its length is not a whole number of words.
CaseOutcome run_vif_case(const VifCase& vif_case, const std::vector<uint8_t>& stream,
                         const vif::Vif1Config& config = {});

}  // namespace gcvu::harness
