#pragma once
// `gcvu debug --golden DIR`: the run a golden case makes, as `gcvu debug` arguments. The case's command (case.json)
// must be `run` (the demo or a save state) or `vif-run`; {case} and {shared} are substituted as `gcvu golden` does,
// and the options that only name outputs (--out, --vram, --gs-dump, --json, --dump-vu, --dump-gif) are dropped.

#include <filesystem>
#include <string>
#include <vector>

namespace gcvu::harness::debug {

// Throws formats::FormatError naming case.json for a missing or malformed file, std::invalid_argument for a command
// the debugger cannot run.
std::vector<std::string> golden_case_debug_arguments(const std::filesystem::path& folder,
                                                     const std::filesystem::path& shared_dir);

}  // namespace gcvu::harness::debug
