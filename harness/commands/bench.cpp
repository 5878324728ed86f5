// gcvu bench [PROGRAM... [--data FILE]...] [--json] [--min-seconds S] [--repetitions N]: how fast the VU1
// interpreter runs, in emulated VU cycles per wall-clock second and as a fraction of the real VU1's 294.912 MHz.
// With --lane-census it times nothing and counts the FMAC lanes the compiled engine's fast kernels take.

#include <algorithm>
#include <filesystem>
#include <memory>
#include <ostream>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/bench/demo_frame_workloads.hpp"
#include "harness/bench/fmac_lane_census.hpp"
#include "harness/bench/vu_bench.hpp"
#include "harness/bench/workloads.hpp"
#include "harness/cli/options.hpp"
#include "harness/cli/vu_options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/vu_run/program_file.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

std::vector<Workload> user_workloads(const std::vector<std::string>& programs, const std::vector<std::string>& data) {
  if (!data.empty() && data.size() != 1 && data.size() != programs.size()) {
    throw UsageError(fmt::format("{} programs but {} --data files: give none, one for all, or one per program",
                                 programs.size(), data.size()));
  }
  std::vector<Workload> workloads;
  for (size_t n = 0; n < programs.size(); ++n) {
    std::filesystem::path path = programs[n];
    Workload workload;
    workload.name = path.stem().string();
    // The same readers and checks as vu-run: a source or an image that fits micro memory, data that fits data memory.
    workload.code = load_program(path).code;
    if (!data.empty()) workload.data = load_data_image(data.size() == 1 ? data[0] : data[n]);
    workloads.push_back(std::move(workload));
  }
  return workloads;
}

struct Result {
  std::string name;
  Measurement median;  // the repetition with the median rate
  std::vector<Measurement> repetitions;
};

std::string line_text(const std::string& name, const Measurement& m, size_t width) {
  return fmt::format("{:<{}}  {:.2e} cycles  {:.2f} s  {:.1f} MHz  {:.3f}x real time", name, width,
                     static_cast<double>(m.vu_cycles), m.wall_seconds, m.vu_hz() / 1e6, m.ratio_to_realtime());
}

constexpr const char* kKernelOpNames[] = {"ADD", "SUB", "MUL", "MADD", "MSUB"};

// One line per workload and op: ops, lanes, and the share of fast lanes where the double kernels make a fast path.
void print_census(std::ostream& out, const std::vector<std::pair<std::string, LaneCensus>>& censuses, bool json) {
  if (json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& [name, census] : censuses) {
      nlohmann::json ops = nlohmann::json::object();
      for (size_t k = 0; k < census.by_op.size(); ++k) {
        const LaneShare& share = census.by_op[k];
        nlohmann::json entry = {{"ops", share.ops}, {"lanes", share.lanes}};
        if (census.classifies(static_cast<vu::FmacKernelOp>(k))) entry["fast_lanes"] = share.fast_lanes;
        ops[kKernelOpNames[k]] = entry;
      }
      list.push_back({{"name", name}, {"double_kernels", census.double_kernels}, {"ops", ops}});
    }
    out << nlohmann::json{{"lane_census", list}}.dump(2) << "\n";
    return;
  }
  out << fmt::format("{:<14} {:<5} {:>12} {:>12} {:>12} {:>8}\n", "workload", "op", "ops", "lanes", "fast lanes",
                     "share");
  for (const auto& [name, census] : censuses) {
    for (size_t k = 0; k < census.by_op.size(); ++k) {
      const LaneShare& share = census.by_op[k];
      if (share.ops == 0) continue;
      const bool classified = census.classifies(static_cast<vu::FmacKernelOp>(k));
      const std::string fast = classified ? fmt::format("{}", share.fast_lanes) : "-";
      const std::string percent = classified && share.lanes != 0
                                      ? fmt::format("{:.2f} %", 100.0 * static_cast<double>(share.fast_lanes) /
                                                                    static_cast<double>(share.lanes))
                                      : "-";
      out << fmt::format("{:<14} {:<5} {:>12} {:>12} {:>12} {:>8}\n", name, kKernelOpNames[k], share.ops, share.lanes,
                         fast, percent);
    }
  }
  if (!censuses.empty() && !censuses.front().second.double_kernels) {
    out << "(this host has no AVX2: the compiled engine runs the integer kernels; no lane is a double-kernel one)\n";
  }
}

nlohmann::json measurement_json(const Measurement& m) {
  return {{"vu_cycles", m.vu_cycles},
          {"wall_seconds", m.wall_seconds},
          {"vu_hz", m.vu_hz()},
          {"ratio_to_realtime", m.ratio_to_realtime()}};
}

}  // namespace

int run_bench(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "bench", "[PROGRAM... [--data FILE]...] [--json] [--min-seconds S] [--repetitions N] [--max-cycles C]",
      "Measures the VU1 interpreter: runs each workload on VU1 alone from PC 0 to its E bit, over and over until\n"
      "--min-seconds of wall time, and prints the emulated VU cycles, the wall seconds, the emulated cycles per\n"
      "second and their ratio to the real VU1 clock (294.912 MHz; 1.0x = real time). XGKICK transfers go to a\n"
      "GIF packet tracker; their cycles count until the last qword is sent. Only the runs are timed.\n"
      "With no PROGRAM it runs the built-in workloads (microcode/bench/): vertex_loop (4x4 transform, divide, clip,\n"
      "FTOI4 and XGKICK of 48 packets of 128 vertices), madd_chain (MULA/MADDA/MADD recurrences, a dot product and\n"
      "a dependent Horner chain, 4000 iterations) and branchy_loop (an integer table walk with IBEQ/IBNE/B/BAL/JR\n"
      "and ILW/ISW, 6000 entries), then tfrag_frame, shrub_frame and moby_frame: the tfrag, shrub and moby\n"
      "microprograms of `gcvu run`'s demo frame, captured as each started in one clocked run and rerun in order\n"
      "on VU1 alone (their XGKICKs never wait). A PROGRAM is a .vsm source (assembled) or a raw micro-memory image.\n"
      "--lane-census times nothing: it runs each workload once, pair by pair, and counts per FMAC op (ADD, SUB, MUL,\n"
      "MADD, MSUB, every form) the ops, their lanes, and the lanes the compiled engine's fast kernels compute from\n"
      "exact host doubles rather than handing them to the integer kernels and the model (MUL, MADD, MSUB on AVX2).\n"
      "Exit status: 0 measured, 2 bad invocation, a bad program, or a program that did not end.");
  line.arguments.add_options()("program", po::value<std::vector<std::string>>(), "programs to measure");
  line.options.add_options()
      ("data", po::value<std::vector<std::string>>(),
       "a data-memory image (raw, up to 16 KiB, little-endian) for the programs: give it once for all of them or\n"
       "once per PROGRAM, in the same order; without it data memory starts zeroed")
      ("json", po::bool_switch(),
       "print {\"workloads\":[{\"name\",\"vu_cycles\",\"wall_seconds\",\"vu_hz\",\"ratio_to_realtime\",...}]}\n"
       "(also per run: cycles, pairs, stall cycles by cause, PATH1 qwords; and each repetition)")
      ("min-seconds", po::value<double>()->default_value(1.0), "timed wall seconds to run each workload for, at least")
      ("repetitions", po::value<int>()->default_value(1),
       "measure each workload this many times; the median (by rate) is reported, and each in --json")
      ("max-cycles", po::value<uint64_t>()->default_value(vu::Vu1Config{}.max_cycles),
       "stop a run that has not ended after this many VU cycles (an error)")
      ("lane-census", po::bool_switch(),
       "count the FMAC lanes the fast kernels take, per workload and op, instead of timing (with --json:\n"
       "{\"lane_census\":[{\"name\",\"double_kernels\",\"ops\":{\"MUL\":{\"ops\",\"lanes\",\"fast_lanes\"},...}}]})");
  add_engine_option(line.options);
  line.positional.add("program", -1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  const double min_seconds = values["min-seconds"].as<double>();
  const int repetitions = values["repetitions"].as<int>();
  if (!(min_seconds >= 0)) throw UsageError("--min-seconds must be 0 or more");
  if (repetitions < 1) throw UsageError("--repetitions must be 1 or more");
  auto programs =
      values.count("program") ? values["program"].as<std::vector<std::string>>() : std::vector<std::string>{};
  auto data = values.count("data") ? values["data"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (programs.empty() && !data.empty()) throw UsageError("--data needs a PROGRAM");

  vu::Vu1Config config;
  config.max_cycles = values["max-cycles"].as<uint64_t>();
  config.engine = engine_from(values);

  std::vector<Workload> workloads;
  try {
    workloads = programs.empty() ? builtin_workloads() : user_workloads(programs, data);
  } catch (const microcode::SourceError& error) {
    io.err << error.what() << "\n";
    return kExitError;
  }
  // Each workload as a name and a timed run.
  std::vector<std::pair<std::string, TimedRun>> runs;
  std::vector<std::unique_ptr<WorkloadRunner>> runners;
  for (const Workload& workload : workloads) {
    WorkloadRunner& runner = *runners.emplace_back(std::make_unique<WorkloadRunner>(workload, config));
    runs.emplace_back(workload.name, [&runner](double* seconds) { return runner.run_once(seconds); });
  }
  std::vector<DemoFrameWorkload> frames;
  std::vector<std::unique_ptr<CapturedFrameRunner>> frame_runners;
  if (programs.empty()) {
    frames = demo_frame_workloads();
    for (const DemoFrameWorkload& frame : frames) {
      CapturedFrameRunner& runner = *frame_runners.emplace_back(std::make_unique<CapturedFrameRunner>(frame.frame, config));
      runs.emplace_back(frame.name, [&runner](double* seconds) { return runner.run_once(seconds); });
    }
  }

  if (values["lane-census"].as<bool>()) {
    std::vector<std::pair<std::string, LaneCensus>> censuses;
    try {
      for (const Workload& workload : workloads) censuses.emplace_back(workload.name, census_workload(workload, config));
      for (const DemoFrameWorkload& frame : frames) censuses.emplace_back(frame.name, census_frame(frame.frame, config));
    } catch (const std::runtime_error& error) {
      io.err << "gcvu bench: " << error.what() << "\n";
      return kExitError;
    }
    print_census(io.out, censuses, values["json"].as<bool>());
    return kExitOk;
  }

  size_t width = 0;
  for (const auto& run : runs) width = std::max(width, run.first.size());
  std::vector<Result> results;
  for (const auto& [name, run_once] : runs) {
    const std::string& workload_name = name;
    Result result{name, {}, {}};
    for (int rep = 0; rep < repetitions; ++rep) {
      std::function<void(double)> progress;
      if (io.terminal) {
        progress = [&](double seconds) {
          io.err << fmt::format("\r{} {}/{}: {:.1f} s", workload_name, rep + 1, repetitions, seconds) << std::flush;
        };
      }
      try {
        result.repetitions.push_back(measure(run_once, min_seconds, progress));
      } catch (const std::runtime_error& error) {
        if (io.terminal) io.err << "\n";
        io.err << "gcvu bench: " << error.what() << "\n";
        return kExitError;
      }
      if (io.terminal) io.err << "\r\033[K" << std::flush;
    }
    auto sorted = result.repetitions;
    std::sort(sorted.begin(), sorted.end(),
              [](const Measurement& a, const Measurement& b) { return a.vu_hz() < b.vu_hz(); });
    result.median = sorted[sorted.size() / 2];
    if (!values["json"].as<bool>()) {
      if (repetitions > 1) {
        for (size_t n = 0; n < result.repetitions.size(); ++n) {
          io.out << line_text(fmt::format("{} #{}", workload_name, n + 1), result.repetitions[n], width + 4) << "\n";
        }
        io.out << line_text(workload_name + " median", result.median, width + 4) << "\n";
      } else {
        io.out << line_text(workload_name, result.median, width) << "\n";
      }
    }
    results.push_back(std::move(result));
  }

  if (values["json"].as<bool>()) {
    nlohmann::json list = nlohmann::json::array();
    for (const Result& r : results) {
      nlohmann::json entry = measurement_json(r.median);
      entry["name"] = r.name;
      const WorkloadRun& run = r.median.last;
      entry["runs"] = r.median.runs;
      entry["cycles_per_run"] = run.vu_cycles;
      entry["pairs_per_run"] = run.stats.pairs;
      entry["stall_cycles_per_run"] = run.stats.stall_cycles;
      nlohmann::json causes = nlohmann::json::object();
      for (size_t c = 1; c < run.stats.stall_cycles_by_cause.size(); ++c) {
        if (run.stats.stall_cycles_by_cause[c] == 0) continue;
        causes[vu::stall_cause_name(static_cast<vu::StallCause>(c))] = run.stats.stall_cycles_by_cause[c];
      }
      entry["stall_cycles_by_cause"] = causes;
      entry["path1_qwords_per_run"] = run.path1_qwords;
      nlohmann::json reps = nlohmann::json::array();
      for (const Measurement& m : r.repetitions) reps.push_back(measurement_json(m));
      entry["repetitions"] = reps;
      list.push_back(entry);
    }
    io.out << nlohmann::json{{"workloads", list}}.dump(2) << "\n";
  }
  return kExitOk;
}

}  // namespace gcvu::harness
