// gcvu vif-run STREAM | --ee RAM --chain ADDR [options]: runs a VIF1 stream through VIF1, VU1 and the GIF on one
// clock and reports each microprogram's cycles and what reached the GS.

#include <ostream>

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/vif_options.hpp"
#include "harness/cli/vu_options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/vif_run/chain_image_check.hpp"
#include "harness/vif_run/stream_file.hpp"
#include "harness/vif_run/report.hpp"
#include "harness/vif_run/runner.hpp"
#include "harness/vu_run/program_file.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

uint64_t parse_count(const std::string& option, const std::string& text, uint64_t minimum) {
  const std::optional<uint64_t> value = parse_unsigned(text);
  if (!value || *value < minimum) {
    throw UsageError(
        fmt::format("--{} '{}' must be a whole number (decimal or 0x hex), at least {}", option, text, minimum));
  }
  return *value;
}

// --chain / --gif-chain: the byte address of a chain's first tag in the EE image.
uint32_t parse_chain_address(const std::string& option, const std::string& text) {
  const uint64_t address = parse_count(option, text, 0);
  if (address % 16 != 0 || address >= dma::kRamBytes) {
    throw UsageError(
        fmt::format("--{} {:#x} must be a qword-aligned address inside the 32 MiB of EE RAM", option, address));
  }
  return static_cast<uint32_t>(address);
}

void write_text(const std::string& path, const std::string& text) {
  formats::write_file(path, std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

}  // namespace

int run_vif_run(std::span<const std::string> args, Io& io) {
  const system::SystemConfig defaults;
  CommandLine line(
      "vif-run",
      "STREAM | --ee RAM.bin --chain ADDR [--micro FILE] [--data FILE] [--dump-vu FILE] [--dump-gif FILE] "
      "[--json]",
      "Runs a VIF1 stream through DMA channel 1, VIF1, VU1 and the GIF on one 294.912 MHz clock: UNPACKs land in\n"
      "VU1 data memory, MPG loads micro memory, MSCAL/MSCALF/MSCNT start microprograms, XGKICK and DIRECT send\n"
      "GIF packets. Prints how the run ended, what the DMA and VIF1 moved, one row per microprogram (start PC,\n"
      "start and end cycle, VU stall cycles, cycles VIF1 spent waiting while it ran, XGKICKs) and what the GIF\n"
      "produced.\n"
      "\n"
      "STREAM is a raw VIF1 stream (little-endian 32-bit words), sent by a normal-mode transfer; a stream that ends\n"
      "mid-qword is padded with VIF NOPs to the next qword, with a note. With --ee and --chain the stream is instead\n"
      "the DMA chain in an EE RAM image (a file of at most 32 MiB loaded at address 0) starting at the tag at ADDR;\n"
      "a chain whose tags or data run past the end of the image is an error naming the tag and address.\n"
      "\n"
      "The run ends when the transfer is used up and every unit is idle ('finished'), when VIF1 stops on an\n"
      "i-bit ('vif-stalled'), when the transfer ends inside a command that wants more data ('vif-needs-data'),\n"
      "or on an error: a malformed chain or stream (an undefined VIFcode, unless --mask-undefined), a\n"
      "microprogram that fails (invalid instruction, cycle budget), or the run's own cycle limit.\n"
      "\n"
      "--dump-gif writes one line per GS event: the cycle, the path, the register name (or IMAGE, or EOP for a\n"
      "packet's end) and the value in hex.\n"
      "\n"
      "Exit status: 0 the run ended without error (whatever state VIF1 was left in); 1 it failed, and the\n"
      "reason is printed on stderr (the report still goes to stdout and the dumps are written); 2 bad invocation\n"
      "or input.");
  line.arguments.add_options()("stream", po::value<std::string>(), "raw VIF1 stream file");
  // clang-format off
  line.options.add_options()
      ("ee", po::value<std::string>(), "EE RAM image holding a DMA chain (at most 32 MiB, loaded at 0); needs "
       "--chain")
      ("chain", po::value<std::string>(), "byte address of the chain's first tag in the EE image (decimal or 0x "
       "hex)")
      ("gif-chain", po::value<std::string>(), "also start the GIF's DMA channel (channel 2, PATH3: image uploads "
       "and other PATH3 packets) on the chain at this address of the --ee image")
      ("tte", po::bool_switch(), "CHCR.TTE: each tag's upper 64 bits go to VIF1 as two VIFcodes")
      ("tie", po::bool_switch(), "CHCR.TIE: a tag with its IRQ bit set ends the transfer")
      ("mask-undefined", po::bool_switch(), "VIF1 ERR.ME1: skip undefined VIFcodes; without it an undefined VIFcode "
       "sets STAT.ER1 and stops the run with an error naming its offset")
      ("micro", po::value<std::string>(), "initial micro memory: .vsm source or an assembled image (at most "
       "16 KiB), loaded at address 0")
      ("data", po::value<std::string>(), "initial VU1 data memory image (at most 16 KiB) loaded at address 0")
      ("dump-vu", po::value<std::string>(), "write the final 16 KiB VU1 data memory to FILE")
      ("dump-gif", po::value<std::string>(), "write every GS write the GIF produced to FILE (format above)")
      ("json", po::bool_switch(), "print the report as one JSON object instead of text")
      ("max-cycles", po::value<std::string>()->default_value(std::to_string(defaults.max_cycles)),
       "the run's cycle limit")
      ("vu-max-cycles", po::value<std::string>()->default_value(std::to_string(defaults.vu.max_cycles)),
       "each microprogram's cycle budget")
      ("tag-budget", po::value<std::string>()->default_value(std::to_string(defaults.chain.tag_budget)),
       "a chain reading more DMA tags than this is reported as a loop");
  // clang-format on
  add_vif_behaviour_options(line.options);
  add_engine_option(line.options);
  line.positional.add("stream", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  const bool has_stream = values.count("stream") != 0;
  const bool has_ee = values.count("ee") != 0;
  if (has_stream == has_ee) throw UsageError("give either a STREAM file or --ee RAM.bin with --chain ADDR");
  if (has_ee != (values.count("chain") != 0)) throw UsageError("--ee and --chain go together");
  if (values.count("gif-chain") != 0 && !has_ee)
    throw UsageError("--gif-chain needs --ee (its chain is in that image)");

  VifRunRequest request;
  request.config.vif = vif_config_from(values);
  request.config.max_cycles = parse_count("max-cycles", values["max-cycles"].as<std::string>(), 1);
  request.config.vu.max_cycles = parse_count("vu-max-cycles", values["vu-max-cycles"].as<std::string>(), 1);
  request.config.vu.engine = engine_from(values);
  request.config.chain.tag_budget = parse_count("tag-budget", values["tag-budget"].as<std::string>(), 1);
  request.config.chain.tte = values["tte"].as<bool>();
  request.config.chain.tie = values["tie"].as<bool>();
  request.mask_undefined = values["mask-undefined"].as<bool>();

  std::vector<uint8_t> stream;
  std::vector<uint8_t> ee_image;
  if (has_stream) {
    const std::string path = values["stream"].as<std::string>();
    VifStreamFile file = read_vif_stream_file(path);
    if (file.padded_words != 0) io.err << file.padding_note(path) << "\n";
    stream = std::move(file.bytes);
    request.stream = stream;
  } else {
    const std::string path = values["ee"].as<std::string>();
    ee_image = formats::read_file(path, dma::kRamBytes);
    request.ee_image = ee_image;
    request.chain_address = parse_chain_address("chain", values["chain"].as<std::string>());
    check_chain_inside_image(path, ee_image, *request.chain_address, request.config.chain);
    if (values.count("gif-chain") != 0) {
      request.gif_chain_address = parse_chain_address("gif-chain", values["gif-chain"].as<std::string>());
      check_chain_inside_image(path, ee_image, *request.gif_chain_address, request.config.chain);
    }
  }
  ProgramImage micro;
  if (values.count("micro") != 0) {
    try {
      micro = load_program(values["micro"].as<std::string>());
    } catch (const microcode::SourceError& error) {
      io.err << error.what() << "\n";
      return kExitError;
    }
    request.micro = micro.code;
  }
  std::vector<uint8_t> data;
  if (values.count("data") != 0) {
    data = load_data_image(values["data"].as<std::string>());
    request.data = data;
  }

  const VifRunResult result = run_vif_stream(request);
  if (values["json"].as<bool>()) {
    io.out << vif_run_json(result).dump() << "\n";
  } else {
    io.out << format_vif_run_text(result);
  }
  if (values.count("dump-vu") != 0) formats::write_file(values["dump-vu"].as<std::string>(), result.data);
  if (values.count("dump-gif") != 0) write_text(values["dump-gif"].as<std::string>(), result.gs_listing);
  if (result.run.end == system::RunEnd::kError) {
    io.err << "gcvu vif-run: " << result.run.error << "\n";
    return kExitDifferent;
  }
  return kExitOk;
}

}  // namespace gcvu::harness
