// The debugger's `tview` command: the trace's own side of `gcvu debug --vutrace` (trace_view.hpp).

#include <algorithm>
#include <span>
#include <stdexcept>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "harness/cli/options.hpp"
#include "harness/debug/debugger.hpp"
#include "harness/debug/trace_view.hpp"
#include "harness/debug/vutrace_comments.hpp"

namespace gcvu::harness::debug {

namespace {

uint64_t number(const std::vector<std::string>& args, size_t index, const char* what) {
  if (index >= args.size()) throw std::invalid_argument(fmt::format("tview {}: missing {}", args[0], what));
  const auto value = parse_unsigned(args[index]);
  if (!value) throw std::invalid_argument(fmt::format("tview {}: '{}' is not a {}", args[0], args[index], what));
  return *value;
}

size_t snapshot_argument(const std::vector<std::string>& args, const formats::VutraceTrace& trace) {
  const uint64_t index = number(args, 1, "snapshot number");
  if (index >= trace.snapshots.size()) {
    throw std::invalid_argument(fmt::format("snapshot {} is past the trace's last, {}", index,
                                            trace.snapshots.size() - 1));
  }
  return static_cast<size_t>(index);
}

// "3f800000" or "00 00 80 3f": bytes in the order they sit in memory.
std::vector<uint8_t> hex_bytes(const std::vector<std::string>& args, size_t from) {
  std::string digits;
  for (size_t n = from; n < args.size(); ++n) digits += args[n];
  if (digits.empty() || digits.size() % 2 != 0 || digits.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
    throw std::invalid_argument("tview find: give the bytes as hex digits, two per byte (3f800000 or 00 00 80 3f)");
  }
  std::vector<uint8_t> bytes;
  for (size_t n = 0; n < digits.size(); n += 2) bytes.push_back(static_cast<uint8_t>(std::stoul(digits.substr(n, 2), nullptr, 16)));
  return bytes;
}

}  // namespace

void Debugger::load_trace_comments(const std::string& file) { trace_comments_ = read_vutrace_comments(file); }

void Debugger::tview(const std::vector<std::string>& args, std::ostream& out) {
  if (!follower_) throw std::invalid_argument("no trace is being followed (start with --vutrace TRACE)");
  const formats::VutraceTrace& trace = follower_->trace();
  const std::string verb = args.empty() ? "list" : args[0];
  if (verb == "mem") {
    const size_t index = snapshot_argument(args, trace);
    const uint64_t first = number(args, 2, "qword address");
    const uint64_t count = args.size() > 3 ? number(args, 3, "qword count") : 4;
    out << fmt::format("trace snapshot {} (TPC {:#06x}):\n", index, trace.snapshots[index].registers.tpc());
    out << trace_memory_text(trace, index, static_cast<uint32_t>(first), static_cast<uint32_t>(std::min<uint64_t>(count, 1024)));
  } else if (verb == "find") {
    const size_t index = snapshot_argument(args, trace);
    const std::vector<uint32_t> found = find_in_trace_memory(trace, index, hex_bytes(args, 2));
    if (found.empty()) out << "not found\n";
    for (uint32_t at : found) out << fmt::format("byte {:#06x} (qword {:#05x} + {})\n", at, at / 16, at % 16);
  } else if (verb == "save") {
    const size_t index = snapshot_argument(args, trace);
    if (args.size() != 3) throw std::invalid_argument("tview save S FILE");
    formats::write_file(args[2], *trace.snapshots[index].data);
    out << fmt::format("wrote snapshot {}'s 16 KiB data memory to {}\n", index, args[2]);
  } else if (verb == "next") {
    const size_t index = snapshot_argument(args, trace);
    const uint64_t qword = number(args, 2, "qword address");
    const auto next = next_snapshot_touching(trace, index, static_cast<uint32_t>(qword % 1024));
    out << (next ? fmt::format("snapshot {} loads or stores qword {:#05x}\n", *next, qword % 1024)
                 : fmt::format("no snapshot after {} loads or stores qword {:#05x}\n", index, qword % 1024));
  } else if (verb == "list") {
    const std::vector<std::string> words(args.empty() ? args.end() : args.begin() + 1, args.end());
    const std::vector<std::string> lines = list_snapshots(trace, parse_snapshot_filter(words));
    for (const std::string& line : lines) out << line << "\n";
    if (lines.empty()) out << "no snapshot matches\n";
  } else if (verb == "disasm" || verb == "export") {
    if (!trace_flow_) trace_flow_ = trace_flow(trace);
    const PairComments comments{trace_comments_, &notes_.all()};
    if (verb == "export") {
      if (args.size() != 2) throw std::invalid_argument("tview export FILE");
      std::string text;
      for (const std::string& line : flow_listing(trace, *trace_flow_, 0, trace_flow_->end / 8, comments)) {
        text += line + "\n";
      }
      formats::write_file(args[1], std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
      out << fmt::format("wrote the disassembly of {} pairs with their flow and comments to {}\n",
                         trace_flow_->end / 8, args[1]);
    } else {
      const uint64_t first = args.size() > 1 ? number(args, 1, "byte address") : 0;
      const uint64_t count = args.size() > 2 ? number(args, 2, "pair count") : std::max<uint32_t>(trace_flow_->end / 8, 1);
      if (first % 8 != 0 || first >= formats::kVutraceMemoryBytes) {
        throw std::invalid_argument("tview disasm: the address is a pair's byte address (a multiple of 8 below 0x4000)");
      }
      for (const std::string& line : flow_listing(trace, *trace_flow_, static_cast<uint32_t>(first),
                                                  static_cast<uint32_t>(std::min<uint64_t>(count, 2048)), comments)) {
        out << line << "\n";
      }
    }
  } else if (verb == "comments") {
    if (args.size() != 2) throw std::invalid_argument("tview comments FILE");
    load_trace_comments(args[1]);
    out << fmt::format("read {} comment lines from {}\n", trace_comments_.size(), args[1]);
  } else if (verb == "div") {
    const std::vector<TraceFollower::Divergence> list = follower_->divergences();
    if (list.empty()) out << "no divergence met so far\n";
    for (const TraceFollower::Divergence& divergence : list) out << divergence.text << "\n";
  } else {
    throw std::invalid_argument("tview mem|find|save|next|list|div|disasm|export|comments (see 'help tview')");
  }
}

}  // namespace gcvu::harness::debug
