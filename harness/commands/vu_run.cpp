// gcvu vu-run PROGRAM [options]: runs one VU1 microprogram alone and prints its cycles, stalls and final registers.

#include <ostream>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/vu_options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/vu_run/kick_dump.hpp"
#include "harness/vu_run/pair_trace.hpp"
#include "harness/vu_run/program_file.hpp"
#include "harness/vu_run/result_json.hpp"
#include "harness/vu_run/result_text.hpp"
#include "harness/vu_run/runner.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

uint64_t parse_cycle_budget(const std::string& text) {
  const std::optional<uint64_t> value = parse_unsigned(text, /*allow_hex=*/false);
  if (!value || *value == 0) {
    throw UsageError(fmt::format("--max-cycles '{}' must be a whole number of cycles, at least 1", text));
  }
  return *value;
}

}  // namespace

int run_vu_run(std::span<const std::string> args, Io& io) {
  const vu::Vu1Config defaults;
  CommandLine line(
      "vu-run", "PROGRAM [--data FILE] [--start ADDR] [--max-cycles N] [--json] [--dump-data FILE] [--dump-kicks FILE]",
      "Runs one VU1 microprogram alone (micro mode, no VIF1 or GIF around it) until its E bit: the pair after\n"
      "the E-bit pair runs, the pipelines drain, and an XGKICK transfer still running is let finish (a transfer\n"
      "ends after the data of a GIF packet whose tag has EOP set). Prints the cycles (from the start to the end\n"
      "of the program, after the drain), the pairs issued, the stall cycles by cause, the XGKICK count, how\n"
      "the run stopped, and the final VF00-VF31, ACC (lanes x y z w as 8-digit hex bit patterns), VI00-VI15,\n"
      "Q, P, I, R, MAC, status and clip.\n"
      "\n"
      "PROGRAM is .vsm source (assembled in-process, as 'gcvu asm' does) or an assembled micro-memory image\n"
      "(raw little-endian 64-bit bundles, lower word first, a multiple of 8 bytes, at most 16 KiB), loaded at\n"
      "address 0. A name ending in .vsm is always source; any other file is source if it is valid UTF-8 text\n"
      "with no control byte but TAB, LF, VT, FF and CR, else an image (assembled code holds NUL bytes).\n"
      "Registers start at their reset values (VF00 = 0,0,0,1.0, all else 0); data memory starts zeroed.\n"
      "\n"
      "--dump-kicks writes JSON Lines, one object per XGKICKed qword in the order they left VU memory:\n"
      "  {\"transfer\":0,\"cycle\":1,\"address\":0,\"qword\":[\"00008001\",\"10000000\",\"00000000\",\"00000000\"],"
      "\"end\":false}\n"
      "transfer counts XGKICKs from 0; cycle is the VU cycle the qword was read; address is the qword address\n"
      "(byte address / 16); qword is lanes x y z w (x at the lowest address); end marks the qword that ended\n"
      "its transfer (by EOP, or by the cut: a transfer still unended at the cycle budget is cut there and the\n"
      "run fails).\n"
      "\n"
      "--json prints one JSON object: stop, cycles, pairs, stall_cycles, stalls {cause: cycles}, xgkicks,\n"
      "xgkick_qwords, vf [[x,y,z,w] x32], vi [x16], acc [x,y,z,w], q, p, i, r, mac, status, clip; every\n"
      "float (VF, ACC lanes, Q, P, I, R) as its bit pattern in an 8-digit lower-case hex string, the rest as\n"
      "numbers.\n"
      "\n"
      "Exit status: 0 the program ended at its E bit; 1 it stopped otherwise (cycle budget, invalid\n"
      "instruction, D or T bit, unended XGKICK) and the reason is printed on stderr (the report still goes\n"
      "to stdout and the dumps are still written); 2 bad invocation or input (unreadable file, an error in the\n"
      "source, printed as file:line:col: message, an image too large).");
  line.arguments.add_options()("program", po::value<std::string>()->required(), "program file");
  // clang-format off
  line.options.add_options()
      ("data", po::value<std::string>(), "load this data-memory image (at most 16 KiB, little-endian, as PCSX2's "
       "vu1Memory.bin) at address 0; a shorter image fills the start of memory")
      ("start", po::value<std::string>()->default_value("0"),
       "start at this byte address in micro memory (decimal or 0x hex; a multiple of 8 below 0x4000)")
      ("max-cycles", po::value<std::string>()->default_value(std::to_string(defaults.max_cycles)),
       "cycle budget: a program not ended after N cycles stops (exit 1)")
      ("json", po::bool_switch(), "print the report as one JSON object instead of text")
      ("dump-data", po::value<std::string>(), "write the final 16 KiB data memory to FILE")
      ("dump-kicks", po::value<std::string>(), "write every XGKICKed qword to FILE as JSON Lines (format above)")
      ("trace", po::value<std::string>(),
       "write one line per executed pair to FILE: issue cycle, byte PC, the stall that held the pair (unit, "
       "register.fields, cycles; '-' for none) and the pair's disassembly")
      ("write-clash", po::value<std::string>()->default_value("discard"),
       "when both halves of a pair write the same VF register the upper write wins; the lower op either runs "
       "with its VF write discarded ('discard') or is skipped whole ('skip', as PCSX2)")
      ("d-bit", po::bool_switch(), "stop at an instruction with the D bit (as with FBRST.DE1 set)")
      ("t-bit", po::bool_switch(), "stop at an instruction with the T bit (as with FBRST.TE1 set)");
  // clang-format on
  add_engine_option(line.options);
  line.positional.add("program", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  vu::Vu1Config config;
  config.max_cycles = parse_cycle_budget(values["max-cycles"].as<std::string>());
  config.write_clash = parse_write_clash(values["write-clash"].as<std::string>());
  config.d_bit_enabled = values["d-bit"].as<bool>();
  config.t_bit_enabled = values["t-bit"].as<bool>();
  config.engine = engine_from(values);
  const uint32_t start_pc = parse_start_address(values["start"].as<std::string>());

  ProgramImage program;
  try {
    program = load_program(values["program"].as<std::string>());
  } catch (const microcode::SourceError& error) {
    io.err << error.what() << "\n";
    return kExitError;
  }
  std::vector<uint8_t> data;
  if (values.count("data") != 0) data = load_data_image(values["data"].as<std::string>());

  const bool dump_kicks = values.count("dump-kicks") != 0;
  PairTrace trace;
  const bool tracing = values.count("trace") != 0;
  VuRunResult result =
      run_vu_program(VuRunRequest{program.code, data, start_pc, config, dump_kicks, tracing ? &trace : nullptr});
  if (tracing) {
    formats::write_file(values["trace"].as<std::string>(),
                        std::span(reinterpret_cast<const uint8_t*>(trace.text().data()), trace.text().size()));
  }

  if (values["json"].as<bool>()) {
    io.out << vu_run_json(result).dump() << "\n";
  } else {
    io.out << format_vu_run_text(result);
  }
  if (values.count("dump-data") != 0) formats::write_file(values["dump-data"].as<std::string>(), result.data);
  if (dump_kicks) {
    std::string dump = format_kick_dump(result.kicks);
    formats::write_file(values["dump-kicks"].as<std::string>(),
                        std::span(reinterpret_cast<const uint8_t*>(dump.data()), dump.size()));
  }
  if (!result.ended) {
    io.err << "gcvu vu-run: " << result.stop << ": " << result.message << "\n";
    return kExitDifferent;
  }
  return kExitOk;
}

}  // namespace gcvu::harness
