// gcvu asm in.vsm -o out.bin [--list]: assembles dvp-as (.vsm) VU1 micro code into a raw micro-memory image.

#include <ostream>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

int run_asm(std::span<const std::string> args, Io& io) {
  CommandLine line("asm", "IN.vsm -o OUT.bin [--list]",
          "Assembles VU1 micro code written in the Sony dvp-as (.vsm) syntax: on each line the upper instruction,\n"
          "then the lower one (or 'loi <float>'); flag suffixes such as NOP[E]; dest masks such as .xyz; broadcast\n"
          "fields on the register (mulax.xyzw ACC,VF01,VF07x); labels ('name:'); comments from ';' or '#';\n"
          "directives .include \"file\", .align n (2^n bytes), .word, .dword, .byte. The output is the raw image,\n"
          "one little-endian 64-bit bundle per instruction pair (lower word first).\n"
          "Errors are printed as file:line:col: message.\n"
          "Exit status: 0 assembled, 2 bad invocation or an error in the source.");
  line.arguments.add_options()("input", po::value<std::string>()->required(), "source file");
  line.options.add_options()
      ("output,o", po::value<std::string>()->required(), "write the assembled image to this file")
      ("list", po::bool_switch(), "print a listing: address, hex words, file:line and source of every item");
  line.positional.add("input", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  microcode::Program program;
  try {
    program = microcode::assemble_file(values["input"].as<std::string>());
  } catch (const microcode::SourceError& error) {
    io.err << error.what() << "\n";
    return kExitError;
  }
  formats::write_file(values["output"].as<std::string>(), program.code);
  if (values["list"].as<bool>()) io.out << microcode::format_listing(program);
  return kExitOk;
}

}  // namespace gcvu::harness
