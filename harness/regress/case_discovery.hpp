#pragma once
// Finding the cases of `gcvu regress` in directory trees, with the kind table (case_kind.hpp).

#include <filesystem>
#include <span>
#include <vector>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

// Every case at or below each root, sorted by path, one case per path (the earliest kind in case_kinds() wins).
// A root is a folder (searched with all its subfolders), a case.json or manifest.tsv (its folder), or one case's
// file (a dump or a trace). Throws FormatError for a root that does not exist or is no case, and for a malformed
// manifest.
std::vector<RegressCase> find_regress_cases(std::span<const std::filesystem::path> roots);

}  // namespace gcvu::harness
