// gcvu debug [STREAM | --ee RAM --chain ADDR | --state S.p2s ...] [--script FILE]: the trace debugger. Steps
// microcode by pair or by cycle with breakpoints, shows the pipelines and stalls, and goes back in time.

#include <unistd.h>

#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "formats/pcsx2/vutrace.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/state_options.hpp"
#include "harness/cli/vutrace_options.hpp"
#include "harness/cli/vif_options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/vif_run/chain_image_check.hpp"
#include "harness/vif_run/stream_file.hpp"
#include "harness/debug/debug_targets.hpp"
#include "harness/debug/debugger.hpp"
#include "harness/debug/golden_case_command.hpp"
#include "harness/debug/repl.hpp"
#include "harness/vu_run/program_file.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

uint64_t count_option(const po::variables_map& values, const char* option, uint64_t minimum, uint64_t maximum) {
  const std::string text = values[option].as<std::string>();
  const std::optional<uint64_t> value = parse_unsigned(text);
  if (!value || *value < minimum || *value > maximum) {
    throw UsageError(fmt::format("--{} '{}' must be a whole number from {} to {}", option, text, minimum, maximum));
  }
  return *value;
}

// The inputs a VIF1 target keeps alive for the session.
struct VifInputs {
  std::vector<uint8_t> stream, ee_image, data;
  ProgramImage micro;
};

}  // namespace

int run_debug(std::span<const std::string> args, Io& io) {
  const system::SystemConfig defaults;
  CommandLine line(
      "debug",
      "[STREAM | --ee RAM.bin --chain ADDR [--micro FILE] [--data FILE] | --state S.p2s (--vif1-chain ADDR | "
      "--vif1-from-regs) | --vutrace TRACE | --golden DIR] [--frames N] [--script FILE]",
      "The trace debugger (harness/debug/README.md). It runs, one VU cycle at a time, the embedded demo (no\n"
      "STREAM), a VIF1 stream or DMA chain as `gcvu vif-run` sends it, a save state's transfer as `gcvu run\n"
      "--state` sends it (with its register options), a vutrace trace's program beside the trace (a run command\n"
      "stops where something starts to differ, as `gcvu trace-diff` compares them, and running on goes past it:\n"
      "`tview div` lists the divergences met; `vutrace` shows both sides; `tview` shows the trace's memory,\n"
      "snapshot lists and its disassembly with run counts and branches, with --comments FILE from vutrace's\n"
      "viewer; --top/--itop give what XTOP/XITOP read), or the run of a\n"
      "golden case (--golden DIR: its `run` or `vif-run` command), and stops where you ask. Commands come from\n"
      "--script FILE, from a pipe, or from a prompt with line editing, history and completion when standard input\n"
      "is a terminal; `help` lists them.\n"
      "\n"
      "The machine runs in lockstep: VU1 waits out each stall cycle by cycle (`cycle` shows every cycle of a\n"
      "stall), and the cycle in which VIF1 starts a microprogram pauses before the program's first pair, so a\n"
      "program's entry can be stopped at. The results are those of `gcvu run` and `gcvu vif-run`. Going back\n"
      "restores the nearest snapshot of the whole machine (taken every --snapshot-interval cycles) and runs\n"
      "forward again: runs are deterministic, so the machine comes back bit for bit.\n"
      "\n"
      "Notes (`note ADDR text`) are kept in a side file: --notes FILE, or next to the program (STREAM.notes or\n"
      "--micro FILE.notes; demo.notes in the working directory for the demo).\n"
      "\n"
      "Exit status: 0, or 1 when a command of a script failed (each failure prints one line starting 'error:' and\n"
      "the session goes on); 2 bad invocation or input.");
  line.arguments.add_options()("stream", po::value<std::string>(), "raw VIF1 stream file");
  // clang-format off
  line.options.add_options()
      ("ee", po::value<std::string>(), "EE RAM image holding a DMA chain; needs --chain")
      ("chain", po::value<std::string>(), "byte address of the chain's first tag in the EE image")
      ("micro", po::value<std::string>(), "initial micro memory: .vsm source (its labels work in commands) or an "
       "assembled image")
      ("data", po::value<std::string>(), "initial VU1 data memory image")
      ("mask-undefined", po::bool_switch(), "VIF1 ERR.ME1: skip undefined VIFcodes instead of stopping on them")
      ("frames", po::value<std::string>()->default_value("1"), "the demo: frames to run (1-600)")
      ("step", po::value<std::string>()->default_value("0"), "the demo: world units the camera moves per frame")
      ("seed", po::value<std::string>()->default_value("1"), "the demo level's seed")
      ("patches", po::value<std::string>()->default_value("400"), "the demo level's patch count (1-4096)")
      ("vutrace", po::value<std::string>(), "run a vutrace trace's program beside the trace, stopping where they "
       "differ (as `gcvu trace-diff` compares them)")
      ("golden", po::value<std::string>(), "run what the golden case in DIR runs (its `run` or `vif-run` command)")
      ("script", po::value<std::string>(), "read commands from FILE instead of the terminal")
      ("notes", po::value<std::string>(), "the notes side file")
      ("comments", po::value<std::string>(), "with --vutrace: a vutrace viewer comment file (one line per pair), "
       "shown in `tview disasm` and `tview export`")
      ("history", po::value<std::string>(), "the prompt's history file (default ~/.gcvu_debug_history)")
      ("snapshot-interval", po::value<std::string>()->default_value(std::to_string(debug::kDefaultSnapshotInterval)),
       "cycles between snapshots (smaller: faster going back, more memory)")
      ("max-cycles", po::value<std::string>()->default_value(std::to_string(defaults.max_cycles)),
       "the run's cycle limit")
      ("vu-max-cycles", po::value<std::string>()->default_value(std::to_string(defaults.vu.max_cycles)),
       "each microprogram's cycle budget");
  // clang-format on
  add_state_options(line.options);
  add_vutrace_limit_option(line.options);
  add_trace_compare_options(line.options);
  add_vif_behaviour_options(line.options);
  line.positional.add("stream", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;
  if (values.count("golden") != 0) {
    // The case's own arguments, then this invocation's others (--script, --notes...), without --golden.
    std::vector<std::string> expanded;
    try {
      expanded = debug::golden_case_debug_arguments(values["golden"].as<std::string>(), GCVU_SHARED_DIR);
    } catch (const std::invalid_argument& error) {
      throw UsageError(error.what());
    }
    for (size_t n = 0; n < args.size(); ++n) {
      if (args[n] == "--golden") {
        ++n;
      } else if (args[n].rfind("--golden=", 0) != 0) {
        expanded.push_back(args[n]);
      }
    }
    return run_debug(expanded, io);
  }

  system::SystemConfig config;
  config.vif = vif_config_from(values);
  config.max_cycles = count_option(values, "max-cycles", 1, UINT64_MAX);
  config.vu.max_cycles = count_option(values, "vu-max-cycles", 1, UINT64_MAX);
  debug::DebuggerOptions options;
  options.snapshot_interval = count_option(values, "snapshot-interval", 64, 1ull << 32);

  const bool has_stream = values.count("stream") != 0;
  const bool has_ee = values.count("ee") != 0;
  const bool has_state = values.count("state") != 0;
  const bool has_trace = values.count("vutrace") != 0;
  if (has_ee != (values.count("chain") != 0)) throw UsageError("--ee and --chain go together");
  if (!has_trace && (values.count("ignore") != 0 || values["ignore-floats"].as<bool>() ||
                     values["float-ulps"].as<std::string>() != "0")) {
    throw UsageError("--ignore, --ignore-floats and --float-ulps need --vutrace TRACE");
  }
  if (!has_trace && values.count("comments") != 0) {
    throw UsageError("--comments needs --vutrace TRACE");
  }
  if (int{has_stream} + int{has_ee} + int{has_state} + int{has_trace} > 1) {
    throw UsageError("give one of: a STREAM file, --ee RAM.bin with --chain ADDR, --state S.p2s, --vutrace TRACE");
  }
  if (!has_state) reject_state_options_without_state(values, has_trace);
  const bool demo = !has_stream && !has_ee && !has_state && !has_trace;
  for (const char* vif_only : {"micro", "data"}) {
    if ((demo || has_state || has_trace) && values.count(vif_only) != 0) {
      throw UsageError(fmt::format("--{} needs a STREAM or --ee", vif_only));
    }
  }
  for (const char* demo_only : {"frames", "step", "seed", "patches"}) {
    if (!demo && !values[demo_only].defaulted()) {
      throw UsageError(fmt::format("--{} shapes the demo; it cannot be used with a STREAM, --ee or --state",
                                   demo_only));
    }
  }

  VifInputs inputs;
  std::unique_ptr<const LoadedState> loaded_state;
  std::optional<formats::VutraceTrace> trace;
  TraceDiffOptions trace_options;
  debug::DebugTarget target;
  std::filesystem::path notes_file = "demo.notes";
  if (has_trace) {
    const std::string path = values["vutrace"].as<std::string>();
    const formats::VutraceLimits limits = vutrace_limits_from(values);
    trace = formats::read_vutrace(formats::read_file(path, formats::vutrace_file_limit(limits)), path, limits);
    print_vutrace_warnings(*trace, path, io.err);
    apply_trace_compare_options(values, trace_options);
    apply_trace_top_options(values, trace_options);
    const size_t start = first_clean_snapshot(*trace);
    if (start >= trace->snapshots.size()) {
      throw formats::FormatError(path, 0, "the trace has no snapshot to start from (every pair is a branch)");
    }
    target = debug::vutrace_target(*trace, start, trace_options, path);
    notes_file = path + ".notes";
  } else if (has_state) {
    loaded_state = load_state_from(values, config);
    // What the machine takes from the state and what it resumes, as `run --state` reports it.
    for (const std::string& note : state_start_notes(loaded_state->state)) io.out << "start: " << note << "\n";
    target = debug::state_target(loaded_state->request);
    notes_file = loaded_state->request.source + ".notes";
  } else if (demo) {
    debug::DemoTargetRequest request;
    request.seed = count_option(values, "seed", 0, UINT64_MAX);
    request.patches = static_cast<uint32_t>(count_option(values, "patches", 1, 4096));
    request.frames = static_cast<uint32_t>(count_option(values, "frames", 1, 600));
    const std::string step = values["step"].as<std::string>();
    try {
      size_t used = 0;
      request.step = std::stod(step, &used);
      if (used != step.size()) throw std::invalid_argument(step);
    } catch (const std::exception&) {
      throw UsageError(fmt::format("--step '{}' must be a number of world units per frame", step));
    }
    request.config = config;
    target = debug::demo_target(request);
  } else {
    VifRunRequest request;
    request.config = config;
    request.mask_undefined = values["mask-undefined"].as<bool>();
    std::string name;
    if (has_stream) {
      name = values["stream"].as<std::string>();
      VifStreamFile file = read_vif_stream_file(name);
      if (file.padded_words != 0) io.err << file.padding_note(name) << "\n";
      inputs.stream = std::move(file.bytes);
      request.stream = inputs.stream;
      notes_file = name + ".notes";
    } else {
      name = values["ee"].as<std::string>();
      inputs.ee_image = formats::read_file(name, dma::kRamBytes);
      request.ee_image = inputs.ee_image;
      const std::optional<uint64_t> chain = parse_unsigned(values["chain"].as<std::string>());
      if (!chain || *chain % 16 != 0 || *chain >= dma::kRamBytes) {
        throw UsageError(fmt::format("--chain '{}' must be a qword-aligned address inside the 32 MiB of EE RAM",
                                     values["chain"].as<std::string>()));
      }
      request.chain_address = static_cast<uint32_t>(*chain);
      check_chain_inside_image(name, inputs.ee_image, *request.chain_address, request.config.chain);
      notes_file = name + ".notes";
    }
    if (values.count("micro") != 0) {
      const std::string micro = values["micro"].as<std::string>();
      try {
        inputs.micro = load_program(micro);
      } catch (const microcode::SourceError& error) {
        io.err << error.what() << "\n";
        return kExitError;
      }
      request.micro = inputs.micro.code;
      notes_file = micro + ".notes";
    }
    if (values.count("data") != 0) {
      inputs.data = load_data_image(values["data"].as<std::string>());
      request.data = inputs.data;
    }
    target = debug::vif_stream_target(request, name, inputs.micro.labels);
  }
  target.notes_file = values.count("notes") != 0 ? std::filesystem::path(values["notes"].as<std::string>())
                                                  : notes_file;

  const bool interactive = values.count("script") == 0 && isatty(STDIN_FILENO) != 0;
  options.colour = interactive;
  if (interactive) options.progress = &std::cerr;
  debug::Debugger debugger(std::move(target), options);
  if (trace) debugger.follow(*trace, trace_options);
  if (values.count("comments") != 0) debugger.load_trace_comments(values["comments"].as<std::string>());
  if (values.count("script") != 0) {
    const std::string script = values["script"].as<std::string>();
    std::ifstream in(script);
    if (!in) throw formats::FormatError(script, 0, "cannot open the script");
    io.out << debugger.banner();
    debug::run_script(debugger, in, io.out);
  } else if (interactive) {
    std::cout << debugger.banner() << "Type help for the commands.\n";
    std::filesystem::path history;
    if (values.count("history") != 0) {
      history = values["history"].as<std::string>();
    } else if (const char* home = std::getenv("HOME"); home != nullptr) {
      history = std::filesystem::path(home) / ".gcvu_debug_history";
    }
    debug::run_interactive(debugger, history);
  } else {
    io.out << debugger.banner();
    debug::run_script(debugger, std::cin, io.out);
  }
  return debugger.errors() == 0 ? kExitOk : kExitDifferent;
}

}  // namespace gcvu::harness
