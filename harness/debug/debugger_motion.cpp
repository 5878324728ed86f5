// The commands that move the machine: forward by pairs, cycles or events, and back through the snapshots.

#include <fmt/format.h>

#include "harness/debug/address_text.hpp"
#include "harness/debug/debugger.hpp"
#include "harness/debug/debugger_arguments.hpp"

namespace gcvu::harness::debug {

void Debugger::run(const Goal& goal, bool breakpoints, std::ostream& out) {
  breakpoints_.resync(engine_.machine());
  // A long run shows where it is on the terminal, and clears the line when it stops.
  constexpr uint64_t kProgressEvery = uint64_t{1} << 20;
  uint64_t ticks = 0;
  bool progress_shown = false;
  auto stop = [&](const std::string& reason) {
    if (progress_shown) *options_.progress << "\r\033[K" << std::flush;
    print_stop(reason, out);
  };
  while (true) {
    if (options_.progress != nullptr && ++ticks % kProgressEvery == 0) {
      *options_.progress << fmt::format("\r\033[Krunning: cycle {}", engine_.cycle()) << std::flush;
      progress_shown = true;
    }
    const TickEvents events = engine_.tick();
    if (events.ended) {
      const system::RunResult& end = *events.ended;
      stop(fmt::format("the run ended at cycle {}: {}{}", end.cycles, system::run_end_name(end.end),
                       end.error.empty() ? "" : " (" + end.error + ")"));
      return;
    }
    if (!events.moved) {
      stop("the run has ended");
      return;
    }
    if (breakpoints && !breakpoints_.empty()) {
      const std::vector<std::string> hits = breakpoints_.check(events, engine_.machine());
      if (!hits.empty()) {
        std::string reason;
        for (const std::string& hit : hits) reason += (reason.empty() ? "" : "; ") + hit;
        stop(reason);
        return;
      }
    }
    if (follower_ && events.pair) {
      if (std::optional<std::string> reason = follower_->check(engine_.machine().system.vu())) {
        stop(*reason);
        return;
      }
    }
    if (std::optional<std::string> reason = goal(events)) {
      stop(*reason);
      return;
    }
  }
}

void Debugger::go_to(uint64_t cycle) {
  engine_.goto_cycle(cycle);
  breakpoints_.resync(engine_.machine());
}

void Debugger::step(const std::vector<std::string>& args, std::ostream& out) {
  const uint64_t count = count_argument(args, 0, 1, "step");
  uint64_t issued = 0;
  run([&](const TickEvents& events) -> std::optional<std::string> {
        if (events.pair && ++issued == count) return count == 1 ? "stepped one pair" : fmt::format("stepped {} pairs", count);
        return std::nullopt;
      },
      true, out);
}

void Debugger::cycle(const std::vector<std::string>& args, std::ostream& out) {
  const uint64_t count = count_argument(args, 0, 1, "cycle");
  const uint64_t target = engine_.cycle() + count;
  run([&](const TickEvents&) -> std::optional<std::string> {
        if (engine_.cycle() >= target) return count == 1 ? "one cycle on" : fmt::format("{} cycles on", count);
        return std::nullopt;
      },
      false, out);
}

void Debugger::next(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "next");
  const vu::Vu1& vu = engine_.machine().system.vu();
  const vu::DecodedBundle& bundle = vu.decoded(vu.registers().tpc);
  const bool call = vu.running() && (bundle.lower.op == vu::Opcode::kBal || bundle.lower.op == vu::Opcode::kJalr);
  if (!call) {
    step({}, out);
    return;
  }
  // A call returns to the pair after its delay slot.
  const uint32_t back_at = (vu.registers().tpc + 2) % vu::kMicroInstructions;
  run([&](const TickEvents& events) -> std::optional<std::string> {
        const vu::Vu1& now = engine_.machine().system.vu();
        if (events.program_ended) return std::string("the microprogram ended inside the call");
        if (events.pair && now.running() && now.registers().tpc == back_at) return std::string("stepped over the call");
        return std::nullopt;
      },
      true, out);
}

void Debugger::continue_run(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "continue");
  run([](const TickEvents&) { return std::optional<std::string>(); }, true, out);
}

void Debugger::until(const std::vector<std::string>& args, std::ostream& out) {
  if (args.size() != 1) throw std::invalid_argument("until needs one ADDR or LABEL");
  const uint32_t pc = parse_micro_address(args[0], engine_.target().labels) / 8;
  run([&](const TickEvents& events) -> std::optional<std::string> {
        const vu::Vu1& vu = engine_.machine().system.vu();
        if ((events.pair || events.program_started) && vu.running() && vu.registers().tpc == pc) {
          return fmt::format("reached {}", args[0]);
        }
        return std::nullopt;
      },
      true, out);
}

void Debugger::finish(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "finish");
  if (!engine_.machine().system.vu().running()) {
    throw std::invalid_argument("no microprogram is running (use mscal to go to the next one)");
  }
  run([](const TickEvents& events) -> std::optional<std::string> {
        if (events.program_ended) return std::string("the microprogram ended");
        return std::nullopt;
      },
      true, out);
}

void Debugger::mscal(const std::vector<std::string>& args, std::ostream& out) {
  const uint64_t count = count_argument(args, 0, 1, "mscal");
  uint64_t started = 0;
  run([&](const TickEvents& events) -> std::optional<std::string> {
        if (events.program_started && ++started == count) {
          return fmt::format("microprogram {} started", engine_.machine().system.microprograms().size());
        }
        return std::nullopt;
      },
      true, out);
}

void Debugger::kick(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "kick");
  run([](const TickEvents& events) -> std::optional<std::string> {
        if (events.kicks != 0) return std::string("XGKICK issued");
        return std::nullopt;
      },
      true, out);
}

void Debugger::back(const std::vector<std::string>& args, std::ostream& out) {
  const uint64_t count = count_argument(args, 0, 1, "back");
  const uint64_t done = engine_.machine().system.vu().stats().pairs;
  if (count > done) {
    go_to(0);
    print_stop(fmt::format("back to the start ({} pairs had run)", done), out);
    return;
  }
  const uint64_t target = done - count;
  go_to(target == 0 ? 0 : engine_.pairs()[target - 1].issue_cycle + 1);
  print_stop(count == 1 ? "back one pair" : fmt::format("back {} pairs", count), out);
}

void Debugger::back_cycle(const std::vector<std::string>& args, std::ostream& out) {
  const uint64_t count = count_argument(args, 0, 1, "back-cycle");
  const uint64_t now = engine_.cycle();
  go_to(count > now ? 0 : now - count);
  print_stop(count > now ? "back to the start" : fmt::format("back {} cycles", count), out);
}

void Debugger::reverse_continue(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "reverse-continue");
  if (breakpoints_.empty()) throw std::invalid_argument("no breakpoints to go back to");
  const uint64_t now = engine_.cycle();
  uint64_t end = now;
  // Search the stretches between snapshots from the latest back: re-run each, remember its last hit.
  while (end > 0) {
    const uint64_t start = engine_.snapshot_before(end);
    go_to(start);
    std::optional<std::pair<uint64_t, std::vector<std::string>>> last_hit;
    while (engine_.cycle() < end) {
      const TickEvents events = engine_.tick();
      if (!events.moved) break;
      std::vector<std::string> hits = breakpoints_.check(events, engine_.machine(), false);
      if (!hits.empty() && engine_.cycle() < now) last_hit = {engine_.cycle(), std::move(hits)};
    }
    if (last_hit) {
      go_to(last_hit->first);
      std::string reason;
      for (const std::string& hit : last_hit->second) reason += (reason.empty() ? "" : "; ") + hit;
      print_stop(reason + " (going back)", out);
      return;
    }
    end = start;
  }
  go_to(0);
  print_stop("back to the start: no breakpoint was hit before", out);
}

void Debugger::goto_command(const std::vector<std::string>& args, std::ostream& out) {
  if (args.size() != 1) throw std::invalid_argument("goto needs one cycle number");
  const std::optional<uint64_t> cycle = parse_number(args[0]);
  if (!cycle) throw std::invalid_argument(fmt::format("'{}' is not a cycle number", args[0]));
  go_to(*cycle);
  print_stop(engine_.cycle() == *cycle ? fmt::format("at cycle {}", *cycle)
                                       : fmt::format("the run ended before cycle {}", *cycle),
             out);
}

}  // namespace gcvu::harness::debug
