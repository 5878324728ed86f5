#pragma once
// The benchmark workloads' .vsm sources (microcode/bench/), compiled into the binary by microcode/CMakeLists.txt.

#include <span>
#include <string_view>

namespace gcvu::microcode {

struct EmbeddedSource {
  std::string_view name;  // the file name without .vsm: "vertex_loop"
  std::string_view text;
};

// vertex_loop, madd_chain, branchy_loop, in that order.
std::span<const EmbeddedSource> bench_sources();

}  // namespace gcvu::microcode
