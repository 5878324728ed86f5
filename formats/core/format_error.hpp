#pragma once
// The one error type every parser throws: it names the source, the byte offset and the rule that failed.

#include <cstdint>
#include <stdexcept>
#include <string>

namespace gcvu::formats {

class FormatError : public std::runtime_error {
 public:
  // Renders as "<source>: offset 0x<offset>: <rule>".
  FormatError(std::string source, uint64_t offset, std::string rule);

  const std::string& source() const { return source_; }
  uint64_t offset() const { return offset_; }
  const std::string& rule() const { return rule_; }

 private:
  std::string source_;
  uint64_t offset_;
  std::string rule_;
};

// Formats a byte count or offset the way every message in gcvu does: 0x-prefixed lower-case hex.
std::string hex_offset(uint64_t value);

}  // namespace gcvu::formats
