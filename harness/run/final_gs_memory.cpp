#include "harness/run/final_gs_memory.hpp"

#include <algorithm>

namespace gcvu::harness {

bool operator==(const FinalGsMemory& a, const FinalGsMemory& b) { return std::ranges::equal(a.bytes(), b.bytes()); }

}  // namespace gcvu::harness
