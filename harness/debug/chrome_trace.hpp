#pragma once
// A timeline as Chrome trace-event JSON (the "Trace Event Format" that chrome://tracing and Perfetto's JSON importer
// read): {"traceEvents": [...], "displayTimeUnit": "ns"}. Each slice is a complete event (ph "X") with name, cat,
// ts, dur, pid, tid and args; metadata events (ph "M") name the process "VU1/VIF1 (gcvu)" and each track's thread
// and fix the tracks' order. Times are in microseconds on the 294.912 MHz VU clock, written as doubles that read
// back to the exact quotient, so consecutive cycles (3.39 ns apart) stay distinct. Same slices, same bytes.

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <vector>

#include "harness/debug/timeline.hpp"

namespace gcvu::harness::debug {

inline constexpr double kVuClockMhz = 294.912;
inline constexpr int kTraceProcessId = 1;

// A cycle count as trace microseconds.
constexpr double cycles_to_microseconds(uint64_t cycles) { return static_cast<double>(cycles) / kVuClockMhz; }
// The tid of a track's thread (1 for the first track).
constexpr int trace_thread_id(TimelineTrack track) { return static_cast<int>(track) + 1; }

// Writes the events one by one (a frame's trace holds millions), so memory stays that of one event.
void write_chrome_trace(const std::vector<TimelineSlice>& slices, std::ostream& out);
// The same into a file; a formats::FormatError naming the file when it cannot be written.
void write_chrome_trace_file(const std::vector<TimelineSlice>& slices, const std::filesystem::path& path);

}  // namespace gcvu::harness::debug
