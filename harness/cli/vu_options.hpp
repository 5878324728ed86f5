#pragma once
// The command-line choice of VU1's disputed same-pair write clash (vu/interpreter/vu1_config.hpp), shared by the
// commands that run VU1 alone (vu-run, trace-diff).

#include <string>

#include "emu/vu/interpreter/vu1_config.hpp"

namespace gcvu::harness {

// "discard" or "skip"; throws UsageError for anything else.
vu::WriteClash parse_write_clash(const std::string& text);

}  // namespace gcvu::harness
