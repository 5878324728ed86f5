// gcvu gen-level --out DIR [--seed N] [--patches N]: writes a synthetic R&C2 level (a height-field terrain, shrubs
// and mobies, their instances in gameplay.bin) in the on-disc layout, then loads it back so every invariant the
// parser checks is known to hold.

#include <ostream>

#include <fmt/format.h>

#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/gen_level/demo_level.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

int run_gen_level(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "gen-level", "--out DIR [--seed N] [--patches N]",
      "Writes a synthetic R&C2 level to DIR as core_data.bin, core_index.bin, gs_ram.bin and gameplay.bin, in the\n"
      "layout the work record and wrench document: a seeded height field cut into 4x4-quad tfrag patches (25 positions; LOD 0/1/2 draw\n"
      "32/8/2 triangles), each with its five VIF lists in transfer order (STROW/STMOD/STCYCL/UNPACK), two ad-gifs\n"
      "naming 8-bit indexed 32x32 textures whose CSM1 CLUTs and mip levels 2-3 sit in gs_ram.bin, RGBA and light\n"
      "records; generated shrub and moby classes; and gameplay.bin (decompressed) with 160 shrub and 6 moby\n"
      "instances placed on the terrain by the seed, the mobies where the default `gcvu run` camera looks. The same\n"
      "seed writes the same bytes. The level is read back and checked before the command ends.\n"
      "Exit status: 0 written, 2 bad invocation or a write error.");
  line.options.add_options()("out", po::value<std::string>()->required(), "folder to write (created if missing)")(
      "seed", po::value<std::string>()->default_value("1"), "seed of the height field and textures")(
      "patches", po::value<std::string>()->default_value("16"), "number of tfrag patches (1..4096)");
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  HeightFieldParameters parameters;
  const auto seed = parse_unsigned(values["seed"].as<std::string>());
  if (!seed) throw UsageError("--seed must be a whole number");
  parameters.seed = *seed;
  const auto patches = parse_unsigned(values["patches"].as<std::string>());
  if (!patches || *patches == 0 || *patches > 4096) throw UsageError("--patches must be 1..4096");
  parameters.patches = static_cast<uint32_t>(*patches);

  const std::string folder = values["out"].as<std::string>();
  formats::rc2::write_level_folder(write_demo_level(parameters), folder);
  const formats::rc2::Level level = formats::rc2::load_level(folder);
  io.out << "wrote " << folder << "\n";
  for (const std::string& summary : formats::rc2::level_summary_lines(level)) io.out << "  " << summary << "\n";
  return kExitOk;
}

}  // namespace gcvu::harness
