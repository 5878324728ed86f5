#include "formats/core/format_error.hpp"

#include <fmt/format.h>

namespace gcvu::formats {

std::string hex_offset(uint64_t value) { return fmt::format("{:#x}", value); }

FormatError::FormatError(std::string source, uint64_t offset, std::string rule)
    : std::runtime_error(fmt::format("{}: offset {}: {}", source, hex_offset(offset), rule)),
      source_(std::move(source)),
      offset_(offset),
      rule_(std::move(rule)) {}

}  // namespace gcvu::formats
