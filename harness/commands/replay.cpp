// gcvu replay DUMP [--frames N] [--out DIR] [--vram] [--expect DIR]: replays a PCSX2 GS dump into gcvu's GS and
// writes what each VSync displayed (and the GS memory), or checks the memory against PCSX2's references.

#include <chrono>
#include <fstream>
#include <filesystem>
#include <ostream>

#include <fmt/format.h>

#include "emu/gs/display/pcrtc.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "formats/png/png.hpp"
#include "harness/cli/gs_options.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/compare/byte_diff.hpp"
#include "harness/replay/draw_log.hpp"
#include "harness/replay/gs_replay.hpp"
#include "harness/replay/mismatch_locator.hpp"
#include "harness/replay/reference_corpus.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

// The reference memory for VSync `index` in `dir`: the corpus's vram_N.bin.zst, or a raw vram_N.bin, or the
// vram_NNNNN.bin that `gcvu replay --vram` writes.
std::filesystem::path reference_vram_path(const std::filesystem::path& dir, uint32_t index) {
  for (const std::string& name : {fmt::format("vram_{}.bin.zst", index), fmt::format("vram_{}.bin", index),
                                  fmt::format("vram_{:05}.bin", index)}) {
    if (std::filesystem::exists(dir / name)) return dir / name;
  }
  throw UsageError(
      fmt::format("--expect {}: no reference memory for VSync {} (vram_{}.bin.zst, vram_{}.bin or "
                  "vram_{:05}.bin)",
                  dir.string(), index, index, index, index));
}

}  // namespace

int run_replay(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "replay", "DUMP [--frames N] [--out DIR] [--vram] [--expect DIR] [--draw-log FILE] [--lanes 8|4] [--draw-all] "
      "[--dither-solid-rects] [--gs-thread on|off]",
      "Replays a PCSX2 GS dump (.gs, .gs.zst or .gs.xz) into gcvu's GS: loads its saved state (registers, local\n"
      "memory, privileged registers) and sends its packets through the GIF path decoders as PCSX2's replayer does.\n"
      "For each VSync N (counted from 0) it writes the displayed picture (the PCRTC's merge of read circuits 1 and\n"
      "2) as DIR/frame_NNNNN.png and, with --vram, the 4 MiB GS memory in the GS's native layout (the layout of\n"
      "the dump's state blob) as DIR/vram_NNNNN.bin.\n"
      "\n"
      "--expect DIR compares the memory after each VSync with PCSX2's reference in DIR (a ../shared/golden-pcsx2\n"
      "case folder: vram_N.bin.zst; or vram_N.bin / vram_NNNNN.bin) and prints the number of differing bytes;\n"
      "the exit status is 1 when any VSync differs. For a differing VSync it then names the first differing bytes:\n"
      "the buffer they belong to (FRAME or ZBUF of context 1 or 2, a texture or CLUT a draw sampled, a transfer's\n"
      "destination), its format, the pixel (x, y), the byte lanes, gcvu's and PCSX2's pixel values and the last draw\n"
      "or transfer that wrote them (its index, packet offset, primitive, vertices, context and deciding state),\n"
      "and groups the rest by buffer and last writer.\n"
      "\n"
      "--draw-log FILE writes one JSON line per draw and transfer: index, packet offset in the dump, VSync, the\n"
      "state summary and the bounding box it touched, for bisecting by hand.\n"
      "\n"
      "--lanes picks the attribute stepping of PCSX2's software renderer build that made the reference: 8 for an\n"
      "AVX2 build (the default; the golden corpus), 4 for an SSE4 build.\n"
      "\n"
      "By default the GS skips work whose outcome is known: Z tests reject rows and pixel groups by per-block\n"
      "bounds of the Z buffer, and draws where each pixel's last write decides it run last to first, writing only\n"
      "what no later primitive covers. --draw-all rasterizes and tests everything as PCSX2 does; the bytes are the\n"
      "same either way (for timing the work PCSX2 does, or checking that claim).\n"
      "\n"
      "--gs-thread on (the default) decodes the dump's packets on one thread and runs the GS (its VSyncs, and writing\n"
      "the frames and comparisons of --out and --expect) on another; off runs both on one thread; the output is the\n"
      "same. --draw-log always runs on one thread.\n"
      "\n"
      "--dither-solid-rects dithers sprites PCSX2 draws through its solid-rectangle fast path (no texture, blend,\n"
      "Z or alpha test, DATE or fog), which never dithers; the hardware dithers every pixel of a 16-bit frame.\n"
      "\n"
      "Exit status: 0 when the replay ran (and with --expect every VSync matched), 1 when --expect found a\n"
      "difference, 2 on a bad invocation or a malformed dump.");
  line.arguments.add_options()("dump", po::value<std::string>(), "the GS dump");
  line.options.add_options()                                                                                      //
      ("frames", po::value<std::string>(), "stop after N VSyncs")                                                 //
      ("out", po::value<std::string>(), "write frame_NNNNN.png (and vram_NNNNN.bin) into DIR")                    //
      ("vram", po::bool_switch(), "with --out, also write each VSync's GS memory")                                //
      ("expect", po::value<std::string>(), "compare each VSync's memory with the references in DIR")              //
      ("draw-log", po::value<std::string>(), "write every draw and transfer as a JSON line to FILE")             //
      ("lanes", po::value<std::string>()->default_value("8"), "pixels per attribute step: 8 (AVX2) or 4 (SSE4)")  //
      ("draw-all", po::bool_switch(), "skip no hidden work (same output)")                                        //
      ("dither-solid-rects", po::bool_switch(), "dither solid sprites too, as the hardware (not PCSX2) does");
  add_gs_thread_option(line.options);
  line.positional.add("dump", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;
  if (!values.count("dump")) throw UsageError("expected a GS dump to replay");
  const std::string dump_path = values["dump"].as<std::string>();

  ReplayOptions options;
  if (values.count("frames")) {
    const auto frames = parse_unsigned(values["frames"].as<std::string>());
    if (!frames || *frames == 0 || *frames > UINT32_MAX) throw UsageError("--frames must be a whole number >= 1");
    options.max_vsyncs = static_cast<uint32_t>(*frames);
  }
  const std::string lanes = values["lanes"].as<std::string>();
  if (lanes != "8" && lanes != "4") throw UsageError(fmt::format("--lanes '{}' must be 8 or 4", lanes));
  options.gs.lane_width = lanes == "8" ? 8 : 4;
  options.gs.skip_hidden_work = !values["draw-all"].as<bool>();
  options.gs.dither_solid_rects = values["dither-solid-rects"].as<bool>();
  options.gs.own_thread = gs_thread_from(values);
  const bool write_vram = values["vram"].as<bool>();
  std::optional<std::filesystem::path> out_dir;
  if (values.count("out")) {
    out_dir = values["out"].as<std::string>();
    std::filesystem::create_directories(*out_dir);
  } else if (write_vram) {
    throw UsageError("--vram needs --out DIR");
  }
  std::optional<std::filesystem::path> expect_dir;
  if (values.count("expect")) expect_dir = values["expect"].as<std::string>();

  const auto started = std::chrono::steady_clock::now();
  formats::GsDump dump = formats::read_gs_dump_file(dump_path);
  uint32_t total_vsyncs = 0;
  for (const auto& packet : dump.packets) total_vsyncs += packet.kind == formats::GsDumpPacketKind::kVSync;
  if (options.max_vsyncs) total_vsyncs = std::min(total_vsyncs, *options.max_vsyncs);

  gs::Gs gs(options.gs);
  DrawRecorder recorder(gs);
  std::optional<std::ofstream> draw_log;
  if (values.count("draw-log")) {
    const std::string path = values["draw-log"].as<std::string>();
    draw_log.emplace(path);
    if (!*draw_log) throw UsageError(fmt::format("--draw-log {}: cannot write the file", path));
    options.recorder = &recorder;
  }
  uint32_t differing_vsyncs = 0;
  auto on_vsync = [&](uint32_t index, const gs::Gs& state) {
    if (out_dir) {
      const auto frame = gs::render_display(state.memory(), state.privileged_block());
      formats::write_file(*out_dir / fmt::format("frame_{:05}.png", index), formats::write_png(frame));
      if (write_vram) formats::write_file(*out_dir / fmt::format("vram_{:05}.bin", index), state.memory().bytes());
    }
    if (expect_dir) {
      const auto reference = read_reference_vram(reference_vram_path(*expect_dir, index));
      const ByteDiff diff = diff_bytes(state.memory().bytes(), reference);
      if (diff.identical()) {
        io.out << fmt::format("vsync {}: memory matches the reference (4194304 bytes)\n", index);
      } else {
        ++differing_vsyncs;
        io.out << fmt::format("vsync {}: {} of 4194304 bytes differ from the reference, first at {:#x}\n", index,
                              diff.differing_bytes, diff.first ? diff.first->offset : 0);
        io.out << locate_mismatches(dump, options.gs, index, state.memory().bytes(), reference).text;
      }
    }
    if (io.terminal) io.err << fmt::format("\rreplay: vsync {}/{}", index + 1, total_vsyncs) << std::flush;
  };
  const ReplayResult result = replay_gs_dump(dump, gs, options, on_vsync);
  if (io.terminal) io.err << "\n";
  if (draw_log) {
    for (const DrawLogEntry& entry : recorder.entries()) write_draw_log_line(*draw_log, entry);
  }
  if (!result.warning.empty()) io.err << "warning: " << result.warning << "\n";
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const gs::GsStats& stats = gs.stats();
  io.out << fmt::format(
      "replayed {}: {} vsyncs, {} transfers ({} bytes), {} draws, {} primitives, {} pixels in {:.3f} s\n", dump_path,
      result.vsyncs, result.transfers, result.transfer_bytes, stats.draws, stats.primitives, stats.pixels, seconds);
  if (out_dir) io.out << fmt::format("frames written to {}\n", out_dir->string());
  if (expect_dir) {
    io.out << fmt::format("{} of {} vsyncs match the reference\n", result.vsyncs - differing_vsyncs, result.vsyncs);
    return differing_vsyncs == 0 ? kExitOk : kExitDifferent;
  }
  return kExitOk;
}

}  // namespace gcvu::harness
