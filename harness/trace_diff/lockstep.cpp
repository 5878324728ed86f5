#include "harness/trace_diff/lockstep.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "emu/vu/interpreter/vu1.hpp"
#include "emu/vu/isa/decoded_op.hpp"
#include "emu/vu/state/memory.hpp"
#include "harness/vu_run/kick_recorder.hpp"

namespace gcvu::harness {

namespace {

namespace vi_slot = formats::vutrace_vi;
using formats::VutraceSnapshot;

using vu::kPairBytes;
constexpr char kLaneNames[] = "xyzw";

uint32_t word_at(const formats::VutraceMemory& memory, uint32_t address) {
  return uint32_t{memory[address]} | uint32_t{memory[address + 1]} << 8 | uint32_t{memory[address + 2]} << 16 |
         uint32_t{memory[address + 3]} << 24;
}

}  // namespace

uint32_t producing_pc(const formats::VutraceTrace& trace, size_t index) {
  if (index > 0) return trace.snapshots[index - 1].registers.tpc();
  return (trace.snapshots[0].registers.tpc() + formats::kVutraceMemoryBytes - kPairBytes) %
         formats::kVutraceMemoryBytes;
}

uint64_t bundle_at(const formats::VutraceMemory& micro, uint32_t pc) {
  return uint64_t{word_at(micro, pc + 4)} << 32 | word_at(micro, pc);
}

size_t first_clean_snapshot(const formats::VutraceTrace& trace) {
  size_t index = 0;
  while (index < trace.snapshots.size()) {
    // A version 1 or 2 snapshot says where a pending branch goes (a branch in a delay slot is not followed).
    const auto& interpreter = trace.snapshots[index].interpreter;
    if (interpreter && !interpreter->take_delay_branch) break;
    const uint32_t pc = producing_pc(trace, index);
    if (!vu::decode_bundle(bundle_at(*trace.snapshots[index].micro, pc)).lower_info.is_branch) break;
    ++index;
  }
  return index;
}

void load_snapshot_state(vu::Vu1& vu, const VutraceSnapshot& snapshot) {
  const formats::VutraceRegisters& in = snapshot.registers;
  vu::Registers& regs = vu.registers();
  for (int n = 1; n < 32; ++n) regs.write_vf(n, vu::kFieldsXyzw, in.vf[n]);
  for (int n = 1; n < 16; ++n) regs.write_vi(n, static_cast<uint16_t>(in.vi[n][0]));
  regs.write_acc(vu::kFieldsXyzw, in.acc);
  regs.q = in.vi[vi_slot::kQ][0];
  regs.p = in.vi[vi_slot::kP][0];
  regs.i = in.vi[vi_slot::kI][0];
  regs.r = in.vi[vi_slot::kR][0];
  regs.status = static_cast<uint16_t>(in.vi[vi_slot::kStatus][0]);
  regs.mac = static_cast<uint16_t>(in.vi[vi_slot::kMac][0]);
  regs.clip = in.vi[vi_slot::kClip][0];
  vu.data().load(*snapshot.data);
  vu.load_micro(*snapshot.micro);
}

namespace {

uint32_t cycles_to_land(const formats::VutracePipe& pipe, uint32_t cycle, uint32_t version) {
  // A result shows in the snapshot of the pair that runs at start + latency. Version 2's interpreter counted the
  // cycle up before a pair (and committed what was due before running it), so the snapshot's cycle is its pair's
  // and the next pair runs at cycle + 1; version 1's ran the pair, committed what was due, then counted up, so the
  // next pair runs at the snapshot's cycle. (Version 1's pair at the landing cycle itself still read the old value:
  // the one-step shift, vu_config_for's commit_after_pair.)
  const int64_t due = int64_t{pipe.start_cycle} + pipe.cycles;
  const int64_t next_pair = version == 1 ? int64_t{cycle} : int64_t{cycle} + 1;
  const int64_t left = due - next_pair;
  return static_cast<uint32_t>(std::clamp<int64_t>(left, 0, pipe.cycles));
}

}  // namespace

vu::Vu1Config vu_config_for(const formats::VutraceTrace& trace, const TraceDiffOptions& options) {
  vu::Vu1Config config = options.config;
  if (trace.version == 1) config.commit_after_pair = true;
  return config;
}

std::vector<std::string> seed_snapshot_work(vu::Vu1& vu, const formats::VutraceTrace& trace, size_t index) {
  std::vector<std::string> seeded;
  const auto& state = trace.snapshots[index].interpreter;
  if (!state) return seeded;
  if (state->branch != 0) {
    const uint32_t target = state->branch_pc % formats::kVutraceMemoryBytes;
    vu.seed_branch_delay_slot(target / kPairBytes);
    seeded.push_back(fmt::format("branch to {:#06x} after the delay slot", target));
  }
  if (state->fdiv.enabled) {
    const uint32_t left = cycles_to_land(state->fdiv, state->cycle, trace.version);
    vu.seed_q_in_flight(state->fdiv.result, static_cast<uint16_t>(state->fdiv.status), left);
    seeded.push_back(fmt::format("Q {:#010x} in {} cycles", state->fdiv.result, left));
  }
  if (state->efu.enabled) {
    const uint32_t left = cycles_to_land(state->efu, state->cycle, trace.version);
    vu.seed_p_in_flight(state->efu.result, left);
    seeded.push_back(fmt::format("P {:#010x} in {} cycles", state->efu.result, left));
  }
  return seeded;
}

namespace {

class StateComparer {
 public:
  StateComparer(const TraceDiffOptions& options, TraceDiffResult& result) : options_(options), result_(result) {}

  // Appends every difference between gcvu's state and the snapshot to result.mismatches; true if there was any.
  bool compare(const vu::Vu1& vu, const VutraceSnapshot& snapshot) {
    const formats::VutraceRegisters& trace = snapshot.registers;
    const vu::Registers& ours = vu.registers();
    const IgnoreSet& ignore = options_.ignore;
    check(trace.tpc(), uint32_t{ours.tpc} * kPairBytes, false, [] { return "tpc"; });
    for (int n = 0; n < 32; ++n) {
      if (ignore.vf[n]) continue;
      for (int lane = 0; lane < 4; ++lane) {
        check(trace.vf[n][lane], ours.vf_lane(n, lane), true,
              [&] { return fmt::format("vf{:02}.{}", n, kLaneNames[lane]); });
      }
    }
    for (int n = 0; n < 16; ++n) {
      // PCSX2 keeps a VI in a 16-byte slot; only the low 16 bits are the register.
      if (!ignore.vi[n]) check(trace.vi[n][0] & 0xffff, ours.vi(n), false, [&] { return fmt::format("vi{:02}", n); });
    }
    if (!ignore.acc) {
      for (int lane = 0; lane < 4; ++lane) {
        check(trace.acc[lane], ours.acc()[lane], true, [&] { return fmt::format("acc.{}", kLaneNames[lane]); });
      }
    }
    if (!ignore.q) check(trace.vi[vi_slot::kQ][0], ours.q, true, [] { return "q"; });
    if (!ignore.p) check(trace.vi[vi_slot::kP][0], ours.p, true, [] { return "p"; });
    if (!ignore.i) check(trace.vi[vi_slot::kI][0], ours.i, false, [] { return "i"; });
    if (!ignore.r) check(trace.vi[vi_slot::kR][0], ours.r, false, [] { return "r"; });
    if (!ignore.status) check(trace.vi[vi_slot::kStatus][0], ours.status, false, [] { return "status"; });
    if (!ignore.mac) check(trace.vi[vi_slot::kMac][0], ours.mac, false, [] { return "mac"; });
    if (!ignore.clip) check(trace.vi[vi_slot::kClip][0], ours.clip, false, [] { return "clip"; });
    if (!ignore.memory) compare_memory(vu.data(), *snapshot.data);
    return !result_.mismatches.empty();
  }

 private:
  // `name` makes the register's name, only when it differs (names are formatted per lane, per step otherwise).
  template <typename Name>
  void check(uint32_t trace_value, uint32_t our_value, bool is_float, const Name& name) {
    if (trace_value == our_value) return;
    if (is_float && float_distance(trace_value, our_value) <= options_.float_ulps) return;
    result_.mismatches.push_back(StateMismatch{std::string(name()), trace_value, our_value, is_float});
  }

  void compare_memory(const vu::DataMemory& ours, const formats::VutraceMemory& trace) {
    // Whole images first (both little-endian, word k at byte 4k): most steps change no memory.
    ours.store(our_image_);
    if (std::memcmp(our_image_.data(), trace.data(), trace.size()) == 0) return;
    for (uint32_t address = 0; address < formats::kVutraceMemoryBytes; address += 4) {
      const uint32_t trace_word = word_at(trace, address);
      const uint32_t our_word = ours.word(address / 16, static_cast<int>(address / 4 % 4));
      if (trace_word == our_word) continue;
      if (result_.memory_mismatches++ < options_.max_listed_words) {
        result_.mismatches.push_back(StateMismatch{fmt::format("mem {:#06x}", address), trace_word, our_word, false});
      }
    }
  }

  const TraceDiffOptions& options_;
  TraceDiffResult& result_;
  std::array<uint8_t, vu::kDataBytes> our_image_{};
};

}  // namespace

bool compare_with_snapshot(const vu::Vu1& vu, const VutraceSnapshot& snapshot, const TraceDiffOptions& options,
                           TraceDiffResult& result) {
  return StateComparer(options, result).compare(vu, snapshot);
}

namespace {

void mark_divergence(TraceDiffResult& result, const formats::VutraceTrace& trace, size_t step) {
  result.diverged = true;
  result.step = step;
  result.pc = producing_pc(trace, step);
  result.bundle = bundle_at(*trace.snapshots[step].micro, result.pc);
}

}  // namespace

uint64_t float_distance(uint32_t a, uint32_t b) {
  // Sign-magnitude to a line: -max .. -0, +0 .. +max, with -0 and +0 adjacent.
  auto position = [](uint32_t bits) {
    const int64_t magnitude = bits & 0x7fffffff;
    return (bits & 0x80000000) != 0 ? -magnitude - 1 : magnitude;
  };
  const int64_t distance = position(a) - position(b);
  return static_cast<uint64_t>(distance < 0 ? -distance : distance);
}

TraceDiffResult diff_trace(const formats::VutraceTrace& trace, const TraceDiffOptions& options) {
  TraceDiffResult result;
  result.snapshots = trace.snapshots.size();
  result.start = first_clean_snapshot(trace);
  if (result.start >= trace.snapshots.size()) return result;

  KickRecorder path1(/*keep_qwords=*/false);
  auto vu = std::make_unique<vu::Vu1>(vu_config_for(trace, options));  // large (decoded micro memory): not on the stack
  vu->set_path1(&path1);
  vu->set_top(options.top, options.itop);
  load_snapshot_state(*vu, trace.snapshots[result.start]);
  vu->start(trace.snapshots[result.start].registers.tpc() / kPairBytes);
  result.seeded = seed_snapshot_work(*vu, trace, result.start);
  result.commit_after_pair = vu->config().commit_after_pair;

  StateComparer comparer(options, result);
  // A state gcvu cannot hold (VF00 other than 0,0,0,1.0, flag bits past a flag's width) shows at once.
  if (comparer.compare(*vu, trace.snapshots[result.start])) {
    mark_divergence(result, trace, result.start);
    return result;
  }
  for (size_t step = result.start + 1; step < trace.snapshots.size(); ++step) {
    if (result.steps == options.max_steps) {
      result.cut_short = true;
      break;
    }
    ++result.steps;
    if (!vu->running()) {
      result.stop =
          fmt::format("gcvu's VU1 stopped ({}) but the trace goes on", vu::stop_reason_name(vu->stop_reason()));
      mark_divergence(result, trace, step);
      return result;
    }
    vu->step();
    if (vu->stop_reason() != vu::StopReason::kRunning && vu->stop_reason() != vu::StopReason::kEnded) {
      result.stop =
          fmt::format("gcvu's VU1 stopped: {}: {}", vu::stop_reason_name(vu->stop_reason()), vu->stop_message());
      mark_divergence(result, trace, step);
      return result;
    }
    if (comparer.compare(*vu, trace.snapshots[step])) {
      mark_divergence(result, trace, step);
      return result;
    }
  }
  return result;
}

}  // namespace gcvu::harness
