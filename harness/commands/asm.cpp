// gcvu asm in.vsm -o out.bin [--list] [-I DIR] [--defsym NAME=VALUE] [--strict]: assembles dvp-as (.vsm) sources:
// VU1 micro code into a raw micro-memory image, or, when the source uses dvp-as's DMA/VIF packaging, the DMA
// chain or VIF stream it describes.

#include <ostream>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

std::pair<std::string, int64_t> parse_defsym(const std::string& text) {
  size_t equals = text.find('=');
  std::string name = text.substr(0, equals);
  if (name.empty()) throw UsageError("--defsym needs NAME=VALUE: '" + text + "'");
  if (equals == std::string::npos) return {name, 0};
  try {
    size_t used = 0;
    long long value = std::stoll(text.substr(equals + 1), &used, 0);
    if (used != text.size() - equals - 1) throw std::invalid_argument("value");
    return {name, value};
  } catch (const std::logic_error&) {
    throw UsageError("--defsym value must be a decimal, 0x hex or 0 octal integer: '" + text + "'");
  }
}

}  // namespace

int run_asm(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "asm", "IN.vsm -o OUT.bin [--list] [-I DIR]... [--defsym NAME=VALUE]... [--strict]",
      "Assembles sources written for dvp-as, the GNU/Sony DVP assembler: VU1 micro code (upper instruction,\n"
      "then lower, per line; NOP[E] flags; .xyz or /xyz dests; VF07x broadcasts; ACC or ACCxyz), with GNU as\n"
      "syntax around it: ';' '//' '/* */' comments, '!' between statements, constant expressions, labels,\n"
      ".set/.equ, .if/.ifdef/.else/.endif, .macro/.endm, .rept/.irp/.endr, .include, data and alignment\n"
      "directives, and dvp-as's DMA/VIF/GIF packaging (DMAcnt/next/ref/refs/call/ret/end, MPG/.EndMPG,\n"
      "UNPACK, DIRECT/.EndDirect, MSCAL, STCYCL, ... and GIF tags). VCL source is not accepted: run VCL or\n"
      "openvcl first. The output is the raw image: micro code as little-endian 64-bit bundles (lower word\n"
      "first), or the DMA chain / VIF stream a packaged source describes (run it with 'gcvu vif-run').\n"
      "An immediate outside its field is a warning, as in dvp-as, and keeps the field's low bits.\n"
      "Messages are printed as file:line:col: message, with the macro expansions an error is in.\n"
      "Exit status: 0 assembled, 2 bad invocation or an error in the source.");
  line.arguments.add_options()("input", po::value<std::string>()->required(), "source file");
  line.options.add_options()("output,o", po::value<std::string>()->required(),
                             "write the assembled image to this file")(
      "list", po::bool_switch(), "print a listing: address, hex words, file:line and source of every item")(
      "include-dir,I", po::value<std::vector<std::string>>()->composing(),
      "search this folder for .include files (after the including file's folder); may repeat")(
      "defsym", po::value<std::vector<std::string>>()->composing(), "define symbol NAME as VALUE; may repeat")(
      "strict", po::bool_switch(), "treat warnings (out-of-range immediates, truncated data) as errors")(
      "external-branches", po::bool_switch(),
      "a branch to an undefined label is left for a linker (offset field -1, as dvp-as writes it) with a "
      "warning, instead of an error");
  line.positional.add("input", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  microcode::AssembleOptions options;
  if (values.count("include-dir") != 0) {
    for (const std::string& dir : values["include-dir"].as<std::vector<std::string>>()) {
      options.include_dirs.emplace_back(dir);
    }
  }
  if (values.count("defsym") != 0) {
    for (const std::string& text : values["defsym"].as<std::vector<std::string>>()) {
      options.defsyms.insert(parse_defsym(text));
    }
  }
  options.strict = values["strict"].as<bool>();
  options.external_branches = values["external-branches"].as<bool>();
  microcode::Program program;
  try {
    program = microcode::assemble_file(values["input"].as<std::string>(), options);
  } catch (const microcode::SourceError& error) {
    io.err << error.what() << "\n";
    return kExitError;
  }
  for (const std::string& warning : program.warnings) io.err << warning << "\n";
  formats::write_file(values["output"].as<std::string>(), program.code);
  if (values["list"].as<bool>()) io.out << microcode::format_listing(program);
  return kExitOk;
}

}  // namespace gcvu::harness
