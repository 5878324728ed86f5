// gcvu vif-cases DIR... [--max-failures N]: runs every VIF1 hardware case of the folders' cases.tsv files.

#include <filesystem>
#include <ostream>
#include <string_view>

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/core/file_io.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/vif_options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/vif_cases/case_runner.hpp"
#include "harness/vif_cases/case_table.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

int run_vif_cases(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "vif-cases", "DIR... [--max-failures N]",
      "Runs every case of each folder's cases.tsv (format: shared/vectors/vif/README.md) through gcvu's\n"
      "VIF1 over a bare VU1 data memory: sets vu_init and regs_init, feeds the .vif stream (truncated_*\n"
      "cases in two transfers split at byte 128) and compares every check item with the hardware value.\n"
      "Prints the first failing cases (folder/case, cases.tsv line, each check with expected and actual\n"
      "values, VIF1's final registers) and a last line 'N passed, M failed'. Every file is parsed in full\n"
      "before any case runs.\n"
      "Exit status: 0 all cases passed, 1 some case failed, 2 bad input (a missing folder, file or\n"
      "stream, or a malformed cases.tsv row, named by file and line).");
  line.arguments.add_options()("dir", po::value<std::vector<std::string>>()->required(), "case folders");
  line.options.add_options()("max-failures", po::value<int>()->default_value(20),
                             "print at most this many failing cases (all are still counted; 0 prints none)");
  add_vif_behaviour_options(line.options);
  line.positional.add("dir", -1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;
  const int max_failures = values["max-failures"].as<int>();
  if (max_failures < 0) throw UsageError("--max-failures must be 0 or more");
  const vif::Vif1Config config = vif_config_from(values);

  struct Folder {
    std::filesystem::path tsv;
    std::vector<VifCase> cases;
    std::vector<std::vector<uint8_t>> streams;
  };
  std::vector<Folder> folders;
  for (const std::string& dir : values["dir"].as<std::vector<std::string>>()) {
    Folder folder;
    folder.tsv = std::filesystem::path(dir) / "cases.tsv";
    const std::vector<uint8_t> bytes = formats::read_file(folder.tsv, formats::kMaxTextFileBytes);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    folder.cases = parse_vif_cases(text, folder.tsv);
    // A stream reaches VIF1 by DMA from EE RAM, so it is no larger than EE RAM (as in vif-run).
    for (const VifCase& vif_case : folder.cases) {
      folder.streams.push_back(formats::read_file(vif_case.stream, dma::kRamBytes));
    }
    folders.push_back(std::move(folder));
  }

  uint64_t passed = 0;
  uint64_t failed = 0;
  for (const Folder& folder : folders) {
    for (size_t i = 0; i < folder.cases.size(); ++i) {
      const VifCase& vif_case = folder.cases[i];
      const CaseOutcome outcome = run_vif_case(vif_case, folder.streams[i], config);
      if (outcome.passed) {
        ++passed;
        continue;
      }
      if (failed < static_cast<uint64_t>(max_failures)) {
        io.out << fmt::format("FAIL {}/{} ({}:{})\n", folder.tsv.parent_path().filename().string(), vif_case.name,
                              folder.tsv.string(), vif_case.line);
        constexpr size_t kShown = 8;
        for (size_t m = 0; m < outcome.mismatches.size() && m < kShown; ++m) {
          io.out << "     " << outcome.mismatches[m] << '\n';
        }
        if (outcome.mismatches.size() > kShown) {
          io.out << fmt::format("     ({} more mismatches)\n", outcome.mismatches.size() - kShown);
        }
        io.out << "     after: " << outcome.final_state << '\n';
      }
      ++failed;
    }
  }
  if (failed > static_cast<uint64_t>(max_failures)) {
    io.out << fmt::format("({} more failing cases not shown)\n", failed - static_cast<uint64_t>(max_failures));
  }
  io.out << fmt::format("{} passed, {} failed\n", passed, failed);
  return failed == 0 ? kExitOk : kExitDifferent;
}

}  // namespace gcvu::harness
