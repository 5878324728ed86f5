#pragma once
// Argument checks shared by the debugger's commands; each throws std::invalid_argument with one clear line.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "harness/debug/address_text.hpp"

namespace gcvu::harness::debug {

// args[index] as a count of at least 1, or `fallback` when absent; no arguments beyond it.
inline uint64_t count_argument(const std::vector<std::string>& args, size_t index, uint64_t fallback,
                               const char* command) {
  if (args.size() > index + 1) throw std::invalid_argument(fmt::format("{} takes at most one count", command));
  if (args.size() <= index) return fallback;
  const std::optional<uint64_t> value = parse_number(args[index]);
  if (!value || *value == 0) {
    throw std::invalid_argument(fmt::format("{}: '{}' is not a count (a whole number, at least 1)", command,
                                            args[index]));
  }
  return *value;
}

inline void no_arguments(const std::vector<std::string>& args, const char* command) {
  if (!args.empty()) throw std::invalid_argument(fmt::format("{} takes no arguments", command));
}

}  // namespace gcvu::harness::debug
