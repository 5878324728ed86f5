#include <exception>
#include <ostream>

#include "formats/core/format_error.hpp"
#include "harness/cli/command.hpp"
#include "harness/cli/options.hpp"

namespace gcvu::harness {

namespace {

void print_usage(std::ostream& out) {
  out << "gcvu: a cycle-faithful emulator of the PS2's VIF1 -> VU1 -> GIF -> GS path.\n\n"
         "Usage: gcvu <command> [options]\n       gcvu <command> --help\n\nCommands:\n";
  for (const Command& command : all_commands()) {
    out << "  " << command.name << std::string(command.name.size() < 12 ? 12 - command.name.size() : 1, ' ')
        << command.summary << "\n";
  }
  out << "\nExit codes: 0 success or identical, 1 different or a check failed, 2 error.\n";
}

}  // namespace

int run_gcvu(std::span<const std::string> args, Io& io) {
  if (args.empty()) {
    print_usage(io.err);
    return kExitError;
  }
  const std::string& name = args.front();
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(io.out);
    return kExitOk;
  }
  for (const Command& command : all_commands()) {
    if (command.name != name) continue;
    try {
      return command.run(args.subspan(1), io);
    } catch (const UsageError& error) {
      io.err << "gcvu " << name << ": " << error.what() << " (see 'gcvu " << name << " --help')\n";
    } catch (const formats::FormatError& error) {
      io.err << "gcvu " << name << ": " << error.what() << "\n";
    } catch (const std::exception& error) {
      io.err << "gcvu " << name << ": error: " << error.what() << "\n";
    }
    return kExitError;
  }
  io.err << "gcvu: unknown command '" << name << "' (see 'gcvu --help')\n";
  return kExitError;
}

}  // namespace gcvu::harness
