// gcvu info FILE...: identifies each file by its content and prints a summary.

#include <algorithm>
#include <filesystem>
#include <ostream>

#include "formats/core/file_io.hpp"
#include "formats/identify/identify.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "formats/rc2/level.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/vutrace_options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/replay/gif_census.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

int run_info(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "info", "FILE...",
      "Identifies each FILE by its content, not its name, and prints what it is: a PNG image, a PCSX2 GS\n"
      "dump (.gs, .gs.zst, .gs.xz), a PCSX2 save state (.p2s), a vutrace trace (VUTR, or a headerless\n"
      "version-1 trace: an 'I' packet then another packet), or a raw memory\n"
      "image recognised by its size (16 KiB VU1, 4 KiB VU0, 4 MiB GS local memory, 32 MiB EE RAM).\n"
      "A GS dump is read whole: its serial, CRC, state version, screenshot size, packet counts (transfers\n"
      "per path, vsyncs, ReadFIFO2, register packets), bytes per path, GIF tags by mode, the PRIM types\n"
      "written and the vertex kicks (XYZ2/XYZF2 writes; a kick is a vertex, not a primitive).\n"
      "A save state is read whole too: its version and tag, its entries (sizes and compression), the VIF1,\n"
      "DMA channel 1 and DMAC registers from eeHwRegs.bin, the VU1 microprogram's extent (micro memory up to\n"
      "the last non-zero instruction pair) and XXH3-128 hash, the state version of GS.bin, and from PCSX2\n"
      "Internal Structures.dat VU1's TPC and non-zero registers, a pending branch, DIV/EFU results in flight,\n"
      "microVU's second Q/P instances, VIF1's live ROW/COL and VIFcode in progress, PMODE/DISPFB/DISPLAY, and\n"
      "caveats (MTVU on; GS memory under a hardware renderer).\n"
      "A vutrace trace is read whole as well: its format version, snapshot count, first and last TPC, load and\n"
      "store marker counts, for versions 1 and 2 the first snapshot's interpreter state (cycle, pending branch,\n"
      "DIV/EFU in flight), and the first snapshot's microprogram extent and XXH3-128 hash, and warnings for\n"
      "what its reader tolerated (a cut-short file read to its last complete snapshot, a version-2 early 'P',\n"
      "a TPC past micro memory masked); --max-decoded-mib bounds what it may decode.\n"
      "An R&C2 core_index.bin (or a level folder) is loaded with the core_data.bin and gs_ram.bin beside it and\n"
      "every invariant of the work record is checked; the level summary gives class counts, patches, vertex and\n"
      "triangle totals per LOD and textures; with a (decompressed) gameplay.bin beside it, also checked, the shrub\n"
      "and moby instance counts.\n"
      "Every file also gets its size and XXH3-128 hash.\n"
      "Exit status: 0 every file recognised, 1 some file unrecognised, 2 a file is unreadable or malformed.");
  line.arguments.add_options()("file", po::value<std::vector<std::string>>()->required(), "files");
  add_vutrace_limit_option(line.options);
  line.positional.add("file", -1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;
  const formats::VutraceLimits vutrace_limits = vutrace_limits_from(values);

  int status = kExitOk;
  for (const std::string& path : values["file"].as<std::vector<std::string>>()) {
    if (std::filesystem::is_directory(path)) {
      io.out << path << ": R&C2 level folder\n";
      for (const std::string& summary : formats::rc2::level_summary_lines(formats::rc2::load_level(path))) {
        io.out << "  " << summary << "\n";
      }
      continue;
    }
    // The largest file any format it identifies may be.
    auto data =
        formats::read_file(path, std::max(formats::kMaxGsDumpFileBytes, formats::vutrace_file_limit(vutrace_limits)));
    formats::Identification id = formats::identify(data, path, vutrace_limits);
    io.out << path << ": " << id.description << "\n";
    io.out << "  kind: " << formats::file_kind_name(id.kind) << "\n";
    for (const std::string& detail : id.details) io.out << "  " << detail << "\n";
    if (id.gs_dump) {
      // The GIF data is counted through gcvu's own GIF path decoders, as a replay would read it.
      const GifCensus census = count_gif_data(*id.gs_dump);
      for (const std::string& line : gif_census_lines(census)) io.out << "  " << line << "\n";
    }
    if (id.kind == formats::FileKind::kRc2CoreIndex) {
      const std::filesystem::path parent = std::filesystem::path(path).parent_path();
      const std::filesystem::path folder = parent.empty() ? std::filesystem::path(".") : parent;
      if (std::filesystem::exists(folder / formats::rc2::kCoreDataFile) &&
          std::filesystem::exists(folder / formats::rc2::kGsRamFile)) {
        const formats::rc2::Level level = formats::rc2::load_level(folder);
        io.out << "  level (with the core_data.bin and gs_ram.bin beside it): every invariant holds\n";
        for (const std::string& summary : formats::rc2::level_summary_lines(level)) io.out << "  " << summary << "\n";
      } else {
        io.out << "  level: not loaded (no core_data.bin and gs_ram.bin beside it)\n";
      }
    }
    if (id.kind == formats::FileKind::kUnknown) status = kExitDifferent;
  }
  return status;
}

}  // namespace gcvu::harness
