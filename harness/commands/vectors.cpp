// gcvu vectors FILE.tsv... [--max-failures N]: checks every row of shared/vectors TSV files against the float unit.

#include <ostream>
#include <string_view>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/vectors/vector_tsv.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/vectors/vector_check.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

int run_vectors(std::span<const std::string> args, Io& io) {
  CommandLine line("vectors", "FILE.tsv... [--max-failures N]",
          "Runs every row of each test-vector TSV file (schema: shared/vectors/README.md) through gcvu's VU float\n"
          "unit and compares the result, and the row's MAC digit and status where it gives them. Prints the first\n"
          "failing rows (file:line, op and operands, expected and actual result/mac/status) and a last line\n"
          "'N passed, M failed'. Every file is parsed in full before any row is checked.\n"
          "Exit status: 0 all rows passed, 1 some row failed, 2 bad input (unreadable file or a malformed row).");
  line.arguments.add_options()("file", po::value<std::vector<std::string>>()->required(), "TSV files to check");
  line.options.add_options()
      ("max-failures", po::value<int>()->default_value(20),
       "print at most this many failing rows (all are still counted; 0 prints none)");
  line.positional.add("file", -1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;
  const int max_failures = values["max-failures"].as<int>();
  if (max_failures < 0) throw UsageError("--max-failures must be 0 or more");

  struct File {
    std::string path;
    std::vector<formats::VectorRow> rows;
  };
  std::vector<File> files;
  for (const std::string& path : values["file"].as<std::vector<std::string>>()) {
    const std::vector<uint8_t> bytes = formats::read_file(path, formats::kMaxTextFileBytes);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    files.push_back(File{path, formats::parse_vector_tsv(text, path)});
  }

  uint64_t passed = 0;
  uint64_t failed = 0;
  for (const File& file : files) {
    for (const formats::VectorRow& row : file.rows) {
      const VectorOutcome actual = evaluate_vector(row);
      if (vector_matches(row, actual)) {
        ++passed;
        continue;
      }
      if (failed < static_cast<uint64_t>(max_failures)) {
        io.out << fmt::format("FAIL {}:{}: {} ({})\n     expected {}\n     actual   {}\n", file.path, row.line,
                              describe_vector_inputs(row), row.source, describe_expected(row),
                              describe_actual(actual));
      }
      ++failed;
    }
  }
  if (failed > static_cast<uint64_t>(max_failures)) {
    io.out << fmt::format("({} more failing rows not shown)\n", failed - static_cast<uint64_t>(max_failures));
  }
  io.out << fmt::format("{} passed, {} failed\n", passed, failed);
  return failed == 0 ? kExitOk : kExitDifferent;
}

}  // namespace gcvu::harness
