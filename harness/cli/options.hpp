#pragma once
// Option parsing shared by every command: Boost.Program_options with `--help`, one-line errors and exit 2.

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include <boost/program_options.hpp>

#include "harness/cli/command.hpp"

namespace gcvu::harness {

// Thrown for a bad invocation; run_gcvu prints "gcvu <command>: <message>" and exits 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CommandLine {
  CommandLine(std::string_view command_name, std::string_view synopsis_text, std::string_view description_text)
      : command(command_name), synopsis(synopsis_text), description(description_text) {}

  std::string_view command;   // "compare"
  std::string_view synopsis;  // "A B [options]"
  std::string_view description;
  boost::program_options::options_description options;
  // Options bound to positional arguments: parsed, but documented in the synopsis rather than the option list.
  boost::program_options::options_description arguments;
  boost::program_options::positional_options_description positional;
};

// Parses `args` against `line`. Returns false after printing help when --help was given (exit 0);
// throws UsageError for unknown or malformed options.
bool parse_command_line(const CommandLine& line, std::span<const std::string> args, Io& io,
                        boost::program_options::variables_map& values);

// A whole number written out in full: decimal, or with `allow_hex` also 0x-prefixed hex. nullopt otherwise (Boost's
// lexical_cast would turn "-5" into 2^64 - 5 for an unsigned option, so numeric options are parsed with this).
std::optional<uint64_t> parse_unsigned(std::string_view text, bool allow_hex = true);

}  // namespace gcvu::harness
