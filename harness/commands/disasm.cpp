// gcvu disasm in.bin [--base N] [--bare]: prints VU1 micro code in the dvp-as (.vsm) syntax.

#include <ostream>

#include "formats/core/file_io.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

int run_disasm(std::span<const std::string> args, Io& io) {
  CommandLine line("disasm", "IN.bin [--base N] [--bare] [--no-labels]",
          "Disassembles a raw VU1 micro-memory image (little-endian 64-bit bundles, lower word first) into the\n"
          "dvp-as (.vsm) syntax that 'gcvu asm' reads: upper instruction, then lower, per line, with labels\n"
          "L_xxxx at branch targets. Words that are not canonical instructions print as '.dword 0x...', which\n"
          "assembles back to the same bits; so does the whole output with --bare.\n"
          "Exit status: 0 printed, 2 bad invocation or unreadable file.");
  line.arguments.add_options()("input", po::value<std::string>()->required(), "image file");
  line.options.add_options()
      ("base", po::value<std::string>()->default_value("0"),
       "byte address of the first bundle, decimal or 0x hex (for the address column and labels)")
      ("bare", po::bool_switch(), "omit the address and hex columns, so the output assembles back")
      ("no-labels", po::bool_switch(), "print branch targets as raw offsets instead of labels");
  line.positional.add("input", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  const std::string& base_text = values["base"].as<std::string>();
  microcode::DisassemblyOptions options;
  try {
    size_t used = 0;
    unsigned long base = std::stoul(base_text, &used, 0);
    if (used != base_text.size() || base > 0x3fff || base % 8 != 0) throw std::invalid_argument("base");
    options.base = static_cast<uint32_t>(base);
  } catch (const std::logic_error&) {
    throw UsageError("--base must be a multiple of 8 in 0..0x3ff8, decimal or 0x hex: '" + base_text + "'");
  }
  options.columns = !values["bare"].as<bool>();
  options.labels = !values["no-labels"].as<bool>();
  auto code = formats::read_file(values["input"].as<std::string>());
  io.out << microcode::disassemble(code, options);
  return kExitOk;
}

}  // namespace gcvu::harness
