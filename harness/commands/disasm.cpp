// gcvu disasm in.bin [--base N] [--bare]: prints VU1 micro code in the dvp-as (.vsm) syntax.

#include <ostream>

#include "emu/dma/ee_memory.hpp"
#include "formats/core/file_io.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "microcode/disassembler/disassembler.hpp"
#include "microcode/disassembler/vif_disassembler.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

int run_disasm(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "disasm", "IN.bin [--base N] [--bare] [--no-labels] | --vif [--chain] IN.bin",
      "Disassembles a raw VU1 micro-memory image (little-endian 64-bit bundles, lower word first) into the\n"
      "dvp-as (.vsm) syntax that 'gcvu asm' reads: upper instruction, then lower, per line, with labels\n"
      "L_xxxx at branch targets. The address and hex words are /* */ comments, so the output assembles back to\n"
      "the same bytes; words that are not canonical instructions print as '.dword 0x...' with the instruction\n"
      "they execute noted. --bare drops the comment columns.\n"
      "Exit status: 0 printed, 2 bad invocation or unreadable file.");
  line.arguments.add_options()("input", po::value<std::string>()->required(), "image file");
  line.options.add_options()("base", po::value<std::string>()->default_value("0"),
                             "byte address of the first bundle, decimal or 0x hex (for the address column and labels)")(
      "bare", po::bool_switch(), "omit the address and hex comment columns")(
      "no-labels", po::bool_switch(), "print branch targets as raw offsets instead of labels")(
      "vif", po::bool_switch(),
      "the file is a VIF1 stream: print it in dvp-as packaging syntax (VIFcodes, MPG blocks "
      "with their micro code, UNPACK and DIRECT data), which 'gcvu asm' assembles back to the same bytes")(
      "chain", po::bool_switch(),
      "with --vif: the file is a DMA chain (tags from offset 0), as 'gcvu asm' writes "
      "one");
  line.positional.add("input", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  if (values["chain"].as<bool>() && !values["vif"].as<bool>()) throw UsageError("--chain goes with --vif");
  if (values["vif"].as<bool>()) {
    microcode::VifDisassemblyOptions vif;
    vif.chain = values["chain"].as<bool>();
    // A VIF stream or DMA chain reaches VIF1 from EE main RAM.
    io.out << microcode::disassemble_vif(formats::read_file(values["input"].as<std::string>(), dma::kRamBytes), vif);
    return kExitOk;
  }
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
  // Micro code is uploaded by MPG from EE main RAM; a file of more than 16 KiB is a dump of several programs.
  auto code = formats::read_file(values["input"].as<std::string>(), dma::kRamBytes);
  io.out << microcode::disassemble(code, options);
  return kExitOk;
}

}  // namespace gcvu::harness
