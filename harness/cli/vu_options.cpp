#include "harness/cli/vu_options.hpp"

#include <fmt/format.h>

#include "harness/cli/options.hpp"

namespace gcvu::harness {

vu::WriteClash parse_write_clash(const std::string& text) {
  if (text == "discard") return vu::WriteClash::kLowerWriteDiscarded;
  if (text == "skip") return vu::WriteClash::kLowerSkipped;
  throw UsageError(fmt::format("--write-clash '{}' must be 'discard' or 'skip'", text));
}

}  // namespace gcvu::harness
