#pragma once
// Text made safe to put inside HTML element content and quoted attribute values.

#include <string>
#include <string_view>

namespace gcvu::harness {

// Replaces & < > " ' with character references.
std::string escape_html(std::string_view text);

}  // namespace gcvu::harness
