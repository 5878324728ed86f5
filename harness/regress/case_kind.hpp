#pragma once
// The kinds of case `gcvu regress` knows. Adding a kind is one entry in case_kinds(): how its cases are found in a
// folder and how one is run. A kind whose `run` is null is recognised but not runnable yet: its cases are listed
// as "unsupported kind, skipped" (vutrace traces until the trace replayer lands: give that entry its runner).

#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

struct CaseKind {
  std::string_view name;
  std::string_view summary;  // one line: what a case of this kind is
  // The cases of this kind directly in `folder` (not in its subfolders). Throws FormatError on a malformed index
  // file (a corpus manifest).
  std::vector<RegressCase> (*find)(const std::filesystem::path& folder);
  // Runs one case; nullptr: recognised but not runnable yet.
  CaseResult (*run)(const RegressCase& regress_case, const RegressOptions& options);
  // A case of this kind owns its folder: the files in it are the case's inputs, so later kinds do not look there.
  bool owns_folder = false;
};

// In priority order: when two kinds find a case at the same path, the earlier kind's case is kept.
std::span<const CaseKind> case_kinds();

// nullptr for an unknown name.
const CaseKind* find_case_kind(std::string_view name);

}  // namespace gcvu::harness
