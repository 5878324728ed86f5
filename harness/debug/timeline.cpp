#include "harness/debug/timeline.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "harness/debug/vif_command_text.hpp"
#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::harness::debug {

namespace {

std::string hex_pc(uint32_t pc) { return fmt::format("{:#06x}", pc * 8); }

// kNeedData also stands for "inside a command's data when the clock ran out"; STAT.VPS tells a real wait for data (1)
// from a transfer in progress (3).
bool is_wait(const vif::Vif1& vif) {
  switch (vif.state()) {
    case vif::Vif1State::kWaitVu:
    case vif::Vif1State::kWaitPath:
    case vif::Vif1State::kStalled: return true;
    case vif::Vif1State::kNeedData: return vif.registers().stat.vps == 1;
    default: return false;
  }
}

std::string wait_name(vif::Vif1State state) {
  switch (state) {
    case vif::Vif1State::kWaitVu: return "wait for VU1 (VEW)";
    case vif::Vif1State::kWaitPath: return "wait for GIF path (VGW)";
    case vif::Vif1State::kNeedData: return "wait for data";
    case vif::Vif1State::kStalled: return "stalled";
    default: return vif::vif1_state_name(state);
  }
}

}  // namespace

std::string_view timeline_track_name(TimelineTrack track) {
  switch (track) {
    case TimelineTrack::kVuProgram: return "VU1 program";
    case TimelineTrack::kVuUpper: return "VU upper";
    case TimelineTrack::kVuLower: return "VU lower";
    case TimelineTrack::kVuStall: return "VU stall";
    case TimelineTrack::kFdiv: return "FDIV";
    case TimelineTrack::kEfu: return "EFU";
    case TimelineTrack::kXgkick: return "XGKICK/PATH1";
    case TimelineTrack::kVif1: return "VIF1";
    case TimelineTrack::kVif1Wait: return "VIF1 wait";
  }
  return "?";
}

std::string_view timeline_track_category(TimelineTrack track) {
  switch (track) {
    case TimelineTrack::kVif1:
    case TimelineTrack::kVif1Wait: return "vif";
    case TimelineTrack::kXgkick: return "gif";
    default: return "vu";
  }
}

size_t Timeline::count(TimelineTrack track) const {
  return static_cast<size_t>(
      std::count_if(slices_.begin(), slices_.end(), [&](const TimelineSlice& slice) { return slice.track == track; }));
}

size_t Timeline::add(TimelineTrack track, std::string name, uint64_t begin, uint64_t cycles, uint64_t recorded_at,
                     bool open) {
  slices_.push_back(TimelineSlice{track, std::move(name), begin, cycles, {}, open});
  Record record;
  record.recorded_at = recorded_at;
  record.closed_at = open ? kOpen : recorded_at;
  record.full_cycles = cycles;
  records_.push_back(record);
  return slices_.size() - 1;
}

void Timeline::close(size_t index, uint64_t end, uint64_t closed_at) {
  TimelineSlice& slice = slices_[index];
  slice.cycles = std::max(end, slice.begin) - slice.begin;
  slice.open = false;
  records_[index].closed_at = closed_at;
  records_[index].full_cycles = slice.cycles;
}

void Timeline::open_program(const vu::Vu1& vu, uint32_t pc, uint64_t recorded_at) {
  open_program_ = add(TimelineTrack::kVuProgram, fmt::format("microprogram {}", hex_pc(pc)), vu.start_cycle(), 0,
                      recorded_at, true);
  slices_[open_program_].args.push_back({"start pc", hex_pc(pc)});
  Record& record = records_[open_program_];
  record.key = vu.start_cycle();
  record.base = vu.stats().pairs;
  record.base2 = vu.stats().stall_cycles;
}

void Timeline::close_program(const vu::Vu1& vu, uint64_t closed_at) {
  const Record& record = records_[open_program_];
  TimelineSlice& slice = slices_[open_program_];
  slice.args.push_back({"pairs", std::to_string(vu.stats().pairs - record.base)});
  slice.args.push_back({"stall cycles", std::to_string(vu.stats().stall_cycles - record.base2)});
  slice.args.push_back({"stop", vu::stop_reason_name(vu.stop_reason())});
  close(open_program_, vu.cycle(), closed_at);
  open_program_ = kNone;
}

void Timeline::close_transfer(const vu::Vu1& vu, uint64_t closed_at) {
  const uint64_t qwords = vu.xgkick().qwords_sent() - records_[open_transfer_].base;
  slices_[open_transfer_].args.push_back({"qwords", std::to_string(qwords)});
  close(open_transfer_, vu.xgkick().free_cycle(), closed_at);
  open_transfer_ = kNone;
}

void Timeline::add_unit_slice(TimelineTrack track, const std::string& name, const vu::PendingResult& pending,
                              uint32_t pc, uint64_t recorded_at) {
  const size_t index = add(track, name, pending.issue, pending.ready - pending.issue, recorded_at, false);
  slices_[index].args.push_back({"pc", hex_pc(pc)});
  slices_[index].args.push_back({"ready", std::to_string(pending.ready)});
  if (track != TimelineTrack::kEfu) return;
  if (last_efu_ != kNone && slices_[last_efu_].end() > pending.issue) {
    slices_[last_efu_].cycles = pending.issue - slices_[last_efu_].begin;
  }
  last_efu_ = index;
}

void Timeline::on_pair(const vu::PairEvent& event, const vu::Vu1& vu) {
  const uint64_t issue = event.issue_cycle;
  const uint64_t recorded_at = issue + 1;
  if (open_program_ == kNone || records_[open_program_].key != vu.start_cycle()) {
    if (open_program_ != kNone) close_program(vu, recorded_at);
    open_program(vu, event.pc, recorded_at);
  }

  const vu::DecodedBundle& bundle = *event.bundle;
  microcode::BundleHalves halves =
      microcode::disassemble_halves(vu::make_bundle(bundle.upper.raw, bundle.lower.raw), event.pc * 8, true);
  const std::string pc = hex_pc(event.pc);
  if (event.stall.cycles != 0) {
    const size_t stall = add(TimelineTrack::kVuStall, event.stall.to_string(), issue - event.stall.cycles,
                             event.stall.cycles, recorded_at, false);
    slices_[stall].args.push_back({"pc", pc});
  }
  std::string lower_name = halves.lower.empty() ? halves.upper : halves.lower;
  const size_t upper = add(TimelineTrack::kVuUpper, std::move(halves.upper), issue, 1, recorded_at, false);
  slices_[upper].args.push_back({"pc", pc});
  const size_t lower = add(TimelineTrack::kVuLower, lower_name, issue, 1, recorded_at, false);
  slices_[lower].args.push_back({"pc", pc});

  // A unit op started by this pair is the one pending with this issue cycle (one pair issues per cycle).
  if (const vu::PendingResult& fdiv = vu.fdiv().pending(); fdiv.busy && fdiv.issue == issue) {
    add_unit_slice(TimelineTrack::kFdiv, lower_name, fdiv, event.pc, recorded_at);
  }
  if (const vu::PendingResult& efu = vu.efu().pending(); efu.busy && efu.issue == issue) {
    add_unit_slice(TimelineTrack::kEfu, lower_name, efu, event.pc, recorded_at);
  }
  if (bundle.lower.op == vu::Opcode::kXgkick) {
    if (open_transfer_ != kNone) close_transfer(vu, recorded_at);  // the previous one ended before this issued
    const uint32_t address = vu.xgkick().next_address();
    open_transfer_ = add(TimelineTrack::kXgkick, fmt::format("XGKICK qword {:#05x}", address), issue, 1,
                         recorded_at, true);
    slices_[open_transfer_].args.push_back({"pc", pc});
    records_[open_transfer_].base = vu.xgkick().qwords_sent();
  }
}

void Timeline::track_vif_commands(uint64_t cycle, const vif::Vif1& vif) {
  const uint64_t fetched = vif.commands_fetched();
  if (open_vif_command_ != kNone) {
    const uint64_t ordinal = records_[open_vif_command_].key;
    const vif::Vif1::FetchedCommand* command = vif.fetched_command(ordinal);
    if (command != nullptr && command->finished) {
      close(open_vif_command_, command->finish_half_cycle / 2, cycle);
      open_vif_command_ = kNone;
    } else if (fetched > ordinal) {  // cut short (a reset): it ends where the next code was read
      const vif::Vif1::FetchedCommand* next = vif.fetched_command(ordinal + 1);
      close(open_vif_command_, next != nullptr ? next->fetch_half_cycle / 2 : cycle, cycle);
      open_vif_command_ = kNone;
    }
  }
  for (uint64_t ordinal = next_vif_ordinal_; ordinal <= fetched; ++ordinal) {
    const vif::Vif1::FetchedCommand* command = vif.fetched_command(ordinal);
    if (command == nullptr) {
      // Only a step that covers many cycles (VU1 running alone, then VIF1 catching up) reads this many codes.
      const uint64_t oldest = fetched - vif::Vif1::kCommandHistory + 1;
      const size_t index = add(TimelineTrack::kVif1, fmt::format("{} VIFcodes not recorded", oldest - ordinal),
                               last_tick_, cycle - last_tick_, cycle, false);
      records_[index].key = oldest - 1;
      ordinal = oldest - 1;
      continue;
    }
    const uint64_t begin = command->fetch_half_cycle / 2;
    const size_t index = add(TimelineTrack::kVif1, vif_command_text(command->code), begin, 0, cycle, true);
    slices_[index].args.push_back({"offset", fmt::format("{:#x}", command->offset)});
    slices_[index].args.push_back({"code", fmt::format("{:08x}", command->code.word)});
    records_[index].key = ordinal;
    if (command->finished) {
      close(index, command->finish_half_cycle / 2, cycle);
    } else if (ordinal < fetched) {
      close(index, vif.fetched_command(ordinal + 1)->fetch_half_cycle / 2, cycle);
    } else {
      open_vif_command_ = index;
    }
  }
  next_vif_ordinal_ = fetched + 1;
}

void Timeline::track_vif_wait(uint64_t cycle, const vif::Vif1& vif) {
  const vif::Vif1State state = vif.state();
  const bool waiting = is_wait(vif);
  const uint64_t step_start = last_tick_;
  if (open_vif_wait_ != kNone && (!waiting || records_[open_vif_wait_].key != static_cast<uint64_t>(state))) {
    close(open_vif_wait_, step_start, cycle);
    open_vif_wait_ = kNone;
  }
  if (waiting && open_vif_wait_ == kNone) {
    open_vif_wait_ = add(TimelineTrack::kVif1Wait, wait_name(state), step_start, 0, cycle, true);
    records_[open_vif_wait_].key = static_cast<uint64_t>(state);
    const vif::Vif1::CommandInHand command = vif.command_in_hand();
    slices_[open_vif_wait_].args.push_back({"command", vif_command_text(command.code)});
    slices_[open_vif_wait_].args.push_back({"offset", fmt::format("{:#x}", command.offset)});
  }
}

void Timeline::on_tick(uint64_t cycle, const vif::Vif1& vif, const vu::Vu1& vu) {
  if (!ticked_) last_tick_ = cycle == 0 ? 0 : cycle - 1;
  track_vif_commands(cycle, vif);
  track_vif_wait(cycle, vif);
  if (vu.running()) {
    if (open_program_ == kNone || records_[open_program_].key != vu.start_cycle()) {
      if (open_program_ != kNone) close_program(vu, cycle);
      open_program(vu, vu.registers().tpc, cycle);  // no pair has run yet: TPC is the start
    }
  } else if (open_program_ != kNone) {
    close_program(vu, cycle);
  }
  if (open_transfer_ != kNone && !vu.xgkick().busy()) close_transfer(vu, cycle);
  for (size_t index : {open_program_, open_transfer_, open_vif_command_, open_vif_wait_}) {
    if (index != kNone) slices_[index].cycles = std::max(cycle, slices_[index].begin) - slices_[index].begin;
  }
  last_tick_ = cycle;
  ticked_ = true;
}

void Timeline::truncate_after(uint64_t cycle) {
  size_t kept = 0;
  for (size_t index = 0; index < slices_.size(); ++index) {
    if (records_[index].recorded_at > cycle) continue;
    if (kept != index) {
      slices_[kept] = std::move(slices_[index]);
      records_[kept] = records_[index];
    }
    ++kept;
  }
  slices_.resize(kept);
  records_.resize(kept);
  for (size_t index = 0; index < kept; ++index) {
    TimelineSlice& slice = slices_[index];
    Record& record = records_[index];
    if (record.closed_at == kOpen || record.closed_at <= cycle) continue;
    // Ended after `cycle`: open again, without what its end added.
    slice.open = true;
    record.closed_at = kOpen;
    slice.cycles = std::max(cycle, slice.begin) - slice.begin;
    if (slice.track == TimelineTrack::kVuProgram) slice.args.resize(1);       // start pc
    if (slice.track == TimelineTrack::kXgkick) slice.args.resize(1);          // pc
  }
  // An EFU slice cut by an op that is now forgotten gets its full length back.
  size_t previous_efu = kNone;
  for (size_t index = 0; index < kept; ++index) {
    if (slices_[index].track != TimelineTrack::kEfu) continue;
    slices_[index].cycles = records_[index].full_cycles;
    if (previous_efu != kNone && slices_[previous_efu].end() > slices_[index].begin) {
      slices_[previous_efu].cycles = slices_[index].begin - slices_[previous_efu].begin;
    }
    previous_efu = index;
  }
  find_open_slices();
  last_tick_ = cycle;
  ticked_ = true;
}

void Timeline::find_open_slices() {
  open_program_ = open_transfer_ = open_vif_command_ = open_vif_wait_ = last_efu_ = kNone;
  next_vif_ordinal_ = 1;
  for (size_t index = 0; index < slices_.size(); ++index) {
    const TimelineSlice& slice = slices_[index];
    if (slice.track == TimelineTrack::kEfu) last_efu_ = index;
    if (slice.track == TimelineTrack::kVif1) next_vif_ordinal_ = std::max(next_vif_ordinal_, records_[index].key + 1);
    if (!slice.open) continue;
    switch (slice.track) {
      case TimelineTrack::kVuProgram: open_program_ = index; break;
      case TimelineTrack::kXgkick: open_transfer_ = index; break;
      case TimelineTrack::kVif1: open_vif_command_ = index; break;
      case TimelineTrack::kVif1Wait: open_vif_wait_ = index; break;
      default: break;
    }
  }
}

}  // namespace gcvu::harness::debug
