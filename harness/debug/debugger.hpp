#pragma once
// A `gcvu debug` session: the engine (the machine and its timeline), breakpoints, watch expressions and notes,
// and the commands that drive them. `execute` runs one command line and prints to the stream it is given; the
// REPL (repl.hpp) and `--script` feed it lines. A bad command prints one line starting "error:" and the session
// goes on.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "harness/debug/breakpoints.hpp"
#include "harness/debug/engine.hpp"
#include "harness/debug/expression.hpp"
#include "harness/debug/notes.hpp"
#include "harness/debug/run_recorder.hpp"
#include "harness/debug/trace_flow.hpp"
#include "harness/debug/trace_follower.hpp"

namespace gcvu::harness::debug {

struct DebuggerOptions {
  bool colour = false;  // mark changed registers in colour (a terminal)
  uint64_t snapshot_interval = kDefaultSnapshotInterval;
  // A terminal to show progress on while a command runs long (every 2^20 cycles), or none.
  std::ostream* progress = nullptr;
};

class Debugger {
 public:
  Debugger(DebugTarget target, DebuggerOptions options = {});

  // Runs one command line. Returns false after `quit`.
  bool execute(const std::string& line, std::ostream& out);
  // How many commands failed so far.
  uint64_t errors() const { return errors_; }
  // The command names, for completion.
  static std::vector<std::string> command_names();
  // The first lines a session prints: what runs and where it stands.
  std::string banner() const;

  Engine& engine() { return engine_; }
  // Keeps a vutrace trace beside the run (the target runs its program): run commands stop where they differ.
  void follow(const formats::VutraceTrace& trace, const TraceDiffOptions& options);
  // A vutrace viewer comment file for the followed trace's disassembly (`tview disasm`, `tview export`). Throws
  // formats::FormatError for an unreadable file.
  void load_trace_comments(const std::string& file);
  // A hash of the whole machine state (system and GS), as `hash` prints it.
  uint64_t state_hash() const;

  struct Command;

 private:
  static std::span<const Command> table();
  // What a run command waits for, checked after every cycle: a reason to stop, or nothing.
  using Goal = std::function<std::optional<std::string>(const TickEvents&)>;
  // Runs cycles until the goal, a breakpoint (with `breakpoints`) or the end of the run; prints the stop.
  void run(const Goal& goal, bool breakpoints, std::ostream& out);
  void go_to(uint64_t cycle);
  void print_stop(const std::string& reason, std::ostream& out);
  std::string where() const;

  // Commands (debugger_motion.cpp: execution and going back; debugger.cpp: the rest).
  void step(const std::vector<std::string>& args, std::ostream& out);
  void cycle(const std::vector<std::string>& args, std::ostream& out);
  void next(const std::vector<std::string>& args, std::ostream& out);
  void continue_run(const std::vector<std::string>& args, std::ostream& out);
  void until(const std::vector<std::string>& args, std::ostream& out);
  void finish(const std::vector<std::string>& args, std::ostream& out);
  void mscal(const std::vector<std::string>& args, std::ostream& out);
  void kick(const std::vector<std::string>& args, std::ostream& out);
  void back(const std::vector<std::string>& args, std::ostream& out);
  void back_cycle(const std::vector<std::string>& args, std::ostream& out);
  void reverse_continue(const std::vector<std::string>& args, std::ostream& out);
  void goto_command(const std::vector<std::string>& args, std::ostream& out);
  void break_command(const std::string& rest, std::ostream& out);
  void watch(const std::string& rest, std::ostream& out);
  void info(const std::vector<std::string>& args, std::ostream& out);
  void delete_command(const std::vector<std::string>& args, std::ostream& out);
  void regs(const std::vector<std::string>& args, std::ostream& out);
  void pipe(const std::vector<std::string>& args, std::ostream& out);
  void stall(const std::vector<std::string>& args, std::ostream& out);
  void mem(const std::vector<std::string>& args, std::ostream& out);
  void disasm(const std::vector<std::string>& args, std::ostream& out);
  void gif(const std::vector<std::string>& args, std::ostream& out);
  void vif(const std::vector<std::string>& args, std::ostream& out);
  void gs(const std::vector<std::string>& args, std::ostream& out);
  void note(const std::string& rest, std::ostream& out);
  void trace(const std::vector<std::string>& args, std::ostream& out);
  void hash(const std::vector<std::string>& args, std::ostream& out);
  void vutrace(const std::vector<std::string>& args, std::ostream& out);
  void tview(const std::vector<std::string>& args, std::ostream& out);  // debugger_trace_view.cpp
  void help(const std::vector<std::string>& args, std::ostream& out);

  DebuggerOptions options_;
  Engine engine_;
  RunRecorder recorder_;
  Breakpoints breakpoints_;
  std::vector<Expression> watches_;
  Notes notes_;
  std::optional<TraceFollower> follower_;
  std::vector<std::string> trace_comments_;  // vutrace viewer comments, by pair index
  std::optional<TraceFlow> trace_flow_;      // the followed trace's flow, made on first use
  vu::Registers registers_at_stop_;    // at the last stop
  vu::Registers registers_before_;     // at the stop before it: `regs` marks what changed since
  uint64_t last_kick_address_ = 0;
  uint64_t errors_ = 0;
};

}  // namespace gcvu::harness::debug
