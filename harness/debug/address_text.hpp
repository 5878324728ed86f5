#pragma once
// Numbers and addresses as the debugger's commands take them: decimal or 0x hex; a micro-memory address is a byte
// address (a multiple of 8, below 16 KiB) or a label; a data-memory address is a qword address (0-0x3ff), as VU1
// code uses them.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace gcvu::harness::debug {

std::optional<uint64_t> parse_number(std::string_view text);
// Throws std::invalid_argument naming the rule broken.
uint32_t parse_micro_address(std::string_view text, const std::map<std::string, uint32_t>& labels);
uint32_t parse_data_address(std::string_view text);
// "A" or "A-B" (inclusive) data qwords.
std::pair<uint32_t, uint32_t> parse_data_range(std::string_view text);

}  // namespace gcvu::harness::debug
