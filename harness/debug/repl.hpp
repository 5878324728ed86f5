#pragma once
// Feeding a debugger its commands: interactively through GNU readline (line editing, history kept in a file,
// completion of command names and labels), or line by line from a script or a pipe, each echoed after the prompt
// so the transcript reads like a session.

#include <filesystem>
#include <istream>
#include <ostream>

#include "harness/debug/debugger.hpp"

namespace gcvu::harness::debug {

inline constexpr const char* kPrompt = "(gcvu) ";

// Reads commands from `in` until the end or `quit`.
void run_script(Debugger& debugger, std::istream& in, std::ostream& out);

// The interactive prompt on the terminal (readline reads stdin and writes stdout). `history` may be empty.
void run_interactive(Debugger& debugger, const std::filesystem::path& history);

}  // namespace gcvu::harness::debug
