#include "emu/gif/gif_unit.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "emu/gif/gif_timing.hpp"

namespace gcvu::gif {
namespace {

constexpr int path_number(Path path) { return static_cast<int>(path); }
// A Path value from outside the enum (a cast from a bad number) must not index the per-path state.
constexpr bool is_path(Path path) { return path_number(path) >= 1 && path_number(path) <= 3; }

}  // namespace

GifUnit::GifUnit(GsSink& sink) : sink_(&sink) {}

bool GifUnit::offer(Path path, const Qword& data, uint64_t cycle, bool directhl) {
  if (path == Path::kPath1) {
    offer_path1(data, cycle);
    return true;
  }
  if (failed()) return true;  // a stopped GIF drops everything, so no sender waits on it
  if (!is_path(path)) [[unlikely]] {
    fail_no_such_path(path);
    return true;
  }
  PathState& input = state(path);
  if (input.queue.full()) return false;
  const uint64_t offset = input.offered++;
  if (offset != 0 && cycle < input.last_offer_cycle) [[unlikely]] {
    fail_out_of_order(path, offset, cycle);
    return true;
  }
  input.last_offer_cycle = cycle;
  input.queue.push(data, cycle, path == Path::kPath2 && directhl);
  return true;
}

void GifUnit::fail_no_such_path(Path path) {
  error_ = fmt::format("GIF: a qword was offered on path {}, which does not exist (paths are 1-3)", path_number(path));
}

void GifUnit::fail_out_of_order(Path path, uint64_t offset, uint64_t cycle) {
  fail(path, offset,
       fmt::format("offered at cycle {}, before the previous qword's cycle {} (offers must come in time order)", cycle,
                   state(path).last_offer_cycle));
}

void GifUnit::fail_oversized_path1(uint64_t offset) {
  fail(Path::kPath1, offset,
       fmt::format("this tag makes the packet {} qwords ({} bytes); a PATH1 packet of 16 KiB or more is rejected "
                   "(it cannot fit in VU1 data memory)",
                   path1_sizer_.packet_qwords(), path1_sizer_.packet_qwords() * 16));
}

std::optional<uint64_t> GifUnit::head_cycle(Path path) const {
  const PathQueue& queue = state(path).queue;
  if (queue.empty()) return std::nullopt;
  return std::max(clock_, queue.front().cycle);
}

ArbiterInputs GifUnit::arbiter_inputs(uint64_t cycle) const {
  auto input = [&](Path path) {
    const PathQueue& queue = state(path).queue;
    return PathInput{queue.ready_at(cycle), !queue.empty() && queue.front().directhl};
  };
  ArbiterInputs inputs;
  inputs.path1 = input(Path::kPath1);
  inputs.path2 = input(Path::kPath2);
  inputs.path3 = input(Path::kPath3);
  inputs.path3_started = state(Path::kPath3).decoder.in_packet();
  inputs.path3_masked = m3r_ || m3p_;
  inputs.path3_suspended = path3_suspended_;
  return inputs;
}

bool GifUnit::pick_path(uint64_t until) {
  // Visit the cycles at which a head qword becomes due, earliest first (at most three); the arbiter decides at each.
  std::optional<uint64_t> previous;
  for (;;) {
    std::optional<uint64_t> next;
    for (Path path : {Path::kPath1, Path::kPath2, Path::kPath3}) {
      auto cycle = head_cycle(path);
      if (cycle && (!previous || *cycle > *previous) && (!next || *cycle < *next)) next = cycle;
    }
    if (!next || *next > until) return false;
    if (auto path = next_path(arbiter_inputs(*next))) {
      active_ = path;
      if (path == Path::kPath3) path3_suspended_ = false;
      return true;
    }
    previous = next;
  }
}

bool GifUnit::try_slice(uint64_t until) {
  std::optional<uint64_t> slicer;
  for (Path path : {Path::kPath1, Path::kPath2}) {
    auto cycle = head_cycle(path);
    if (cycle && !(path == Path::kPath2 && state(path).queue.front().directhl)) {
      slicer = slicer ? std::min(*slicer, *cycle) : *cycle;
    }
  }
  if (!slicer || *slicer > until) return false;
  auto own = head_cycle(Path::kPath3);
  if (own && *own < *slicer) return false;
  if (!slices_path3(arbiter_inputs(*slicer))) return false;
  active_.reset();
  path3_suspended_ = true;
  return true;
}

void GifUnit::run_until(uint64_t cycle) {
  // Asked every system step, and most find no packet under way and nothing queued: nothing to pick or send then.
  const bool nothing_queued =
      std::all_of(paths_.begin(), paths_.end(), [](const PathState& p) { return p.queue.empty(); });
  if (active_ || !nothing_queued) {
    while (!failed() && transfer_next(cycle)) {
    }
  }
  // Every cycle up to `cycle` has been decided: what is offered or changed from now on goes after it.
  if (cycle != UINT64_MAX) clock_ = std::max(clock_, cycle + 1);
}

bool GifUnit::transfer_next(uint64_t until) {
  if (!active_) return pick_path(until);
  const Path path = *active_;
  PathState& active = state(path);
  if (path == Path::kPath3 && active.decoder.in_image_data() && at_slice_point(imt_, active.decoder.data_done()) &&
      try_slice(until)) {
    return true;
  }
  auto due = head_cycle(path);
  if (!due || *due > until) return false;
  const Qword data = active.queue.front().data;
  active.queue.pop();
  clock_ = *due + kGifCyclesPerQword;
  const bool ended = active.decoder.consume(data, path, *due, *sink_);
  if (observer_ != nullptr) observer_->on_gif_qword(path, data, *due, ended);
  if (ended) {
    ++active.packets;
    active_.reset();
  }
  return true;
}

bool GifUnit::path_busy(Path path) const {
  if (failed() || !is_path(path)) return false;
  const PathState& input = state(path);
  return !input.queue.empty() || input.decoder.in_packet();
}

void GifUnit::set_path3_mask(bool masked) { m3p_ = masked; }

void GifUnit::set_mode(bool m3r, bool imt) {
  m3r_ = m3r;
  imt_ = imt;
}

GifStat GifUnit::stat_fields() const {
  auto waiting = [&](Path path) { return path_busy(path) && active_ != path; };
  GifStat stat;
  stat.m3r = m3r_;
  stat.m3p = m3p_;
  stat.imt = imt_;
  stat.ip3 = path3_suspended_;
  stat.p1q = waiting(Path::kPath1);
  stat.p2q = waiting(Path::kPath2);
  // A masked PATH3 that has not started is held, not queued (PCSX2 sets P3Q only when !Path3Masked()).
  stat.p3q = waiting(Path::kPath3) && !((m3r_ || m3p_) && !state(Path::kPath3).decoder.in_packet());
  stat.oph = active_.has_value();
  stat.apath = active_ ? static_cast<uint8_t>(path_number(*active_)) : 0;
  stat.fqc = static_cast<uint8_t>(state(Path::kPath3).queue.size());
  return stat;
}

uint32_t GifUnit::stat() const { return stat_fields().pack(); }

const std::string& GifUnit::error() const { return error_; }

uint64_t GifUnit::packets(Path path) const { return is_path(path) ? state(path).packets : 0; }

void GifUnit::fail(Path path, uint64_t offset, const std::string& rule) {
  error_ = fmt::format("GIF PATH{}: qword offset {:#x}: {}", path_number(path), offset, rule);
  active_.reset();
  for (PathState& input : paths_) input.queue.clear();
}

}  // namespace gcvu::gif
