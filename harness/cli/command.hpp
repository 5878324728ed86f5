#pragma once
// A gcvu subcommand: its name, a one-line summary for `gcvu --help`, and the function that runs it.
// Commands write only to the streams they are given, so tests and the golden runner run them in-process.

#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace gcvu::harness {

struct Io {
  std::ostream& out;
  std::ostream& err;
  bool terminal = false;  // whether progress lines may be drawn on err
};

// Exit codes shared by every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitDifferent = 1;  // compared things differ, a check failed
inline constexpr int kExitError = 2;      // bad invocation or bad input

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(std::span<const std::string> args, Io& io);
};

// Every command, in the order `gcvu --help` lists them. Only commands that work are here.
std::span<const Command> all_commands();

// Runs `gcvu <args...>` (args excludes the program name). Catches every error and maps it to an exit code.
int run_gcvu(std::span<const std::string> args, Io& io);

}  // namespace gcvu::harness
