// gcvu regress DIR... [--jobs N] [--shard I/N] [--report out.html] [--filter TEXT]: finds every case in directory
// trees (harness/regress/case_kind.hpp), runs them in parallel, prints a line per case and writes an HTML report.

#include <array>
#include <chrono>
#include <ostream>
#include <string_view>
#include <thread>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/regress/case_discovery.hpp"
#include "harness/regress/case_kind.hpp"
#include "harness/regress/case_runner.hpp"
#include "harness/regress/html_report.hpp"
#include "harness/regress/shard.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

constexpr uint64_t kMaxJobs = 1024;

std::string description_text() {
  std::string text =
      "Finds every case at or below each DIR and runs it; cases are independent and run on --jobs threads.\n"
      "Case kinds:\n";
  for (const CaseKind& kind : case_kinds()) {
    text += fmt::format("  {:<13} {}{}\n", kind.name, kind.summary, kind.run ? "" : " (listed, not run yet)");
  }
  text +=
      "A GS dump case replays the dump and compares each VSync's GS memory with vram_N (byte for byte) and its\n"
      "displayed frame with frame_N.png (pixel for pixel). A gs-dump's references (vram_N.bin.zst, vram_N.bin or\n"
      "vram_NNNNN.bin; frame_N.png or frame_NNNNN.png; N from 0) are in the folder NAME/ beside NAME.gs[.zst|.xz],\n"
      "or beside the dump when it is the only one in its folder.\n"
      "\n"
      "--shard I/N runs only every N-th case, starting with the I-th (I from 1 to N) of the cases sorted by path\n"
      "(after --filter): N runs with I = 1..N cover every case exactly once, with no coordination between them.\n"
      "\n"
      "Prints one line per finished case and a summary (on a terminal: a status line on stderr and a line per\n"
      "failing case).\n"
      "--report writes one self-contained HTML file with the reference / gcvu / diff pictures of each failure.\n"
      "Exit status: 0 every case passed (or was skipped), 1 some case failed, 2 a bad invocation or bad input\n"
      "(a missing folder, a malformed manifest, dump or reference).";
  return text;
}

struct Tally {
  size_t done = 0;
  std::array<size_t, 4> by_status{};  // indexed by CaseStatus
};

std::string tally_text(const Tally& tally, size_t total) {
  return fmt::format("[{}/{}] {} passed, {} failed, {} errors, {} skipped", tally.done, total, tally.by_status[0],
                     tally.by_status[1], tally.by_status[2], tally.by_status[3]);
}

void print_case(std::ostream& out, const RegressCase& c, const CaseResult& result, const std::string& counter) {
  out << fmt::format("{}{:<5} {:<12} {} ({:.2f} s)\n", counter, case_status_name(result.status), c.kind, c.name,
                     result.seconds);
  if (result.status == CaseStatus::kPassed) return;
  for (const std::string& message : result.messages) {
    // Every line of a multi-line message (the located differing bytes) under the case's line.
    std::string_view rest = message;
    while (!rest.empty()) {
      const size_t end = rest.find('\n');
      out << "      " << rest.substr(0, end) << "\n";
      rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    }
  }
}

}  // namespace

int run_regress(std::span<const std::string> args, Io& io) {
  const std::string description = description_text();
  CommandLine line("regress", "DIR... [--jobs N] [--shard I/N] [--report out.html] [--filter TEXT]", description);
  line.arguments.add_options()("dir", po::value<std::vector<std::string>>(), "folders (or single cases) to run");
  line.options.add_options()                                                                              //
      ("jobs,j", po::value<std::string>(), "cases run at once (default: the number of cores)")            //
      ("shard", po::value<std::string>(), "run shard I of N (1 <= I <= N) of the sorted cases")           //
      ("report", po::value<std::string>(), "write a self-contained HTML report to this file")             //
      ("filter", po::value<std::string>()->default_value(""), "run only cases whose path contains this")  //
      ("shared", po::value<std::string>()->default_value(GCVU_SHARED_DIR),
       "the shared reference folder substituted for {shared} in golden cases");
  line.positional.add("dir", -1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;
  if (values.count("dir") == 0) throw UsageError("expected at least one folder of cases");

  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  if (values.count("jobs")) {
    const auto parsed = parse_unsigned(values["jobs"].as<std::string>(), false);
    if (!parsed || *parsed == 0 || *parsed > kMaxJobs) {
      throw UsageError(fmt::format("--jobs '{}' must be a whole number from 1 to {}", values["jobs"].as<std::string>(),
                                   kMaxJobs));
    }
    jobs = static_cast<unsigned>(*parsed);
  }
  std::optional<Shard> shard;
  if (values.count("shard")) {
    shard = parse_shard(values["shard"].as<std::string>());
    if (!shard) {
      throw UsageError(fmt::format("--shard '{}' must be I/N with 1 <= I <= N (shards are numbered from 1)",
                                   values["shard"].as<std::string>()));
    }
  }
  std::optional<fs::path> report;
  if (values.count("report")) {
    report = values["report"].as<std::string>();
    const fs::path folder = report->has_parent_path() ? report->parent_path() : fs::path(".");
    if (!fs::is_directory(folder)) {
      throw UsageError(fmt::format("--report {}: the folder {} does not exist", report->string(), folder.string()));
    }
  }
  const std::string filter = values["filter"].as<std::string>();

  std::vector<fs::path> roots;
  for (const std::string& dir : values["dir"].as<std::vector<std::string>>()) roots.emplace_back(dir);
  std::vector<RegressCase> cases = find_regress_cases(roots);
  if (cases.empty()) throw UsageError("no cases found");
  if (!filter.empty()) {
    std::erase_if(cases, [&](const RegressCase& c) { return c.path.generic_string().find(filter) == std::string::npos; });
    if (cases.empty()) throw UsageError(fmt::format("no case's path contains --filter '{}'", filter));
  }
  const size_t found = cases.size();
  if (shard) cases = select_shard(std::move(cases), *shard);

  RegressOptions options;
  options.shared_dir = values["shared"].as<std::string>();
  // Several cases at once are the parallelism: each GS then draws on one thread (its bytes never depend on that).
  if (std::min<size_t>(jobs, cases.size()) > 1) options.gs.threads = 1;

  const auto started = std::chrono::steady_clock::now();
  Tally tally;
  auto on_finished = [&](size_t position, const CaseResult& result) {
    ++tally.done;
    ++tally.by_status[static_cast<size_t>(result.status)];
    const bool bad = result.status == CaseStatus::kFailed || result.status == CaseStatus::kError;
    if (!io.terminal) {
      print_case(io.out, cases[position], result, fmt::format("[{}/{}] ", tally.done, cases.size()));
      return;
    }
    if (bad) {
      io.err << "\r\033[K" << std::flush;
      print_case(io.out, cases[position], result, "");
      io.out << std::flush;
    }
    io.err << "\r\033[K" << tally_text(tally, cases.size()) << "  " << cases[position].name << std::flush;
  };
  const std::vector<CaseResult> results = run_regress_cases(cases, options, jobs, on_finished);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (io.terminal) io.err << "\r\033[K" << std::flush;

  const std::string shard_text = shard ? fmt::format("{}/{}", shard->index, shard->count) : "";
  io.out << fmt::format("{} passed, {} failed, {} errors, {} skipped of {} cases{} in {:.2f} s\n", tally.by_status[0],
                        tally.by_status[1], tally.by_status[2], tally.by_status[3], cases.size(),
                        shard ? fmt::format(" (shard {} of {} found)", shard_text, found) : "", seconds);
  if (report) {
    std::string command_line = "gcvu regress";
    for (const std::string& arg : args) command_line += " " + arg;
    const std::string html = render_html_report(
        cases, results, {.command_line = command_line, .shard = shard_text, .jobs = jobs, .seconds = seconds});
    formats::write_file(*report, {reinterpret_cast<const uint8_t*>(html.data()), html.size()});
    io.out << "report written to " << report->string() << "\n";
  }
  if (tally.by_status[static_cast<size_t>(CaseStatus::kError)] != 0) return kExitError;
  return tally.by_status[static_cast<size_t>(CaseStatus::kFailed)] != 0 ? kExitDifferent : kExitOk;
}

}  // namespace gcvu::harness
