// The Chrome trace-event JSON of a timeline, read back and checked against what the Trace Event Format requires
// (every event: name, ph, ts, pid, tid; complete "X" events: dur too; "M" metadata naming the process and the
// threads), with times in microseconds at 294.912 MHz. Then the trace of the demo frame, written to a temporary
// folder: valid, and with slices on every track but EFU (the demo's microcode, microcode/{tfrag,shrub,moby}/*.vsm,
// has no EFU instruction).

#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "emu/gs/gs.hpp"
#include "emu/system/gs_from_gif.hpp"
#include "formats/core/format_error.hpp"
#include "formats/rc2/level.hpp"
#include "formats/rc2/level_writer.hpp"
#include "harness/debug/chrome_trace.hpp"
#include "harness/debug/gs_primitive_log.hpp"
#include "harness/debug/timeline.hpp"
#include "harness/debug/timeline_pair_observer.hpp"
#include "harness/frame/frame_builder.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "tests/harness/debug/timeline_machine.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness::debug {
namespace {

using nlohmann::json;

struct TraceCheck {
  std::map<int, std::string> thread_names;
  std::map<int, size_t> slices_per_thread;
  std::string process_name;
  size_t complete_events = 0;
};

// Checks the fields the format requires; `check` gets what it found.
void validate_into(const std::string& text, TraceCheck& check) {
  const json trace = json::parse(text);
  EXPECT_TRUE(trace.is_object());
  EXPECT_EQ(trace.value("displayTimeUnit", ""), "ns");
  const json& events = trace.at("traceEvents");
  EXPECT_TRUE(events.is_array());
  for (const json& event : events) {
    ASSERT_TRUE(event.contains("name") && event["name"].is_string()) << event.dump();
    ASSERT_TRUE(event.contains("ph") && event["ph"].is_string()) << event.dump();
    ASSERT_TRUE(event.contains("ts") && event["ts"].is_number()) << event.dump();
    ASSERT_TRUE(event.contains("pid") && event["pid"].is_number_integer()) << event.dump();
    ASSERT_TRUE(event.contains("tid") && event["tid"].is_number_integer()) << event.dump();
    const std::string ph = event["ph"];
    if (ph == "X") {
      ASSERT_TRUE(event.contains("dur") && event["dur"].is_number()) << event.dump();
      EXPECT_GE(event["dur"].get<double>(), 0.0) << event.dump();
      EXPECT_GE(event["ts"].get<double>(), 0.0) << event.dump();
      EXPECT_TRUE(event.contains("cat") && event["cat"].is_string()) << event.dump();
      EXPECT_TRUE(event.contains("args") && event["args"].is_object()) << event.dump();
      ++check.slices_per_thread[event["tid"].get<int>()];
      ++check.complete_events;
    } else if (ph == "M") {
      const std::string name = event["name"];
      if (name == "process_name") check.process_name = event["args"]["name"];
      if (name == "thread_name") check.thread_names[event["tid"].get<int>()] = event["args"]["name"];
    } else {
      ADD_FAILURE() << "unexpected phase " << ph;
    }
  }
}

TraceCheck validate(const std::string& text) {
  TraceCheck check;
  validate_into(text, check);
  return check;
}

// The same checks for a large trace without holding its whole tree: the document is checked as JSON by the SAX
// acceptor, then each event (the writer puts one per line) is checked alone.
TraceCheck validate_by_line(const std::string& text) {
  EXPECT_TRUE(json::accept(text));
  std::string events = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[]}";
  TraceCheck check;
  validate_into(events, check);
  std::istringstream lines(text);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
  while (std::getline(lines, line)) {
    if (line == "]}") break;
    if (!line.empty() && line.back() == ',') line.pop_back();
    validate_into("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[" + line + "]}", check);
  }
  return check;
}

std::string trace_text(const std::vector<TimelineSlice>& slices) {
  std::ostringstream out;
  write_chrome_trace(slices, out);
  return out.str();
}

TEST(DebugChromeTrace, SmallProgramTraceHasEveryRequiredField) {
  test::TimelineMachine machine;
  ASSERT_TRUE(machine.run().has_value());
  const std::string text = trace_text(machine.timeline.slices());
  const TraceCheck check = validate(text);
  EXPECT_EQ(check.process_name, "VU1/VIF1 (gcvu)");
  ASSERT_EQ(check.thread_names.size(), kTimelineTrackCount);
  EXPECT_EQ(check.thread_names.at(trace_thread_id(TimelineTrack::kFdiv)), "FDIV");
  EXPECT_EQ(check.thread_names.at(trace_thread_id(TimelineTrack::kXgkick)), "XGKICK/PATH1");
  EXPECT_EQ(check.complete_events, machine.timeline.slices().size());

  // The FDIV slice [17, 24): ts and dur are cycles / 294.912 MHz in microseconds, read back exactly.
  const json trace = json::parse(text);
  bool found = false;
  std::set<double> upper_starts;
  for (const json& event : trace["traceEvents"]) {
    if (event["ph"] != "X") continue;
    if (event["tid"] == trace_thread_id(TimelineTrack::kVuUpper)) upper_starts.insert(event["ts"].get<double>());
    if (event["tid"] != trace_thread_id(TimelineTrack::kFdiv)) continue;
    found = true;
    EXPECT_EQ(event["ts"].get<double>(), 17 / 294.912);
    EXPECT_EQ(event["dur"].get<double>(), 7 / 294.912);
    EXPECT_EQ(event["cat"], "vu");
    EXPECT_EQ(event["args"]["cycle"], 17);
    EXPECT_EQ(event["args"]["ready"], "24");
  }
  EXPECT_TRUE(found);
  EXPECT_EQ(upper_starts.size(), 7u);  // pairs one cycle apart stay distinct
  EXPECT_EQ(trace_text(machine.timeline.slices()), text);  // deterministic
}

TEST(DebugChromeTrace, OpenSlicesAreMarked) {
  test::TimelineMachine machine;
  ASSERT_FALSE(machine.run(27).has_value());
  const json trace = json::parse(trace_text(machine.timeline.slices()));
  size_t open = 0;
  for (const json& event : trace["traceEvents"]) {
    if (event["ph"] == "X" && event["args"].value("open", false)) ++open;
  }
  EXPECT_EQ(open, 2u);  // the program and the XGKICK transfer; VIF1 is idle after MSCAL
}

TEST(DebugChromeTrace, FileWrittenAndUnwritablePathNamed) {
  test::TimelineMachine machine;
  ASSERT_TRUE(machine.run().has_value());
  test::TempDir dir;
  write_chrome_trace_file(machine.timeline.slices(), dir / "trace.json");
  const std::vector<uint8_t> bytes = test::read_bytes(dir / "trace.json");
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), trace_text(machine.timeline.slices()));

  const std::filesystem::path bad = dir / "no such folder" / "trace.json";
  EXPECT_EQ(test::format_error_text([&] { write_chrome_trace_file(machine.timeline.slices(), bad); }),
            bad.string() + ": offset 0x0: cannot write the trace file");
}

TEST(DebugChromeTrace, DemoFrameTrace) {
  HeightFieldParameters parameters;  // `gcvu run`'s demo: seed 1, 400 patches, the overview camera
  parameters.seed = 1;
  parameters.patches = 400;
  formats::rc2::LevelFiles files = write_demo_level(parameters);
  const formats::rc2::Level level = formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo",
                                                             std::move(files.gameplay));
  const frame::FrameOptions options = scene_frame_options(level, overview_camera(level));
  const frame::BuiltFrame built = frame::build_frame(level, microcode::tfrag::tfrag_program(), options);

  gs::Gs gs;
  system::GsFromGif sink(gs);
  system::ClockedSystem machine(sink);
  frame::load_frame(built, machine.ee());
  machine.dma().start_chain(built.chain_address, {});
  Timeline timeline;
  TimelinePairObserver observer(timeline, machine.vu());
  machine.vu().set_observer(&observer);
  GsPrimitiveLog primitives;
  const auto started = std::chrono::steady_clock::now();
  std::optional<system::RunResult> result;
  while (!(result = machine.step())) {
    timeline.on_tick(machine.cycle(), machine.vif(), machine.vu());
    primitives.poll(machine.cycle(), gs);
  }
  const double run_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  machine.vu().set_observer(nullptr);
  ASSERT_EQ(result->end, system::RunEnd::kFinished) << result->error;

  test::TempDir dir;
  const auto write_started = std::chrono::steady_clock::now();
  write_chrome_trace_file(timeline.slices(), dir / "demo.json");
  const double write_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - write_started).count();
  const std::vector<uint8_t> bytes = test::read_bytes(dir / "demo.json");
  TraceCheck check = validate_by_line(std::string(bytes.begin(), bytes.end()));
  EXPECT_EQ(check.complete_events, timeline.slices().size());

  std::string counts;
  for (size_t track = 0; track < kTimelineTrackCount; ++track) {
    const auto which = static_cast<TimelineTrack>(track);
    const size_t slices = timeline.count(which);
    counts += fmt::format(" {}={}", timeline_track_name(which), slices);
    EXPECT_EQ(check.slices_per_thread[trace_thread_id(which)], slices);
    if (which == TimelineTrack::kEfu) {
      EXPECT_EQ(slices, 0u);
    } else {
      EXPECT_GT(slices, 0u) << timeline_track_name(which);
    }
  }
  EXPECT_EQ(timeline.count(TimelineTrack::kVuProgram), machine.microprograms().size());
  EXPECT_EQ(timeline.count(TimelineTrack::kVif1), machine.vif().commands_fetched());  // one slice per VIFcode
  EXPECT_EQ(timeline.count(TimelineTrack::kXgkick), machine.vu().stats().xgkicks);
  EXPECT_FALSE(primitives.entries().empty());
  std::cout << fmt::format("demo frame: {} cycles, {} slices, trace {} bytes; run with timeline {:.2f} s, write "
                           "{:.2f} s;{}\n",
                           machine.cycle(), timeline.slices().size(), bytes.size(), run_seconds, write_seconds, counts);
}

}  // namespace
}  // namespace gcvu::harness::debug
