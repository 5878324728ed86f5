#include "harness/debug/chrome_trace.hpp"

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "formats/core/format_error.hpp"

namespace gcvu::harness::debug {

namespace {

using Json = nlohmann::ordered_json;

constexpr std::string_view kProcessName = "VU1/VIF1 (gcvu)";

Json metadata(std::string_view name, int tid, Json args) {
  Json event;
  event["name"] = name;
  event["ph"] = "M";
  event["ts"] = 0;
  event["pid"] = kTraceProcessId;
  event["tid"] = tid;
  event["args"] = std::move(args);
  return event;
}

Json complete_event(const TimelineSlice& slice) {
  Json event;
  event["name"] = slice.name;
  event["cat"] = timeline_track_category(slice.track);
  event["ph"] = "X";
  event["ts"] = cycles_to_microseconds(slice.begin);
  event["dur"] = cycles_to_microseconds(slice.cycles);
  event["pid"] = kTraceProcessId;
  event["tid"] = trace_thread_id(slice.track);
  Json args = Json::object();
  args["cycle"] = slice.begin;
  args["cycles"] = slice.cycles;
  for (const SliceArg& arg : slice.args) args[arg.key] = arg.value;
  if (slice.open) args["open"] = true;
  event["args"] = std::move(args);
  return event;
}

}  // namespace

void write_chrome_trace(const std::vector<TimelineSlice>& slices, std::ostream& out) {
  out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
  out << metadata("process_name", 0, Json{{"name", kProcessName}}).dump();
  for (size_t track = 0; track < kTimelineTrackCount; ++track) {
    const auto which = static_cast<TimelineTrack>(track);
    const int tid = trace_thread_id(which);
    out << ",\n" << metadata("thread_name", tid, Json{{"name", timeline_track_name(which)}}).dump();
    out << ",\n" << metadata("thread_sort_index", tid, Json{{"sort_index", tid}}).dump();
  }
  for (const TimelineSlice& slice : slices) out << ",\n" << complete_event(slice).dump();
  out << "\n]}\n";
}

void write_chrome_trace_file(const std::vector<TimelineSlice>& slices, const std::filesystem::path& path) {
  std::ofstream out(path, std::ios::binary);
  if (out) write_chrome_trace(slices, out);
  out.flush();
  if (!out) throw formats::FormatError(path.string(), 0, "cannot write the trace file");
}

}  // namespace gcvu::harness::debug
