#include "harness/debug/trace_view.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

#include "harness/cli/options.hpp"
#include "harness/debug/ascii_case.hpp"
#include "harness/trace_diff/lockstep.hpp"
#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::harness::debug {

namespace {

constexpr uint32_t kQwordBytes = 16;
constexpr uint32_t kDataQwords = formats::kVutraceMemoryBytes / kQwordBytes;

uint32_t parse_qword(const std::string& text) {
  const auto value = parse_unsigned(text);
  if (!value || *value >= kDataQwords) {
    throw std::invalid_argument(fmt::format("'{}' is not a data qword address (0-0x3ff)", text));
  }
  return static_cast<uint32_t>(*value);
}

bool touches(const std::optional<formats::VutraceAccess>& access, uint32_t qword) {
  return access && (access->address % formats::kVutraceMemoryBytes) / kQwordBytes == qword;
}

std::string pair_text(const formats::VutraceTrace& trace, size_t index) {
  const uint32_t pc = producing_pc(trace, index);
  return microcode::disassemble_bundle(bundle_at(*trace.snapshots[index].micro, pc));
}

}  // namespace

std::string trace_memory_text(const formats::VutraceTrace& trace, size_t index, uint32_t first, uint32_t count) {
  if (index >= trace.snapshots.size()) {
    throw std::invalid_argument(fmt::format("snapshot {} is past the trace's last, {}", index,
                                            trace.snapshots.size() - 1));
  }
  const formats::VutraceMemory& memory = *trace.snapshots[index].data;
  const formats::VutraceMemory* before = index > 0 ? trace.snapshots[index - 1].data.get() : nullptr;
  std::string text;
  for (uint32_t n = 0; n < count; ++n) {
    const uint32_t qword = (first + n) % kDataQwords;
    text += fmt::format("{:#05x}:", qword);
    for (uint32_t lane = 0; lane < 4; ++lane) {
      const uint32_t at = qword * kQwordBytes + lane * 4;
      uint32_t word = 0;
      bool changed = false;
      for (uint32_t b = 0; b < 4; ++b) {
        word |= uint32_t{memory[at + b]} << (8 * b);
        changed = changed || (before != nullptr && (*before)[at + b] != memory[at + b]);
      }
      text += fmt::format(" {:08x}{}", word, changed ? "*" : " ");
    }
    text += "\n";
  }
  return text;
}

std::vector<uint32_t> find_in_trace_memory(const formats::VutraceTrace& trace, size_t index,
                                           std::span<const uint8_t> pattern, size_t limit) {
  if (index >= trace.snapshots.size()) throw std::invalid_argument(fmt::format("no snapshot {}", index));
  if (pattern.empty()) throw std::invalid_argument("find needs at least one byte");
  const formats::VutraceMemory& memory = *trace.snapshots[index].data;
  std::vector<uint32_t> found;
  auto at = memory.begin();
  while (found.size() < limit) {
    at = std::search(at, memory.end(), pattern.begin(), pattern.end());
    if (at == memory.end()) break;
    found.push_back(static_cast<uint32_t>(at - memory.begin()));
    ++at;
  }
  return found;
}

std::optional<size_t> next_snapshot_touching(const formats::VutraceTrace& trace, size_t after, uint32_t qword) {
  for (size_t index = after + 1; index < trace.snapshots.size(); ++index) {
    const formats::VutraceSnapshot& snapshot = trace.snapshots[index];
    if (touches(snapshot.load, qword) || touches(snapshot.store, qword)) return index;
  }
  return std::nullopt;
}

SnapshotFilter parse_snapshot_filter(std::span<const std::string> words) {
  SnapshotFilter filter;
  if (words.empty()) return filter;
  const std::string kind = ascii_lower(words[0]);
  if (kind == "xgkick" && words.size() == 1) {
    filter.kind = SnapshotFilter::Kind::kXgkick;
  } else if ((kind == "load" || kind == "store") && words.size() == 2) {
    filter.kind = kind == "load" ? SnapshotFilter::Kind::kLoad : SnapshotFilter::Kind::kStore;
    filter.qword = parse_qword(words[1]);
  } else if (kind == "pc" && words.size() == 2) {
    filter.kind = SnapshotFilter::Kind::kPc;
    const auto pc = parse_unsigned(words[1]);
    if (!pc || *pc >= formats::kVutraceMemoryBytes || *pc % 8 != 0) {
      throw std::invalid_argument(fmt::format("'{}' is not a pair's byte address (a multiple of 8 below 0x4000)",
                                              words[1]));
    }
    filter.pc = static_cast<uint32_t>(*pc);
  } else if (kind == "text" && words.size() >= 2) {
    filter.kind = SnapshotFilter::Kind::kText;
    for (size_t n = 1; n < words.size(); ++n) filter.text += (n > 1 ? " " : "") + ascii_lower(words[n]);
  } else {
    throw std::invalid_argument("the filter is one of: xgkick, load QWORD, store QWORD, pc ADDR, text WORDS");
  }
  return filter;
}

std::vector<std::string> list_snapshots(const formats::VutraceTrace& trace, const SnapshotFilter& filter,
                                        size_t limit) {
  std::vector<std::string> lines;
  for (size_t index = 0; index < trace.snapshots.size() && lines.size() < limit; ++index) {
    const formats::VutraceSnapshot& snapshot = trace.snapshots[index];
    const std::string text = pair_text(trace, index);
    bool keep = true;
    switch (filter.kind) {
      case SnapshotFilter::Kind::kAll: break;
      case SnapshotFilter::Kind::kXgkick: keep = ascii_lower(text).find("xgkick") != std::string::npos; break;
      case SnapshotFilter::Kind::kLoad: keep = touches(snapshot.load, filter.qword); break;
      case SnapshotFilter::Kind::kStore: keep = touches(snapshot.store, filter.qword); break;
      case SnapshotFilter::Kind::kText: keep = ascii_lower(text).find(filter.text) != std::string::npos; break;
      case SnapshotFilter::Kind::kPc: keep = producing_pc(trace, index) == filter.pc; break;
    }
    if (!keep) continue;
    std::string line = fmt::format("{:6} {:#06x}  {}", index, producing_pc(trace, index), text);
    if (snapshot.load) line += fmt::format("  L {:#06x}", snapshot.load->address);
    if (snapshot.store) line += fmt::format("  S {:#06x}", snapshot.store->address);
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace gcvu::harness::debug
