#include "harness/debug/address_text.hpp"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

#include "emu/vu/state/memory.hpp"

namespace gcvu::harness::debug {

std::optional<uint64_t> parse_number(std::string_view text) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    text.remove_prefix(2);
    base = 16;
  }
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

uint32_t parse_micro_address(std::string_view text, const std::map<std::string, uint32_t>& labels) {
  if (const auto label = labels.find(std::string(text)); label != labels.end()) return label->second;
  const std::optional<uint64_t> value = parse_number(text);
  if (!value) {
    throw std::invalid_argument(fmt::format("'{}' is neither an address nor a label of the program", text));
  }
  if (*value % 8 != 0 || *value >= vu::kMicroBytes) {
    throw std::invalid_argument(fmt::format(
        "micro address {:#x} must be a multiple of 8 below {:#x} (a byte address of an instruction pair)", *value,
        vu::kMicroBytes));
  }
  return static_cast<uint32_t>(*value);
}

uint32_t parse_data_address(std::string_view text) {
  const std::optional<uint64_t> value = parse_number(text);
  if (!value) throw std::invalid_argument(fmt::format("'{}' is not a number", text));
  if (*value >= vu::kDataQwords) {
    throw std::invalid_argument(
        fmt::format("data address {:#x} is outside VU1 data memory (qword addresses 0-0x3ff)", *value));
  }
  return static_cast<uint32_t>(*value);
}

std::pair<uint32_t, uint32_t> parse_data_range(std::string_view text) {
  const size_t dash = text.find('-');
  if (dash == std::string_view::npos) {
    const uint32_t address = parse_data_address(text);
    return {address, address};
  }
  const uint32_t first = parse_data_address(text.substr(0, dash));
  const uint32_t last = parse_data_address(text.substr(dash + 1));
  if (last < first) throw std::invalid_argument(fmt::format("range '{}' ends before it starts", text));
  return {first, last};
}

}  // namespace gcvu::harness::debug
