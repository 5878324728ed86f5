#include "emu/system/clocked_system.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace gcvu::system {

namespace {

// How far VU1 may run alone in one go. Nothing else can act until it stops, so the only event that can matter is
// its end (or the run's cycle limit, passed in too): the bound is there only so that a caller stepping the clock
// (the debugger's progress line) hears back every million cycles or so, and it is wide enough that the VU's
// cached blocks are practically never cut.
constexpr uint64_t kSoloSlice = uint64_t{1} << 20;
// A VIF1 inside a command that has taken no stream word for this long, with the transfer over, waits for data that
// will not come. (Any unit of VIF1 work costs a few cycles at most, so a VIF1 with its data would have moved.)
constexpr uint64_t kStarvedCycles = 64;

bool transfer_active(dma::ChannelState state) {
  return state == dma::ChannelState::kRunning || state == dma::ChannelState::kWaitSink ||
         state == dma::ChannelState::kWaitStall;
}

}  // namespace

const char* run_end_name(RunEnd end) {
  switch (end) {
    case RunEnd::kFinished: return "finished";
    case RunEnd::kVifStalled: return "vif-stalled";
    case RunEnd::kVifNeedsData: return "vif-needs-data";
    case RunEnd::kError: return "error";
  }
  return "?";
}

ClockedSystem::ClockedSystem(gif::GsSink& gs, SystemConfig config)
    : config_(config),
      vu_(config.vu),
      gif_(gs),
      path1_(gif_),
      bus_(
          vu_, gif_, path1_,
          [this](std::optional<uint32_t> pc, uint16_t top, uint16_t itop) { start_program(pc, top, itop); },
          [this] { return vif_.cycle(); }, [this] { gif_catch_up_for_vif(); }),
      vif_(bus_, config.vif),
      dma_to_vif_(vif_),
      dma_(ee_, dma_to_vif_, "DMA channel 1 (VIF1)"),
      dma_to_gif_(gif_),
      gif_dma_(ee_, dma_to_gif_, "DMA channel 2 (GIF)") {
  vu_.set_path1(&path1_);
}

void ClockedSystem::start_program(std::optional<uint32_t> pc, uint16_t top, uint16_t itop) {
  // The VIF decides when the program starts; the VU's clock catches up to it.
  vu_.idle_until(vif_.cycle());
  vu_.set_top(top, itop);
  const uint32_t start_pc = pc.value_or(vu_.registers().tpc);
  vu_.start(start_pc);
  MicroprogramReport report;
  report.start_pc = start_pc;
  report.start_cycle = vu_.cycle();
  programs_.push_back(report);
  started_in_step_ = true;
  program_stalls_at_start_ = vu_.stats().stall_cycles;
  program_waits_at_start_ = vif_.wait_cycles();
  program_kicks_at_start_ = vu_.stats().xgkicks;
  if (program_start_hook_) program_start_hook_(vu_);
}

void ClockedSystem::finish_program() {
  MicroprogramReport& report = programs_.back();
  report.end_cycle = vu_.cycle();
  report.vu_stall_cycles = vu_.stats().stall_cycles - program_stalls_at_start_;
  report.vif_wait_cycles = vif_.wait_cycles() - program_waits_at_start_;
  report.gif_packets = vu_.stats().xgkicks - program_kicks_at_start_;
  report.stop = vu_.stop_reason();
}

bool ClockedSystem::only_vu_can_move() const {
  if (!vu_.running()) return false;
  const vif::Vif1State vif = vif_.state();
  if (vif != vif::Vif1State::kWaitVu) return false;
  if (dma_.state() == dma::ChannelState::kRunning) return false;
  if (transfer_active(gif_dma_.state()) || dma_to_gif_.holding()) return false;
  return !gif_.path_busy(gif::Path::kPath2) && !gif_.path_busy(gif::Path::kPath3);
}

bool ClockedSystem::all_but_vif_idle(bool masked_path3_counts_as_idle) const {
  return !transfer_active(dma_.state()) && all_but_vif1_dma_idle(masked_path3_counts_as_idle);
}

bool ClockedSystem::all_but_vif1_dma_idle(bool masked_path3_counts_as_idle) const {
  if (transfer_active(gif_dma_.state()) || dma_to_gif_.holding()) return false;
  if (vu_.running() || vu_.xgkick().busy() || path1_.in_transfer()) return false;
  if (gif_.path_busy(gif::Path::kPath1) || gif_.path_busy(gif::Path::kPath2)) return false;
  const bool path3_masked = gif_.stat_fields().m3r || gif_.stat_fields().m3p;
  return (masked_path3_counts_as_idle && path3_masked) || !gif_.path_busy(gif::Path::kPath3);
}

bool ClockedSystem::all_idle() const {
  return vif_.state() == vif::Vif1State::kIdle && !vif_.has_pending_work() && all_but_vif_idle(false);
}

ClockedSystem::FailedUnit ClockedSystem::failed_unit() const {
  if (dma_.state() == dma::ChannelState::kError) return FailedUnit::kDma;
  if (gif_dma_.state() == dma::ChannelState::kError) return FailedUnit::kGifDma;
  if (vif_.state() == vif::Vif1State::kError) return FailedUnit::kVif1;
  // A GIF failure waits for a running program to stop (clocked_system.hpp), or for the run's cycle limit.
  if (gif_.failed() && (!vu_.running() || now_ >= config_.max_cycles)) return FailedUnit::kGif;
  if (!vu_.running() && vu_.stop_reason() != vu::StopReason::kRunning && vu_.stop_reason() != vu::StopReason::kEnded) {
    return FailedUnit::kVu1;
  }
  return FailedUnit::kNone;
}

std::string ClockedSystem::failure_text(FailedUnit unit) const {
  switch (unit) {
    case FailedUnit::kDma: return dma_.error();
    case FailedUnit::kGifDma: return gif_dma_.error();
    case FailedUnit::kVif1: return fmt::format("VIF1: {}", vif_.error());
    case FailedUnit::kGif: return fmt::format("GIF: {}", gif_.error());
    case FailedUnit::kVu1:
      return fmt::format("VU1 ({}): {}", vu::stop_reason_name(vu_.stop_reason()), vu_.stop_message());
    case FailedUnit::kNone: break;
  }
  return {};
}

std::optional<RunResult> ClockedSystem::outcome() const {
  // Asked every step; while VU1 runs (most steps) nothing is idle, so only a failure (not the GIF's, which waits
  // for the program to stop), a VIF1 stall or the cycle limit can end the run. Those cases take the full path below.
  if (vu_.running() && now_ < config_.max_cycles) {
    const vif::Vif1State vif = vif_.state();
    if (vif != vif::Vif1State::kError && vif != vif::Vif1State::kStalled && dma_.state() != dma::ChannelState::kError &&
        gif_dma_.state() != dma::ChannelState::kError) {
      return std::nullopt;
    }
  }
  if (const FailedUnit failed = failed_unit(); failed != FailedUnit::kNone) {
    return RunResult{RunEnd::kError, now_, failure_text(failed)};
  }
  if (all_idle()) return RunResult{RunEnd::kFinished, now_, {}};
  const vif::Vif1State vif = vif_.state();
  // Nothing but VIF1 can still move (a PATH3 packet held by the PATH3 mask waits for VIF1 too).
  const bool others_done = all_but_vif_idle(true);
  if (vif == vif::Vif1State::kStalled && vif_.registers().stat.er1) {
    // An undefined VIFcode (ER1): the stream is malformed, not paused.
    return RunResult{RunEnd::kError, now_, fmt::format("VIF1: {}", vif_.error())};
  }
  // A stalled VIF1 takes nothing more, so a VIF1 DMA transfer waiting for room in its FIFO waits for good too
  // (only the EE, cancelling the stall, could go on): the run has stopped there as surely as with the DMA done.
  const bool dma_waits_on_stall = vif == vif::Vif1State::kStalled && dma_.state() == dma::ChannelState::kWaitSink;
  if (vif == vif::Vif1State::kStalled && (others_done || (dma_waits_on_stall && all_but_vif1_dma_idle()))) {
    return RunResult{RunEnd::kVifStalled, now_, {}};
  }
  if (others_done && vif == vif::Vif1State::kNeedData && now_ - last_vif_progress_ >= kStarvedCycles) {
    return RunResult{RunEnd::kVifNeedsData, last_vif_progress_, {}};
  }
  if (now_ >= config_.max_cycles) {
    return RunResult{
        RunEnd::kError, now_,
        fmt::format("the run did not finish within {} cycles (VIF1 {}, VU1 {}, GIF_STAT {:#010x}); raise "
                    "the limit if it is meant to run longer",
                    config_.max_cycles, vif::vif1_state_name(vif), vu_.running() ? "running" : "idle", gif_.stat())};
  }
  return std::nullopt;
}

std::optional<uint64_t> ClockedSystem::burst_target() const {
  const uint64_t limit = std::min(config_.max_cycles, now_ + kSoloSlice);
  if (!config_.bursts) return only_vu_can_move() ? std::optional<uint64_t>(limit) : std::nullopt;
  const BurstRules rules{{vu_, vif_, dma_, gif_dma_, dma_to_gif_, gif_}, config_.burst_fault};
  return rules.burst_until(now_, limit);
}

void ClockedSystem::run_burst(uint64_t until) {
  // VU1 first, alone; the others then catch up to the cycle it stopped at, so a VIF1 command waiting for the
  // program's end runs on the cycle it would in lockstep.
  bool program_ended = false;
  uint64_t next = until;
  if (vu_.running()) {
    vu_.run_until(until);
    if (note_program_end()) {
      program_ended = true;
      next = std::max(lockstep_end_of_stopping_step(), now_ + 1);
    } else if (!config_.bursts) {
      next = std::max(vu_.cycle(), now_ + 1);  // the VU-alone rule as it always was
    }
  }
  catch_up(next, program_ended);
}

bool ClockedSystem::vif_works_beside_vu() const {
  if (!vu_.running() || transfer_active(gif_dma_.state()) || dma_to_gif_.holding()) return false;
  const vif::Vif1State vif = vif_.state();
  if (vif != vif::Vif1State::kIdle && vif != vif::Vif1State::kNeedData) return false;
  // A VIF1 with nothing in its FIFO and no DMA transfer to bring more is starved: the VU-alone burst takes it.
  const dma::ChannelState dma = dma_.state();
  const bool dma_offering = dma == dma::ChannelState::kRunning || dma == dma::ChannelState::kWaitSink;
  return (dma_offering || !vif_.fifo_empty()) && !gif_.failed() && now_ < config_.max_cycles;
}

void ClockedSystem::run_beside(uint64_t limit) {
  // Lockstep's step, cycle by cycle, for the three units that act on each other every cycle (DMA channel 1 fills
  // VIF1's FIFO, VIF1 writes VU1's data memory). What the step leaves out cannot change the outcome while the loop
  // goes on: the run cannot end (VU1 runs; a stop, a wait or a failure ends the loop first), DMA channel 2 has
  // nothing to offer, and the GIF only takes stamped qwords (PATH1 never refuses; VIF1's PATH2 offers, path
  // questions and MSKPATH3 bring it up to date first, gif_catch_up_for_vif).
  gif_behind_ = true;
  const bool dma_left_behind = config_.burst_fault == BurstFault::kVifDmaLeftBehind;
  // A caller that looks at VIF1 once per step (the debugger's timeline) finds every VIFcode the step took in VIF1's
  // history of the last few (Vif1::fetched_command): the step ends before it could hold more.
  const uint64_t fetched_at_start = vif_.commands_fetched();
  while (true) {
    const uint64_t next = now_ + 1;
    vif_.run_until(next);
    vu_.run_until(next);
    const bool program_ended = note_program_end();
    if (program_ended) vu_.idle_until(next);
    if (!dma_left_behind) dma_.run_until(next);
    now_ = next;
    if (program_ended) finish_program();
    note_vif_progress();
    if (dma_.state() == dma::ChannelState::kError || now_ >= limit || !vif_works_beside_vu() ||
        vif_.commands_fetched() - fetched_at_start >= vif::Vif1::kCommandHistory / 2) {
      break;
    }
  }
  gif_behind_ = false;
  if (dma_left_behind) dma_.run_until(now_);
  gif_.run_until(now_ - 1);
  gif_dma_.run_until(now_);
  dma_to_gif_.deliver(now_);
}

void ClockedSystem::gif_catch_up_for_vif() {
  if (!gif_behind_ || now_ == 0 || config_.burst_fault == BurstFault::kGifLeftBehind) return;
  gif_.run_until(now_ - 1);  // where lockstep's last step left it
}

void ClockedSystem::advance() {
  if (burst_possible()) {
    if (std::optional<uint64_t> until = burst_target()) {
      run_burst(*until);
      return;
    }
  }
  if (config_.bursts && config_.vu_runs_alone && !config_.pause_at_program_start && !paused_mid_step_ &&
      vif_works_beside_vu()) {
    run_beside(std::min(config_.max_cycles, now_ + kSoloSlice));
    return;
  }
  const uint64_t next = now_ + 1;
  bool program_ended = false;
  if (!paused_mid_step_) {
    started_in_step_ = false;
    vif_.run_until(next);
    if (config_.pause_at_program_start && started_in_step_ && vu_.running()) {
      // Stop between VIF1's MSCAL and the program's first pair; the next step() does the rest of this cycle.
      paused_mid_step_ = true;
      return;
    }
  }
  paused_mid_step_ = false;
  if (vu_.running()) {
    vu_.run_until(next);
    program_ended = note_program_end();
  }
  catch_up(next, program_ended);
}

uint64_t ClockedSystem::lockstep_end_of_stopping_step() const {
  // A pair that cannot issue (the cycle budget, an invalid instruction, an XGKICK with nowhere to go) stops the
  // program where it comes up, at the VU's clock, so the step that sees it is the one for that cycle; a program that
  // ended (or stopped on a D or T bit) has moved the clock past its last pair.
  const vu::StopReason reason = vu_.stop_reason();
  const bool stopped_before_issue = reason == vu::StopReason::kCycleBudget ||
                                    reason == vu::StopReason::kInvalidInstruction ||
                                    reason == vu::StopReason::kNoPath1Port;
  return stopped_before_issue ? vu_.cycle() + 1 : vu_.cycle();
}

bool ClockedSystem::note_program_end() {
  if (vu_.running()) return false;
  bus_.set_vu_busy_until(vu_.cycle());
  return true;
}

void ClockedSystem::catch_up(uint64_t next, bool program_ended) {
  if (!vu_.running()) vu_.idle_until(next);
  if (vif_.cycle() < next) vif_.run_until(next);  // catches VIF1 up after a burst; already there in lockstep
  gif_.run_until(next - 1);  // the GIF's run_until is inclusive: it decides every cycle up to its argument
  dma_.run_until(next);
  gif_dma_.run_until(next);
  dma_to_gif_.deliver(next);
  now_ = next;
  // The report's VIF1 wait counts up to the program's end, so it is taken once VIF1 has caught up.
  if (program_ended) finish_program();
}

std::optional<RunResult> ClockedSystem::step() {
  if (std::optional<RunResult> result = outcome()) return result;
  advance();
  note_vif_progress();
  return std::nullopt;
}

void ClockedSystem::note_vif_progress() {
  if (vif_.words_consumed() == words_seen_) return;
  words_seen_ = vif_.words_consumed();
  last_vif_progress_ = now_;
}

RunResult ClockedSystem::run() {
  while (true) {
    if (std::optional<RunResult> result = step()) return *result;
  }
}

}  // namespace gcvu::system
