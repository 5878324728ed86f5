// gcvu run: the main job. Without --state it draws an R&C2 level's terrain through the whole emulated pipeline (the
// embedded synthetic demo level, or --level DIR); with --state S.p2s (--vif1-chain ADDR | --vif1-from-regs) it
// starts VIF1, VU1 and the GS from a PCSX2 save state and sends a VIF1 DMA chain through the pipeline.

#include <charconv>
#include <cmath>
#include <filesystem>
#include <ostream>

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/gs_dump_writer.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "formats/png/png.hpp"
#include "harness/cli/gs_options.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/state_options.hpp"
#include "harness/cli/vif_options.hpp"
#include "harness/cli/vu_options.hpp"
#include "harness/commands/commands.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "harness/run/level_run_report.hpp"
#include "harness/run/state_run.hpp"
#include "harness/run/strip_census.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "harness/run/state_run_report.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

uint64_t parse_count(const std::string& option, const std::string& text) {
  const auto value = parse_unsigned(text);
  if (!value || *value == 0) {
    throw UsageError(fmt::format("--{} '{}' must be a whole number (decimal or 0x hex), at least 1", option, text));
  }
  return *value;
}

// --camera x,y,z,yaw,pitch: world units and degrees.
frame::Camera parse_camera(const std::string& text) {
  std::array<double, 5> values{};
  size_t start = 0;
  for (size_t n = 0; n < values.size(); ++n) {
    const size_t comma = text.find(',', start);
    const bool last = n + 1 == values.size();
    const std::string part = text.substr(start, last ? std::string::npos : comma - start);
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), values[n]);
    if (last != (comma == std::string::npos) || part.empty() || error != std::errc() ||
        end != part.data() + part.size() || !std::isfinite(values[n])) {
      throw UsageError(fmt::format(
          "--camera '{}' must be five numbers x,y,z,yaw,pitch (world units, degrees), e.g. -8,-8,30,45,-12", text));
    }
    start = comma + 1;
  }
  if (std::abs(values[4]) >= 90) throw UsageError(fmt::format("--camera pitch {} must lie inside (-90, 90)", values[4]));
  return {values[0], values[1], values[2], values[3], values[4]};
}

double parse_step(const std::string& text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) || std::abs(value) > 1e6) {
    throw UsageError(fmt::format("--step '{}' must be a number of world units per frame", text));
  }
  return value;
}

uint64_t parameters_seed(const po::variables_map& values) {
  return parse_unsigned(values["seed"].as<std::string>()).value_or(0);
}

// The level: --level DIR, or the demo level generated in memory (the same bytes `gcvu gen-level` writes).
formats::rc2::Level level_for(const po::variables_map& values, std::string& name) {
  if (values.count("level") != 0) {
    name = values["level"].as<std::string>();
    return formats::rc2::load_level(name);
  }
  HeightFieldParameters parameters;
  parameters.seed = parameters_seed(values);
  const auto patches = parse_unsigned(values["patches"].as<std::string>());
  if (!patches || *patches == 0 || *patches > 4096) {
    throw UsageError(fmt::format("--patches '{}' must be 1-4096", values["patches"].as<std::string>()));
  }
  parameters.patches = static_cast<uint32_t>(*patches);
  name = fmt::format("demo (height field, seed {}, {} patches)", parameters.seed, parameters.patches);
  formats::rc2::LevelFiles files = write_demo_level(parameters);
  return formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
}

int run_level_mode(const po::variables_map& values, Io& io) {
  reject_state_options_without_state(values);
  const bool has_level = values.count("level") != 0;
  for (const char* demo_only : {"seed", "patches"}) {
    if (has_level && !values[demo_only].defaulted()) {
      throw UsageError(fmt::format("--{} shapes the demo level; it cannot be used with --level", demo_only));
    }
  }
  const auto frames = parse_unsigned(values["frames"].as<std::string>());
  if (!frames || *frames == 0 || *frames > 100000) {
    throw UsageError(fmt::format("--frames '{}' must be 1-100000", values["frames"].as<std::string>()));
  }
  if (values.count("seed") != 0 && !parse_unsigned(values["seed"].as<std::string>())) {
    throw UsageError(fmt::format("--seed '{}' must be a whole number", values["seed"].as<std::string>()));
  }
  std::optional<std::filesystem::path> dump_path;
  if (values.count("gs-dump") != 0) {
    dump_path = values["gs-dump"].as<std::string>();
    formats::gs_dump_compression_for(*dump_path);
  }

  std::string name;
  const formats::rc2::Level level = level_for(values, name);
  LevelRunRequest request;
  request.level = &level;
  request.source = name;
  request.program = &microcode::tfrag::tfrag_program();
  const frame::Camera camera = values.count("camera") != 0 ? parse_camera(values["camera"].as<std::string>())
                                                           : overview_camera(level);
  request.frame = scene_frame_options(level, camera);
  request.frames = static_cast<uint32_t>(*frames);
  request.step = parse_step(values["step"].as<std::string>());
  request.config.vif = vif_config_from(values);
  request.config.max_cycles = parse_count("max-cycles", values["max-cycles"].as<std::string>());
  request.config.vu.max_cycles = std::min(request.config.vu.max_cycles, request.config.max_cycles);
  request.config.vu.engine = engine_from(values);
  request.gs.own_thread = gs_thread_from(values);
  request.record_gs_dump = dump_path.has_value();
  StripCensus census(false);
  request.observer = &census;
  if (io.terminal && request.frames > 1) {
    request.progress = [&io](uint32_t done, uint32_t total) {
      io.err << fmt::format("\r\033[Kframe {}/{}", done, total) << std::flush;
    };
  }

  const LevelRunResult result = run_level(request);
  if (request.progress) io.err << "\r\033[K" << std::flush;
  io.out << format_level_run_report(request, result, census);
  const std::filesystem::path out_dir = values.count("out") != 0 ? values["out"].as<std::string>() : ".";
  std::filesystem::create_directories(out_dir);
  formats::write_file(out_dir / "frame.png", formats::write_png(result.picture));
  io.out << fmt::format("frame written to {}\n", (out_dir / "frame.png").string());
  if (values["vram"].as<bool>()) {
    formats::write_file(out_dir / "vram.bin", result.gs_memory);
    io.out << fmt::format("GS memory written to {}\n", (out_dir / "vram.bin").string());
  }
  if (dump_path) {
    formats::save_gs_dump(*result.gs_dump, *dump_path);
    io.out << fmt::format("GS dump written to {} ({} packets)\n", dump_path->string(), result.gs_dump->packets.size());
  }
  if (result.run.end != system::RunEnd::kFinished) {
    io.err << "gcvu run: " << (result.run.error.empty() ? system::run_end_name(result.run.end) : result.run.error)
           << "\n";
    return kExitDifferent;
  }
  return kExitOk;
}

}  // namespace

int run_run(std::span<const std::string> args, Io& io) {
  const system::SystemConfig defaults;
  CommandLine line(
      "run",
      "[--level DIR] [--camera x,y,z,yaw,pitch] [--frames N [--step S]] [--out DIR] [--vram] [--gs-dump F] "
      "[--seed N --patches N] [--max-cycles N] [--gs-thread on|off]  |  --state S.p2s (--vif1-chain ADDR | "
      "--vif1-from-regs) [--out DIR] "
      "[--vram] [--gs-dump F] [--max-cycles N] [--row x,y,z,w --col x,y,z,w --cycle W --mode N --mask W --base N "
      "--ofst N --itops N --tops N --itop N --top N --dbf 0|1]",
      "The main job. Draws an R&C2 level's terrain (tfrag), shrubs and mobies through the whole emulated pipeline:\n"
      "the frame builder plays the EE (LOD per patch from the camera, lighting in PS2 float, the VIF1 DMA chain of\n"
      "harness/frame/README.md), then DMA channel 1, VIF1, VU1 running gcvu's clean-room tfrag, shrub and moby\n"
      "microcode (microcode/), the GIF and the GS run on one 294.912 MHz clock, and a VSync ends the frame.\n"
      "\n"
      "Without --level it draws the embedded demo: a synthetic level generated in memory (the bytes\n"
      "`gcvu gen-level --seed N --patches N` writes; default seed 1, 400 patches). --level DIR draws an extracted\n"
      "level (core_data.bin, core_index.bin, gs_ram.bin, and the shrub and moby instances of a decompressed\n"
      "gameplay.bin when the folder has one; see `gcvu info`). The default camera overlooks the level\n"
      "from the corner of its patches' bounding spheres with the least x and y; --camera x,y,z,yaw,pitch sets it\n"
      "(world units, Z up; yaw in degrees from +X towards +Y, pitch up from the horizon). --frames N draws N frames,\n"
      "the camera moving --step world units along its heading per frame (default 2), with progress on a terminal.\n"
      "\n"
      "It prints patches drawn per LOD (and per LOD mode), the qwords DMA channel 1 sent VIF1, VU1's microprograms,\n"
      "busy and stall cycles, XGKICKs, the strips and triangles the microcode kicked (and those its clip test\n"
      "suppressed with the ADC bit), what the GS drew, the emulated time and the wall time with their ratio. It\n"
      "writes DIR/frame.png (--out, default the current folder; the last frame), with --vram DIR/vram.bin (the 4 MiB\n"
      "GS memory), and with --gs-dump F a PCSX2 GS dump of every frame (.gs, .gs.zst, .gs.xz) that `gcvu replay`\n"
      "turns back into the same GS memory.\n"
      "\n"
      "With --state S.p2s: runs a VIF1 DMA chain from a PCSX2 save state through the whole emulated pipeline:\n"
      "DMA channel 1, VIF1, VU1, the GIF and the GS. From the state it loads EE RAM and the scratchpad, VU1\n"
      "data and micro memory, VIF1's registers and DMA channel 1's (eeHwRegs.bin) and the GS (GS.bin: registers\n"
      "and local memory). It then sends the chain whose first tag is at ADDR (--vif1-chain; bit 31 set for the\n"
      "scratchpad) or the transfer the saved channel registers describe (--vif1-from-regs: D1_CHCR, D1_MADR,\n"
      "D1_QWC, D1_TADR; what is left of the current tag's data, then the chain at TADR). TTE and TIE come from the\n"
      "saved D1_CHCR. At the end a VSync flushes the GS.\n"
      "\n"
      "It prints what it sent, the VIF1 registers it started with, how the run ended, the cycles, the\n"
      "microprograms and XGKICKs, the GIF packets per path, what the GS drew, and the wall time. --out DIR writes\n"
      "DIR/frame.png (and with --vram DIR/vram.bin, the 4 MiB GS memory in its native layout). --gs-dump F\n"
      "(.gs, .gs.zst or .gs.xz) writes a PCSX2 GS dump of the run: the GS state at the start (state version 9),\n"
      "every GIF packet as the raw qwords each path sent (PATH1 as path index 3, PATH2 as 1, PATH3 as 2), then\n"
      "the privileged registers and a VSync; `gcvu replay F` reproduces the run's GS memory.\n"
      "\n"
      "From \"PCSX2 Internal Structures.dat\" it takes VIF1's live ROW/COL (PCSX2's vifStruct; the eeHwRegs.bin\n"
      "slots are never written), VU1's registers (VF, VI, ACC, Q, P, I, R, flags) and, if VU1 was running, its\n"
      "program from the saved TPC, and the GS privileged registers (PMODE, DISPFB, DISPLAY: the frame uses them\n"
      "when PMODE enables a circuit, else drawing context 1's FRAME_1 over SCISSOR_1). The report's 'start:'\n"
      "lines say which applied. Each VIF1 option (--row, --col, --cycle ...) replaces the saved value.\n"
      "\n"
      "What a save state cannot give back, and what gcvu does instead:\n"
      "- Under PCSX2's multi-threaded VU1 (MTVU) the VU thread keeps its own VU1 and CYCLE/MODE/MASK/ITOP/TOP,\n"
      "  which are not saved: the EE side's are used (gcvu info says when a state shows MTVU was on).\n"
      "- A DIRECT (or STROW/STCOL/STMASK) VIF1 was inside is not resumed: the GIF packet it was sending is in\n"
      "  PCSX2's GIF unit state, which gcvu does not read. An UNPACK VIF1 was inside is resumed (VIF1_CODE and\n"
      "  the bytes PCSX2 had buffered are fed before the transfer), and so is an MPG (at the saved address).\n"
      "- From VU1's interpreter fields a DIV/EFU result in flight lands when its saved start cycle plus latency\n"
      "  is reached and a pending branch goes on after its delay slot; microVU keeps its own pipeline state, so\n"
      "  a result in microVU's second Q/P instance is shown but not resumed, nor is a branch in a delay slot.\n"
      "- Under a hardware renderer GS.bin's memory lacks what the GPU drew unless PCSX2's ReadTCOnClose was on.\n"
      "\n"
      "--max-cycles bounds the whole run (and each microprogram): a runaway microprogram or a chain that never\n"
      "ends stops there with an error.\n"
      "\n"
      "Exit status: 0 the run ended without error (with --state: finished, or VIF1 left stalled on an i-bit or\n"
      "waiting for data: the report's 'run:' line says which); 1 it failed (the reason on stderr; the report, frame\n"
      "and dump are still written); 2 bad invocation, a malformed level or save state.");
  // clang-format off
  line.options.add_options()
      ("level", po::value<std::string>(), "an extracted level folder (default: the embedded demo level)")
      ("camera", po::value<std::string>(), "x,y,z,yaw,pitch (world units, degrees; default: overlooking the level)")
      ("frames", po::value<std::string>()->default_value("1"), "frames to draw")
      ("step", po::value<std::string>()->default_value("2"), "world units the camera moves forward per frame")
      ("seed", po::value<std::string>()->default_value("1"), "the demo level's seed")
      ("patches", po::value<std::string>()->default_value("400"), "the demo level's patch count (1-4096)")
      ("out", po::value<std::string>(), "write frame.png (and with --vram, vram.bin) into DIR (level runs: default .)")
      ("vram", po::bool_switch(), "with --out, also write the final 4 MiB GS memory")
      ("gs-dump", po::value<std::string>(), "write a PCSX2 GS dump of the run (.gs, .gs.zst, .gs.xz)")
      ("max-cycles", po::value<std::string>()->default_value(std::to_string(defaults.max_cycles)),
       "the run's cycle limit (also each microprogram's)");
  // clang-format on
  add_state_options(line.options);
  add_vif_behaviour_options(line.options);
  add_engine_option(line.options);
  add_gs_thread_option(line.options);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  if (values.count("state") == 0) return run_level_mode(values, io);
  for (const char* level_only : {"level", "camera", "frames", "step", "seed", "patches"}) {
    if (values.count(level_only) != 0 && !values[level_only].defaulted()) {
      throw UsageError(fmt::format("--{} draws a level; it cannot be used with --state", level_only));
    }
  }
  const bool write_vram = values["vram"].as<bool>();
  if (write_vram && values.count("out") == 0) throw UsageError("--vram needs --out DIR");

  system::SystemConfig config;
  config.vif = vif_config_from(values);
  config.max_cycles = parse_count("max-cycles", values["max-cycles"].as<std::string>());
  config.vu.max_cycles = std::min(config.vu.max_cycles, config.max_cycles);
  config.vu.engine = engine_from(values);
  const std::unique_ptr<const LoadedState> loaded = load_state_from(values, config);
  StateRunRequest request = loaded->request;
  request.gs.own_thread = gs_thread_from(values);
  std::optional<std::filesystem::path> dump_path;
  if (values.count("gs-dump") != 0) {
    dump_path = values["gs-dump"].as<std::string>();
    formats::gs_dump_compression_for(*dump_path);  // a name PCSX2 would not open is refused before the run
    request.record_gs_dump = true;
  }


  const StateRunResult result = run_from_state(request);
  io.out << format_state_run_report(request, result);
  if (result.dma_qwords == 0 && result.run.end != system::RunEnd::kError) {
    io.err << "warning: the transfer sent no data to VIF1 (a chain that starts with an END or REFE tag of QWC 0, "
              "as zeroed memory reads): is the address the chain's first tag?\n";
  }
  if (values.count("out") != 0) {
    const std::filesystem::path out_dir = values["out"].as<std::string>();
    std::filesystem::create_directories(out_dir);
    if (write_vram) formats::write_file(out_dir / "vram.bin", result.gs_memory);
    if (result.frame.width == 0) {
      io.out << "no frame written: FRAME_1's pixel format is not one the display can read\n";
    } else {
      formats::write_file(out_dir / "frame.png", formats::write_png(result.frame));
      io.out << fmt::format("frame written to {}\n", (out_dir / "frame.png").string());
    }
  }
  if (dump_path) {
    formats::save_gs_dump(*result.gs_dump, *dump_path);
    io.out << fmt::format("GS dump written to {} ({} packets)\n", dump_path->string(), result.gs_dump->packets.size());
  }
  if (result.run.end == system::RunEnd::kError) {
    io.err << "gcvu run: " << result.run.error << "\n";
    return kExitDifferent;
  }
  return kExitOk;
}

}  // namespace gcvu::harness
